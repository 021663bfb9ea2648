import { unwritableReason } from '../../dotenvLine';
import { field, stringItems, type IndexEntry } from '../../model';
import { effectiveProperties, propertyKey, propertyValue, type JsonNode } from '../../parse';
import { decodedOffsetMapper } from '../../placeholders';
import { literalText, type Rule } from '../rule';
import { findSecrets, secretNamer, secretVariableName, type SecretLocation, type SecretMatch } from './secrets';
import { clip } from '../../text';

/**
 * `hardcoded-secret`: a literal credential in `env`, `headers`, `args` or `url` is
 * committed with the catalog and copied into every session's runtime config. The message names
 * the key and a masked form (`ghp_…`) — never the value. `data` carries the variable name the
 * quick fix moves it to and the dotenv file it writes; the fix reads the value from the document.
 * A value no dotenv line holds safely (`dotenvLine.ts`) gets no fix, and the message says why.
 */

export const hardcodedSecretRule: Rule = {
  id: 'hardcoded-secret',
  appliesTo: ['catalog'],
  codes: {
    'hardcoded-secret': { severity: 'warning', summary: 'A literal credential in `env`, `headers`, `args` or `url`.', example: '`"GITHUB_TOKEN": "ghp_…"`' },
  },
  checkEntry(entry, context) {
    // Two different literals of one entry at same-named places get two names, as a translation
    // names them (secretNamer): the entry is read in the order copy-as reads it.
    const sites = secretSites(entry);
    if (sites.length === 0) return;
    const secretName = secretNamer(new Set(), new Map());
    for (const site of sites) {
      // One mapper per string: mapping each secret from the start of the literal is quadratic.
      const toOffset = decodedOffsetMapper(literalText(context, site.node), site.node.offset);
      const value = site.node.value as string;
      for (const secret of site.secrets) {
        const location: SecretLocation = site.location.field === 'url' ? { ...site.location, start: secret.start } : site.location;
        const literal = value.slice(secret.start, secret.end);
        const name = secretName(secretVariableName(entry.name, location), literal);
        const unwritable = unwritableReason(literal);
        const move = unwritable ? `the value to a dotenv file by hand: ${unwritable}` : 'the value to a dotenv file';
        context.report({
          code: 'hardcoded-secret',
          message: `${clip(site.label)} holds ${secret.description} (${secret.masked}), committed and copied into every session. Move it to ${clip(`\${${name}}`)} and ${move}.`,
          start: toOffset(secret.start),
          end: toOffset(secret.end),
          data: { path: site.path, name, envFile: context.facts.variables.preferredEnvFile() },
        });
      }
    }
  },
};

interface SecretSite {
  node: JsonNode;
  secrets: readonly SecretMatch[];
  path: (string | number)[];
  /** How the message names where the value sits. */
  label: string;
  location: SecretLocation;
}

/**
 * Every string value a runtime sends or passes that holds a secret: `env` and `headers` values,
 * `args` items, `url`. A site is described only once a secret is found in it: the rule asks about
 * every string of every entry, and nearly none holds one.
 */
function secretSites(entry: IndexEntry): SecretSite[] {
  const sites: SecretSite[] = [];
  for (const map of ['env', 'headers'] as const) {
    const object = field(entry, map)?.valueNode;
    if (object?.type !== 'object') continue;
    for (const property of effectiveProperties(object)) {
      const node = propertyValue(property);
      const secrets = node?.type === 'string' ? findSecrets(node.value as string) : NONE;
      if (secrets.length === 0) continue;
      const key = propertyKey(property);
      sites.push({ node: node!, secrets, path: [entry.name, map, key], label: `${map} ${key}`, location: { field: map, key } });
    }
  }
  const args = field(entry, 'args')?.valueNode;
  if (args?.type === 'array') {
    // The items' values once for every site: one array per site was quadratic in secret-laden arguments.
    let values: unknown[] | undefined;
    for (const item of stringItems(args)) {
      const secrets = findSecrets(item.value);
      if (secrets.length === 0) continue;
      values ??= (args.children ?? []).map((child) => child.value);
      sites.push({
        node: item.node,
        secrets,
        path: [entry.name, 'args', item.index],
        label: `args[${item.index}]`,
        location: { field: 'args', index: item.index, args: values },
      });
    }
  }
  const url = field(entry, 'url')?.valueNode;
  const secrets = url?.type === 'string' ? findSecrets(url.value as string) : NONE;
  if (secrets.length > 0)
    sites.push({ node: url!, secrets, path: [entry.name, 'url'], label: 'url', location: { field: 'url', url: url!.value as string, start: 0 } });
  return sites;
}

const NONE: readonly SecretMatch[] = [];
