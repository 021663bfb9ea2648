import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import {
  CACHE_DIR_VARIABLE,
  cacheFileName,
  chooseCacheDirectory,
  MAX_CACHE_BYTES,
  refuseDirectory,
  refuseFile,
  STALE_TEMPORARY_MS,
  staleCacheFiles,
  type CacheKey,
  type StatFacts,
} from '../../server/src/node/codeCachePolicy';

/**
 * The code cache's decisions (server/src/node/codeCachePolicy.ts, bench/NOTES.md "Start-up"):
 * where it lives, what names it, and which folder or file is refused.
 */

const stat = (kind: 'dir' | 'file' | 'link' | 'fifo', facts: Partial<Pick<StatFacts, 'uid' | 'mode' | 'size'>> = {}): StatFacts => ({
  uid: 1000,
  mode: kind === 'dir' ? 0o40700 : 0o100600,
  size: 1024,
  ...facts,
  isDirectory: () => kind === 'dir',
  isFile: () => kind === 'file',
  isSymbolicLink: () => kind === 'link',
});

/** One way of starting one bundle; the tests vary it field by field. */
const key: CacheKey = {
  bundleBytes: 978_924,
  bundleMtimeMs: 1_764_600_000_123.5,
  packageVersion: '0.1.0',
  nodeVersion: 'v20.20.2',
  arch: 'x64',
  execArgv: ['--optimize-for-size'],
};

