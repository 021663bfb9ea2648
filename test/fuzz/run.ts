import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { corpusFingerprint, loadSeeds, type Seed } from './corpus';
import { planCase, runCliInProcess, runEngine, type CasePlan } from './drivers';
import { FuzzServer } from './lspDriver';
import { minimiseAndSave, type Found } from './minimise';
import { FULL_LIMITS, generateCase, QUICK_LIMITS, type GeneratedCase } from './mutators';
import { signature, type Driver, type Failure } from './oracle';
import { bundles, runProcessCli, snapshotBundles } from './processDriver';
import { Rng } from './rng';
import type { WorkerInit } from './worker';
import { FuzzWorker, isHung } from './workerPool';
import { diskWorld, engineWorld, scratchDir } from './workspace';

/**
 * `npm run fuzz -- --cases N --seed S`: the seeded mutation fuzzer. Every case goes
 * through the engine and the in-process CLI (in worker threads, watched for hangs); every
 * `--lsp-every`th case also through one long-lived language server; `--process-cases` cases through
 * the real `node dist/cli.js`. The first failure (or, with `--keep-going`, the first of each kind)
 * is minimised and saved under test/fixtures/fuzz/, and the run exits 1.
 */

interface Options {
  cases: number;
  seed: number;
  workers: number;
  lspEvery: number;
  processCases: number;
  requests: boolean;
  keepGoing: boolean;
  save: boolean;
  maxSaved: number;
  limits: 'full' | 'quick';
  only?: number;
  print: boolean;
  /** World-attack cases (test/fuzz/worldAttacks.ts); default: one per 50 cases, at least 60. */
  attackCases?: number;
}

function parseOptions(argv: string[]): Options {
  const options: Options = {
    cases: 1000,
    seed: 1,
    workers: Math.max(1, Math.min(os.cpus().length, 4)),
    lspEvery: 20,
    processCases: 8,
    requests: true,
    keepGoing: false,
    save: true,
    maxSaved: 10,
    limits: 'full',
    print: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): number => {
      const raw = argv[++i];
      const n = Number(raw);
      if (raw === undefined || !Number.isFinite(n)) throw new Error(`${arg} needs a number`);
      return n;
    };
    switch (arg) {
      case '--cases':
        options.cases = value();
        break;
      case '--seed':
        options.seed = value();
        break;
      case '--workers':
        options.workers = Math.max(1, value());
        break;
      case '--lsp-every':
        options.lspEvery = value();
        break;
      case '--no-lsp':
        options.lspEvery = 0;
        break;
      case '--process-cases':
        options.processCases = value();
        break;
      case '--no-requests':
        options.requests = false;
        break;
      case '--keep-going':
        options.keepGoing = true;
        break;
      case '--no-save':
        options.save = false;
        break;
      case '--max-saved':
        options.maxSaved = value();
        break;
      case '--quick':
        options.limits = 'quick';
        break;
      case '--case':
        options.only = value();
        break;
      case '--attack-cases':
        options.attackCases = value();
        break;
      case '--print':
        options.print = true;
        break;
      case '--help':
        process.stdout.write(
          'npm run fuzz -- [--cases N] [--seed S] [--workers W] [--lsp-every K | --no-lsp] [--process-cases P]\n' +
            '               [--no-requests] [--keep-going] [--no-save] [--max-saved M] [--quick] [--case I [--print]]\n',
        );
        process.exit(0);
      // eslint-disable-next-line no-fallthrough
      default:
        throw new Error(`unknown option ${arg} (try --help)`);
    }
  }
  return options;
}

function generate(seed: number, index: number, seeds: readonly Seed[], limits: Options['limits']): { rng: Rng; generated: GeneratedCase; plan: CasePlan } {
  const rng = Rng.forCase(seed, index);
  const generated = generateCase(rng, seeds, limits === 'quick' ? QUICK_LIMITS : FULL_LIMITS);
  return { rng, generated, plan: planCase(rng) };
}

function formatDuration(ms: number): string {
  const s = ms / 1000;
  return s < 120 ? `${s.toFixed(1)} s` : `${Math.floor(s / 60)} min ${Math.round(s % 60)} s`;
}

