import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { builtinModules } from 'node:module';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * `node scripts/build.mjs` (DESIGN §12): the same sources give the same bundles byte for byte, and
 * the bundles carry ajv's small runtime helpers but not its schema compiler — the entry validators
 * are generated code (scripts/generate-validators.mjs, bench/NOTES.md "Start-up"). The web build
 * (docs/web.md) holds no Node built-in, and its size is reported next to the Node bundles'.
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
    const files = listed(first);
    assert.deepEqual(files, [
      'cli.js',
      'cli.js.map',
      'client.js',
      'client.js.map',
      'server.js',
      'server.js.map',
      'web',
      'web/client.js',
      'web/client.js.map',
      'web/client.meta.json',
      'web/server.js',
      'web/server.js.map',
      'web/server.meta.json',
    ]);
    assert.deepEqual(listed(second), files);
    // The metafiles name the folder they were written to; what they list is checked below.
    for (const file of files.filter((name) => name !== 'web' && !name.endsWith('.meta.json')))
      assert.ok(fs.readFileSync(path.join(first, file)).equals(fs.readFileSync(path.join(second, file))), `${file} differs between two builds`);
  });

  it('writes ASCII-only bundles (a character outside it makes V8 hold the whole source as UTF-16)', () => {
    for (const bundle of ['cli.js', 'client.js', 'server.js', 'web/client.js', 'web/server.js']) {
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

  it('the web bundles (the browser entry and the web worker server) hold no Node built-in, and their sizes are reported', () => {
    const builtin = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));
    for (const bundle of ['web/client.js', 'web/server.js']) {
      const meta = JSON.parse(fs.readFileSync(path.join(first, bundle.replace(/\.js$/, '.meta.json')), 'utf8')) as {
        inputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
      };
      for (const [input, { imports }] of Object.entries(meta.inputs)) {
        assert.ok(!builtin.has(input) && !input.startsWith('node:'), `${bundle} holds the built-in ${input}`);
        // What dotenv loads at its top level and `parse` never touches: stand-ins that throw (scripts/build.mjs).
        if (input.startsWith('unavailable-on-the-web:')) assert.match(input, /^unavailable-on-the-web:(fs|os|crypto)$/, bundle);
        for (const imported of imports) {
          assert.ok(!(imported.external && builtin.has(imported.path)), `${input} in ${bundle} imports the built-in ${imported.path}`);
          if (imported.path.startsWith('unavailable-on-the-web:') || imported.path === 'fs' || imported.path === 'os' || imported.path === 'crypto')
            assert.match(input, /node_modules\/dotenv\//, `${input} in ${bundle} imports ${imported.path}`);
        }
      }
      const text = fs.readFileSync(path.join(first, bundle), 'utf8');
      const required = [...text.matchAll(/\brequire\(\s*["']([^"']+)["']\s*\)/g)].map((match) => match[1]).filter((name) => builtin.has(name));
      assert.deepEqual(required, [], `${bundle} requires Node built-ins`);
    }
    // The web worker's server is the same core as the Node one: within a fifth of its size either way.
    const size = (bundle: string): number => fs.statSync(path.join(first, bundle)).size;
    console.log(
      `      bundle sizes: server ${kb(size('server.js'))} (Node), ${kb(size('web/server.js'))} (web worker); client ${kb(size('client.js'))} (Node), ${kb(size('web/client.js'))} (web)`,
    );
    assert.ok(Math.abs(size('web/server.js') - size('server.js')) < size('server.js') / 5);
  });
});

/** The build's files, those of dist/web/ included, sorted. */
function listed(dir: string): string[] {
  return [...fs.readdirSync(dir), ...fs.readdirSync(path.join(dir, 'web')).map((name) => `web/${name}`)].sort();
}

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}
