import { nodeValue } from '../jsonNodes';
import { parseJson, propertyKey } from '../parse';
import { placeholderNames } from '../placeholders';
import { envName } from '../rules/hygiene/secrets';

/**
 * The names of the variables Add Server makes up (SPEC §13), for a literal it moves out or a
 * registry input. A variable is resolved by name from one place (SPEC §4.3: a dotenv file, the
 * environment), so one `API_KEY=` line would serve every server that reads `${API_KEY}`, and
 * adding a second server would find its key "already set" with the first one's value. So a name
 * says whose it is — the server's catalog name in front unless it already starts with it
 * (`BRAVE_API_KEY` on `brave-search` stays) — and is never a name another entry of the catalog
 * reads, except the same server's: an entry of the same catalog name or a numbered copy of it
 * (`weather`, `weather-2`, as names.ts's freeServerName makes them), such as its remote added
 * beside its package, which reads the same key.
 */

/** The new name for a base name (`API_KEY`, `TOKEN`): the same base always gets the same name. */
export type VariableNamer = (base: string) => string;

/** Server-name words that say nothing about whose a secret is (`mcp-server`): not a prefix on their own. */
const GENERIC = new Set(['MCP', 'SERVER', 'REMOTE', 'API']);

export function variableNamer(serverName: string, catalog: string): VariableNamer {
  const prefix = envName(serverName);
  const short = prefix.split('_').find((part) => part !== '' && !GENERIC.has(part));
  const carried = (base: string): boolean => [prefix, short].some((owner) => owner && (base === owner || base.startsWith(`${owner}_`)));
  const readers = catalogVariables(catalog);
  // A name of generic words only (`server`, what a pasted entry without a name gets) says nothing
  // of which server it is: two such entries are two servers.
  const sameServer = (entry: string): boolean =>
    short !== undefined && (entry === serverName || (entry.startsWith(`${serverName}-`) && /^[1-9][0-9]*$/.test(entry.slice(serverName.length + 1))));
  const free = (name: string): boolean => [...(readers.get(name) ?? [])].every(sameServer);
  const chosen = new Map<string, string>();
  return (base) => {
    const known = chosen.get(base);
    if (known !== undefined) return known;
    const owned = !prefix || carried(base) ? base : `${prefix}_${base}`;
    let name = owned;
    for (let i = 2; !free(name); i++) name = `${owned}_${i}`;
    chosen.set(base, name);
    return name;
  };
}

/** Every variable each entry of the catalog reads (with or without a default), and which entries read it. */
function catalogVariables(catalog: string): Map<string, Set<string>> {
  const readers = new Map<string, Set<string>>();
  const root = parseJson(catalog).root;
  for (const property of root?.type === 'object' ? (root.children ?? []) : []) {
    const entry = propertyKey(property);
    for (const name of placeholderNames(nodeValue(property.children?.[1]), { withDefaults: true })) {
      const set = readers.get(name) ?? new Set<string>();
      set.add(entry);
      readers.set(name, set);
    }
  }
  return readers;
}
