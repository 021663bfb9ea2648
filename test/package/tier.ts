/**
 * What every part of the package tier shares: its checks' results, processes run with their output
 * kept for the failure message, and sample git repositories holding a catalog.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

export interface CheckResult {
  name: string;
  ok: boolean;
  skipped?: boolean;
  error?: string;
  ms: number;
}

/** Thrown by a check that cannot run here (a tool missing) when the tier is not required. */
export class Skip extends Error {}

export class Checks {
  readonly results: CheckResult[] = [];

  /** Runs one check; returns whether it passed. The name is what a user would notice. */
  async check(name: string, body: () => unknown): Promise<boolean> {
    const started = Date.now();
    try {
      await body();
      this.results.push({ name, ok: true, ms: Date.now() - started });
      console.log(`  ok    ${name} (${Date.now() - started} ms)`);
      return true;
    } catch (error) {
      const skipped = error instanceof Skip;
      const message = error instanceof Error ? error.message : String(error);
      this.results.push({ name, ok: skipped, skipped, error: message, ms: Date.now() - started });
      console.log(`  ${skipped ? 'skip' : 'FAIL'}  ${name} (${Date.now() - started} ms)\n        ${message.replace(/\n/g, '\n        ')}`);
      return false;
    }
  }
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
  /** The command line and its output, for a failure message. */
  transcript: string;
}

export function run(command: string, args: readonly string[], options: SpawnSyncOptions = {}): Run {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 240_000, maxBuffer: 64 * 1024 * 1024, ...options });
  const stdout = String(result.stdout ?? '');
  const stderr = String(result.stderr ?? '');
  const status = result.error ? null : result.status;
  const transcript = `$ ${[command, ...args].join(' ')}  (in ${String(options.cwd ?? '.')}) -> ${status ?? result.error?.message ?? result.signal}\n--- stdout\n${stdout.slice(-3000)}\n--- stderr\n${stderr.slice(-3000)}`;
  return { status, stdout, stderr, transcript };
}

/** Fails with the transcript unless the process exited with `status`. */
export function expectStatus(result: Run, status: number): Run {
  if (result.status !== status) throw new Error(`expected exit ${status}\n${result.transcript}`);
  return result;
}

export function git(cwd: string, ...args: string[]): void {
  expectStatus(run('git', ['-c', 'user.email=package-tier@example.com', '-c', 'user.name=package tier', '-c', 'commit.gpgsign=false', ...args], { cwd }), 0);
}

/** A catalog with one server; `extra` entries are added to it. */
export function catalogText(extra: Record<string, unknown> = {}): string {
  return `${JSON.stringify({ github: { type: 'stdio', command: 'npx', args: ['-y', 'github-mcp@1.0.0'] }, ...extra }, null, 2)}\n`;
}

/** An entry with an error (an empty title: AIR rejects it) and a warning (a timeout below 5). */
export const BROKEN_ENTRY = { broken: { type: 'stdio', command: 'x', title: '', startup_timeout_sec: 4 } };
/** An entry with one warning the fix-all repairs (startup_timeout_sec 4 becomes 5). */
export const FIXABLE_ENTRY = { slow: { type: 'stdio', command: 'x', startup_timeout_sec: 4 } };

/** A git repository with `mcp.json` committed (and staged, so pre-commit's --all-files sees it). */
export function sampleRepository(dir: string, catalog: string): string {
  mkdirSync(dir, { recursive: true });
  git(dir, 'init', '-q', '-b', 'main');
  writeFileSync(path.join(dir, 'mcp.json'), catalog);
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'catalog');
  return dir;
}
