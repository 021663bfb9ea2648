import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { put } from '../jsonValues';
import { mcpJsonEntry, mcpJsonText } from './claude';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Pi's `.mcp.json` (SPEC §6.3): Claude's shape plus a per-entry `requestTimeoutMs`. Pi's key
 * budgets every request, not just the start, so Zimmer only ever lengthens it: a valid declaration
 * of at least 180 s is written, a shorter one is dropped; otherwise stdio gets 180000 and remote
 * nothing. An entry that already carries `requestTimeoutMs` keeps it and nothing is added.
 */

export const PI_FILE = '.mcp.json';

export function generatePi(input: GeneratorInput): GeneratorOutput {
  const servers: Record<string, unknown> = {};
  for (const server of input.servers) {
    const entry = mcpJsonEntry(server, input.npmCaches.get(server.name), input.stdioEnv);
    const timeout = piRequestTimeoutMs(server);
    if (timeout !== undefined) entry.requestTimeoutMs = timeout;
    put(servers, server.name, entry);
  }
  return { files: [{ path: PI_FILE, content: mcpJsonText(servers) }], env: {}, warnings: [] };
}

/** The entry's `requestTimeoutMs`: its own (as written), the lengthened declaration, or the stdio default. */
export function piRequestTimeoutMs(server: SelectedServer): unknown {
  const value = server.value;
  if (value.requestTimeoutMs !== undefined) return value.requestTimeoutMs;
  const declared = validTimeout(value.startup_timeout_sec);
  if (declared !== undefined && declared >= DEFAULT_TIMEOUT_SEC) return declared * 1000;
  return value.type === 'stdio' ? DEFAULT_TIMEOUT_SEC * 1000 : undefined;
}
