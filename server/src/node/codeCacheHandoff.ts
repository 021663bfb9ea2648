/**
 * What the loader (server/src/serverLoader.ts) hands the server bundle about the V8 code cache:
 * the loader runs before the connection exists, so it leaves its outcome on a global the server
 * reads when it can log, and the means to write the cache once the server has done its first real
 * work (bench/NOTES.md, "Start-up"). Without the loader (the compiled tests, `node
 * dist/server-main.js`) there is no handoff and nothing happens.
 */

export interface CodeCacheHandoff {
  /** One line for the verbose log: the cache used, rejected, absent or refused, and why (path shown). */
  readonly loaded: string;
  /** Write the cache if it should be (at most once); the line to log, or undefined when nothing was to be done. */
  persist(): string | undefined;
}

const KEY = Symbol.for('mcp-catalog.codeCache');

/**
 * After the first check: long enough for the functions that check compiled to be in the data,
 * and off the path of the first diagnostics. Unref'ed: it never keeps a stopping server alive.
 */
const PERSIST_DELAY_MS = 500;

export function handOff(handoff: CodeCacheHandoff): void {
  (globalThis as Record<symbol, unknown>)[KEY] = handoff;
}

export function codeCacheHandoff(): CodeCacheHandoff | undefined {
  return (globalThis as Record<symbol, CodeCacheHandoff | undefined>)[KEY];
}

let scheduled = false;

/** Called after every check; the first schedules the cache's write, the others do nothing. */
export function persistCodeCacheSoon(log: (message: string) => void): void {
  const handoff = codeCacheHandoff();
  if (scheduled || !handoff) return;
  scheduled = true;
  setTimeout(() => {
    const message = handoff.persist();
    if (message) log(message);
  }, PERSIST_DELAY_MS).unref();
}
