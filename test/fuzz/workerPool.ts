import * as fs from 'node:fs';
import { fork, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { processCpuMs } from './cpu';
import type { CasePlan } from './drivers';
import { SLOW_LIMIT_SIZE, type Failure } from './oracle';
import type { Drivers, FromWorker, ToWorker, WorkerInit } from './worker';

/** A worker process with a watchdog: a case that does not finish in time is a hang. */
export class FuzzWorker {
  private child: ChildProcess;
  current: { index: number; size: number; since: number; cpuAtStart: number | undefined } | undefined;
  private pendingCheck: { id: number; resolve: (value: { failures: Failure[]; timedOut: boolean }) => void; timer: NodeJS.Timeout } | undefined;
  private nextId = 0;
  private onRun: ((message: FromWorker) => void) | undefined;
  exited = false;

  constructor(private readonly init: WorkerInit) {
    this.child = this.spawn();
  }

  private spawn(): ChildProcess {
    // Plenty of heap: a case may hold several megabytes of text and a tree of 100,000 levels.
    const child = fork(path.join(__dirname, 'worker.js'), [], {
      execArgv: [`--max-old-space-size=${workerHeapMb()}`],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.exited = false;
    child.on('message', (message: FromWorker) => {
      if (message.type === 'checked') {
        const pending = this.pendingCheck;
        if (pending && pending.id === message.id) {
          clearTimeout(pending.timer);
          this.pendingCheck = undefined;
          pending.resolve({ failures: message.failures, timedOut: false });
        }
        return;
      }
      if (message.type === 'start') this.current = { index: message.index, size: message.size, since: performance.now(), cpuAtStart: processCpuMs(child.pid) };
      if (message.type === 'done') this.current = undefined;
      this.onRun?.(message);
    });
    child.on('exit', () => {
      if (child === this.child) this.exited = true;
    });
    child.send({ type: 'init', init: this.init } satisfies ToWorker);
    return child;
  }

  /** CPU milliseconds the current case has used so far (wall time where /proc cannot tell). */
  currentCost(): { cpuMs: number | undefined; wallMs: number } | undefined {
    const current = this.current;
    if (!current) return undefined;
    const now = processCpuMs(this.child.pid);
    return { cpuMs: now !== undefined && current.cpuAtStart !== undefined ? now - current.cpuAtStart : undefined, wallMs: performance.now() - current.since };
  }

  run(seed: number, indices: number[], drivers: Drivers, onMessage: (message: FromWorker) => void): void {
    this.onRun = onMessage;
    this.child.send({ type: 'run', seed, indices, drivers } satisfies ToWorker);
  }

  /** One text through the worker's drivers; `timedOut` when it did not answer within `timeoutMs` (then the worker is replaced). */
  check(text: string, plan: CasePlan, drivers: Drivers, timeoutMs: number): Promise<{ failures: Failure[]; timedOut: boolean }> {
    return new Promise((resolve) => {
      const id = ++this.nextId;
      const timer = setTimeout(() => {
        this.pendingCheck = undefined;
        this.restart();
        resolve({ failures: [], timedOut: true });
      }, timeoutMs);
      this.pendingCheck = { id, resolve, timer };
      this.child.send({ type: 'check', id, text, plan, drivers } satisfies ToWorker);
    });
  }

  restart(): void {
    this.onRun = undefined;
    this.child.kill('SIGKILL');
    this.current = undefined;
    this.child = this.spawn();
  }

  terminate(): void {
    this.onRun = undefined;
    if (this.pendingCheck) clearTimeout(this.pendingCheck.timer);
    this.child.kill('SIGKILL');
  }
}

/**
 * When a running case counts as a hang: 10 s of CPU under 100 KB (3 min above), or ten times that
 * in wall time (a deadlock burns no CPU; a loaded machine stretches wall time).
 */
export function hangLimitMs(size: number): number {
  return size < SLOW_LIMIT_SIZE ? 10_000 : 180_000;
}

export function isHung(cost: { cpuMs: number | undefined; wallMs: number }, size: number): boolean {
  const limit = hangLimitMs(size);
  return (cost.cpuMs !== undefined && cost.cpuMs > limit) || cost.wallMs > (cost.cpuMs === undefined ? limit : 10 * limit);
}

/**
 * The workers' heap cap: 4 GB, or under an address-space limit (`prlimit --as`) 45% of it, so that
 * V8's heap stays inside what the kernel will map: an idle Node process already reserves ~0.7 GB
 * of address space (V8's code range; `--jitless` drops it to ~0.2 GB), besides stacks and buffers.
 */
function workerHeapMb(): number {
  try {
    const line = fs
      .readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max address space'));
    const soft = line?.split(/\s{2,}/)[1];
    if (soft && soft !== 'unlimited') return Math.min(4096, Math.floor((Number(soft) / 1048576) * 0.45));
  } catch {
    // No /proc: no limit to fit in.
  }
  return 4096;
}
