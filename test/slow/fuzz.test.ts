/**
 * The fuzzer inside `npm test`: a fixed seeded slice of small cases through the
 * engine and the in-process CLI, every saved reproducer replayed forever, and checks that the
 * fuzzer's own parts (generator, oracles, shrinker) do what the long runs rely on.
 */
import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { loadSeeds, repoRoot, type Seed } from '../fuzz/corpus';
import { CHECK_FORMATS, planCase, runCliInProcess, runEngine } from '../fuzz/drivers';
import { FuzzServer } from '../fuzz/lspDriver';
import { generateCase, QUICK_LIMITS } from '../fuzz/mutators';
import { checkEngineFindings, LineTable, signature, type Failure } from '../fuzz/oracle';
import { loadReproducers } from '../fuzz/reproducers';
import { Rng } from '../fuzz/rng';
import { shrink } from '../fuzz/shrink';
import { diskWorld, engineWorld, type DiskWorld, type EngineWorld } from '../fuzz/workspace';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { parseJson } from '../../server/src/service/parse';

/** Fixed: the slice must be the same cases on every run (a new seed is a new test). */
const SLICE_SEED = 20_251_130;
const SLICE_CASES = 300;

function describeFailures(failures: { index?: number; failure: Failure }[]): string {
  return failures
    .slice(0, 10)
    .map(({ index, failure }) => `${index !== undefined ? `case ${index}: ` : ''}${signature(failure)}\n    ${failure.detail.split('\n').join('\n    ')}`)
    .join('\n');
}

describe('fuzz: seeded slice and saved reproducers', function () {
  this.timeout(120_000);
  let seeds: Seed[];
  let engine: EngineWorld;
  let disk: DiskWorld;

  before(() => {
    seeds = loadSeeds();
    engine = engineWorld();
    disk = diskWorld();
  });

  after(() => disk.dispose());

  it(`${SLICE_CASES} seeded cases (seed ${SLICE_SEED}) pass through the engine and the CLI`, async () => {
    const failures: { index: number; failure: Failure }[] = [];
    for (let index = 0; index < SLICE_CASES; index++) {
      const rng = Rng.forCase(SLICE_SEED, index);
      const generated = generateCase(rng, seeds, QUICK_LIMITS);
      const plan = planCase(rng);
      for (const failure of [...runEngine(generated.text, plan, engine), ...(await runCliInProcess(generated.text, plan, disk))]) {
        // Timing is the long run's business (CPU-timed, re-measured); a loaded CI machine must not fail this slice.
        if (failure.kind !== 'slow') failures.push({ index, failure });
      }
    }
    assert.equal(failures.length, 0, `replay with: npm run fuzz -- --seed ${SLICE_SEED} --quick --case <index>\n${describeFailures(failures)}`);
  });

  const reproducers = loadReproducers(path.join(repoRoot(), 'test', 'fixtures', 'fuzz'));
  for (const reproducer of reproducers) {
    it(`reproducer ${path.basename(reproducer.file)} (${reproducer.header.failure ?? 'unknown failure'}) stays fixed`, async () => {
      const failures: Failure[] = [...runEngine(reproducer.text, reproducer.plan, engine)];
      for (const format of CHECK_FORMATS) failures.push(...(await runCliInProcess(reproducer.text, { ...reproducer.plan, format }, disk)));
      assert.equal(failures.length, 0, `${reproducer.explanation.trim()}\n\nnow:\n${describeFailures(failures.map((failure) => ({ failure })))}`);
    });
  }
});

