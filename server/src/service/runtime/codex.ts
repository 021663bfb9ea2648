import { stringify } from 'smol-toml';
import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { toolNameCollisions } from '../codexNames';
import { put } from '../jsonValues';
import { CODEX_FILE, codexAdapterTable, codexOAuthCallbackUrl } from './codexAdapter';
import { NPM_CACHE_VARIABLE, npmCacheAssignments } from './npmCache';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Codex's `.codex/config.toml` (SPEC §6.3, §6.5, §6.6): the tables AIR's Codex adapter builds
 * (codexAdapter.ts), then what Zimmer's `CodexConfigTomlPostProcessor` does to them at prepare
 * (tadasant/zimmer `app/services/codex_config_toml_post_processor.rb` at 015edcd2): the npm cache on
 * `npx` launches, `startup_timeout_sec`, and for a session the `ELICITATION_*` variables written
 * literally (their forwarding dropped) and `SSH_PRIVATE_KEY_PATH` forwarded to every launch.
 * smol-toml writes the text: it quotes every key that is not bare and escapes every string.
 */

export { CODEX_FILE };

/** Forwarded to every launch when the instance has an operator SSH key (a path, never key material). */
export const SSH_KEY_PATH_VARIABLE = 'SSH_PRIVATE_KEY_PATH';

export function generateCodex(input: GeneratorInput): GeneratorOutput {
  const warnings: string[] = [];
  const tables = new Map<string, Record<string, unknown>>();
  const shimmedNpx: string[] = [];
  for (const server of input.servers) {
    const { table, shimmedKeys } = codexAdapterTable(server, warnings);
    tables.set(server.name, table);
    if (shimmedKeys.length > 0 && server.value.command === 'npx') shimmedNpx.push(server.name);
  }
  const callbackUrl = codexOAuthCallbackUrl(input.servers, warnings);

  // Zimmer's rules match the written table: a shimmed launch's command is `sh`, not `npx`.
  const launches: SelectedServer[] = [...tables].map(([name, table]) => ({ name, value: { type: 'stdio', ...table } }));
  const caches = npmCacheAssignments(
    launches.filter((launch) => typeof launch.value.command === 'string'),
    input.clonePath,
  );
  for (const name of shimmedNpx) {
    warnings.push(
      `"${name}": AIR wraps this npx launch in an \`sh -c\` shim (for a renamed or partial env reference), so its command is \`sh\` and Zimmer's npm cache for npx servers (${NPM_CACHE_VARIABLE}) no longer reaches it.`,
    );
  }

  const servers: Record<string, unknown> = {};
  const sshForwarded: string[] = [];
  for (const server of input.servers) {
    const table = tables.get(server.name)!;
    const launch = typeof table.command === 'string' && table.command.trim().length > 0;
    const cache = caches.get(server.name);
    if (cache !== undefined) writeLiteralEnv(table, { [NPM_CACHE_VARIABLE]: cache });
    if (launch && input.session) {
      writeLiteralEnv(table, input.session.stdioEnv);
      forward(table, SSH_KEY_PATH_VARIABLE);
      sshForwarded.push(`"${server.name}"`);
    }
    const declared = validTimeout(server.value.startup_timeout_sec);
    // A valid declaration is written whether longer or shorter; otherwise only a launch (a non-blank
    // command, as Zimmer's `blank?` judges it) gets the default.
    if (declared !== undefined) table.startup_timeout_sec = declared;
    else if (launch) table.startup_timeout_sec = DEFAULT_TIMEOUT_SEC;
    put(servers, server.name, table);
  }
  warnings.push(...toolNameCollisions(input.servers.map((server) => server.name)));
  return {
    files: [{ path: CODEX_FILE, content: codexToml(servers, callbackUrl) }],
    env: {},
    warnings,
    notes: codexNotes(servers, sshForwarded, !!input.session),
  };
}

/** What Zimmer's Codex post-processor does beyond the table the preview shows. */
function codexNotes(servers: Record<string, unknown>, sshForwarded: readonly string[], session: boolean): string[] {
  if (!session) return [];
  const notes: string[] = [];
  if (sshForwarded.length > 0) {
    notes.push(
      `Added by Zimmer at prepare: ${SSH_KEY_PATH_VARIABLE} in env_vars of ${sshForwarded.join(', ')} — when the instance has an operator SSH key (the variable holds its path, never key material).`,
    );
  }
  const forwards = Object.values(servers).some((table) => {
    const fields = table as Record<string, unknown>;
    return (Array.isArray(fields.env_vars) && fields.env_vars.some((name) => name !== SSH_KEY_PATH_VARIABLE)) || fields.env_http_headers !== undefined;
  });
  if (forwards) {
    notes.push(
      'At prepare Zimmer moves each forwarded variable it holds itself (its encrypted credentials) out of env_vars / env_http_headers into env / http_headers with the value; this preview keeps the names.',
    );
  }
  return notes;
}

/**
 * Values Zimmer writes into the literal `env` table, each dropping a forwarding rule of the same
 * name (`drop_forwarded_env_var!`: two sources for one variable would leave Codex to choose).
 */
function writeLiteralEnv(table: Record<string, unknown>, values: Readonly<Record<string, string>>): void {
  const env = (table.env as Record<string, string> | undefined) ?? {};
  for (const [name, value] of Object.entries(values)) {
    put(env, name, value);
    if (Array.isArray(table.env_vars)) {
      const rest = (table.env_vars as string[]).filter((variable) => variable !== name);
      if (rest.length > 0) table.env_vars = rest;
      else delete table.env_vars;
    }
  }
  table.env = env;
}

/** `env_vars | [name]`: forwarded from the host, added once at the end. */
function forward(table: Record<string, unknown>, name: string): void {
  const forwarded = Array.isArray(table.env_vars) ? (table.env_vars as string[]) : [];
  if (!forwarded.includes(name)) table.env_vars = [...forwarded, name];
}

/** The TOML text: the global callback URL, then one table per server; empty when nothing is selected. */
export function codexToml(servers: Record<string, unknown>, callbackUrl?: string): string {
  if (Object.keys(servers).length === 0) return '';
  const document: Record<string, unknown> = {};
  if (callbackUrl !== undefined) document.mcp_oauth_callback_url = callbackUrl;
  document.mcp_servers = servers;
  const text = stringify(tomlSafe(document)).replace(/^\[mcp_servers\]\n/m, '');
  return `${text}\n`;
}

/**
 * TOML cannot hold a lone UTF-16 surrogate (it is not a Unicode scalar value; smol-toml would write
 * `\ud800`, which Codex's parser rejects): such a code unit, in a key or a value, becomes U+FFFD
 * so the file stays valid.
 */
function tomlSafe(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');
  if (Array.isArray(value)) return value.map(tomlSafe);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(value)) put(out, tomlSafe(key) as string, tomlSafe(field));
    return out;
  }
  return value;
}
