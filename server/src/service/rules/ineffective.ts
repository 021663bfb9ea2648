import { entryType, field, isRemoteType } from '../model';
import { hasKey, nodeSpan, plainObject, type Rule } from './rule';

/** `ineffective-field` (SPEC §5): `env` on a remote entry is allowed but no runtime uses it. */
export const ineffectiveFieldRule: Rule = {
  id: 'ineffective-field',
  appliesTo: ['catalog'],
  codes: ['ineffective-field'],
  mayReport(entry) {
    const value = plainObject(entry.value);
    return value !== undefined && typeof value.type === 'string' && isRemoteType(value.type) && hasKey(value, 'env');
  },
  checkEntry(entry, context) {
    const type = entryType(entry);
    if (!isRemoteType(type)) return;
    const env = field(entry, 'env');
    if (!env) return;
    context.report({
      code: 'ineffective-field',
      message: `env has no effect on a ${type} server: no runtime passes it to a remote server. Send credentials in headers.`,
      ...nodeSpan(env.keyNode),
      data: { path: [entry.name, 'env'] },
    });
  },
};
