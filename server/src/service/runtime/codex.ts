import { stringify } from 'smol-toml';
import { findPlaceholders } from '../placeholders';
import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { toolNameCollisions } from '../codexNames';
import { put, stringMap } from '../jsonValues';
import { envWithNpmCache } from './npmCache';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Codex's `.codex/config.toml` (SPEC §6.3, §10): one `[mcp_servers.<name>]` table per server,
 * written by smol-toml (which quotes names that are not bare keys). Codex reads a variable by name
 * instead of interpolating it, so a whole-value same-name reference becomes `env_vars` (stdio) and
 * a whole-value header reference becomes `env_http_headers` (remote). `oauth` and a remote
 * entry's `env` have no Codex equivalent and are dropped; `sse` entries are written as url tables.
 */

export const CODEX_FILE = '.codex/config.toml';

/** Codex's own keys on an entry: they pass through as written (SPEC §10). */
const CODEX_NATIVE_KEYS = ['startup_timeout_ms', 'tool_timeout_sec', 'enabled'] as const;

export function generateCodex(input: GeneratorInput): GeneratorOutput {
  const warnings: string[] = [];
  const servers: Record<string, unknown> = {};
  for (const server of input.servers) put(servers, server.name, codexTable(server, input.npmCaches.get(server.name), warnings, input.stdioEnv));
  warnings.push(...toolNameCollisions(input.servers.map((server) => server.name)));
  return { files: [{ path: CODEX_FILE, content: codexToml(servers) }], env: {}, warnings };
}

/** The TOML text; the empty `[mcp_servers]` header smol-toml writes before the sub-tables is left out. */
function codexToml(servers: Record<string, unknown>): string {
  if (Object.keys(servers).length === 0) return '';
  const text = stringify({ mcp_servers: servers });
  return `${text.startsWith('[mcp_servers]\n') ? text.slice('[mcp_servers]\n'.length) : text}\n`;
}

export function codexTable(
  server: SelectedServer,
  npmCache: string | undefined,
  warnings: string[],
  stdioEnv?: Readonly<Record<string, string>>,
): Record<string, unknown> {
  const value = server.value;
  const table: Record<string, unknown> = {};
  const remote = value.type !== 'stdio';
  if (!remote) {
    table.command = value.command;
    if (value.args !== undefined) table.args = value.args;
    const env = envWithNpmCache(value.env, npmCache, stdioEnv);
    if (env !== undefined) {
      const { literal, byName } = splitReferences(Object.entries(env), (key, name) => key === name);
      if (byName.length > 0) table.env_vars = byName.map(([key]) => key);
      // An `env` that held only references is replaced by `env_vars`; an empty one is kept as written.
      if (literal.length > 0 || byName.length === 0) table.env = fromEntries(literal);
    }
  } else {
    table.url = value.url;
    const headers = stringMap(value.headers);
    if (headers !== undefined) {
      const { literal, byName } = splitReferences(headers, () => true);
      if (literal.length > 0 || byName.length === 0) table.http_headers = fromEntries(literal);
      if (byName.length > 0) table.env_http_headers = fromEntries(byName);
    }
  }

  const hasOwnStartup = value.startup_timeout_ms !== undefined;
  const declared = validTimeout(value.startup_timeout_sec);
  // A valid declaration is written whether longer or shorter; otherwise only stdio gets the default.
  if (!hasOwnStartup && declared !== undefined) table.startup_timeout_sec = declared;
  else if (!hasOwnStartup && !remote) table.startup_timeout_sec = DEFAULT_TIMEOUT_SEC;

  for (const key of CODEX_NATIVE_KEYS) {
    if (value[key] === undefined) continue;
    if (isTomlValue(value[key])) table[key] = value[key];
    else warnings.push(`"${server.name}": \`${key}\` holds a value TOML cannot represent (null), so it is left out of ${CODEX_FILE}.`);
  }
  return table;
}

/**
 * Split `[key, value]` pairs into literals and whole-value references `"${NAME}"` (no default) that
 * `accept` allows; references map to `[key, NAME]`.
 */
function splitReferences(
  pairs: [string, string][],
  accept: (key: string, name: string) => boolean,
): { literal: [string, string][]; byName: [string, string][] } {
  const literal: [string, string][] = [];
  const byName: [string, string][] = [];
  for (const [key, text] of pairs) {
    const name = wholeValueReference(text);
    if (name !== undefined && accept(key, name)) byName.push([key, name]);
    else literal.push([key, text]);
  }
  return { literal, byName };
}

/** `NAME` when the whole string is exactly `${NAME}`. */
export function wholeValueReference(text: string): string | undefined {
  const [only] = findPlaceholders(text);
  if (!only || only.kind !== 'variable' || only.hasDefault || only.index !== 0 || only.end !== text.length) return undefined;
  return only.name;
}

function fromEntries(pairs: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, text] of pairs) put(out, key, text);
  return out;
}

/** TOML has no null; an array holding one cannot be written at all. */
function isTomlValue(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.every(isTomlValue);
  if (typeof value === 'object') return Object.values(value as Record<string, unknown>).every(isTomlValue);
  return true;
}
