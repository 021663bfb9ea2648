import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runWithCodeCache } from '../../server/src/node/codeCache';
import { codeCacheHandoff, type CodeCacheHandoff } from '../../server/src/node/codeCacheHandoff';
import { CACHE_DIR_VARIABLE } from '../../server/src/node/codeCachePolicy';

/**
 * The code cache's I/O (server/src/node/codeCache.ts) on a small bundle in a temporary folder:
 * the bundle runs as CommonJS as `node` would run it, the cache is written, used, rejected and
 * rewritten, and every untrusted or broken place is left alone without an exception. Each start
 * is its own Node process, as a server's is: within one process V8 reuses the script it compiled
 * before and never looks at the cached data.
 */

const LOADER = path.join(__dirname, '..', '..', 'server', 'src', 'node', 'codeCache.js');
const HANDOFF = path.join(__dirname, '..', '..', 'server', 'src', 'node', 'codeCacheHandoff.js');
/** A start in a child process: load, then write the cache as the server does after its first check. */
const CHILD = `
const handoff = (require(process.argv[1]).runWithCodeCache(process.argv[3]), require(process.argv[2]).codeCacheHandoff());
const dir = process.env.${CACHE_DIR_VARIABLE};
const before = require('fs').existsSync(dir) ? require('fs').readdirSync(dir) : [];
const persisted = handoff.persist() ?? null;
process.stdout.write(JSON.stringify({ loaded: handoff.loaded, work: globalThis.__codeCacheProbe.work, before, persisted, again: handoff.persist() ?? null }));
`;

const BUNDLE = `"use strict";
const helper = require('./helper.js');
function work(n) { let sum = 0; for (let i = 0; i < n; i++) sum += i; return sum; }
globalThis.__codeCacheProbe = {
  filename: __filename, dirname: __dirname, sameExports: exports === module.exports, moduleFilename: module.filename,
  helper, later: () => require('./later.js'), argv: process.argv, work: work(10),
};
`;

/** What a start in a child process saw: the log line, the bundle's result, the folder before the write, the writes. */
interface StartSeen {
  loaded: string;
  work: number;
  before: string[];
  persisted: string | null;
  again: string | null;
}

interface Probe {
  filename: string;
  dirname: string;
  sameExports: boolean;
  moduleFilename: string;
  helper: string;
  later(): string;
  argv: string[];
  work: number;
}

