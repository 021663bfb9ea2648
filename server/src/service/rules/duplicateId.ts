import type { OtherIndexType } from '../artifacts';
import { LOCAL_SCOPE, TYPE_NOUN } from '../artifactIds';
import type { RelatedLocation } from '../findings';
import { nodeSpan, type Rule } from './rule';
import { clip, fileName, quoted } from '../text';

/**
 * `duplicate-id` (SPEC §12): AIR qualifies every artifact of a local skills, hooks, plugins or
 * references index as `@local/<id>`, so one ID in two indexes of one type that an air.json composes
 * makes composition fail ("Duplicate skill ID … produced by both", `mergeContributions` in
 * pulsemcp/air packages/core/src/config.ts at 03981b74) and no session gets anything. The servers'
 * counterpart is `duplicate-server`. Reported on the key in this index, with related information at
 * each other definition; the other index reports the same pair from its side. The indexes are the
 * facts' (node/workspace.ts `artifactsFor`): those the composing air.json lists or its `catalogs`
 * folders hold; without an air.json there is one index per type, so nothing to compare.
 */

export const duplicateIdRule: Rule = {
  id: 'duplicate-id',
  appliesTo: ['skills', 'hooks', 'plugins', 'references'],
  codes: {
    'duplicate-id': {
      severity: 'error',
      summary: 'One ID in two skills, hooks, plugins or references indexes of one type composed by one air.json.',
      example: '`deploy` in `skills.json` and `team-skills.json`',
    },
  },
  checkEntry(entry, context) {
    const type = context.kind as OtherIndexType;
    const here = context.facts.documentPath;
    const elsewhere = (context.facts.artifacts?.files ?? []).filter(
      (file) => file.type === type && file.path !== here && (file.scope ?? LOCAL_SCOPE) === LOCAL_SCOPE && file.artifacts.has(entry.name),
    );
    if (elsewhere.length === 0) return;
    const noun = TYPE_NOUN[type];
    const related: RelatedLocation[] = elsewhere.map((file) => ({
      path: file.path,
      ...file.artifacts.get(entry.name)!.keySpan,
      message: `${quoted(entry.name)} is also defined in ${fileName(file.path)}`,
    }));
    context.report({
      code: 'duplicate-id',
      message: `${quoted(entry.name)} is also a ${noun} of ${elsewhere.map((file) => fileName(file.path)).join(', ')}, so AIR refuses to load the air.json (both are @local/${clip(entry.name)}). Rename or remove one.`,
      ...nodeSpan(entry.keyNode),
      data: { path: [entry.name], otherIndexes: elsewhere.map((file) => file.path) },
      related,
    });
  },
};
