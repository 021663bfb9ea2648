/**
 * The fuzzer's pathological-repetition class in the unit tier (SPEC §8: no input under 100 KB may
 * cost more than 2 s of CPU): one seeded case of every class, just under 100 KB, through the
 * engine (every kind) and the in-process CLI inside a killable worker process. The worker's
 * drivers time each check in CPU (twice before calling it slow); a case that never answers is a
 * hang and the worker is killed, so a regression fails here instead of hanging the suite.
 */
import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { loadSeeds } from '../fuzz/corpus';
import { CHECK_FORMATS, type CasePlan } from '../fuzz/drivers';
import { generateCase, QUICK_LIMITS } from '../fuzz/mutators';
import { signature, SLOW_LIMIT_SIZE } from '../fuzz/oracle';
import { REPETITION_CLASSES, repetitionCase } from '../fuzz/repetition';
import { Rng } from '../fuzz/rng';
import { FuzzWorker } from '../fuzz/workerPool';
import { scratchDir } from '../fuzz/workspace';

const SEED = 20_261_201;
/** Just under the 100 KB the CPU budget applies to. */
const SIZE = 95 * 1024;
/** Wall time before a case counts as hung: generous, since CI machines run other jobs. */
const HANG_MS = 120_000;

describe('fuzz: pathological repetition stays within the CPU budget', function () {
  this.timeout(30 * 60_000);
  let worker: FuzzWorker;
  let scratch: string;

  before(() => {
    scratch = scratchDir();
    worker = new FuzzWorker({ seeds: loadSeeds(), limits: 'quick', scratch });
  });

  after(() => {
    worker.terminate();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('the mutator is part of generated cases, at sizes that make quadratic scans show', () => {
    const seeds = loadSeeds();
    const sizes: number[] = [];
    for (let index = 0; index < 2_000 && sizes.length < 5; index++) {
      const generated = generateCase(Rng.forCase(SEED, index), seeds, QUICK_LIMITS);
      if (generated.mutations.includes('pathological-repetition')) sizes.push(generated.text.length);
    }
    assert.equal(sizes.length, 5, 'pathological-repetition is drawn');
    assert.ok(
      sizes.every((size) => size >= 20_000),
      `sizes ${sizes.join(', ')}`,
    );
  });

  REPETITION_CLASSES.forEach((cls, index) => {
    it(`${cls.name}: ~95 KB checked within ${SLOW_LIMIT_SIZE / 1024} KB's budget through the engine and the CLI`, async () => {
      const rng = Rng.forCase(SEED, index);
      const text = repetitionCase(cls, SIZE, rng);
      assert.ok(text.length < SLOW_LIMIT_SIZE && text.length > SIZE * 0.8, `the case is ${text.length} units`);
      const plan: CasePlan = { facts: 'full', cliKind: index % 3 === 0 ? 'roots' : 'catalog', format: CHECK_FORMATS[index % CHECK_FORMATS.length] };
      const { failures, timedOut } = await worker.check(text, plan, { engine: true, cli: true }, HANG_MS);
      assert.ok(!timedOut, `${cls.name} did not finish within ${HANG_MS / 1000} s: a hang`);
      assert.deepEqual(
        failures.map((failure) => `${signature(failure)}: ${failure.detail.slice(0, 300)}`),
        [],
      );
    });
  });
});
