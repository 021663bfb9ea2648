/**
 * The language server's V8 code cache: the pure decisions (bench/NOTES.md, "Start-up"). Where the
 * cache lives, what names it, and which directory or file may be trusted. The I/O is
 * node/codeCache.ts; the loader that uses both is server/src/serverLoader.ts.
 *
 * The cache is code the server runs, so it is read only from a place no one else can write: never
 * a workspace (no setting names it), and only a directory and a file owned by the current user
 * that neither the group nor others may write. Anything else is ignored, and never written.
 */
import * as path from 'node:path';
import { CODE_CACHE_DIR_VARIABLE as CACHE_DIR_VARIABLE } from '../../../shared/src/serverProcess';

export { CACHE_DIR_VARIABLE };

/** A cache file larger than this is not ours (the server's is ~1–3 MB). */
export const MAX_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The cache directory: the one the client passes, else `$XDG_CACHE_HOME/mcp-catalog`, else
 * `~/.cache/mcp-catalog`; relative paths are ignored (the XDG spec says so, and a relative path
 * would resolve against the workspace the server was started in). Undefined: no cache.
 */
export function chooseCacheDirectory(env: Readonly<Record<string, string | undefined>>, home: string | undefined): string | undefined {
  const explicit = env[CACHE_DIR_VARIABLE];
  if (explicit && path.isAbsolute(explicit)) return explicit;
  const xdg = env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'mcp-catalog');
  if (home && path.isAbsolute(home)) return path.join(home, '.cache', 'mcp-catalog');
  return undefined;
}

/** What makes a cache stale: another bundle, package, Node, architecture or set of V8 flags. */
export interface CacheKey {
  readonly bundleBytes: number;
  readonly bundleMtimeMs: number;
  readonly packageVersion: string;
  readonly nodeVersion: string;
  readonly arch: string;
  /** `process.execArgv`: V8 rejects data made under other flags (`--max-semi-space-size=1`, …). */
  readonly execArgv: readonly string[];
}

/** The cache file's name, made of everything that invalidates it, so a stale file is simply never read. */
export function cacheFileName(key: CacheKey): string {
  const safe = (text: string) => text.replace(/[^A-Za-z0-9.]+/g, '_');
  const parts = [
    'server',
    safe(key.packageVersion),
    safe(key.nodeVersion),
    safe(key.arch),
    String(key.bundleBytes),
    Math.trunc(key.bundleMtimeMs).toString(36),
    fnv1a(key.execArgv.join('\0')),
  ];
  return `${parts.join('-')}.v8cache`;
}

/** A temporary file a crashed write left behind is stale after this long (a write takes milliseconds). */
export const STALE_TEMPORARY_MS = 60 * 60 * 1000;

/**
 * What writing the cache file `current` makes stale in its folder: caches of the same Node flags
 * (the same way of starting the server) made for another bundle, version, Node or architecture —
 * no start reads them again, and each is ~1 MB — and temporary files of such a write older than
 * STALE_TEMPORARY_MS. Caches of other flags belong to another way of starting (VS Code's
 * flags, a bare `node` from another editor) and are kept, as is anything whose
 * name is not ours.
 */
export function staleCacheFiles(names: readonly string[], current: string, nowMs: number): string[] {
  const flags = current.slice(current.lastIndexOf('-'));
  if (!current.startsWith('server-') || !flags.endsWith('.v8cache')) return [];
  return names.filter((name) => {
    if (name === current || !name.startsWith('server-') || name.includes('/') || name.includes('\\')) return false;
    if (name.endsWith(flags)) return true;
    const temporary = /^(server-.+)\.\d+\.([0-9a-z]+)\.tmp$/.exec(name);
    if (!temporary || !temporary[1].endsWith(flags)) return false;
    const writtenAt = parseInt(temporary[2], 36);
    return Number.isFinite(writtenAt) && nowMs - writtenAt > STALE_TEMPORARY_MS;
  });
}

/** A short stable hash (FNV-1a, 32 bits) without loading `crypto` (~6–12 ms at start-up). */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

/** What the policy needs of an `fs.Stats`. */
export interface StatFacts {
  readonly uid: number;
  readonly mode: number;
  readonly size: number;
  isDirectory(): boolean;
  isFile(): boolean;
  isSymbolicLink(): boolean;
}

/**
 * Why a directory may not hold the cache, or undefined when it may. `uid` undefined: a system
 * without POSIX owners and modes (Windows), where only the kind is checked.
 */
export function refuseDirectory(stat: StatFacts, uid: number | undefined): string | undefined {
  if (!stat.isDirectory()) return 'it is not a directory';
  return refuseOwnership(stat, uid);
}

/** Why a cache file may not be read (or replaced), or undefined when it may; `stat` is of the file itself (lstat, or fstat of an O_NOFOLLOW open). */
export function refuseFile(stat: StatFacts, uid: number | undefined): string | undefined {
  if (stat.isSymbolicLink()) return 'it is a symbolic link';
  if (!stat.isFile()) return 'it is not a regular file';
  if (stat.size === 0) return 'it is empty';
  if (stat.size > MAX_CACHE_BYTES) return `it is larger than ${MAX_CACHE_BYTES / 1024 / 1024} MB`;
  return refuseOwnership(stat, uid);
}

function refuseOwnership(stat: StatFacts, uid: number | undefined): string | undefined {
  if (uid === undefined) return undefined;
  if (stat.uid !== uid) return `it belongs to user ${stat.uid}, not to the current user (${uid})`;
  if ((stat.mode & 0o022) !== 0) return `its group or others may write it (mode ${(stat.mode & 0o777).toString(8)})`;
  return undefined;
}
