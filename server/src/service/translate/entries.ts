import { indexEntries, type IndexEntry } from '../model';
import { nodeValue, parseJson } from '../parse';
import { findSecrets, secretNamer, secretVariableName, type SecretLocation, type SecretNamer } from '../rules/hygiene/secrets';
import type { SelectedServer } from '../runtime/types';
import { nestsDeeperThan, TOO_DEEP_REASON } from '../runtime/valueDepth';

/**
 * The servers a copy-as command translates: read from the catalog text as
 * JSON.parse would (last duplicate wins), with every literal credential `hardcoded-secret` finds
 * replaced by a `${NAME}` reference first — a translation is put on the clipboard or into an
 * unsaved editor, and a secret must never travel that way. An entry that cannot be translated
 * (not an object, no known type, no command or url) is left out with a warning.
 */

export interface TranslatableServers {
  servers: SelectedServer[];
  warnings: string[];
  /** The `${NAME}`s that replaced literal credentials: secrets by construction. */
  secretNames: Set<string>;
}

const TYPES = new Set(['stdio', 'sse', 'streamable-http']);

/** The named servers (all when `names` is undefined), in catalog order. */
export function translatableServers(text: string, names?: readonly string[]): TranslatableServers {
  const warnings: string[] = [];
  const parsed = parseJson(text);
  if (parsed.strictErrors) warnings.push('The catalog is not strict JSON, so AIR would refuse to load it; the translation is built from what could be read.');
  const wanted = names ? new Set(names) : undefined;
  const servers: SelectedServer[] = [];
  const secretNames = new Set<string>();
  // One namer for every server translated: the result is one document, read from one environment.
  const secretName = secretNamer(secretNames, new Map());
  for (const entry of indexEntries(parsed.root)) {
    if (wanted && !wanted.has(entry.name)) continue;
    const value = entry.valueNode?.type === 'object' ? (nodeValue(entry.valueNode) as Record<string, unknown>) : undefined;
    const problem = untranslatable(value);
    if (problem) {
      warnings.push(`"${entry.name}" is left out: ${problem}.`);
      continue;
    }
    servers.push({ name: entry.name, value: withoutLiteralSecrets(entry.name, value!, warnings, secretName) });
  }
  return { servers, warnings, secretNames };
}

function untranslatable(value: Record<string, unknown> | undefined): string | undefined {
  if (!value) return 'it is not an object';
  if (typeof value.type !== 'string' || !TYPES.has(value.type)) return '`type` is not stdio, sse or streamable-http';
  if (value.type === 'stdio' && typeof value.command !== 'string') return 'a stdio server needs a `command` string';
  if (value.type !== 'stdio' && typeof value.url !== 'string') return 'a remote server needs a `url` string';
  if (nestsDeeperThan(value)) return TOO_DEEP_REASON;
  return undefined;
}

/**
 * The entry with each literal credential in `env`, `headers`, `args` or `url` replaced by `${NAME}`.
 * `secretName` (see secretNamer) gives each different literal its own variable and learns the literal
 * each one replaced (Add Server… moves it to the dotenv file).
 */
export function withoutLiteralSecrets(
  name: string,
  value: Record<string, unknown>,
  warnings: string[],
  secretName: SecretNamer = secretNamer(new Set(), new Map()),
): Record<string, unknown> {
  const replaced: string[] = [];
  const mask = (text: string, location: (start: number) => SecretLocation): string => {
    const secrets = findSecrets(text);
    if (secrets.length === 0) return text;
    let out = '';
    let from = 0;
    for (const secret of secrets) {
      const variable = secretName(secretVariableName(name, location(secret.start)), text.slice(secret.start, secret.end));
      replaced.push(variable);
      out += `${text.slice(from, secret.start)}\${${variable}}`;
      from = secret.end;
    }
    return out + text.slice(from);
  };
  const out: Record<string, unknown> = { ...value };
  for (const map of ['env', 'headers'] as const) {
    const object = value[map];
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(object as Record<string, unknown>)) {
      define(copy, key, typeof item === 'string' ? mask(item, () => ({ field: map, key })) : item);
    }
    out[map] = copy;
  }
  if (Array.isArray(value.args)) {
    const args = value.args;
    out.args = args.map((item, index) => (typeof item === 'string' ? mask(item, () => ({ field: 'args', index, args })) : item));
  }
  if (typeof value.url === 'string') {
    const url = value.url;
    out.url = mask(url, (start) => ({ field: 'url', url, start }));
  }
  if (replaced.length > 0) {
    warnings.push(
      `"${name}": the literal credential${replaced.length === 1 ? ' is' : 's are'} replaced by ${[...new Set(replaced)].map((v) => `\${${v}}`).join(', ')}; set ${replaced.length === 1 ? 'it' : 'them'} where the client reads variables.`,
    );
  }
  return out;
}

/** `obj[key] = value` that keeps a `__proto__` key as data, as JSON.parse does. */
export function define(target: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  else target[key] = value;
}

/** Server names in catalog order. */
export function serverNames(text: string): string[] {
  return indexEntries(parseJson(text).root).map((entry) => entry.name);
}

/** The server whose entry (key or value) holds `offset`, for "the server under the cursor". */
export function serverAtOffset(text: string, offset: number): string | undefined {
  const entry: IndexEntry | undefined = indexEntries(parseJson(text).root).find(
    (candidate) => offset >= candidate.property.offset && offset <= candidate.property.offset + candidate.property.length,
  );
  return entry?.name;
}
