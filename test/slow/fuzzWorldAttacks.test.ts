/**
 * The world-attack classes of the fuzzer (test/fuzz/worldAttacks.ts: special files, paths outside
 * the workspace, restricted mode) in `npm test`: a fixed seeded slice, in a child process so that
 * a side file that blocks (a FIFO opened for reading, a /proc file read to the end) is a failing
 * test, not a hung run.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

/** Fixed: the slice must be the same cases on every run (a new seed is a new test). */
const SLICE_SEED = 20_261_201;
const SLICE_CASES = 120;

describe('fuzz: world attacks (special files, out-of-workspace paths, restricted mode)', function () {
  this.timeout(180_000);

  it(`a seeded slice of ${SLICE_CASES} hostile workspaces: nothing blocks, nothing outside is known, nothing holding variables is read while restricted`, () => {
    const runner = path.resolve(__dirname, '..', 'fuzz', 'worldAttackRun.js');
    const result = spawnSync(process.execPath, [runner, String(SLICE_SEED), '0', String(SLICE_CASES)], { encoding: 'utf8', timeout: 150_000 });
    assert.ifError(result.error);
    assert.equal(result.signal, null, 'the attack run was killed: a side file blocked or was read forever');
    const failures = JSON.parse(result.stdout.trim().split('\n').pop() ?? '[]') as { index: number; attack: string; detail: string }[];
    assert.deepEqual(
      failures.map((f) => `case ${f.index} [${f.attack}]: ${f.detail.slice(0, 400)}`),
      [],
    );
  });
});
