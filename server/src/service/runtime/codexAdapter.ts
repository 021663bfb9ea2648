import { put, stringMap } from '../jsonValues';
import { escapedForDoubleQuotes, singleQuoted } from './shellWords';
import type { SelectedServer } from './types';

/**
 * The `[mcp_servers.<name>]` table AIR's Codex adapter writes (SPEC §6.3, §6.6; pulsemcp/air
 * `packages/extensions/adapter-codex/src/codex-adapter.ts` at af827c59, `translateMcpServer`):
 * built from scratch out of the known fields, so a catalog's own Codex keys never reach Codex.
 * Codex reads variables by name and interpolates nothing, so each `${…}` becomes a forwarding
 * rule, a launch shim, or stays literal with the warning AIR prints. What Zimmer does to the
 * table afterwards lives in codex.ts.
 */

export const CODEX_FILE = '.codex/config.toml';

/** A value that is exactly one `${…}` (whatever is inside, as the adapter matches it). */
const WHOLE_REFERENCE = /^\$\{([^}]+)\}$/;
/** A value holding a `${…}` anywhere. */
const HAS_REFERENCE = /\$\{[^}]+\}/;
/** The only names the adapter lets into the shim: anything else could carry shell syntax (`${X:-$(cmd)}`). */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** `Authorization: Bearer ${X}`, which Codex sends itself from `bearer_token_env_var`. */
const BEARER_REFERENCE = /^Bearer\s+\$\{([^}]+)\}$/;

function references(text: string): string[] {
  return [...text.matchAll(/\$\{([^}]+)\}/g)].map((match) => match[1]);
}

export interface CodexAdapterTable {
  table: Record<string, unknown>;
  /** The env keys rebound in a `sh -c` shim (the launch's command is then `sh`). */
  shimmedKeys: string[];
}

export function codexAdapterTable(server: SelectedServer, warnings: string[]): CodexAdapterTable {
  return server.value.type === 'stdio' ? stdioTable(server, warnings) : { table: remoteTable(server, warnings), shimmedKeys: [] };
}

/**
 * stdio: a whole-value same-name reference is forwarded (`env_vars`); a renamed or partial one
 * is rebound in a `sh -c` shim right before `exec`, its source names forwarded; a literal goes
 * to `env`. A key or reference that is not a plain name stays literal, warned.
 */
function stdioTable(server: SelectedServer, warnings: string[]): CodexAdapterTable {
  const { name, value } = server;
  const env: Record<string, string> = {};
  // A Set keeps insertion order: each name forwarded once, in first-seen order, without a quadratic scan.
  const forwarded = new Set<string>();
  const rebindings: string[] = [];
  const shimmedKeys: string[] = [];
  const forward = (variable: string): void => {
    forwarded.add(variable);
  };
  for (const [key, text] of stringMap(value.env) ?? []) {
    const whole = WHOLE_REFERENCE.exec(text);
    if (whole && whole[1] === key) forward(key);
    else if (!HAS_REFERENCE.test(text)) put(env, key, text);
    else if (PLAIN_NAME.test(key) && references(text).every((reference) => PLAIN_NAME.test(reference))) {
      rebindings.push(`${key}="${shellDoubleQuoted(text)}"`);
      shimmedKeys.push(key);
      for (const reference of references(text)) forward(reference);
    } else {
      warnings.push(
        `"${name}": env \`${key}\` cannot be forwarded: the key or a \`\${…}\` in its value is not a plain variable name ([A-Za-z_][A-Za-z0-9_]*), so AIR writes the value to ${CODEX_FILE} as written (never into a shell) and Codex passes the literal text. Use plain references such as "\${OTHER}".`,
      );
      put(env, key, text);
    }
  }

  const table: Record<string, unknown> = {};
  const command = value.command;
  const args = Array.isArray(value.args) ? (value.args as unknown[]).filter((arg): arg is string => typeof arg === 'string') : undefined;
  if (rebindings.length > 0 && typeof command === 'string' && command.length > 0) {
    const words = [command, ...(args ?? [])].map(singleQuoted).join(' ');
    table.command = 'sh';
    table.args = ['-c', `${rebindings.join(' ')} exec ${words}`];
  } else {
    if (rebindings.length > 0) {
      warnings.push(
        `"${name}": env ${shimmedKeys.map((key) => `\`${key}\``).join(', ')} need AIR's launch shim, but there is no command to wrap, so AIR leaves them out.`,
      );
      shimmedKeys.length = 0;
    }
    table.command = command;
    if (args && args.length > 0) table.args = args;
  }
  if (forwarded.size > 0) table.env_vars = [...forwarded];
  if (Object.keys(env).length > 0) table.env = env;
  return { table, shimmedKeys };
}

