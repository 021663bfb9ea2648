import { dotenvAssignment, dotenvLine } from '../dotenvLine';
import type { TextEdit } from '../fixes/types';
import { maskCredentials } from '../masking';
import { findPlaceholders } from '../placeholders';
import { withoutLiteralSecrets } from '../translate/entries';
import { isObject, quoted, readImport, type JsonObject } from './input';
import { insertEntry, takenNames, type Placement } from './insert';
import { catalogName, freeServerName } from './names';
import { withoutNamedSecrets } from './namedSecrets';
import { otherToolServers, translateOtherToolServer } from './otherTool';
import { registryChoices, registryServer } from './registry';

/**
 * Add Server… (SPEC §13): a new entry built from a blank template, another tool's MCP file or the
 * clipboard, or an MCP registry server.json, inserted into the catalog's text. Pure: the shells
 * read the files and apply the edit, which is then checked like any other edit.
 */

export type { Placement } from './insert';

export type AddServerSource =
  | { kind: 'template'; transport: 'stdio' | 'streamable-http' }
  /** Text of another tool's file, a server.json or a pasted server; `server` picks one of `choices`. */
  | { kind: 'import'; text: string; server?: string };

export type AddServerResult =
  | {
      ok: true;
      /** The catalog name the entry got (de-duplicated against the catalog's). */
      name: string;
      edit: TextEdit;
      /** The catalog text with the edit applied. */
      text: string;
      /** Every `${NAME}` the entry reads, sorted. */
      variables: string[];
      /** The names that replaced literal credentials (a subset of `variables`). */
      secrets: string[];
      /** What was changed or left out on the way, credentials masked. */
      warnings: string[];
    }
  | { ok: false; message: string; /** When the source holds several servers: what to pass as `server`. */ choices?: string[] };

const TEMPLATES: Record<'stdio' | 'streamable-http', { name: string; entry: JsonObject }> = {
  stdio: { name: 'new-stdio-server', entry: { type: 'stdio', command: 'my-mcp-server', args: [] } },
  'streamable-http': { name: 'new-http-server', entry: { type: 'streamable-http', url: 'https://example.com/mcp' } },
};

interface Candidate {
  choice: string;
  name: string;
  build(warnings: string[]): JsonObject | string;
}

export function addServer(catalog: string, source: AddServerSource, placement: Placement): AddServerResult {
  const warnings: string[] = [];
  let name: string;
  let entry: JsonObject;
  if (source.kind === 'template') {
    const template = Object.prototype.hasOwnProperty.call(TEMPLATES, source.transport) ? TEMPLATES[source.transport] : undefined;
    if (!template) return { ok: false, message: 'A blank server is stdio or streamable-http.' };
    ({ name } = template);
    entry = structuredClone(template.entry);
  } else {
    const read = readImport(source.text);
    if (!read.ok) return read;
    const candidates = importCandidates(read.value);
    if (typeof candidates === 'string') return { ok: false, message: candidates };
    const picked = source.server === undefined && candidates.length === 1 ? candidates[0] : candidates.find((candidate) => candidate.choice === source.server);
    if (!picked) {
      const message = source.server === undefined ? 'Pick a server to add.' : `There is no server ${quoted(source.server)} to add.`;
      return { ok: false, message: maskCredentials(message), choices: candidates.map((candidate) => candidate.choice) };
    }
    const built = picked.build(warnings);
    if (typeof built === 'string') return { ok: false, message: maskCredentials(built) };
    name = picked.name;
    entry = built;
  }
  const secretNames = new Set<string>();
  // Literal credentials become `${NAME}` exactly as copy-as does (translate/entries.ts, with the hardcoded-secret rule's detector).
  entry = withoutLiteralSecrets(name, entry, warnings, secretNames);
  // …and the literals under a credential-like name those patterns cannot recognise (namedSecrets.ts).
  if (source.kind === 'import') entry = withoutNamedSecrets(name, entry, warnings, secretNames);
  const unique = freeServerName(name, takenNames(catalog));
  if (unique !== name) warnings.push(`The catalog already has "${name}", so the new server is "${unique}".`);
  const inserted = insertEntry(catalog, unique, entry, placement);
  if (!inserted.ok) return inserted;
  return {
    ok: true,
    name: unique,
    edit: inserted.edit,
    text: inserted.text,
    variables: variablesOf(entry),
    secrets: [...secretNames].sort(),
    warnings: warnings.map(maskCredentials),
  };
}

/** The servers a parsed import offers, or why it offers none. */
function importCandidates(root: JsonObject): Candidate[] | string {
  const registry = registryServer(root);
  if (registry) {
    const choices = registryChoices(registry);
    if (choices.length === 0) return 'The server.json has no package or remote to add.';
    return choices.map((choice) => ({ choice: choice.label, name: choice.name, build: (warnings: string[]) => choice.build(warnings) }));
  }
  const other = otherToolServers(root);
  // A pasted entry (`{"command": …}`) or a pasted map of entries, as well as a whole file.
  const servers = other?.servers ?? (looksLikeServer(root) ? { server: root } : Object.values(root).some(looksLikeServer) ? root : undefined);
  if (!servers) return "This is neither another tool's MCP configuration (`mcpServers` or `servers`) nor an MCP registry server.json.";
  const candidates = Object.keys(servers).map((key) => ({
    choice: key,
    name: catalogName(key),
    build: (warnings: string[]) => translateOtherToolServer(key, servers[key], warnings),
  }));
  if (candidates.length === 0) return 'The file lists no server.';
  return candidates;
}

function looksLikeServer(value: unknown): boolean {
  return isObject(value) && (typeof value.command === 'string' || typeof value.url === 'string' || typeof value.serverUrl === 'string');
}

function variablesOf(entry: JsonObject): string[] {
  const names = new Set<string>();
  const visit = (value: unknown): void => {
    if (typeof value === 'string') {
      for (const placeholder of findPlaceholders(value)) if (placeholder.name && !placeholder.hasDefault) names.add(placeholder.name);
    } else if (Array.isArray(value)) value.forEach(visit);
    else if (isObject(value)) Object.values(value).forEach(visit);
  };
  visit(entry);
  return [...names].sort();
}

/**
 * `NAME=` lines for the names the dotenv file does not assign yet, appended as the
 * unresolved-variable fix appends one (dotenvLine.ts); undefined when there is none to add.
 */
export function envFileLines(envText: string, names: readonly string[]): TextEdit | undefined {
  const lineBreak = envText.includes('\r\n') ? '\r\n' : '\n';
  const lines = names
    .filter((name) => !dotenvAssignment(envText, name))
    .map((name) => dotenvLine(name, ''))
    .filter((line): line is string => line !== undefined);
  if (lines.length === 0) return undefined;
  const separator = envText.length > 0 && !envText.endsWith('\n') && !envText.endsWith('\r') ? lineBreak : '';
  return { start: envText.length, end: envText.length, newText: `${separator}${lines.join(lineBreak)}${lineBreak}` };
}
