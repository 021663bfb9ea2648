import { performance } from 'node:perf_hooks';
import type { Seed } from './corpus';
import { planCase, runCliInProcess, runEngine, type CasePlan } from './drivers';
import { FULL_LIMITS, generateCase, QUICK_LIMITS } from './mutators';
import type { Failure } from './oracle';
import { Rng } from './rng';
import { diskWorld, engineWorld, type DiskWorld, type EngineWorld } from './workspace';

/**
 * A fuzz worker process (forked by run.ts): runs the engine and the in-process CLI on its share
 * of the cases and reports each case's start and end. A process rather than a thread, so its CPU
 * time is its own (slowness is judged on CPU time) and a real infinite loop is ended with a kill.
 */

export interface WorkerInit {
  seeds: Seed[];
  limits: 'full' | 'quick';
  /** The run's scratch folder (the runner removes it, also after killing this worker). */
  scratch: string;
}

export interface Drivers {
  engine: boolean;
  cli: boolean;
}

export type ToWorker =
  | { type: 'init'; init: WorkerInit }
  | { type: 'run'; seed: number; indices: number[]; drivers: Drivers }
  | { type: 'check'; id: number; text: string; plan: CasePlan; drivers: Drivers };

export type FromWorker =
  | { type: 'start'; index: number; size: number }
  | { type: 'done'; index: number; size: number; ms: number; failures: Failure[] }
  | { type: 'finished' }
  | { type: 'checked'; id: number; failures: Failure[]; ms: number };

let init: WorkerInit | undefined;
let engine: EngineWorld | undefined;
let disk: DiskWorld | undefined;

async function runOne(text: string, plan: CasePlan, drivers: Drivers): Promise<Failure[]> {
  let failures: Failure[] = [];
  if (drivers.engine) failures.push(...runEngine(text, plan, engine!));
  if (drivers.cli) failures.push(...(await runCliInProcess(text, plan, disk!)));
  if (failures.some((f) => f.kind === 'slow')) {
    // Only a case that is slow twice fails (a major GC can land in any case).
    const again: Failure[] = [];
    if (drivers.engine) again.push(...runEngine(text, plan, engine!));
    if (drivers.cli) again.push(...(await runCliInProcess(text, plan, disk!)));
    const slowAgain = new Set(again.filter((f) => f.kind === 'slow').map((f) => `${f.driver}:${f.key}`));
    failures = failures.filter((f) => f.kind !== 'slow' || slowAgain.has(`${f.driver}:${f.key}`));
  }
  return failures;
}

function post(message: FromWorker): Promise<void> {
  // Wait for the message to be written, so a long run cannot pile up an unbounded IPC backlog.
  return new Promise((resolve) => process.send!(message, undefined, {}, () => resolve()));
}

async function handle(message: ToWorker): Promise<void> {
  if (message.type === 'init') {
    init = message.init;
    engine = engineWorld();
    disk = diskWorld(init.scratch);
  } else if (message.type === 'run') {
    const limits = init!.limits === 'quick' ? QUICK_LIMITS : FULL_LIMITS;
    for (const index of message.indices) {
      const rng = Rng.forCase(message.seed, index);
      const generated = generateCase(rng, init!.seeds, limits);
      const plan = planCase(rng);
      await post({ type: 'start', index, size: generated.text.length });
      const started = performance.now();
      const failures = await runOne(generated.text, plan, message.drivers);
      await post({ type: 'done', index, size: generated.text.length, ms: performance.now() - started, failures });
    }
    await post({ type: 'finished' });
  } else if (message.type === 'check') {
    const started = performance.now();
    const failures = await runOne(message.text, message.plan, message.drivers);
    await post({ type: 'checked', id: message.id, failures, ms: performance.now() - started });
  }
}

let queue = Promise.resolve();
process.on('message', (message: ToWorker) => {
  queue = queue
    .then(() => handle(message))
    .catch((error: unknown) => {
      // The drivers catch what they run; reaching here is a bug in the fuzzer itself.
      process.stderr.write(`fuzz worker: ${String((error as Error)?.stack ?? error)}\n`);
      process.exit(3);
    });
});
process.on('disconnect', () => process.exit(0));
