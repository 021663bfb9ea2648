/**
 * The command line's V8 code cache, made by the build and shipped beside the bundle
 * (bench/NOTES.md, "Start-up"). `mcp-catalog check` runs once per CI job and starts cold each time,
 * so a cache it wrote itself would be a write into the user's cache folder from every job; instead
 * `scripts/build.mjs` runs a check of the bundled example through `makeShippedCodeCache` and ships
 * what V8 compiled for it. The CLI only ever reads it.
 *
 * The file starts with a line naming the build it was made from (`MAGIC` and the bundle's build id,
 * which the build appends to the bundle as its last line); data for another build is never given
 * to V8, which only checks the source's length. Data V8 refuses (another Node, other flags,
 * damage) is ignored. No cache problem changes what the command does or prints.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { compileBundle, readOpenFile, runBundle } from './bundleScript';

const MAGIC = 'mcp-catalog-code-cache 1';

/** The bundle's last line, written by `withBuildId`: `//# mcpCatalogBuild=<id>`. */
const BUILD_ID = /\n\/\/# mcpCatalogBuild=([0-9a-f]{16,64})\n?$/;

/** A shipped cache is the V8 data of one bundle: far below this. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;

/** The build id the build appended to a bundle's text, or undefined (a watch build, a hand-made bundle). */
export function bundleBuildId(source: string): string | undefined {
  return BUILD_ID.exec(source.slice(-96))?.[1];
}

/** A bundle's text with build `id` as its last line (what `bundleBuildId` reads back). */
export function withBuildId(source: string, id: string): string {
  return `${source}\n//# mcpCatalogBuild=${id}\n`;
}

/** Where a bundle's shipped cache is: `cli-main.js` → `cli-main.v8cache`. */
export function shippedCachePath(bundlePath: string): string {
  return path.join(path.dirname(bundlePath), `${path.basename(bundlePath, '.js')}.v8cache`);
}

function header(id: string): Buffer {
  return Buffer.from(`${MAGIC} ${id}\n`, 'latin1');
}

/** The V8 data in a cache file made for build `id`, or undefined (none, another build, not a regular file, too large, unreadable). */
export function readShippedCache(file: string, id: string): Buffer | undefined {
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO put in its place must not keep the command waiting for a writer.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch {
    return undefined;
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile() || stat.size > MAX_CACHE_BYTES) return undefined;
    const data = readOpenFile(fd, stat.size);
    const expected = header(id);
    if (data.length <= expected.length || !data.subarray(0, expected.length).equals(expected)) return undefined;
    return data.subarray(expected.length);
  } catch {
    return undefined;
  } finally {
    fs.closeSync(fd);
  }
}

/** What loading gave, for tests and diagnosis: the cache used, refused by V8, or not given to it. */
export type ShippedCacheOutcome = 'used' | 'rejected' | 'none';

/** Run the bundle at `bundlePath` as `node bundlePath` would, with its shipped cache when it is this build's. */
export function runWithShippedCodeCache(bundlePath: string): ShippedCacheOutcome {
  const source = fs.readFileSync(bundlePath, 'utf8');
  const id = bundleBuildId(source);
  const data = id ? readShippedCache(shippedCachePath(bundlePath), id) : undefined;
  const { script, rejected } = compileBundle(bundlePath, source, data);
  runBundle(script, bundlePath);
  return rejected === undefined ? 'none' : rejected ? 'rejected' : 'used';
}

/**
 * For the build only (server/src/cliCodeCacheMaker.ts): run the bundle, which carries its build id,
 * with `args` as its command line and, as the process exits, write what V8 compiled for it to the
 * bundle's cache file (the functions that run compile lazily, so the data holds what such a
 * command needs).
 */
export function makeShippedCodeCache(bundlePath: string, args: readonly string[]): void {
  const source = fs.readFileSync(bundlePath, 'utf8');
  const id = bundleBuildId(source);
  if (!id) throw new Error(`${bundlePath} has no build id`);
  const { script } = compileBundle(bundlePath, source, undefined);
  process.argv = [process.argv[0], bundlePath, ...args];
  process.on('exit', () => fs.writeFileSync(shippedCachePath(bundlePath), Buffer.concat([header(id), script.createCachedData()])));
  runBundle(script, bundlePath);
}
