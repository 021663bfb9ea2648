/**
 * The language server's V8 code cache, the I/O half (the decisions are node/codeCachePolicy.ts;
 * why and what it gains: bench/NOTES.md, "Start-up"). `runWithCodeCache` compiles the server
 * bundle with `vm.Script`, given the cached data when a trusted cache file exists, runs it as
 * CommonJS exactly as `node` would, and hands the outcome and a writer to the bundle
 * (node/codeCacheHandoff.ts). No cache problem may change how the server starts: every failure
 * here ends as a line for the verbose log, never as an exception or output.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Script } from 'node:vm';
import { version } from '../../../package.json';
import { CACHE_DIR_VARIABLE, cacheFileName, chooseCacheDirectory, refuseDirectory, refuseFile, staleCacheFiles } from './codeCachePolicy';
import { compileBundle, readOpenFile, runBundle } from './bundleScript';
import { handOff, type CodeCacheHandoff } from './codeCacheHandoff';

/** Where the cache is, and what reading it gave. `writable`: the place is trusted and the data should be (re)written. */
export interface CacheRead {
  readonly file?: string;
  readonly data?: Buffer;
  readonly writable: boolean;
  readonly message: string;
}

const codeOf = (error: unknown): string => (error as NodeJS.ErrnoException)?.code ?? (error instanceof Error ? error.message : 'error');

/** Ready the cache directory (created 0700) and read the file when both can be trusted. */
export function readCodeCache(dir: string | undefined, name: string, uid: number | undefined): CacheRead {
  if (!dir) return { writable: false, message: `Code cache: not used: no cache folder (no ${CACHE_DIR_VARIABLE}, XDG_CACHE_HOME or home folder).` };
  const file = path.join(dir, name);
  try {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
    const refused = refuseDirectory(fs.statSync(dir), uid);
    if (refused)
      return { writable: false, message: `Code cache: not used: the folder ${dir} cannot be trusted (${refused}); nothing is read or written there.` };
  } catch (error) {
    return { writable: false, message: `Code cache: not used: the folder ${dir} is not available (${codeOf(error)}).` };
  }
  let fd: number;
  try {
    // O_NOFOLLOW: a symbolic link put in place of the file fails the open itself (ELOOP).
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOENT') return { file, writable: true, message: `Code cache: none yet at ${file}; it is written after the first check.` };
    if (code === 'ELOOP')
      return { file, writable: false, message: `Code cache: not used: ${file} cannot be trusted (it is a symbolic link); it is left alone.` };
    return { file, writable: false, message: `Code cache: not used: ${file} could not be opened (${code}); it is left alone.` };
  }
  try {
    const stat = fs.fstatSync(fd);
    const refused = refuseFile(stat, uid);
    if (refused) return { file, writable: false, message: `Code cache: not used: ${file} cannot be trusted (${refused}); it is left alone.` };
    // A file shorter than its size said is damaged: V8 would reject it; it is rewritten.
    return { file, data: readOpenFile(fd, stat.size), writable: true, message: `Code cache: used ${file}.` };
  } catch (error) {
    return { file, writable: true, message: `Code cache: ${file} could not be read (${codeOf(error)}); it is rewritten after the first check.` };
  } finally {
    fs.closeSync(fd);
  }
}

/** Replace the cache file atomically: a private temporary file in the same folder, then a rename. */
export function writeCodeCache(file: string, data: Buffer): string {
  const temporary = `${file}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    const fd = fs.openSync(temporary, 'wx', 0o600);
    try {
      let written = 0;
      while (written < data.length) written += fs.writeSync(fd, data, written, data.length - written);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporary, file);
    const removed = removeStale(file);
    return `Code cache: written to ${file} (${Math.round(data.length / 1024)} KB)${removed ? `; removed ${removed} stale cache file${removed === 1 ? '' : 's'}` : ''}.`;
  } catch (error) {
    try {
      fs.unlinkSync(temporary);
    } catch {
      // It was never created, or is gone already.
    }
    return `Code cache: could not write ${file} (${codeOf(error)}); the server runs without it.`;
  }
}

/**
 * Delete what this write made stale (codeCachePolicy.ts `staleCacheFiles`) in the folder, which was
 * trusted before anything was read: only regular files of the current user, never a link; a file
 * that cannot be removed is left. Returns how many were removed.
 */
function removeStale(file: string): number {
  const dir = path.dirname(file);
  let removed = 0;
  try {
    const uid = process.getuid?.();
    for (const name of staleCacheFiles(fs.readdirSync(dir), path.basename(file), Date.now())) {
      const stale = path.join(dir, name);
      try {
        const stat = fs.lstatSync(stale);
        if (!stat.isFile() || (uid !== undefined && stat.uid !== uid)) continue;
        fs.unlinkSync(stale);
        removed++;
      } catch {
        // Gone already, or not ours to remove: it stays.
      }
    }
  } catch {
    // An unreadable folder: nothing is removed.
  }
  return removed;
}

function homeFolder(): string | undefined {
  try {
    return os.homedir();
  } catch {
    return undefined;
  }
}

/**
 * Run the bundle at `bundlePath` as `node bundlePath` would (CommonJS, its own `require`,
 * `module`, `__filename`, `__dirname`; `process.argv` untouched), through the code cache.
 */
export function runWithCodeCache(bundlePath: string): void {
  const source = fs.readFileSync(bundlePath, 'utf8');
  let read: CacheRead;
  try {
    const bundle = fs.statSync(bundlePath);
    const dir = chooseCacheDirectory(process.env, homeFolder());
    const name = cacheFileName({
      bundleBytes: bundle.size,
      bundleMtimeMs: bundle.mtimeMs,
      packageVersion: version,
      nodeVersion: process.version,
      arch: process.arch,
      execArgv: process.execArgv,
    });
    read = readCodeCache(dir, name, process.getuid?.());
  } catch (error) {
    read = { writable: false, message: `Code cache: not used (${codeOf(error)}).` };
  }
  // The client's variable is for this loader only: the server's view of the process environment
  // (what `mcpCatalog.readProcessEnv` lets it read) is the user's, as without a cache.
  delete process.env[CACHE_DIR_VARIABLE];

  const filename = bundlePath;
  const compiled = compileBundle(filename, source, read.data);
  const script = compiled.script;
  const rejected = compiled.rejected === true;
  const loaded = rejected
    ? `Code cache: ${read.file} was rejected by V8 (made by another Node version or with other flags, or damaged); it is rewritten after the first check.`
    : read.message;
  // Accepted data is kept as it is; absent, rejected or unreadable data is (re)written.
  const file = read.writable && (rejected || read.data === undefined) ? read.file : undefined;
  // Nothing here keeps the data read (V8 took what it needed) nor, when nothing is to be written,
  // the script: the server runs for hours.
  let toWrite: Script | undefined = file ? script : undefined;
  const handoff: CodeCacheHandoff = {
    loaded,
    persist() {
      if (!toWrite || !file) return undefined;
      const written = toWrite;
      toWrite = undefined;
      try {
        return writeCodeCache(file, written.createCachedData());
      } catch (error) {
        return `Code cache: could not write ${file} (${codeOf(error)}); the server runs without it.`;
      }
    },
  };
  handOff(handoff);

  runBundle(script, filename);
}
