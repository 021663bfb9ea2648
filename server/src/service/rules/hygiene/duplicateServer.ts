import type { RelatedLocation } from '../../findings';
import { nodeSpan, type Rule } from '../rule';
import { fileName, quoted } from '../../text';

/**
 * `duplicate-server`: AIR qualifies every server of a local catalog as `@local/<name>`,
 * so one name in two catalogs of the same air.json's `mcp` array makes composition fail ("Duplicate
 * mcp ID") and no session gets any server. Reported on the name in this catalog, with related
 * information at the other definition and at that catalog's listing in the air.json; the other
 * catalog reports the same pair from its side.
 */

export const duplicateServerRule: Rule = {
  id: 'duplicate-server',
  appliesTo: ['catalog'],
  codes: {
    'duplicate-server': {
      severity: 'error',
      summary: 'One server name in two catalogs composed by one air.json.',
      example: '`github` in `mcp.json` and `team-mcp.json`',
    },
  },
  checkEntry(entry, context) {
    const composition = context.facts.composition;
    if (!composition) return;
    const elsewhere = composition.catalogs.filter((catalog) => catalog.servers.has(entry.name));
    if (elsewhere.length === 0) return;
    const related: RelatedLocation[] = [];
    for (const catalog of elsewhere) {
      related.push({
        path: catalog.path,
        ...catalog.servers.get(entry.name)!.span,
        message: `${quoted(entry.name)} is also defined in ${fileName(catalog.path)}`,
      });
      related.push({ path: composition.airPath, ...catalog.listing, message: `${fileName(catalog.path)} is composed by ${fileName(composition.airPath)}` });
    }
    context.report({
      code: 'duplicate-server',
      message: `This server is also in ${elsewhere.length === 1 ? fileName(elsewhere[0].path) : `${elsewhere.length} other catalogs`}, so AIR refuses to load ${fileName(composition.airPath)}. Rename or remove one. Both are @local/${entry.name}, composed by ${fileName(composition.airPath)}${elsewhere.length > 1 ? ` (${elsewhere.map((catalog) => fileName(catalog.path)).join(', ')})` : ''}.`,
      ...nodeSpan(entry.keyNode),
      data: { path: [entry.name], airPath: composition.airPath, otherCatalogs: elsewhere.map((catalog) => catalog.path) },
      related,
    });
  },
};
