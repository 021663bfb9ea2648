import { entryType, field, isRemoteType } from '../model';
import { effectiveProperties, propertyKey } from '../parse';
import { ELICITATION_KEYS } from '../runtime/zimmerAdditions';
import { nodeSpan, type Rule } from './rule';

/**
 * `ineffective-field` (SPEC §5, §6.5, §10): `env` on a remote entry is allowed but no runtime uses
 * it; an `ELICITATION_*` variable in a stdio entry's `env` is overwritten by Zimmer at prepare; a
 * runtime's own key (Codex's `startup_timeout_ms`, `tool_timeout_sec`, `enabled`, Pi's
 * `requestTimeoutMs`) does not pass through, since AIR's Codex adapter and Zimmer's Pi writer build
 * each entry from the fields they know (SPEC §6.3).
 */

/** The env keys Zimmer writes into every stdio entry. */
const OVERWRITTEN: ReadonlySet<string> = new Set(ELICITATION_KEYS);

/** A runtime's own entry keys → the runtime, and what to write instead (a sentence, or ''). */
const RUNTIME_KEYS: ReadonlyMap<string, { runtime: string; instead: string }> = new Map([
  ['startup_timeout_ms', { runtime: 'Codex', instead: ' Declare startup_timeout_sec (seconds) instead.' }],
  ['tool_timeout_sec', { runtime: 'Codex', instead: '' }],
  ['enabled', { runtime: 'Codex', instead: ' To keep it out of sessions, declare unavailable with a reason.' }],
  ['requestTimeoutMs', { runtime: 'Pi', instead: ' Declare startup_timeout_sec (seconds) instead.' }],
]);

export const ineffectiveFieldRule: Rule = {
  id: 'ineffective-field',
  appliesTo: ['catalog'],
  codes: {
    'ineffective-field': {
      severity: 'hint',
      summary: "`env` on a remote entry, an `ELICITATION_*` key Zimmer overwrites, or a runtime's own key no generated config carries (a warning).",
      example: '`"ELICITATION_REQUEST_URL": "…"`',
    },
  },
  checkEntry(entry, context) {
    for (const property of effectiveProperties(entry.valueNode)) {
      const key = propertyKey(property);
      const native = RUNTIME_KEYS.get(key);
      if (!native) continue;
      context.report({
        code: 'ineffective-field',
        severity: 'warning',
        message: `${key} does nothing here: it is ${native.runtime}'s own setting, and no generated config carries it.${native.instead}`,
        ...nodeSpan(property.children![0]),
        data: { path: [entry.name, key], runtimeKey: native.runtime },
      });
    }
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
