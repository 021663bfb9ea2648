import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * `node scripts/build.mjs` (DESIGN §12): the same sources give the same bundles byte for byte, and
 * the bundles carry ajv's small runtime helpers but not its schema compiler — the entry validators
 * are generated code (scripts/generate-validators.mjs, bench/NOTES.md "Start-up").
 */

/** Two builds side by side in test/.tmp (same depth, so the source maps' relative paths match). */
function buildInto(name: string): string {
  const dir = path.join(REPO_ROOT, 'test', '.tmp', name);
  fs.rmSync(dir, { recursive: true, force: true });
  const run = spawnSync(process.execPath, ['scripts/build.mjs', `--outdir=${path.relative(REPO_ROOT, dir)}`], { cwd: REPO_ROOT, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
  return dir;
}

describe('the build (scripts/build.mjs)', function () {
  this.timeout(180_000);
  let first: string;
  let second: string;
  before(() => {
    first = buildInto('build-a');
    second = buildInto('build-b');
  });
  after(() => {
    for (const dir of [first, second]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is reproducible: two builds of the same sources are identical', () => {
    const files = fs.readdirSync(first).sort();
    assert.deepEqual(files, ['cli.js', 'cli.js.map', 'client.js', 'client.js.map', 'server.js', 'server.js.map']);
    assert.deepEqual(fs.readdirSync(second).sort(), files);
    for (const file of files)
      assert.ok(fs.readFileSync(path.join(first, file)).equals(fs.readFileSync(path.join(second, file))), `${file} differs between two builds`);
  });

  it('writes ASCII-only bundles (a character outside it makes V8 hold the whole source as UTF-16)', () => {
    for (const bundle of ['cli.js', 'client.js', 'server.js']) {
      const text = fs.readFileSync(path.join(first, bundle), 'utf8');
      const outside = /[^\x00-\x7f]/.exec(text);
      assert.equal(outside, null, `${bundle}: ${JSON.stringify(outside?.[0])} at ${outside?.index}`);
    }
    // The escapes keep what the characters meant: the server's truncated-token pattern still sees an ellipsis.
    const server = fs.readFileSync(path.join(first, 'server.js'), 'utf8');
    assert.match(server, /\{4,\}\\u2026\/g/);
  });

  it("bundles ajv's runtime helpers, not its compiler, in the command line and the server", () => {
    for (const bundle of ['cli.js', 'server.js']) {
      const text = fs.readFileSync(path.join(first, bundle), 'utf8');
      // The unminified build names each bundled file in a comment (`// node_modules/ajv/dist/…`).
      assert.match(text, /node_modules\/ajv\/dist\/runtime\/ucs2length\.js/, bundle);
      assert.doesNotMatch(text, /node_modules\/ajv\/dist\/(core|ajv|compile\/|vocabularies\/)/, `${bundle} holds ajv's compiler`);
      assert.doesNotMatch(text, /node_modules\/fast-uri\//, bundle);
    }
  });
});
