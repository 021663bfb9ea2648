/**
 * POSIX shell quoting for the `sh -c` launch shim AIR's Codex adapter writes (SPEC §6.3;
 * pulsemcp/air `packages/extensions/adapter-codex/src/codex-adapter.ts` at af827c59). The shim's
 * text comes from the catalog, which is hostile: every word goes through here, so nothing in it
 * can end a quote, start a command or expand.
 */

/** One literal word for any text: wrapped in `'…'`, each `'` written as `'\''`. */
export function singleQuoted(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** Text that stays literal inside `"…"`: `\`, `"`, `` ` `` and `$` escaped with a backslash. */
export function escapedForDoubleQuotes(text: string): string {
  return text.replace(/[\\"`$]/g, '\\$&');
}
