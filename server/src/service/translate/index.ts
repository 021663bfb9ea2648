import { stringify } from 'smol-toml';
import { maskCredentials } from '../masking';
import { findPlaceholders } from '../placeholders';
import { mcpJsonEntry } from '../runtime/claude';
import { toolNameCollisions } from '../codexNames';
import { codexTable, wholeValueReference } from '../runtime/codex';
import { define, translatableServers } from './entries';
import { vscodeMcpJson } from './vscode';

/**
 * One definition, many clients: a catalog's servers translated — never copied —
 * into VS Code's `.vscode/mcp.json`, Claude Code's `.mcp.json` and a Codex `config.toml` table.
 * Every output is a complete document in its target format (JSON or TOML) that parses on its own,
 * so it can be pasted as is or merged. Literal credentials never reach the output (see entries.ts);
 * placeholders become what each client reads: `${input:…}` prompts for VS Code, `${VAR}` as written
 * for Claude Code (it expands them itself), `env_vars` / `env_http_headers` /
 * `bearer_token_env_var` for Codex (which reads variables by name and interpolates nothing).
 * Zimmer-only fields (`title`, `description`, `default_in_roots`, `unavailable`, the npm cache)
 * have no place in a client's own config and are dropped.
 */

export type TranslationTarget = 'vscode' | 'claude' | 'codex';

export const TRANSLATION_TARGETS: Record<TranslationTarget, { label: string; file: string; language: 'json' | 'jsonc' | 'toml' }> = {
  vscode: { label: 'VS Code mcp.json', file: '.vscode/mcp.json', language: 'jsonc' },
  claude: { label: 'Claude Code .mcp.json', file: '.mcp.json', language: 'json' },
  codex: { label: 'Codex config.toml', file: '.codex/config.toml', language: 'toml' },
};

export interface Translation {
  target: TranslationTarget;
  /** The document text: JSON with 2-space indentation, or TOML. */
  content: string;
  /** The servers it holds, in catalog order. */
  servers: string[];
  /** What was left out or changed on the way (never a value). */
  warnings: string[];
}

/** Translate the named servers (all when `names` is undefined) of a catalog's text. */
export function translateCatalog(text: string, target: TranslationTarget, names?: readonly string[]): Translation {
  const { servers, warnings, secretNames } = translatableServers(text, names);
  let content: string;
  switch (target) {
    case 'vscode':
      content = `${JSON.stringify(vscodeMcpJson(servers, secretNames, warnings), null, 2)}\n`;
      break;
    case 'claude': {
      const out: Record<string, unknown> = {};
      for (const server of servers) define(out, server.name, mcpJsonEntry(server, undefined));
      content = `${JSON.stringify({ mcpServers: out }, null, 2)}\n`;
      break;
    }
    case 'codex': {
      const out: Record<string, unknown> = {};
      for (const server of servers) define(out, server.name, codexClientTable(server.name, codexTable(server, undefined, warnings), warnings));
      warnings.push(...toolNameCollisions(servers.map((server) => server.name)));
      content = servers.length === 0 ? '' : `${stripParentHeader(stringify({ mcp_servers: out }))}\n`;
      break;
    }
  }
  // Warnings quote the catalog: credentials masked (SPEC §5), as in every message.
  return { target, content, servers: servers.map((server) => server.name), warnings: warnings.map(maskCredentials) };
}

/**
 * Codex's table for a client of one's own: `Authorization: Bearer ${X}` becomes Codex's
 * `bearer_token_env_var = "X"`, and placeholders Codex would send literally are pointed out.
 */
function codexClientTable(name: string, table: Record<string, unknown>, warnings: string[]): Record<string, unknown> {
  const headers = table.http_headers as Record<string, string> | undefined;
  if (headers) {
    const key = Object.keys(headers).find((header) => header.toLowerCase() === 'authorization');
    const bearer = key === undefined ? undefined : /^Bearer (.*)$/.exec(headers[key]);
    const variable = bearer ? wholeValueReference(bearer[1]) : undefined;
    if (key !== undefined && variable !== undefined) {
      const rest = { ...headers };
      delete rest[key];
      const out: Record<string, unknown> = {};
      for (const [field, value] of Object.entries(table)) {
        if (field !== 'http_headers') out[field] = value;
        else if (Object.keys(rest).length > 0) out.http_headers = rest;
        if (field === 'url') out.bearer_token_env_var = variable;
      }
      table = out;
    }
  }
  const literal = placeholdersIn(table.command, table.args, table.env, table.url, table.http_headers);
  if (literal.length > 0) {
    warnings.push(
      `"${name}": Codex does not expand ${[...new Set(literal)].map((text) => `\`${text}\``).join(', ')} inside a value; it sends the text as written. Set the value in the table, or use a whole-value reference.`,
    );
  }
  return table;
}

function placeholdersIn(...values: unknown[]): string[] {
  const found: string[] = [];
  const visit = (value: unknown): void => {
    if (typeof value === 'string') for (const placeholder of findPlaceholders(value)) found.push(value.slice(placeholder.index, placeholder.end));
    else if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') Object.values(value).forEach(visit);
  };
  values.forEach(visit);
  return found;
}

/** smol-toml writes an empty `[mcp_servers]` header before the sub-tables; Codex does not need it. */
function stripParentHeader(text: string): string {
  return text.startsWith('[mcp_servers]\n') ? text.slice('[mcp_servers]\n'.length) : text;
}

export { serverAtOffset, serverNames } from './entries';
export { isSecretName, type VsCodeInput, type VsCodeMcpJson } from './vscode';
