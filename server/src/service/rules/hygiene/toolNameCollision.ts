import type { RelatedLocation } from '../../findings';
import { codexToolPrefix } from '../../codexNames';
import { nodeSpan, type Rule } from '../rule';
import { clip, quoted } from '../../text';

/**
 * `tool-name-collision` (SPEC §6.3): Codex names tools `mcp__<server>__<tool>` with every
 * character outside `[A-Za-z0-9_-]` replaced by `_`, so `a[1]` and `a_1_` give the same tool
 * names; and a server name containing `__` makes that name ambiguous to split. One finding per
 * name key, with related information at every name it collides with.
 */

export const toolNameCollisionRule: Rule = {
  id: 'tool-name-collision',
  appliesTo: ['catalog'],
  codes: {
    'tool-name-collision': {
      severity: 'warning',
      summary: 'Server names equal after Codex sanitising, or a name containing `__`.',
      example: '`a[1]` and `a_1_`; `my__server`',
    },
  },
  checkDocument(context) {
    const groups = new Map<string, (typeof context.entries)[number][]>();
    const prefixes = context.entries.map((entry) => codexToolPrefix(entry.name));
    context.entries.forEach((entry, index) => {
      const group = groups.get(prefixes[index]);
      if (group) group.push(entry);
      else groups.set(prefixes[index], [entry]);
    });
    for (const [index, entry] of context.entries.entries()) {
      const prefix = prefixes[index];
      const group = groups.get(prefix)!;
      const doubleUnderscore = entry.name.includes('__');
      if (group.length === 1 && !doubleUnderscore) continue;
      const others = group.filter((other) => other !== entry);
      const reasons: string[] = [];
      if (others.length > 0) {
        reasons.push(`Codex names its tools ${clip(prefix)}<tool>, exactly like those of ${others.map((other) => quoted(other.name)).join(' and ')}`);
      }
      if (doubleUnderscore) {
        reasons.push(`it contains __, the separator of Codex's mcp__<server>__<tool> names, so they cannot be split back`);
      }
      const related: RelatedLocation[] = others.map((other) => ({
        ...nodeSpan(other.keyNode),
        message: `${quoted(other.name)} also becomes ${clip(prefix)}<tool>`,
      }));
      context.report({
        code: 'tool-name-collision',
        message: `${others.length > 0 ? "Its Codex tool names collide with another server's" : 'Its Codex tool names are ambiguous'}, so Codex sessions may call the wrong tool. Rename it. ${quoted(entry.name)}: ${reasons.join('; and ')}.`,
        ...nodeSpan(entry.keyNode),
        data: { path: [entry.name], prefix, collidesWith: others.map((other) => other.name), doubleUnderscore },
        related,
      });
    }
  },
};
