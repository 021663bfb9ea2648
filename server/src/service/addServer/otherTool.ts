import { envName } from '../rules/hygiene/secrets';
import { define } from '../translate/entries';
import { isObject, quoted, stringMap, type JsonObject } from './input';

/**
 * A server from another tool's MCP file (SPEC §1's "other tools' files", §13), translated into an
 * AIR entry — never copied: Claude's `.mcp.json` and Claude Desktop's config (`mcpServers`,
 * `${VAR}` as AIR writes it), Cursor's `.cursor/mcp.json` (`${env:VAR}`), VS Code's
 * `.vscode/mcp.json` (`servers` and `inputs`, `${input:id}` and `${env:VAR}`, `type: "http"`) and
 * Windsurf's `mcp_config.json` (`serverUrl` for a remote). Only what AIR reads is kept (`type`,
 * `command`, `args`, `env`, `url`, `headers`); everything else is named in a warning. Literal
 * credentials are the caller's (index.ts), after this.
 */

/** The servers of another tool's file: `mcpServers`, or VS Code's `servers`; undefined when it is neither. */
export function otherToolServers(root: JsonObject): { servers: JsonObject; inputs: ReadonlyMap<string, JsonObject> } | undefined {
  const servers = isObject(root.mcpServers) ? root.mcpServers : isObject(root.servers) ? root.servers : undefined;
  if (!servers) return undefined;
  const inputs = new Map<string, JsonObject>();
  if (Array.isArray(root.inputs)) for (const input of root.inputs) if (isObject(input) && typeof input.id === 'string') inputs.set(input.id, input);
  return { servers, inputs };
}

const KEPT = { stdio: new Set(['type', 'command', 'args', 'env']), remote: new Set(['type', 'url', 'serverUrl', 'headers']) };
const TYPES: Record<string, string> = {
  stdio: 'stdio',
  sse: 'sse',
  http: 'streamable-http',
  'streamable-http': 'streamable-http',
  streamableHttp: 'streamable-http',
};

/** The AIR entry for one server, or a sentence saying why there is none. */
export function translateOtherToolServer(name: string, raw: unknown, warnings: string[]): JsonObject | string {
  if (!isObject(raw)) return `${quoted(name)} is not an object.`;
  const url = typeof raw.url === 'string' ? raw.url : typeof raw.serverUrl === 'string' ? raw.serverUrl : undefined;
  let type: string | undefined;
  if (raw.type !== undefined) {
    type = typeof raw.type === 'string' && Object.prototype.hasOwnProperty.call(TYPES, raw.type) ? TYPES[raw.type] : undefined;
    if (!type) return `${quoted(name)} has a \`type\` AIR has no counterpart for (stdio, sse or streamable-http).`;
  } else type = typeof raw.command === 'string' ? 'stdio' : url !== undefined ? remoteTypeOf(url) : undefined;
  if (!type) return `${quoted(name)} has neither a \`command\` nor a \`url\`.`;
  const entry: JsonObject = { type };
  const convert = airPlaceholders;
  if (type === 'stdio') {
    if (typeof raw.command !== 'string' || raw.command.trim() === '') return `${quoted(name)} is a stdio server without a \`command\`.`;
    entry.command = convert(raw.command);
    if (raw.args !== undefined) {
      if (!Array.isArray(raw.args)) warnings.push(`${quoted(name)}: \`args\` is not an array and is left out.`);
      else {
        const args = raw.args.filter((arg): arg is string | number => typeof arg === 'string' || typeof arg === 'number').map((arg) => convert(String(arg)));
        if (args.length !== raw.args.length) warnings.push(`${quoted(name)}: an argument that is not a string is left out.`);
        entry.args = args;
      }
    }
    const env = convertMap(stringMap(raw.env, `${quoted(name)}: \`env\``, warnings), convert);
    if (env) entry.env = env;
  } else {
    if (url === undefined || url.trim() === '') return `${quoted(name)} is a remote server without a \`url\`.`;
    entry.url = convert(url);
    const headers = convertMap(stringMap(raw.headers, `${quoted(name)}: \`headers\``, warnings), convert);
    if (headers) entry.headers = headers;
  }
  const editorVariables = new Set(
    [...JSON.stringify(entry).matchAll(/\$\{(workspaceFolder[^}]*|userHome|pathSeparator|cwd|fileDirname)\}/g)].map((match) => match[1]),
  );
  if (editorVariables.size > 0) {
    warnings.push(
      `${quoted(name)}: ${[...editorVariables].map((variable) => `\${${variable}}`).join(', ')} is the editor's own variable, which AIR does not know: it reads it from the environment; write the path instead.`,
    );
  }
  const kept = type === 'stdio' ? KEPT.stdio : KEPT.remote;
  const dropped = Object.keys(raw).filter((key) => !kept.has(key));
  if (dropped.length > 0) {
    const listed = dropped.slice(0, 5).map(quoted).join(', ') + (dropped.length > 5 ? ` and ${dropped.length - 5} more` : '');
    warnings.push(
      `${quoted(name)}: ${listed} ${dropped.length === 1 ? 'has' : 'have'} no place in an AIR entry and ${dropped.length === 1 ? 'is' : 'are'} left out.`,
    );
  }
  return entry;
}

/**
 * A remote without a `type` (Cursor, Windsurf's `serverUrl`, Claude Desktop): those clients try
 * streamable HTTP and fall back to SSE, which an AIR entry cannot say. A path ending in `/sse` is
 * the SSE endpoint by the transports' naming custom (the MCP specification's 2024-11-05 SSE
 * transport); anything else is streamable HTTP, the current transport.
 */
function remoteTypeOf(url: string): 'sse' | 'streamable-http' {
  // Trailing slashes matched after `/sse` only: a `\/+$` tried from every slash of a long run is quadratic.
  const path = url.replace(/[?#].*$/s, '');
  return /\/sse\/*$/i.test(path) ? 'sse' : 'streamable-http';
}

/**
 * Cursor's and VS Code's `${env:VAR}` and VS Code's `${input:id}` as AIR's `${VAR}` (an input id
 * upper-cased into a variable name: `github_token` → `GITHUB_TOKEN`); `${VAR}` and `${VAR:-x}` stay.
 */
export function airPlaceholders(text: string): string {
  return text.replace(/\$\{(env|input):([^}]*)\}/g, (whole, kind: string, id: string) => {
    const name = kind === 'env' ? id : envName(id);
    return /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? `\${${name}}` : whole;
  });
}

function convertMap(map: JsonObject | undefined, convert: (text: string) => string): JsonObject | undefined {
  if (!map) return undefined;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(map)) define(out, key, convert(value as string));
  return out;
}
