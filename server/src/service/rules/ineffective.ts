import { entryType, field, isRemoteType } from '../model';
import { effectiveProperties, propertyKey } from '../parse';
import { ELICITATION_KEYS } from '../runtime/zimmerAdditions';
import { nodeSpan, type Rule } from './rule';

/**
 * `ineffective-field` (SPEC §5, §6.5): `env` on a remote entry is allowed but no runtime uses it;
 * an `ELICITATION_*` variable in a stdio entry's `env` is overwritten by Zimmer at prepare.
 */

/** The env keys Zimmer writes into every stdio entry. */
export const OVERWRITTEN: ReadonlySet<string> = new Set(ELICITATION_KEYS);

export const ineffectiveFieldRule: Rule = {
  id: 'ineffective-field',
  appliesTo: ['catalog'],
  codes: ['ineffective-field'],
  checkEntry(entry, context) {
    const type = entryType(entry);
    const env = field(entry, 'env');
    if (!env) return;
    if (isRemoteType(type)) {
      context.report({
        code: 'ineffective-field',
        message: `env has no effect on a ${type} server: no runtime passes it to a remote server. Send credentials in headers.`,
        ...nodeSpan(env.keyNode),
        data: { path: [entry.name, 'env'] },
      });
      return;
    }
    if (type !== 'stdio') return;
    for (const property of effectiveProperties(env.valueNode)) {
      const key = propertyKey(property);
      if (!OVERWRITTEN.has(key)) continue;
      context.report({
        code: 'ineffective-field',
        message: `env.${key} has no effect: Zimmer overwrites it in every session with its own elicitation setting.`,
        ...nodeSpan(property.children![0]),
        data: { path: [entry.name, 'env', key], overwrittenByZimmer: true },
      });
    }
  },
};
