import type { RelatedLocation } from '../../findings';
import { codexServerName, codexToolPrefix } from '../../codexNames';
import type { IndexEntry } from '../../model';
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
    const entries = context.entries;
    // Names are unique (model.ts), so two give the same tool names only when sanitising changes at
    // least one: grouped are only the names some changed name became (usually none, and this
    // runs on every keystroke).
    const sanitised = entries.map((entry) => codexServerName(entry.name));
    const becomes = new Set<string>();
    for (let index = 0; index < entries.length; index++) if (sanitised[index] !== entries[index].name) becomes.add(sanitised[index]);
    const groups = new Map<string, IndexEntry[]>();
    if (becomes.size > 0) {
      for (let index = 0; index < entries.length; index++) {
        if (!becomes.has(sanitised[index])) continue;
        const group = groups.get(sanitised[index]);
        if (group) group.push(entries[index]);
        else groups.set(sanitised[index], [entries[index]]);
      }
    }
    for (let index = 0; index < entries.length; index++) {
      const entry = entries[index];
      const group = groups.get(sanitised[index]);
      const doubleUnderscore = entry.name.includes('__');
      if ((group === undefined || group.length === 1) && !doubleUnderscore) continue;
      const prefix = codexToolPrefix(entry.name);
      const others = group ? group.filter((other) => other !== entry) : [];
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
