import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { put } from '../jsonValues';
import { mcpJsonText } from './claude';
import { envWithNpmCache, npmCacheAssignments } from './npmCache';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Pi's `.mcp.json` (SPEC §6.3): written by Zimmer itself, since AIR's Pi adapter is skills-only
 * (tadasant/zimmer `app/services/pi_mcp_config_post_processor.rb` at 06cda448,
 * `catalog_entry_for` and `apply_startup_timeouts!`). Each entry is built from the catalog's known
 * fields: stdio → `{type: "stdio", command, args?, env?}` (non-empty only); remote → `{type:
 * "http", url, headers}` with `headers` always present and `sse` kept as the type; no `oauth`.
 * `requestTimeoutMs` budgets every request, so Zimmer only ever lengthens it.
 */

export const PI_FILE = '.mcp.json';

export function generatePi(input: GeneratorInput): GeneratorOutput {
  const warnings: string[] = [];
  const caches = npmCacheAssignments(input.servers, input.clonePath);
  const servers: Record<string, unknown> = {};
  for (const server of input.servers) {
    const entry = piEntry(server);
    if (!entry) {
      warnings.push(`"${server.name}" is left out of Pi's ${PI_FILE}: ${server.value.type === 'stdio' ? 'no command' : 'no url'}, so Zimmer skips it.`);
      continue;
    }
    if (server.value.type === 'stdio') {
      const env = envWithNpmCache(entry.env, caches.get(server.name), input.session?.stdioEnv);
      if (env !== undefined) entry.env = env;
    }
    const timeout = piRequestTimeoutMs(server);
    if (timeout !== undefined) entry.requestTimeoutMs = timeout;
    put(servers, server.name, entry);
  }
  return { files: [{ path: PI_FILE, content: mcpJsonText(servers) }], env: {}, warnings };
}

/** The entry Zimmer seeds from the catalog; undefined for a blank `command` or `url`. */
function piEntry(server: SelectedServer): Record<string, unknown> | undefined {
  const value = server.value;
  if (value.type === 'stdio') {
    if (isBlank(value.command)) return undefined;
    const entry: Record<string, unknown> = { type: 'stdio', command: value.command };
    if (Array.isArray(value.args) && value.args.length > 0) entry.args = value.args;
    if (isNonEmptyObject(value.env)) entry.env = value.env;
    return entry;
  }
  if (isBlank(value.url)) return undefined;
  const headers = isNonEmptyObject(value.headers) ? value.headers : {};
  return { type: value.type === 'sse' ? 'sse' : 'http', url: value.url, headers };
}

/** A declared value above 180 s → its milliseconds (any transport); otherwise stdio → 180000, remote → none. */
export function piRequestTimeoutMs(server: SelectedServer): number | undefined {
  const declared = validTimeout(server.value.startup_timeout_sec);
  if (declared !== undefined && declared > DEFAULT_TIMEOUT_SEC) return declared * 1000;
  return server.value.type === 'stdio' ? DEFAULT_TIMEOUT_SEC * 1000 : undefined;
}

function isBlank(value: unknown): boolean {
  return typeof value !== 'string' || value.trim().length === 0;
}

function isNonEmptyObject(value: unknown): value is Record<string, unknown> {
  return !!value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 0;
}
