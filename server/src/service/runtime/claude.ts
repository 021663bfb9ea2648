import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { put } from '../jsonValues';
import { envWithNpmCache, NPM_CACHE_VARIABLE, npmCacheAssignments, sharedNpmCache } from './npmCache';
import { SSH_KEY_PATH_VARIABLE } from './codex';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Claude Code's `.mcp.json` (SPEC §6.3, §10): `{"mcpServers": {…}}`, 2-space JSON, as AIR's Claude
 * adapter writes it (pulsemcp/air `packages/extensions/adapter-claude/src/claude-adapter.ts`,
 * `translateMcpServersByShort`). stdio → `{command, args?, env?}`; remote → `{type, url, headers?,
 * oauth?}` with `streamable-http` written as `http`. Then Zimmer (`ClaudeMcpConfigPostProcessor`,
 * `ClaudeSpawnEnv`): the agent process gets `MCP_TIMEOUT`, the clone's shared npm cache and
 * `ENABLE_TOOL_SEARCH`; and, as on every runtime, each npx entry gets its cache written into its own
 * `env` (zimmer `test/services/npx_cache_isolator_test.rb`, `cache_dirs_for`: "every npx entry must
 * now get an answer" — a config relying on the inherited variable is the wrong shape, Zimmer's docs say).
 */

export const CLAUDE_FILE = '.mcp.json';

/** Zimmer's default for its MCP tool search setting: tool schemas load on demand (`claude_spawn_env.rb`). */
export const TOOL_SEARCH_DEFAULT = 'true';

export function generateClaude(input: GeneratorInput): GeneratorOutput {
  const caches = npmCacheAssignments(input.servers, input.clonePath);
  const servers: Record<string, unknown> = {};
  let launches = false;
  for (const server of input.servers) {
    const entry = mcpJsonEntry(server);
    if (server.value.type === 'stdio') {
      launches = true;
      const env = envWithNpmCache(entry.env, caches.get(server.name), input.session?.stdioEnv);
      if (env !== undefined) entry.env = env;
    }
    put(servers, server.name, entry);
  }
  return {
    files: [{ path: CLAUDE_FILE, content: mcpJsonText(servers) }],
    env: {
      MCP_TIMEOUT: String(claudeStartupTimeoutMs(input.servers)),
      [NPM_CACHE_VARIABLE]: sharedNpmCache(input.clonePath),
      ENABLE_TOOL_SEARCH: TOOL_SEARCH_DEFAULT,
    },
    warnings: [],
    notes: input.session && launches ? [OPERATOR_SSH_KEY_NOTE] : [],
  };
}

/**
 * Zimmer exports `SSH_PRIVATE_KEY_PATH` on the agent process (`CliSpawnEnv#apply_operator_ssh_key`)
 * and Claude hands each stdio server its own environment, so that is how the key reaches them
 * (zimmer `app/services/codex_config_toml_post_processor.rb` @ 015edcd2, `forward_operator_ssh_key!`).
 */
const OPERATOR_SSH_KEY_NOTE = `Added by Zimmer at prepare: ${SSH_KEY_PATH_VARIABLE} in the agent process's environment, which every stdio server inherits — when the instance has an operator SSH key (the variable holds its path, never key material).`;

/** `MCP_TIMEOUT` = 1000 × max(180, every valid declared `startup_timeout_sec`). */
export function claudeStartupTimeoutMs(servers: readonly SelectedServer[]): number {
  let seconds = DEFAULT_TIMEOUT_SEC;
  for (const server of servers) seconds = Math.max(seconds, validTimeout(server.value.startup_timeout_sec) ?? 0);
  return seconds * 1000;
}

export function mcpJsonText(servers: Record<string, unknown>): string {
  return `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
}

/** One server as AIR's Claude adapter writes it; placeholders stay as written. */
export function mcpJsonEntry(server: SelectedServer): Record<string, unknown> {
  const value = server.value;
  const out: Record<string, unknown> = {};
  if (value.type === 'stdio') {
    out.command = value.command;
    if (value.args !== undefined) out.args = value.args;
    if (value.env !== undefined) out.env = value.env;
    return out;
  }
  out.type = value.type === 'streamable-http' ? 'http' : value.type;
  out.url = value.url;
  if (value.headers !== undefined) out.headers = value.headers;
  if (value.oauth && typeof value.oauth === 'object' && !Array.isArray(value.oauth)) out.oauth = claudeOAuth(value.oauth as Record<string, unknown>);
  return out;
}

/**
 * `{clientId?, callbackPort?, scopes?, authServerMetadataUrl?, clientSecret?}` as AIR's Claude
 * adapter writes it (SPEC §6.3): string fields only when non-empty, `scopes` whenever present (even
 * `[]`), every other key (snake_case spellings too) dropped.
 */
function claudeOAuth(oauth: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const nonEmpty = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
  if (nonEmpty(oauth.clientId)) out.clientId = oauth.clientId;
  const port = typeof oauth.redirectUri === 'string' ? callbackPort(oauth.redirectUri) : undefined;
  if (port !== undefined) out.callbackPort = port;
  if (oauth.scopes !== undefined) out.scopes = oauth.scopes;
  if (nonEmpty(oauth.authServerMetadataUrl)) out.authServerMetadataUrl = oauth.authServerMetadataUrl;
  if (nonEmpty(oauth.clientSecret)) out.clientSecret = oauth.clientSecret;
  return out;
}

/**
 * Claude's `callbackPort`: the port the WHATWG URL parser reports for `redirectUri`
 * (`new URL(uri).port`, what AIR's adapter reads; SPEC §6.3). A default port (`:80` on http,
 * `:443` on https) or none gives undefined, `:0` gives 0, a URI that does not parse gives undefined.
 */
export function callbackPort(uri: string): number | undefined {
  let port: string;
  try {
    port = new URL(uri).port;
  } catch {
    return undefined;
  }
  return port === '' ? undefined : Number(port);
}
