import * as path from 'node:path';
import { repoRoot } from './corpus';
import type { CasePlan } from './drivers';
import { FuzzServer } from './lspDriver';
import type { GeneratedCase } from './mutators';
import { signature, type Failure } from './oracle';
import { bundles, runProcessCli } from './processDriver';
import { saveReproducer } from './reproducers';
import type { Rng } from './rng';
import { shrink } from './shrink';
import type { Drivers, WorkerInit } from './worker';
import { FuzzWorker, hangLimitMs } from './workerPool';
import { diskWorld } from './workspace';

/**
 * A failure found by a run, minimised with the driver that found it (the engine and the CLI in a
 * worker process with a timeout, the server on a fresh process, the CLI as a process) and saved
 * as a reproducer under test/fixtures/fuzz/.
 */

export interface Found {
  failure: Failure;
  index: number;
  plan: CasePlan;
  generated: GeneratedCase;
}

export interface MinimiseOptions {
  seed: number;
  requests: boolean;
  save: boolean;
  /** The case's generator, advanced past generation (the server driver draws its requests from it). */
  rngFor: (index: number) => Rng;
}

export async function minimiseAndSave(item: Found, options: MinimiseOptions, workerData: WorkerInit, scratch: string): Promise<void> {
  const sig = signature(item.failure);
  const original = item.generated.text;
  const driver = item.failure.driver;
  let stillFails: (candidate: string) => Promise<boolean>;
  let release: () => Promise<void> = async () => undefined;
  if (driver === 'engine' || driver === 'cli') {
    const worker = new FuzzWorker(workerData);
    const drivers: Drivers = { engine: driver === 'engine', cli: driver === 'cli' };
    stillFails = async (candidate) => {
      const timeout = item.failure.kind === 'hang' ? 20_000 : 10 * hangLimitMs(candidate.length);
      const result = await worker.check(candidate, item.plan, drivers, timeout);
      if (item.failure.kind === 'hang') return result.timedOut;
      return result.failures.some((f) => signature(f) === sig);
    };
    release = async () => worker.terminate();
  } else if (driver === 'lsp') {
    const disk = diskWorld(scratch, 'shrink-lsp-');
    let server: FuzzServer | undefined;
    stillFails = async (candidate) => {
      server ??= await FuzzServer.start(disk, {
        requests: options.requests,
        hangMs: item.failure.kind === 'hang' ? 30_000 : undefined,
        serverScript: bundles.server,
      });
      const failures = await server.check(candidate, item.plan, options.rngFor(item.index));
      if (!server.alive) {
        await server.stop();
        server = undefined;
      }
      return failures.some((f) => signature(f) === sig);
    };
    release = async () => server?.stop();
  } else {
    const disk = diskWorld(scratch, 'shrink-process-');
    stillFails = async (candidate) => (await runProcessCli(candidate, item.plan, disk)).some((f) => signature(f) === sig);
  }
  let minimised = original;
  try {
    if (await stillFails(original)) {
      const budget = driver === 'process' ? { maxTrials: 300, maxMs: 120_000 } : { maxTrials: 4000, maxMs: 120_000 };
      minimised = (await shrink(original, stillFails, budget)).text;
    } else {
      console.log(`  ${sig}: did not fail again on its own; saving it unminimised`);
    }
  } finally {
    await release();
  }
  if (!options.save) {
    console.log(`  ${sig}: minimised to ${minimised.length} units (not saved: --no-save): ${JSON.stringify(minimised.slice(0, 300))}`);
    return;
  }
  const file = saveReproducer(minimised, {
    signature: sig,
    plan: item.plan,
    seed: options.seed,
    caseIndex: item.index,
    seedFile: item.generated.seedName,
    mutations: item.generated.mutations,
    originalSize: original.length,
    detail: item.failure.detail,
  });
  console.log(
    `  ${sig}: seed ${options.seed} case ${item.index} → ${path.relative(repoRoot(), file)} (${minimised.length} units, minimised from ${original.length})`,
  );
}
