import { dotenvAssignment, dotenvAssignments, dotenvLine, unwritableReason } from '../dotenvLine';
import type { TextEdit } from '../fixes/types';
import { maskCredentials } from '../masking';
import { placeholderNames } from '../placeholders';
import { secretNamer, type SecretValues } from '../rules/hygiene/secrets';
import { withoutLiteralSecrets } from '../translate/entries';
import type { VariableIndex } from '../variables';
import { isObject, quoted, readImport, type JsonObject } from './input';
import { insertEntry, takenNames, type Placement } from './insert';
import { catalogName, freeServerName } from './names';
import { withoutNamedSecrets } from './namedSecrets';
import { otherToolServers, translateOtherToolServer } from './otherTool';
import { registryChoices, registryServer } from './registry';
import { variableNamer, type VariableNamer } from './variableNames';

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
      /**
       * The literal each of `secrets` replaced, for envFileLines to write into the dotenv file and
       * nowhere else (SPEC §13; never in a message, a log or the answer to the client). A Map, so
       * a result printed as JSON shows none of them.
       */
      secretValues: ReadonlyMap<string, string>;
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
  build(warnings: string[], nameOf: VariableNamer): JsonObject | string;
}

/**
 * Whether `name` is already set where variables are read (SPEC §4.3's sources: the env file, the
 * environment) to something other than `literal`: a literal moved there would read that value
 * instead (and no `NAME=` line is offered for a name already set), so it gets another name.
 */
export type SetElsewhere = (name: string, literal: string) => boolean;

export function addServer(catalog: string, source: AddServerSource, placement: Placement, setElsewhere?: SetElsewhere): AddServerResult {
  const warnings: string[] = [];
  let name: string;
  let entry: JsonObject;
  let nameOf: VariableNamer;
  if (source.kind === 'template') {
    const template = Object.prototype.hasOwnProperty.call(TEMPLATES, source.transport) ? TEMPLATES[source.transport] : undefined;
    if (!template) return { ok: false, message: 'A blank server is stdio or streamable-http.' };
    ({ name } = template);
    nameOf = variableNamer(name, catalog);
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
    name = picked.name;
    // Every variable the import makes up is the new server's own, and no other entry's (variableNames.ts).
    nameOf = variableNamer(name, catalog);
    const built = picked.build(warnings, nameOf);
    if (typeof built === 'string') return { ok: false, message: maskCredentials(built) };
    entry = built;
  }
  const secretNames = new Set<string>();
  const secretValues: SecretValues = new Map();
  // One namer for both passes: each different literal its own variable, the new server's own.
  const secretName = secretNamer(secretNames, secretValues, nameOf, setElsewhere);
  // Literal credentials become `${NAME}` exactly as copy-as does (translate/entries.ts, with the hardcoded-secret rule's detector).
  entry = withoutLiteralSecrets(name, entry, warnings, secretName);
  // …and the literals under a credential-like name those patterns cannot recognise (namedSecrets.ts).
  if (source.kind === 'import') entry = withoutNamedSecrets(name, entry, warnings, secretName);
  const unique = freeServerName(name, takenNames(catalog));
  if (unique !== name) warnings.push(`The catalog already has "${name}", so the new server is "${unique}".`);
  const inserted = insertEntry(catalog, unique, entry, placement);
  if (!inserted.ok) return inserted;
  return {
    ok: true,
    name: unique,
    edit: inserted.edit,
    text: inserted.text,
    variables: placeholderNames(entry),
    secrets: [...secretNames].sort(),
    secretValues,
    warnings: warnings.map(maskCredentials),
  };
}

/** The servers a parsed import offers, or why it offers none. */
function importCandidates(root: JsonObject): Candidate[] | string {
  const registry = registryServer(root);
  if (registry) {
    const choices = registryChoices(registry);
    if (choices.length === 0) return 'The server.json has no package or remote to add.';
    return choices.map((choice) => ({
      choice: choice.label,
      name: choice.name,
      build: (warnings: string[], nameOf: VariableNamer) => choice.build(warnings, nameOf),
    }));
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

/**
 * SetElsewhere for a workspace: a name one of its variable sources sets, or its env file lists
 * even blank (a `NAME=` line is never offered twice), unless the env file already assigns it
 * exactly this literal, written as its line would be, and no source before it sets the name.
 */
export function setElsewhere(variables: VariableIndex, envText: string): SetElsewhere {
  const assigned = dotenvAssignments(envText);
  const envFile = variables.preferredEnvFile();
  return (name, literal) => {
    const line = assigned.get(name);
    const source = variables.find(name);
    if (line !== undefined && line === dotenvLine(name, literal)) return source !== undefined && source.path !== envFile;
    return line !== undefined || source !== undefined || variables.findEmpty(name) !== undefined;
  };
}

/**
 * The lines for the names the dotenv file does not assign yet, appended as the unresolved-variable
 * fix appends one: `NAME=<value>` for a name that replaced a literal of the imported text
 * (`values`), written as the hardcoded-secret fix moves one (dotenvLine.ts), else `NAME=`. A value
 * no dotenv line carries safely is not written: its name gets `NAME=` and a warning says why
 * (without the value). `edit` is undefined when there is no line to add.
 */
export function envFileLines(
  envText: string,
  names: readonly string[],
  values: ReadonlyMap<string, string> = new Map(),
): { edit?: TextEdit; warnings: string[]; moved: string[] } {
  const lineBreak = envText.includes('\r\n') ? '\r\n' : '\n';
  const warnings: string[] = [];
  const moved: string[] = [];
  const lines: string[] = [];
  for (const name of names) {
    if (dotenvAssignment(envText, name)) continue;
    const value = values.get(name);
    const line = value === undefined ? undefined : dotenvLine(name, value);
    if (value !== undefined && line === undefined) {
      warnings.push(
        `${name} gets an empty line in the env file, not the value the import replaced: ${unwritableReason(value) ?? 'no dotenv line holds it'}. Set it there by hand.`,
      );
    }
    if (line !== undefined) moved.push(name);
    const written = line ?? dotenvLine(name, '');
    if (written !== undefined) lines.push(written);
  }
  if (lines.length === 0) return { warnings, moved };
  const separator = envText.length > 0 && !envText.endsWith('\n') && !envText.endsWith('\r') ? lineBreak : '';
  return { edit: { start: envText.length, end: envText.length, newText: `${separator}${lines.join(lineBreak)}${lineBreak}` }, warnings, moved };
}
