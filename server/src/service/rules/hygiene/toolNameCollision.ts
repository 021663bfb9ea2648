import type { RelatedLocation } from '../../findings';
import { CODEX_SAFE_NAME, codexToolPrefix } from '../../codexNames';
import { nodeSpan, type Rule } from '../rule';

/**
 * `tool-name-collision` (SPEC §6.3): Codex names tools `mcp__<server>__<tool>` with every
 * character outside `[A-Za-z0-9_-]` replaced by `_`, so `a[1]` and `a_1_` give the same tool
 * names; and a server name containing `__` makes that name ambiguous to split. One finding per
 * name key, with related information at every name it collides with.
 */

export const toolNameCollisionRule: Rule = {
  id: 'tool-name-collision',
  appliesTo: ['catalog'],
  codes: ['tool-name-collision'],
  mayReport(entry) {
    return entry.name.includes('__');
  },
  // Names collide when Codex sanitises them alike. Names are unique, so a name Codex keeps as it
  // is can only collide with a name it rewrites into it: only those get a key (the sanitised
  // name), and the entry named like the key joins their group.
  groupKeys(entry) {
    return CODEX_SAFE_NAME.test(entry.name) ? undefined : codexToolPrefix(entry.name).slice(5, -2);
  },
  groupsIncludeNamed: true,
  checkDocument(context) {
    const groups = new Map<string, (typeof context.entries)[number][]>();
    for (const entry of context.entries) {
      const prefix = codexToolPrefix(entry.name);
      const group = groups.get(prefix);
      if (group) group.push(entry);
      else groups.set(prefix, [entry]);
    }
    for (const entry of context.entries) {
      const prefix = codexToolPrefix(entry.name);
      const others = (groups.get(prefix) ?? []).filter((other) => other !== entry);
      const doubleUnderscore = entry.name.includes('__');
      if (others.length === 0 && !doubleUnderscore) continue;
      const reasons: string[] = [];
      if (others.length > 0) {
        reasons.push(`Codex names its tools ${prefix}<tool>, exactly like those of ${others.map((other) => `"${other.name}"`).join(' and ')}`);
      }
      if (doubleUnderscore) {
        reasons.push(`it contains __, the separator of Codex's mcp__<server>__<tool> names, so they cannot be split back`);
      }
      const related: RelatedLocation[] = others.map((other) => ({ ...nodeSpan(other.keyNode), message: `"${other.name}" also becomes ${prefix}<tool>` }));
      context.report({
        code: 'tool-name-collision',
        message: `${others.length > 0 ? "Its Codex tool names collide with another server's" : 'Its Codex tool names are ambiguous'}, so Codex sessions may call the wrong tool. Rename it. "${entry.name}": ${reasons.join('; and ')}.`,
        ...nodeSpan(entry.keyNode),
        data: { path: [entry.name], prefix, collidesWith: others.map((other) => other.name), doubleUnderscore },
        related,
      });
    }
  },
};