describe('code cache I/O', () => {
  let root: string;
  let bundle: string;
  beforeEach(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-code-cache-unit-')));
    fs.mkdirSync(path.join(root, 'dist'));
    bundle = path.join(root, 'dist', 'server-main.js');
    fs.writeFileSync(bundle, BUNDLE);
    fs.writeFileSync(path.join(root, 'dist', 'helper.js'), "module.exports = 'helper';\n");
    fs.writeFileSync(path.join(root, 'dist', 'later.js'), "module.exports = 'later';\n");
  });
  afterEach(() => {
    delete process.env[CACHE_DIR_VARIABLE];
    fs.rmSync(root, { recursive: true, force: true });
  });

  /** One start of the loader with `cacheDir` given by the client, in a process of its own. */
  function start(cacheDir: string): StartSeen {
    const run = spawnSync(process.execPath, ['-e', CHILD, LOADER, HANDOFF, bundle], {
      env: { PATH: process.env.PATH, [CACHE_DIR_VARIABLE]: cacheDir },
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assert.equal(run.stderr, '', 'a start prints nothing of its own');
    return JSON.parse(run.stdout) as StartSeen;
  }

  /** One start in this process (its `persist` can be called later). */
  function startHere(cacheDir: string): CodeCacheHandoff {
    process.env[CACHE_DIR_VARIABLE] = cacheDir;
    runWithCodeCache(bundle);
    return codeCacheHandoff()!;
  }
  const probe = () => (globalThis as unknown as { __codeCacheProbe: Probe }).__codeCacheProbe;
  const files = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

  it('runs the bundle as CommonJS: its own file names, require (eager and lazy), module, process.argv', () => {
    const argv = [...process.argv];
    startHere(path.join(root, 'cache'));
    const seen = probe();
    assert.equal(seen.filename, bundle);
    assert.equal(seen.moduleFilename, bundle);
    assert.equal(seen.dirname, path.dirname(bundle));
    assert.ok(seen.sameExports);
    assert.equal(seen.helper, 'helper');
    assert.equal(seen.later(), 'later');
    assert.deepEqual(seen.argv, argv);
    assert.equal(seen.work, 45);
    // The client's variable is the loader's alone: the server's process environment is the user's.
    assert.equal(process.env[CACHE_DIR_VARIABLE], undefined);
  });

  it('writes the cache privately after the work, then uses it, and leaves accepted data alone', () => {
    const cacheDir = path.join(root, 'storage', 'cache');
    const first = start(cacheDir);
    assert.match(first.loaded, /^Code cache: none yet at /);
    assert.deepEqual(first.before, [], 'nothing is written at start-up');
    assert.match(first.persisted ?? '', /^Code cache: written to /);
    assert.equal(first.again, null, 'written once');
    const [name] = files(cacheDir);
    const file = path.join(cacheDir, name);
    if (process.platform !== 'win32') {
      assert.equal(fs.statSync(cacheDir).mode & 0o777, 0o700);
      assert.equal(fs.statSync(file).mode & 0o777, 0o600);
    }
    assert.deepEqual(fs.readdirSync(cacheDir), [name], 'no temporary file is left');

    const second = start(cacheDir);
    assert.equal(second.loaded, `Code cache: used ${file}.`);
    assert.equal(second.work, 45);
    assert.equal(second.persisted, null);
  });

  for (const [damage, spoil] of [
    ['garbage', (data: Buffer) => Buffer.from('garbage '.repeat(data.length / 8))],
    ['a truncated file', (data: Buffer) => data.subarray(0, Math.floor(data.length / 2))],
  ] as const) {
    it(`rejects ${damage}, runs the bundle all the same, and rewrites the file`, () => {
      const cacheDir = path.join(root, 'cache');
      start(cacheDir);
      const file = path.join(cacheDir, files(cacheDir)[0]);
      const spoilt = spoil(fs.readFileSync(file));
      fs.writeFileSync(file, spoilt);
      const damaged = start(cacheDir);
      assert.equal(
        damaged.loaded,
        `Code cache: ${file} was rejected by V8 (made by another Node version or with other flags, or damaged); it is rewritten after the first check.`,
      );
      assert.equal(damaged.work, 45);
      assert.match(damaged.persisted ?? '', /^Code cache: written to /);
      assert.ok(!fs.readFileSync(file).equals(spoilt));
      assert.equal(start(cacheDir).loaded, `Code cache: used ${file}.`);
    });
  }

  it("removes this way of starting's stale caches when it writes one, and nothing else", function () {
    if (process.platform === 'win32') this.skip();
    const cacheDir = path.join(root, 'cache');
    start(cacheDir);
    const [name] = files(cacheDir);
    const flags = name.slice(name.lastIndexOf('-'));
    const stale = [`server-0.0.9-v20.0.0-x64-1-abc${flags}`, `server-0.0.9-v20.0.0-x64-2-abc${flags}.77.${(Date.now() - 2 * 3600_000).toString(36)}.tmp`];
    const kept = [
      `server-0.0.9-v20.0.0-x64-1-abc-otherflags.v8cache`,
      'unrelated.txt',
      `server-0.0.9-v20.0.0-x64-3-abc${flags}.77.${Date.now().toString(36)}.tmp`,
    ];
    for (const file of [...stale, ...kept]) fs.writeFileSync(path.join(cacheDir, file), 'x', { mode: 0o600 });
    // A link named like a stale cache is never followed nor removed; its target stays.
    const target = path.join(root, 'target.bin');
    fs.writeFileSync(target, 'precious');
    const link = `server-0.0.9-v20.0.0-x64-4-abc${flags}`;
    fs.symlinkSync(target, path.join(cacheDir, link));
    // Damaged data: the next start rewrites the cache, and prunes.
    fs.writeFileSync(path.join(cacheDir, name), 'garbage garbage garbage');
    const rewritten = start(cacheDir);
    assert.match(rewritten.persisted ?? '', /^Code cache: written to .*; removed 2 stale cache files\.$/);
    assert.deepEqual(fs.readdirSync(cacheDir).sort(), [name, ...kept, link].sort());
    assert.equal(fs.readFileSync(target, 'utf8'), 'precious');
  });

  it('refuses a folder its group or others may write: nothing read, nothing written', function () {
    if (process.platform === 'win32') this.skip();
    const cacheDir = path.join(root, 'shared');
    fs.mkdirSync(cacheDir);
    fs.chmodSync(cacheDir, 0o777);
    const handoff = start(cacheDir);
    assert.match(handoff.loaded, /^Code cache: not used: the folder .* cannot be trusted \(its group or others may write it \(mode 777\)\)/);
    assert.equal(handoff.persisted, null);
    assert.deepEqual(fs.readdirSync(cacheDir), []);
  });

  it('refuses a cache file that is a symbolic link or writable by others, and leaves it alone', function () {
    if (process.platform === 'win32') this.skip();
    const cacheDir = path.join(root, 'cache');
    start(cacheDir);
    const file = path.join(cacheDir, files(cacheDir)[0]);
    const elsewhere = path.join(root, 'elsewhere.bin');
    fs.renameSync(file, elsewhere);
    fs.symlinkSync(elsewhere, file);
    const linked = start(cacheDir);
    assert.match(linked.loaded, /cannot be trusted \(it is a symbolic link\); it is left alone\.$/);
    assert.equal(linked.persisted, null);
    assert.ok(fs.lstatSync(file).isSymbolicLink());

    fs.unlinkSync(file);
    fs.renameSync(elsewhere, file);
    fs.chmodSync(file, 0o666);
    const open = start(cacheDir);
    assert.match(open.loaded, /cannot be trusted \(its group or others may write it \(mode 666\)\)/);
    assert.equal(open.persisted, null);
  });

  it("refuses another user's cache file (needs root to make one)", function () {
    if (process.getuid?.() !== 0) this.skip();
    const cacheDir = path.join(root, 'cache');
    start(cacheDir);
    const file = path.join(cacheDir, files(cacheDir)[0]);
    fs.chownSync(file, 4242, 4242);
    const handoff = start(cacheDir);
    assert.match(handoff.loaded, /cannot be trusted \(it belongs to user 4242, not to the current user \(0\)\)/);
    assert.equal(handoff.persisted, null);
    fs.chownSync(cacheDir, 4242, 4242);
    assert.match(start(cacheDir).loaded, /the folder .* cannot be trusted \(it belongs to user 4242/);
  });

  it('an unusable folder or a failed write costs nothing but the cache', () => {
    const blocker = path.join(root, 'a-file');
    fs.writeFileSync(blocker, 'x');
    const unusable = start(path.join(blocker, 'cache'));
    assert.match(unusable.loaded, /^Code cache: not used: the folder .* is not available \(ENOTDIR\)\.$/);
    assert.equal(unusable.work, 45);
    assert.equal(unusable.persisted, null);

    const cacheDir = path.join(root, 'vanishing');
    const vanishing = startHere(cacheDir);
    fs.rmSync(cacheDir, { recursive: true });
    assert.match(vanishing.persist() ?? '', /^Code cache: could not write .* \(ENOENT\); the server runs without it\.$/);
  });
});
