import { DEFAULT_TIMEOUT_SEC, validTimeout } from '../rules/timeout';
import { put } from '../jsonValues';
import { envWithNpmCache } from './npmCache';
import type { GeneratorInput, GeneratorOutput, SelectedServer } from './types';

/**
 * Claude Code's `.mcp.json` (SPEC §6.3, §10): `{"mcpServers": {…}}`, 2-space JSON. stdio →
 * `{command, args?, env?}`; remote → `{type, url, headers?, oauth?}` with `streamable-http` written
 * as `http`. Claude has one startup budget for every server, `MCP_TIMEOUT`, so it can only follow
 * the longest valid declaration and never shortens below the default.
 */

export const CLAUDE_FILE = '.mcp.json';

export function generateClaude(input: GeneratorInput): GeneratorOutput {
  const servers: Record<string, unknown> = {};
  for (const server of input.servers) put(servers, server.name, mcpJsonEntry(server, input.npmCaches.get(server.name)));
  return {
    files: [{ path: CLAUDE_FILE, content: mcpJsonText(servers) }],
    env: { MCP_TIMEOUT: String(claudeStartupTimeoutMs(input.servers)) },
    warnings: [],
  };
}

/** `MCP_TIMEOUT` = 1000 × max(180, every valid declared `startup_timeout_sec`). */
export function claudeStartupTimeoutMs(servers: readonly SelectedServer[]): number {
  let seconds = DEFAULT_TIMEOUT_SEC;
  for (const server of servers) seconds = Math.max(seconds, validTimeout(server.value.startup_timeout_sec) ?? 0);
  return seconds * 1000;
}

export function mcpJsonText(servers: Record<string, unknown>): string {
  return `${JSON.stringify({ mcpServers: servers }, null, 2)}\n`;
}

/** One server in the `.mcp.json` shape Claude and Pi share; placeholders stay as written. */
export function mcpJsonEntry(server: SelectedServer, npmCache: string | undefined): Record<string, unknown> {
  const value = server.value;
  const out: Record<string, unknown> = {};
  if (value.type === 'stdio') {
    out.command = value.command;
    if (value.args !== undefined) out.args = value.args;
    const env = envWithNpmCache(value.env, npmCache);
    if (env !== undefined) out.env = env;
    return out;
  }
  out.type = value.type === 'streamable-http' ? 'http' : value.type;
  out.url = value.url;
  if (value.headers !== undefined) out.headers = value.headers;
  if (value.oauth && typeof value.oauth === 'object' && !Array.isArray(value.oauth)) out.oauth = claudeOAuth(value.oauth as Record<string, unknown>);
  return out;
}

/** `{clientId?, callbackPort?, scopes?, authServerMetadataUrl?, clientSecret?}`: what Claude reads. */
function claudeOAuth(oauth: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (oauth.clientId !== undefined) out.clientId = oauth.clientId;
  const port = typeof oauth.redirectUri === 'string' ? explicitPort(oauth.redirectUri) : undefined;
  if (port !== undefined) out.callbackPort = port;
  if (oauth.scopes !== undefined) out.scopes = oauth.scopes;
  if (oauth.authServerMetadataUrl !== undefined) out.authServerMetadataUrl = oauth.authServerMetadataUrl;
  if (oauth.clientSecret !== undefined) out.clientSecret = oauth.clientSecret;
  return out;
}

/**
 * The port written in a URI, read textually (SPEC §10): `http://localhost:80/cb` gives 80 even
 * though URL parsing would drop a default port. None, a placeholder or anything but 1–65535 digits
 * gives undefined.
 */
export function explicitPort(uri: string): number | undefined {
  const schemeEnd = uri.indexOf('://');
  if (schemeEnd < 0) return undefined;
  const rest = uri.slice(schemeEnd + 3);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd < 0 ? rest : rest.slice(0, authorityEnd);
  const hostPort = authority.slice(authority.lastIndexOf('@') + 1);
  const afterHost = hostPort.startsWith('[') ? hostPort.slice(hostPort.indexOf(']') + 1) : hostPort.slice(hostPort.lastIndexOf(':') >= 0 ? hostPort.lastIndexOf(':') : hostPort.length);
  if (!afterHost.startsWith(':')) return undefined;
  const digits = afterHost.slice(1);
  if (!/^[0-9]{1,5}$/.test(digits)) return undefined;
  const port = Number(digits);
  return port >= 1 && port <= 65535 ? port : undefined;
}
