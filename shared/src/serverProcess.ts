/**
 * How an editor starts the language server's Node process (bench/NOTES.md, "Peak memory" and
 * "Start-up"); the benchmark starts the server with the same flags, as the extension does.
 *
 * - V8's own young generation (no `--max-semi-space-size=1` any more): a check builds the whole
 *   tree of the document, which outlives the young generation, and scavenging it 1 MB at a time
 *   doubled the check's CPU time at 10,000 servers (in process, one run: 1,312 against 614 ms).
 * - `--v8-pool-size=1`: one V8 background thread instead of one per core. The server's first checks
 *   run while V8 compiles its hot functions in the background, and on a two-core machine four such
 *   threads competed with the server and with the editor itself: cold start and the first reopen
 *   at 1,000 servers 10–24 % faster, at 10,000 7–11 %, 50,000 unchanged, for ~0.5 MB of peak memory.
 * - `--interrupt-budget=270336` (four times V8's default): a function runs four times as long before
 *   V8 optimises it, so a session's first checks start fewer optimising compiles, whose memory was
 *   most of the server's peak at 1,000 servers (without any, the peak was 7 MB lower). Alternating
 *   with the default: peak memory at 1,000 servers 59.0 → 55.4 MB, and no latency worse (10,000
 *   servers' open 102 → 96 ms, cold start 188 → 179; eight times the default made that open slower,
 *   113 ms; the history of bench/NOTES.md).
 * - `--heap-growing-percent=30`: after a full collection V8 lets the old generation grow by 30 %
 *   before the next one, instead of up to four times when the program allocates fast. Every
 *   keystroke in a big catalog leaves a flattened copy of the whole text (the document's own
 *   update) and the re-check's garbage in the old generation; with V8's factor fifteen keystrokes
 *   at 10,000 servers took the session's peak from ~145 to ~270 MB before it collected. Alternating,
 *   three rounds each (bench/NOTES.md "Memory while typing"): peak 269 → 176 MB at 10,000 servers,
 *   cold start and its CPU time unchanged, a keystroke within the noise; 50,000 servers' cold start
 *   unchanged; 1,000 servers unchanged (their peak is the young generation and compiled code).
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--v8-pool-size=1', '--interrupt-budget=270336', '--heap-growing-percent=30'];

/**
 * Environment the editor adds for the server process, each variable only when the user's own
 * environment does not set it. `MALLOC_ARENA_MAX=1`: glibc gives each thread that allocates its
 * own malloc arena, and V8's background threads (garbage collector, compilers) each touched one —
 * ~3 MB of the server's peak resident memory at 1,000 servers for no measured speed
 * (bench/NOTES.md "Peak memory"). glibc reads it when the process starts; other C libraries
 * ignore it.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: '1' };

/**
 * Names the variables the editor added (comma-separated), so the server forgets them at start-up
 * (`forgetAddedEnvironment`): what it reads of the process environment for placeholders
 * (`mcpCatalog.readProcessEnv`) stays the user's.
 */
export const ADDED_ENV_VARIABLE = 'MCP_CATALOG_ADDED_ENV';

/** The variables to add to the server's environment, given the environment it would inherit. */
export function addedServerEnvironment(inherited: Readonly<Record<string, string | undefined>>): Record<string, string> {
  const added: Record<string, string> = {};
  for (const [name, value] of Object.entries(SERVER_ENV)) if (inherited[name] === undefined) added[name] = value;
  const names = Object.keys(added);
  if (names.length > 0) added[ADDED_ENV_VARIABLE] = names.join(',');
  return added;
}

/** At the server's start: remove what the editor added (only names of SERVER_ENV), and the list itself. */
export function forgetAddedEnvironment(env: Record<string, string | undefined>): void {
  const listed = env[ADDED_ENV_VARIABLE];
  delete env[ADDED_ENV_VARIABLE];
  if (!listed) return;
  for (const name of listed.split(',')) if (Object.prototype.hasOwnProperty.call(SERVER_ENV, name)) delete env[name];
}