async function main(): Promise<number> {
  const options = parseOptions(process.argv.slice(2));
  const seeds = loadSeeds();
  const scratch = scratchDir();
  const cleanup = (): void => fs.rmSync(scratch, { recursive: true, force: true });
  process.on('exit', cleanup);
  snapshotBundles(scratch);
  const workerData: WorkerInit = { seeds, limits: options.limits, scratch };
  console.log(
    `fuzz: seed ${options.seed}, ${options.only !== undefined ? `case ${options.only}` : `${options.cases} cases`}, ${seeds.length} seeds (corpus ${corpusFingerprint(seeds)}), ` +
      `${options.workers} worker(s), language server ${options.lspEvery > 0 ? `every ${options.lspEvery}th case${options.requests ? ' with requests' : ''}` : 'off'}, ${options.processCases} real-process CLI case(s), ${options.limits} limits`,
  );

  if (options.only !== undefined) return runSingle(options, seeds, scratch);

  const started = performance.now();
  const found: Found[] = [];
  const seen = new Set<string>();
  let stopping = false;
  const counts: Record<Driver, number> = { engine: 0, cli: 0, process: 0, lsp: 0 };
  let slowest = { index: -1, ms: 0, size: 0 };

  const record = (index: number, failures: Failure[]): void => {
    if (failures.length === 0) return;
    const { generated, plan } = generate(options.seed, index, seeds, options.limits);
    for (const failure of failures) {
      const sig = signature(failure);
      if (seen.has(sig)) continue;
      seen.add(sig);
      found.push({ failure, index, plan, generated });
      console.log(
        `\nFAIL ${sig} at seed ${options.seed} case ${index} (${generated.text.length} units, ${generated.seedName} + ${generated.mutations.join(', ')}):\n  ${failure.detail.split('\n').join('\n  ')}`,
      );
    }
    if (!options.keepGoing) stopping = true;
  };

  // Engine + in-process CLI in worker threads, each taking every W-th case.
  const workers: FuzzWorker[] = [];
  const workerRuns = Array.from({ length: options.workers }, (_, w) => {
    const indices: number[] = [];
    for (let i = w; i < options.cases; i += options.workers) indices.push(i);
    return new Promise<void>((resolve) => {
      const handle = new FuzzWorker(workerData);
      workers.push(handle);
      let remaining = indices;
      const start = (): void => {
        handle.run(options.seed, remaining, { engine: true, cli: true }, (message) => {
          if (message.type === 'done') {
            counts.engine++;
            counts.cli++;
            remaining = remaining.slice(remaining.indexOf(message.index) + 1);
            if (message.ms > slowest.ms) slowest = { index: message.index, ms: message.ms, size: message.size };
            record(message.index, message.failures);
            if (stopping) resolve();
          } else if (message.type === 'finished') {
            clearInterval(watchdog);
            resolve();
          }
        });
      };
      const watchdog = setInterval(() => {
        if (stopping) {
          clearInterval(watchdog);
          resolve();
          return;
        }
        const current = handle.current;
        if (handle.exited) {
          clearInterval(watchdog);
          record(current?.index ?? remaining[0] ?? -1, [
            { driver: 'engine', kind: 'crash', detail: 'the worker process died (out of memory, a native crash, or a bug in the fuzzer)' },
          ]);
          resolve();
          return;
        }
        const cost = handle.currentCost();
        if (!current || !cost) return;
        if (isHung(cost, current.size)) {
          const index = current.index;
          record(index, [
            {
              driver: 'engine',
              kind: 'hang',
              detail: `case ${index} (${current.size} units) did not finish through the engine and the CLI: ${cost.cpuMs === undefined ? '' : `${Math.round(cost.cpuMs)} ms of CPU, `}${Math.round(cost.wallMs)} ms of wall time`,
            },
          ]);
          remaining = remaining.slice(remaining.indexOf(index) + 1);
          handle.restart();
          if (!stopping && remaining.length) start();
          else {
            clearInterval(watchdog);
            resolve();
          }
        }
      }, 250);
      start();
    });
  });

  // The language server on every K-th case, sequentially on one long-lived process.
  const lspDisk = diskWorld(scratch, 'lsp-');
  const lspRun = (async () => {
    if (options.lspEvery <= 0) return;
    let server: FuzzServer | undefined;
    try {
      for (let index = 0; index < options.cases && !stopping; index += options.lspEvery) {
        server ??= await FuzzServer.start(lspDisk, { requests: options.requests, serverScript: bundles.server });
        const { rng, generated, plan } = generate(options.seed, index, seeds, options.limits);
        const failures = await server.check(generated.text, plan, rng);
        counts.lsp++;
        record(index, failures);
        if (!server.alive) {
          await server.stop();
          server = undefined;
        }
      }
    } catch (error) {
      record(-1, [{ driver: 'lsp', kind: 'exception', key: 'driver', detail: `the server driver failed: ${String((error as Error).stack ?? error)}` }]);
    } finally {
      await server?.stop();
    }
  })();

  // A few cases through the real `node dist/cli.js` process.
  const processDisk = diskWorld(scratch, 'process-');
  const processRun = (async () => {
    const total = Math.min(options.processCases, options.cases);
    for (let k = 0; k < total && !stopping; k++) {
      const index = Math.floor((k * options.cases) / total);
      const { generated, plan } = generate(options.seed, index, seeds, options.limits);
      record(index, await runProcessCli(generated.text, plan, processDisk));
      counts.process++;
    }
  })();

  const progress = setInterval(() => {
    const elapsed = performance.now() - started;
    const running = workers
      .map((worker) => {
        const cost = worker.currentCost();
        return worker.current && cost && cost.wallMs > 5_000
          ? `case ${worker.current.index} (${worker.current.size} units) running for ${Math.round((cost.cpuMs ?? cost.wallMs) / 1000)} s`
          : undefined;
      })
      .filter(Boolean);
    console.log(
      `  ${counts.engine}/${options.cases} cases (engine + CLI), ${counts.lsp} through the server, ${counts.process} through the CLI process; ${(counts.engine / (elapsed / 1000)).toFixed(1)} cases/s, ${formatDuration(elapsed)}${running.length ? `; ${running.join(', ')}` : ''}`,
    );
  }, 30_000);

  await Promise.all([...workerRuns, lspRun, processRun]);
  clearInterval(progress);
  for (const worker of workers) worker.terminate();
  const elapsed = performance.now() - started;
  console.log(
    `\nfuzz: ${counts.engine} cases through the engine and the CLI, ${counts.lsp} through the language server, ${counts.process} through the CLI process ` +
      `in ${formatDuration(elapsed)} (${(counts.engine / (elapsed / 1000)).toFixed(1)} cases/s); slowest case ${slowest.index} (${slowest.size} units) took ${Math.round(slowest.ms)} ms`,
  );
  const attacks = runWorldAttacks(options.seed, options.attackCases ?? Math.max(60, Math.round(options.cases / 50)));
  if (found.length === 0 && attacks === 0) {
    console.log('fuzz: no failure');
    return 0;
  }
  if (found.length === 0) return 1;
  // One reproducer per failing case: shrunk for its first failure, its sidecar naming them all.
  const byCase = new Map<number, Found[]>();
  for (const item of found) byCase.set(item.index, [...(byCase.get(item.index) ?? []), item]);
  console.log(`fuzz: ${found.length} distinct failure(s) in ${byCase.size} case(s); minimising and saving up to ${options.maxSaved}`);
  for (const items of [...byCase.values()].slice(0, options.maxSaved)) {
    const [first, ...others] = items;
    const item: Found = others.length
      ? { ...first, failure: { ...first.failure, detail: items.map((i) => `${signature(i.failure)}: ${i.failure.detail}`).join('\n\n') } }
      : first;
    await minimiseAndSave(
      item,
      { seed: options.seed, requests: options.requests, save: options.save, rngFor: (index) => generate(options.seed, index, seeds, options.limits).rng },
      workerData,
      scratch,
    );
  }
  return 1;
}

