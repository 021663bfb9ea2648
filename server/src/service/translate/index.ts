import { maskCredentials } from '../masking';
import { mcpJsonEntry, mcpJsonText } from '../runtime/claude';
import { toolNameCollisions } from '../codexNames';
import { codexToml } from '../runtime/codex';
import { codexAdapterTable, codexOAuthCallbackUrl } from '../runtime/codexAdapter';
import { cursorEntry } from '../runtime/cursor';
import { define, translatableServers } from './entries';
import { vscodeMcpJson } from './vscode';

/**
 * One definition, many clients: a catalog's servers translated — never copied — into VS Code's
 * `.vscode/mcp.json`, Claude Code's `.mcp.json`, a Codex `config.toml` and Cursor's
 * `.cursor/mcp.json`. Every output is a complete document in its target format (JSON or TOML) that
 * parses on its own, so it can be pasted as is or merged. Literal credentials never reach the output
 * (see entries.ts); placeholders become what each client reads: `${input:…}` prompts for VS Code,
 * `${VAR}` as written for Claude Code (it expands them itself), and for Codex and Cursor exactly
 * what AIR's adapters write (SPEC §6.3, §6.6: `env_vars`, the `sh -c` shim, `env_http_headers`,
 * `bearer_token_env_var`; `${env:VAR}`). Zimmer's additions (the npm cache, timeouts, what it adds
 * at prepare) and Zimmer-only fields have no place in a client's own config and are dropped.
 */

export type TranslationTarget = 'vscode' | 'claude' | 'codex' | 'cursor';

export const TRANSLATION_TARGETS: Record<TranslationTarget, { label: string; file: string; language: 'json' | 'jsonc' | 'toml' }> = {
  vscode: { label: 'VS Code mcp.json', file: '.vscode/mcp.json', language: 'jsonc' },
  claude: { label: 'Claude Code .mcp.json', file: '.mcp.json', language: 'json' },
  codex: { label: 'Codex config.toml', file: '.codex/config.toml', language: 'toml' },
  cursor: { label: 'Cursor .cursor/mcp.json', file: '.cursor/mcp.json', language: 'json' },
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
    case 'claude':
    case 'cursor': {
      const out: Record<string, unknown> = {};
      for (const server of servers) define(out, server.name, target === 'claude' ? mcpJsonEntry(server) : cursorEntry(server));
      content = mcpJsonText(out);
      break;
    }
    case 'codex': {
      const out: Record<string, unknown> = {};
      for (const server of servers) define(out, server.name, codexAdapterTable(server, warnings).table);
      const callbackUrl = codexOAuthCallbackUrl(servers, warnings);
      warnings.push(...toolNameCollisions(servers.map((server) => server.name)));
      content = codexToml(out, callbackUrl);
      break;
    }
  }
  // Warnings quote the catalog: credentials masked (SPEC §5), as in every message.
  return { target, content, servers: servers.map((server) => server.name), warnings: warnings.map(maskCredentials) };
}

export { serverAtOffset, serverNames } from './entries';
export { isSecretName, type VsCodeInput, type VsCodeMcpJson } from './vscode';