describe('code cache policy', () => {
  describe('the folder', () => {
    const home = path.resolve('/home/user');
    const given = path.resolve('/editor/storage');
    const xdg = path.resolve('/xdg/cache');

    it("is the client's, else $XDG_CACHE_HOME/mcp-catalog, else ~/.cache/mcp-catalog", () => {
      assert.equal(chooseCacheDirectory({ [CACHE_DIR_VARIABLE]: given, XDG_CACHE_HOME: xdg }, home), given);
      assert.equal(chooseCacheDirectory({ XDG_CACHE_HOME: xdg }, home), path.join(xdg, 'mcp-catalog'));
      assert.equal(chooseCacheDirectory({}, home), path.join(home, '.cache', 'mcp-catalog'));
    });

    it('ignores relative or empty paths (they would resolve in the workspace), and has none without a home', () => {
      assert.equal(chooseCacheDirectory({ [CACHE_DIR_VARIABLE]: 'cache', XDG_CACHE_HOME: '.cache' }, home), path.join(home, '.cache', 'mcp-catalog'));
      assert.equal(chooseCacheDirectory({ [CACHE_DIR_VARIABLE]: '', XDG_CACHE_HOME: '' }, home), path.join(home, '.cache', 'mcp-catalog'));
      assert.equal(chooseCacheDirectory({}, undefined), undefined);
      assert.equal(chooseCacheDirectory({}, 'relative-home'), undefined);
    });
  });

  describe('the file name', () => {
    it('is stable for one key and a plain file name', () => {
      assert.equal(cacheFileName(key), cacheFileName({ ...key, execArgv: [...key.execArgv] }));
      assert.match(cacheFileName(key), /^server-[A-Za-z0-9._-]+\.v8cache$/);
    });

    it('changes with everything that invalidates the data', () => {
      const variants: Partial<CacheKey>[] = [
        { bundleBytes: key.bundleBytes + 1 },
        { bundleMtimeMs: key.bundleMtimeMs + 1000 },
        { packageVersion: '0.1.1' },
        { nodeVersion: 'v20.20.3' },
        { arch: 'arm64' },
        { execArgv: [] },
        { execArgv: ['--optimize-for-size', '--nolazy'] },
      ];
      const names = new Set([cacheFileName(key), ...variants.map((variant) => cacheFileName({ ...key, ...variant }))]);
      assert.equal(names.size, variants.length + 1);
    });

    it('never carries a path separator from a strange version string', () => {
      assert.doesNotMatch(cacheFileName({ ...key, packageVersion: '../../x/y', nodeVersion: 'v20\\..' }), /[/\\]/);
    });
  });

  describe('trust', () => {
    it("accepts the current user's private folder and file", () => {
      assert.equal(refuseDirectory(stat('dir'), 1000), undefined);
      assert.equal(refuseDirectory(stat('dir', { mode: 0o40755 }), 1000), undefined);
      assert.equal(refuseFile(stat('file'), 1000), undefined);
      assert.equal(refuseFile(stat('file', { mode: 0o100644 }), 1000), undefined);
    });

    it('refuses a folder or file its group or others may write', () => {
      assert.match(refuseDirectory(stat('dir', { mode: 0o40770 }), 1000) ?? '', /group or others may write it \(mode 770\)/);
      assert.match(refuseDirectory(stat('dir', { mode: 0o41777 }), 1000) ?? '', /group or others/);
      assert.match(refuseFile(stat('file', { mode: 0o100620 }), 1000) ?? '', /group or others/);
      assert.match(refuseFile(stat('file', { mode: 0o100602 }), 1000) ?? '', /group or others/);
    });

    it("refuses another user's folder or file", () => {
      assert.match(refuseDirectory(stat('dir', { uid: 0 }), 1000) ?? '', /belongs to user 0/);
      assert.match(refuseFile(stat('file', { uid: 1001 }), 1000) ?? '', /belongs to user 1001/);
    });

    it('refuses a symbolic link, a non-regular file, an empty or oversized file, a folder that is none', () => {
      assert.match(refuseFile(stat('link'), 1000) ?? '', /symbolic link/);
      assert.match(refuseFile(stat('fifo'), 1000) ?? '', /not a regular file/);
      assert.match(refuseFile(stat('file', { size: 0 }), 1000) ?? '', /empty/);
      assert.match(refuseFile(stat('file', { size: MAX_CACHE_BYTES + 1 }), 1000) ?? '', /larger than/);
      assert.match(refuseDirectory(stat('file'), 1000) ?? '', /not a directory/);
    });

    it('without POSIX owners (Windows) checks only the kind', () => {
      assert.equal(refuseDirectory(stat('dir', { mode: 0o40777, uid: 0 }), undefined), undefined);
      assert.match(refuseFile(stat('link'), undefined) ?? '', /symbolic link/);
    });
  });

  describe('stale files', () => {
    const current = cacheFileName(key);
    const now = 1764700000000;
    const temporary = (name: string, age: number) => `${name}.4242.${(now - age).toString(36)}.tmp`;

    it("are this way of starting's caches for another bundle, version or Node, and its crashed writes", () => {
      const older = [
        cacheFileName({ ...key, bundleBytes: 990000 }),
        cacheFileName({ ...key, packageVersion: '0.0.9' }),
        cacheFileName({ ...key, nodeVersion: 'v20.19.0' }),
        cacheFileName({ ...key, bundleMtimeMs: key.bundleMtimeMs - 1 }),
      ];
      const crashed = temporary(older[0], STALE_TEMPORARY_MS + 1);
      assert.deepEqual(staleCacheFiles([current, ...older, crashed], current, now), [...older, crashed]);
    });

    it("keep other flags' caches (another editor's start), a write in progress, and every name not ours", () => {
      const otherFlags = cacheFileName({ ...key, execArgv: [] });
      const kept = [
        current,
        otherFlags,
        cacheFileName({ ...key, execArgv: [], bundleBytes: 1 }),
        temporary(current, 1000),
        temporary(cacheFileName({ ...key, bundleBytes: 1 }), STALE_TEMPORARY_MS - 1),
        temporary(otherFlags, STALE_TEMPORARY_MS * 10),
        'notes.txt',
        `client-${current.slice('server-'.length)}`,
        `server-x/../${current.slice(current.lastIndexOf('-') + 1)}`,
        `server-x\\..\\${current.slice(current.lastIndexOf('-') + 1)}`,
      ];
      assert.deepEqual(staleCacheFiles(kept, current, now), []);
      assert.deepEqual(staleCacheFiles([cacheFileName({ ...key, bundleBytes: 1 })], 'not-a-cache-name', now), [], 'no judgement without our own name');
    });
  });
});