/** The shim's value: literal runs escaped for `"…"`, each `${NAME}` left for the sub-shell to expand. */
function shellDoubleQuoted(text: string): string {
  let body = '';
  let last = 0;
  for (const match of text.matchAll(/\$\{([^}]+)\}/g)) {
    body += `${escapedForDoubleQuotes(text.slice(last, match.index))}\${${match[1]}}`;
    last = match.index + match[0].length;
  }
  return body + escapedForDoubleQuotes(text.slice(last));
}

/**
 * Remote (sse and streamable-http alike): `url`; a whole-value header reference (renamed or not)
 * → `env_http_headers`; `Authorization: Bearer ${X}` → `bearer_token_env_var`; any other partial
 * header stays literal, warned; `oauth.clientId` → the `oauth` table, the fields Codex has no
 * slot for warned and dropped. Remote `env` is dropped.
 */
function remoteTable(server: SelectedServer, warnings: string[]): Record<string, unknown> {
  const { name, value } = server;
  const table: Record<string, unknown> = { url: value.url };
  const literal: Record<string, string> = {};
  const byVariable: Record<string, string> = {};
  let bearer: string | undefined;
  for (const [header, text] of stringMap(value.headers) ?? []) {
    const whole = WHOLE_REFERENCE.exec(text);
    const bearerMatch = BEARER_REFERENCE.exec(text);
    if (whole) put(byVariable, header, whole[1]);
    else if (!HAS_REFERENCE.test(text)) put(literal, header, text);
    else if (header.toLowerCase() === 'authorization' && bearerMatch) bearer = bearerMatch[1];
    else {
      warnings.push(
        `"${name}": header \`${header}\` has a \`\${…}\` inside a larger value, which Codex cannot forward (only a whole-value reference or "Authorization: Bearer \${VAR}"), so AIR writes it to http_headers as written and Codex sends the literal \`\${…}\`.`,
      );
      put(literal, header, text);
    }
  }
  if (Object.keys(literal).length > 0) table.http_headers = literal;
  if (Object.keys(byVariable).length > 0) table.env_http_headers = byVariable;
  if (bearer) table.bearer_token_env_var = bearer;

  const oauth = objectField(value.oauth);
  if (oauth) {
    if (oauth.clientId) table.oauth = { client_id: oauth.clientId };
    const dropped = [
      Array.isArray(oauth.scopes) && oauth.scopes.length > 0 ? 'scopes' : undefined,
      oauth.clientSecret ? 'clientSecret' : undefined,
      oauth.authServerMetadataUrl ? 'authServerMetadataUrl' : undefined,
    ].filter((field): field is string => field !== undefined);
    if (dropped.length > 0) {
      warnings.push(
        `"${name}": ${dropped.map((field) => `oauth.${field}`).join(', ')} ${dropped.length === 1 ? 'has' : 'have'} no Codex equivalent and ${dropped.length === 1 ? 'is' : 'are'} dropped: Codex's per-server oauth table takes only client_id (the callback URL is global).`,
      );
    }
  }
  return table;
}

/**
 * Codex's one top-level `mcp_oauth_callback_url`: the first `oauth.redirectUri` among the written
 * servers; later distinct ones are dropped with AIR's warning (`collectOAuthCallbackUrl`).
 */
export function codexOAuthCallbackUrl(servers: readonly SelectedServer[], warnings: string[]): string | undefined {
  const distinct = new Set<string>();
  for (const server of servers) {
    const uri = objectField(server.value.oauth)?.redirectUri;
    if (typeof uri === 'string' && uri.length > 0) distinct.add(uri);
  }
  const uris = [...distinct];
  if (uris.length > 1) {
    warnings.push(
      `Servers declare different oauth.redirectUri values (${uris.map((uri) => `"${uri}"`).join(', ')}), but Codex honours one top-level mcp_oauth_callback_url: AIR writes "${uris[0]}" and drops the rest.`,
    );
  }
  return uris[0];
}

function objectField(value: unknown): Record<string, unknown> | undefined {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}
