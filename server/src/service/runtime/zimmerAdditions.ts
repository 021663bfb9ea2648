import type { SelectedServer } from './types';

/**
 * What Zimmer's post-processor adds to every session after AIR writes the server table (SPEC §6.5),
 * so a preview of a root or of all servers shows it, marked as added:
 * 1. `zimmer` — for a root with `default_subagent_roots`, unless an entry named `zimmer` is selected;
 * 2. `zimmer-self-session` — unless a selected `zimmer` / `zimmer-*` entry already covers it
 *    (a selected catalog `zimmer-self-session` is replaced by it);
 * 3. five `ELICITATION_*` variables in every stdio entry's `env`, overriding the catalog's own.
 * Newer Zimmer also stamps every `zimmer` / `zimmer-*` URL with the session it was written for
 * (`session_id=<SESSION_ID>`, in production too; tadasant/zimmer
 * `test/services/claude_mcp_config_post_processor_test.rb`, newest stored version, "post_process!
 * does NOT retarget in production env"), and builds its own URLs' queries with sorted keys.
 * `<BASE>` is the preview's Zimmer URL; the API key and the session id are shown as the placeholders
 * `<KEY>` and `<SESSION_ID>` — a preview never holds a value.
 */

/** The preview setting's default for `<BASE>` (`mcpCatalog.preview.zimmerUrl`, `--zimmer-url`). */
export const DEFAULT_ZIMMER_URL = 'https://zimmer.example.com';
export const API_KEY_PLACEHOLDER = '<KEY>';
export const SESSION_ID_PLACEHOLDER = '<SESSION_ID>';

/** The variables Zimmer writes into every stdio entry's env; a catalog's own values for them are overwritten. */
export const ELICITATION_KEYS = [
  'ELICITATION_REQUEST_URL',
  'ELICITATION_POLL_URL',
  'ELICITATION_PREFER_HTTP_FALLBACK',
  'ELICITATION_TTL_MS',
  'ELICITATION_SESSION_ID',
] as const;

const SELF_SESSION = 'zimmer-self-session';

/** One thing Zimmer adds, for a preview to mark. */
export type ZimmerAddition =
  | { kind: 'server'; server: string; replaces: boolean }
  | { kind: 'env'; server: string; keys: string[]; overrides: string[] }
  | { kind: 'session-id'; server: string };

export interface SessionAdditions {
  /** The selected servers with `zimmer` / `zimmer-self-session` added (or replaced), in table order. */
  servers: SelectedServer[];
  /** The env every stdio entry gets after its npm cache. */
  stdioEnv: Record<string, string>;
  /** What was added, in the order Zimmer adds it. */
  added: ZimmerAddition[];
  /** Sentences for the person reading the preview. */
  notes: string[];
}

/**
 * The session's server table after Zimmer's additions. `subagentRoots` is the previewed root's
 * `default_subagent_roots` (undefined when the preview is not of a root).
 */
export function addZimmerSession(
  selected: readonly SelectedServer[],
  subagentRoots: readonly string[] | undefined,
  zimmerUrl: string | undefined,
): SessionAdditions {
  const base = normaliseBase(zimmerUrl);
  const servers = [...selected];
  const added: ZimmerAddition[] = [];
  const remote = (url: string): Record<string, unknown> => ({ type: 'streamable-http', url, headers: { 'X-API-Key': API_KEY_PLACEHOLDER } });

  // Catalog entries first: Zimmer stamps them while retargeting, its own are built stamped.
  for (const [index, server] of servers.entries()) {
    if (!isZimmerName(server.name) || typeof server.value.url !== 'string' || server.value.url.trim().length === 0) continue;
    servers[index] = { name: server.name, value: { ...server.value, url: withSessionId(server.value.url) } };
    added.push({ kind: 'session-id', server: server.name });
  }
  if (subagentRoots && subagentRoots.length > 0 && !servers.some((server) => server.name === 'zimmer')) {
    servers.push({
      name: 'zimmer',
      value: remote(`${base}/mcp?allowed_agent_roots=${encodeURIComponent(subagentRoots.join(','))}&session_id=${SESSION_ID_PLACEHOLDER}`),
    });
    added.push({ kind: 'server', server: 'zimmer', replaces: false });
  }
  if (!servers.some(coversSelfSession)) {
    const value = remote(`${base}/mcp?session_id=${SESSION_ID_PLACEHOLDER}&tool_groups=self_session`);
    const at = servers.findIndex((server) => server.name === SELF_SESSION);
    if (at >= 0) servers[at] = { name: SELF_SESSION, value };
    else servers.push({ name: SELF_SESSION, value });
    // A replaced catalog entry's stamp went with it.
    const stamp = added.findIndex((addition) => addition.kind === 'session-id' && addition.server === SELF_SESSION);
    if (stamp >= 0) added.splice(stamp, 1);
    added.push({ kind: 'server', server: SELF_SESSION, replaces: at >= 0 });
  }

  const stdioEnv = elicitationEnv(base);
  for (const server of servers) {
    if (server.value.type !== 'stdio') continue;
    added.push({ kind: 'env', server: server.name, keys: [...ELICITATION_KEYS], overrides: overriddenKeys(server.value) });
  }
  return { servers, stdioEnv, added, notes: describeAdditions(added) };
}

