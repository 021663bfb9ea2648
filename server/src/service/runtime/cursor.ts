import { put, stringMap } from '../jsonValues';
import { mcpJsonText } from './claude';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Cursor's `.cursor/mcp.json` (SPEC §6.6), as AIR's Cursor adapter writes it (pulsemcp/air
 * `packages/extensions/adapter-cursor/src/cursor-adapter.ts` at e5aca89e, `translateMcpServer`):
 * stdio → `{command, args?, env?}`, remote → `{url, headers?}` (non-empty only; no `type`, no
 * `oauth` — Cursor authorizes interactively). Every `${VAR}` in `command`, `args`, `env`, `url` and
 * `headers` becomes Cursor's `${env:VAR}`, except one already spelled `env:` and Cursor's built-in
 * variables. Zimmer runs no Cursor sessions, so nothing is added at prepare.
 */

export const CURSOR_FILE = '.cursor/mcp.json';

/** Cursor's own `${…}` tokens: not environment variables, left as written. */
const CURSOR_BUILT_INS: ReadonlySet<string> = new Set(['userHome', 'workspaceFolder', 'workspaceFolderBasename', 'pathSeparator']);

export function generateCursor(input: GeneratorInput): GeneratorOutput {
  const servers: Record<string, unknown> = {};
  for (const server of input.servers) put(servers, server.name, cursorEntry(server));
  return { files: [{ path: CURSOR_FILE, content: mcpJsonText(servers) }], env: {}, warnings: [] };
}

export function cursorEntry(server: SelectedServer): Record<string, unknown> {
  const value = server.value;
  if (value.type === 'stdio') {
    const entry: Record<string, unknown> = { command: cursorVariables(value.command) };
    if (Array.isArray(value.args) && value.args.length > 0) entry.args = value.args.map(cursorVariables);
    const env = rewrittenMap(value.env);
    if (env) entry.env = env;
    return entry;
  }
  const entry: Record<string, unknown> = { url: cursorVariables(value.url) };
  const headers = rewrittenMap(value.headers);
  if (headers) entry.headers = headers;
  return entry;
}

function rewrittenMap(value: unknown): Record<string, string> | undefined {
  const pairs = stringMap(value);
  if (!pairs || pairs.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const [key, text] of pairs) put(out, key, cursorVariables(text));
  return out;
}

/** `${VAR}` → `${env:VAR}` for every `${…}` (whatever is inside, as the adapter matches it). */
export function cursorVariables<T>(value: T): T {
  if (typeof value !== 'string') return value;
  return value.replace(/\$\{([^}]+)\}/g, (whole, inner: string) => (inner.startsWith('env:') || CURSOR_BUILT_INS.has(inner) ? whole : `\${env:${inner}}`)) as T;
}