describe('fuzz: the fuzzer itself', () => {
  it('regenerates any case from the seed and its index alone', () => {
    const seeds = loadSeeds();
    const a = generateCase(Rng.forCase(7, 1234), seeds, QUICK_LIMITS);
    const b = generateCase(Rng.forCase(7, 1234), seeds, QUICK_LIMITS);
    const c = generateCase(Rng.forCase(7, 1235), seeds, QUICK_LIMITS);
    assert.deepEqual(a, b);
    assert.notDeepEqual(a, c);
  });

  it('the oracle catches a range outside the document, a missing data.path and an unknown code', () => {
    const text = '{}';
    const parsed = parseJson(text);
    const bad: ResolvedFinding[] = [
      { code: 'json-syntax', severity: 'error', message: 'x', start: 1, end: 3, data: { path: [] } },
      { code: 'invalid-value', severity: 'error', message: 'x', start: 0, end: 1 },
      { code: 'no-such-code' as never, severity: 'error', message: 'x', start: 0, end: 0, data: { path: [] } },
    ];
    const kinds = checkEngineFindings(text, parsed, bad, new Map()).map((f) => `${f.kind}:${f.key}`);
    assert.ok(kinds.includes('range:json-syntax'), kinds.join());
    assert.ok(kinds.includes('path:invalid-value'), kinds.join());
    assert.ok(kinds.includes('code:no-such-code'), kinds.join());
    // And JSON.parse accepts `{}`, so a json-syntax finding there disagrees with it.
    assert.ok(kinds.includes('strictness:spurious'), kinds.join());
  });

  it('the oracle holds the engine to JSON.parse: a trailing comma must be reported', () => {
    const failures = checkEngineFindings('{"a": 1,}', parseJson('{"a": 1}'), [], new Map());
    assert.ok(failures.some((f) => f.kind === 'strictness' && f.key === 'missed'));
  });

  it('positions follow LSP line breaks (\\r\\n, \\r, \\n) and reject the inside of a \\r\\n', () => {
    const lines = new LineTable('a\r\nbc\rd\n');
    assert.equal(lines.lineCount, 4);
    assert.deepEqual(lines.positionAt(4), { line: 1, character: 1 });
    assert.equal(lines.rangeProblem({ start: { line: 1, character: 2 }, end: { line: 3, character: 0 } }), undefined);
    assert.match(lines.rangeProblem({ start: { line: 0, character: 2 }, end: { line: 0, character: 2 } }) ?? '', /past the end of line 0/);
    assert.match(lines.rangeProblem({ start: { line: 1, character: 1 }, end: { line: 1, character: 0 } }) ?? '', /before start/);
  });

  it('the language-server driver takes a version whose set equals the last one published as that set (the server sends no repeat)', async function () {
    this.timeout(60_000);
    // Found by a long run (seed 8801): two roots indexes in a row that both had no finding, and
    // the driver waited a minute for a publication the server rightly never sends.
    const world = diskWorld();
    const server = await FuzzServer.start(world, { requests: false, hangMs: 10_000 });
    try {
      const clean = '{\n  "docs": { "name": "docs", "description": "The docs" }\n}\n';
      assert.deepEqual(await server.diagnosticsFor('roots', clean), []);
      assert.deepEqual(await server.diagnosticsFor('roots', `${clean}\n`), [], 'another text, no finding either');
      const flawed = '{\n  "docs": { "name": 5 }\n}\n';
      const first = await server.diagnosticsFor('roots', flawed);
      assert.ok(first.length > 0, 'a roots entry whose name is a number has a finding');
      assert.deepEqual(await server.diagnosticsFor('roots', `${flawed}  \n`), first, 'the same finding after text that moves nothing');
      // The long run measures a slow case again by sending the very same text as a new version.
      assert.deepEqual(await server.diagnosticsFor('roots', `${flawed}  \n`), first, 'the same text again');
      // A file named like a catalog whose $schema makes it an air.json gets no documentAnalysed
      // notification (seed 9404 case 18078): two such texts in a row with the same set.
      const air = '{\n  "$schema": "https://pulsemcp.github.io/air/schemas/air.schema.json",\n  "name": "x"\n}\n';
      const airSet = await server.diagnosticsFor('catalog', air);
      assert.deepEqual(await server.diagnosticsFor('catalog', `${air}\n`), airSet, 'an air.json with the same set again');
      assert.ok(server.alive, server.describe());
    } finally {
      await server.stop();
      world.dispose();
    }
  });

  it('shrinks an input to what still fails', async () => {
    const { text } = await shrink('{"keep": [1, 2, 3], "bug": "\\uD800", "more": {}}', async (candidate) => candidate.includes('\\uD800'), {
      maxTrials: 5000,
      maxMs: 10_000,
    });
    assert.equal(text, '\\uD800');
  });
});
