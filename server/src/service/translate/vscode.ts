import { findPlaceholders } from '../placeholders';
import { isCredentialHeaderName } from '../readiness/credentialHeaders';
import type { SelectedServer } from '../runtime/types';
import { define } from './entries';

/**
 * VS Code's own `.vscode/mcp.json`: a `servers` map whose entries carry
 * `type: "stdio" | "http" | "sse"` (`streamable-http` is VS Code's `http`), and an `inputs` array.
 * VS Code does not read the catalog's `${VAR}` from an environment; each one becomes
 * `${input:VAR}` with a `promptString` input that VS Code asks for once and stores — `password:
 * true` for anything credential-like, so the value is masked and kept in secret storage.
 */

export interface VsCodeInput {
  type: 'promptString';
  id: string;
  description: string;
  password?: true;
  default?: string;
}

export interface VsCodeMcpJson {
  servers: Record<string, Record<string, unknown>>;
  inputs?: VsCodeInput[];
}

export function vscodeMcpJson(servers: readonly SelectedServer[], secretNames: ReadonlySet<string>, warnings: string[]): VsCodeMcpJson {
  const inputs = new Map<string, { input: VsCodeInput; servers: string[] }>();
  const out: Record<string, Record<string, unknown>> = {};
  for (const server of servers) {
    const convert = (text: string, credential: boolean): string => toInputs(text, server.name, credential, inputs, secretNames, warnings);
    const value = server.value;
    const entry: Record<string, unknown> = {};
    if (value.type === 'stdio') {
      entry.type = 'stdio';
      entry.command = convert(value.command as string, false);
      if (Array.isArray(value.args)) entry.args = value.args.map((item) => (typeof item === 'string' ? convert(item, false) : item));
      const env = stringObject(value.env);
      if (env) entry.env = mapValues(env, (key, text) => convert(text, isCredentialHeaderName(key)));
    } else {
      entry.type = value.type === 'sse' ? 'sse' : 'http';
      entry.url = convert(value.url as string, false);
      const headers = stringObject(value.headers);
      if (headers) entry.headers = mapValues(headers, (key, text) => convert(text, isCredentialHeaderName(key)));
      if (value.oauth !== undefined) warnings.push(`"${server.name}": \`oauth\` is left out; VS Code runs the OAuth flow itself when the server asks for it.`);
    }
    define(out, server.name, entry);
  }
  const result: VsCodeMcpJson = { servers: out };
  if (inputs.size > 0) {
    result.inputs = [...inputs.values()].map(({ input, servers: users }) => ({
      ...input,
      description: `${input.id} for ${users.map((name) => `"${name}"`).join(', ')}`,
    }));
  }
  return result;
}

/** Every `${VAR}` / `${VAR:-default}` as `${input:VAR}`; placeholders AIR could never resolve stay as written. */
function toInputs(
  text: string,
  serverName: string,
  credential: boolean,
  inputs: Map<string, { input: VsCodeInput; servers: string[] }>,
  secretNames: ReadonlySet<string>,
  warnings: string[],
): string {
  const placeholders = findPlaceholders(text);
  if (placeholders.length === 0) return text;
  let out = '';
  let from = 0;
  for (const placeholder of placeholders) {
    out += text.slice(from, placeholder.index);
    from = placeholder.end;
    if (placeholder.kind !== 'variable' || !placeholder.name) {
      warnings.push(`"${serverName}": \`\${${placeholder.content}}\` can never be resolved, so it is copied as written.`);
      out += text.slice(placeholder.index, placeholder.end);
      continue;
    }
    const id = placeholder.name;
    let known = inputs.get(id);
    if (!known) {
      known = { input: { type: 'promptString', id, description: id }, servers: [] };
      inputs.set(id, known);
    }
    if (!known.servers.includes(serverName)) known.servers.push(serverName);
    if (credential || secretNames.has(id) || isSecretName(id)) known.input.password = true;
    const defaultText = placeholder.hasDefault ? placeholder.content.slice(placeholder.content.indexOf(':-') + 2) : undefined;
    if (defaultText !== undefined && known.input.default === undefined) known.input.default = defaultText;
    out += `\${input:${id}}`;
  }
  return out + text.slice(from);
}

/** Credential-like variable names: SPEC §6.1's header words, plus `KEY`, `PAT`, `PASS`, `PWD`, `JWT`. */
export function isSecretName(name: string): boolean {
  if (isCredentialHeaderName(name)) return true;
  return name
    .toLowerCase()
    .split(/[-_]/)
    .some((part) => ['key', 'pat', 'pass', 'pwd', 'jwt', 'bearer', 'session', 'cookie'].includes(part));
}

function stringObject(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return value as Record<string, string>;
}

function mapValues(source: Record<string, unknown>, map: (key: string, text: string) => string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) define(out, key, typeof value === 'string' ? map(key, value) : value);
  return out;
}
