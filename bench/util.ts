/** Small helpers shared by the benchmark scripts: statistics, clocks, memory probes, machine facts. */

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** The repository root: the nearest folder upwards with bench/fixtures (wherever tsc put this file). */
export const REPO = ((): string => {
  for (let dir = __dirname; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'bench', 'fixtures')) && existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) return path.resolve(__dirname, '..', '..', '..');
  }
})();
export const FIXTURES = path.join(REPO, 'bench', 'fixtures');

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export function now(): number {
  return performance.now();
}

/** A full collection when the process runs with --expose-gc; otherwise nothing. */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc) {
    gc();
    gc();
  }
}

/** Megabytes, one decimal. */
export function mb(bytes: number): number {
  return Math.round((bytes / 1048576) * 10) / 10;
}

/** A field of /proc/<pid>/status in bytes (VmHWM = peak RSS, VmRSS = current), or undefined off Linux. */
export function procStatusBytes(pid: number | 'self', field: 'VmHWM' | 'VmRSS'): number | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status);
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Reset this process's peak-RSS mark (Linux ≥ 4.0: writing 5 to clear_refs resets VmHWM), so the
 * next VmHWM reading is the peak of what runs after this call. False when unsupported.
 */
export function resetPeakRss(): boolean {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    return true;
  } catch {
    return false;
  }
}

export interface MachineInfo {
  cpu: string;
  cores: number;
  memoryGb: number;
  node: string;
  os: string;
  date: string;
}

export function machineInfo(): MachineInfo {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGb: Math.round((os.totalmem() / 1024 ** 3) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    date: new Date().toISOString(),
  };
}