/** The five `ELICITATION_*` values for `<BASE>`. */
export function elicitationEnv(base: string): Record<string, string> {
  return {
    ELICITATION_REQUEST_URL: `${base}/api/v1/elicitations`,
    ELICITATION_POLL_URL: `${base}/api/v1/elicitations`,
    ELICITATION_PREFER_HTTP_FALLBACK: 'true',
    ELICITATION_TTL_MS: '3600000',
    ELICITATION_SESSION_ID: SESSION_ID_PLACEHOLDER,
  };
}

/**
 * A selected entry that already gives the session its self-session tools: named `zimmer` or
 * `zimmer-…` (not `zimmer-self-session` itself), with a `url` whose `tool_groups` query is empty
 * or lists `self_session` (SPEC §6.5).
 */
export function coversSelfSession(server: SelectedServer): boolean {
  if (server.name === SELF_SESSION || !isZimmerName(server.name)) return false;
  const url = server.value.url;
  if (typeof url !== 'string') return false;
  const groups = toolGroups(url);
  return groups.length === 0 || groups.includes('self_session');
}

/** Zimmer's own servers by name: `zimmer` and `zimmer-…` (`zimmer_server_name?`). */
function isZimmerName(name: string): boolean {
  return name === 'zimmer' || name.startsWith('zimmer-');
}

/** The URL with `session_id=<SESSION_ID>` added to its query (before any `#fragment`). */
export function withSessionId(url: string): string {
  const hash = url.indexOf('#');
  const [head, fragment] = hash < 0 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  const separator = !head.includes('?') ? '?' : head.endsWith('?') || head.endsWith('&') ? '' : '&';
  return `${head}${separator}session_id=${SESSION_ID_PLACEHOLDER}${fragment}`;
}

/** The `tool_groups` query of a URL as a list (empty when absent or blank); placeholders are left as text. */
function toolGroups(url: string): string[] {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) return [];
  const query = url.slice(queryStart + 1).replace(/#.*$/s, '');
  const value = new URLSearchParams(query).get('tool_groups') ?? '';
  return value
    .split(',')
    .map((group) => group.trim())
    .filter((group) => group.length > 0);
}

function overriddenKeys(value: Record<string, unknown>): string[] {
  const env = value.env;
  if (!env || typeof env !== 'object' || Array.isArray(env)) return [];
  return ELICITATION_KEYS.filter((key) => Object.prototype.hasOwnProperty.call(env, key));
}

/** `https://zimmer.example.com` unless a URL is given; a trailing `/` is dropped so paths join cleanly. */
function normaliseBase(zimmerUrl: string | undefined): string {
  const given = zimmerUrl === undefined || zimmerUrl.trim().length === 0 ? DEFAULT_ZIMMER_URL : zimmerUrl.trim();
  return given.replace(/\/+$/, '') || given;
}

function describeAdditions(added: readonly ZimmerAddition[]): string[] {
  const notes: string[] = [];
  for (const addition of added) {
    if (addition.kind !== 'server') continue;
    notes.push(
      addition.replaces
        ? `Added by Zimmer at prepare: "${addition.server}" replaces the catalog's entry of that name (the API key is shown as ${API_KEY_PLACEHOLDER}).`
        : `Added by Zimmer at prepare: "${addition.server}" (the API key is shown as ${API_KEY_PLACEHOLDER}).`,
    );
  }
  const stamped = added.filter((addition) => addition.kind === 'session-id').map((addition) => `"${addition.server}"`);
  if (stamped.length > 0) notes.push(`Added by Zimmer at prepare: session_id=${SESSION_ID_PLACEHOLDER} in the URL of ${stamped.join(', ')}.`);
  const stdio = added.filter((addition): addition is Extract<ZimmerAddition, { kind: 'env' }> => addition.kind === 'env');
  if (stdio.length > 0) {
    const overriding = stdio.filter((addition) => addition.overrides.length > 0).map((addition) => `"${addition.server}"`);
    notes.push(
      `Added by Zimmer at prepare: ${ELICITATION_KEYS.join(', ')} in the env of ${stdio.map((addition) => `"${addition.server}"`).join(', ')} (the session id is shown as ${SESSION_ID_PLACEHOLDER})${overriding.length > 0 ? `; they override the catalog's own values in ${overriding.join(', ')}` : ''}.`,
    );
  }
  notes.push('This preview shows production behaviour: outside production Zimmer also points zimmer* URLs at the instance that prepares the session.');
  return notes;
}
