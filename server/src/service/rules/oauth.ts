import { entryType, field } from '../model';
import { effectiveProperties, propertyKey, propertyValue } from '../parse';
import { mcpSchema } from '../schema';
import { nodeSpan, type Rule } from './rule';
import { nearMiss, unknownFieldSeverity } from './structure';
import { quoted } from '../text';

/**
 * The `oauth` object of a remote entry (SPEC §3, §5), beyond what AIR's schema rejects:
 * - an empty `clientId` / `clientSecret` passes `air validate` but every generator drops it, so
 *   the intended client is never used: `invalid-value`, a warning;
 * - a misspelt key — above all the snake_case spellings (`client_id`, `redirect_uri`, …) that
 *   Zimmer's own OAuth flow reads but the generated runtime configs drop — `unknown-field` with the
 *   camelCase rename (a warning when it only differs by case and `-`/`_`, SPEC §5).
 * On a stdio entry `oauth` is forbidden altogether; that finding is the structure rule's.
 */

const OAUTH_FIELDS: readonly string[] = Object.keys((mcpSchema.$defs.OAuthConfiguration as { properties: Record<string, unknown> }).properties);

/** String fields every generator writes only when non-empty. */
const DROPPED_WHEN_EMPTY = ['clientId', 'clientSecret'];

export const oauthRule: Rule = {
  id: 'oauth',
  appliesTo: ['catalog'],
  codes: {},
  alsoReports: ['invalid-value', 'unknown-field'],
  checkEntry(entry, context) {
    if (entryType(entry) === 'stdio') return;
    const oauth = field(entry, 'oauth')?.valueNode;
    if (oauth?.type !== 'object') return;
    for (const property of effectiveProperties(oauth)) {
      const key = propertyKey(property);
      const keyNode = property.children![0];
      const valueNode = propertyValue(property);
      if (DROPPED_WHEN_EMPTY.includes(key)) {
        if (valueNode?.type === 'string' && valueNode.value === '') {
          context.report({
            code: 'invalid-value',
            severity: 'warning',
            message: `oauth.${key} is empty: every generated runtime config drops it. Remove it, or set the value.`,
            ...nodeSpan(valueNode),
            data: { path: [entry.name, 'oauth', key], keyword: 'minLength', droppedWhenEmpty: true },
          });
        }
        continue;
      }
      if (OAUTH_FIELDS.includes(key)) continue;
      const suggestion = nearMiss(key, OAUTH_FIELDS);
      if (suggestion === undefined) continue;
      const severity = unknownFieldSeverity(key, suggestion);
      context.report({
        code: 'unknown-field',
        severity,
        message:
          severity === 'warning'
            ? `Unknown OAuth field ${quoted(key)} is dropped by generated runtime configs. Did you mean ${quoted(suggestion)}? Only Zimmer's own OAuth flow reads it.`
            : `Unknown OAuth field ${quoted(key)} is dropped. Did you mean ${quoted(suggestion)}?`,
        ...nodeSpan(keyNode),
        data: { path: [entry.name, 'oauth', key], field: key, suggestion },
      });
    }
  },
};