/** `--case I`: one case through every driver, in this process, with details. */
async function runSingle(options: Options, seeds: readonly Seed[], scratch: string): Promise<number> {
  const { rng, generated, plan } = generate(options.seed, options.only!, seeds, options.limits);
  console.log(`case ${options.only}: ${generated.seedName} + ${generated.mutations.join(', ')}; ${generated.text.length} units; plan ${JSON.stringify(plan)}`);
  if (options.print) console.log(JSON.stringify(generated.text));
  const disk = diskWorld(scratch, 'single-');
  const failures: Failure[] = [...runEngine(generated.text, plan, engineWorld()), ...(await runCliInProcess(generated.text, plan, disk))];
  failures.push(...(await runProcessCli(generated.text, plan, disk)));
  if (options.lspEvery > 0) {
    const server = await FuzzServer.start(diskWorld(scratch, 'single-lsp-'), { requests: options.requests, serverScript: bundles.server });
    failures.push(...(await server.check(generated.text, plan, rng)));
    await server.stop();
  }
  for (const failure of failures) console.log(`FAIL ${signature(failure)}: ${failure.detail}`);
  console.log(failures.length ? `${failures.length} failure(s)` : 'no failure');
  return failures.length ? 1 : 0;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`fuzz: ${String((error as Error).stack ?? error)}\n`);
    process.exitCode = 2;
  },
);

/**
 * The world-attack classes (special files, out-of-workspace paths, restricted mode) in a child
 * process: a side file that blocks would stop this runner, so a timeout there is a failure here.
 * Returns the number of failures (each printed with the case that found it).
 */
function runWorldAttacks(seed: number, cases: number): number {
  if (cases <= 0) return 0;
  const started = performance.now();
  const result = spawnSync(process.execPath, [path.join(__dirname, 'worldAttackRun.js'), String(seed), '0', String(cases)], {
    encoding: 'utf8',
    timeout: 60_000 + cases * 1_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  let failures: { index: number; attack: string; detail: string }[];
  if (result.error || result.signal) {
    failures = [
      {
        index: -1,
        attack: `world attacks (seed ${seed}, ${cases} cases)`,
        detail: `did not finish: ${result.error?.message ?? result.signal} (a side file that blocks or reads forever)`,
      },
    ];
  } else {
    const last = result.stdout.trim().split('\n').pop() ?? '[]';
    try {
      failures = JSON.parse(last) as typeof failures;
    } catch {
      failures = [
        { index: -1, attack: 'world attacks', detail: `unreadable output, exit ${result.status}: ${result.stdout.slice(-2000)}${result.stderr.slice(-2000)}` },
      ];
    }
  }
  console.log(
    `fuzz: ${cases} world-attack case(s) (special files, out-of-workspace paths, restricted mode) in ${formatDuration(performance.now() - started)}: ${failures.length} failure(s)`,
  );
  for (const failure of failures.slice(0, 10)) console.log(`  FAIL attack case ${failure.index} [${failure.attack}]: ${failure.detail}`);
  if (failures.length > 0) console.log(`  replay one: node out/test/fuzz/worldAttackRun.js ${seed} INDEX INDEX+1`);
  return failures.length;
}
