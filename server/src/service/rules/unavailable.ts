import { field } from '../model';
import { nodeValue } from '../parse';
import { codePointLength, collapseAsciiWhitespace, describeValue, firstCodePoints } from '../text';
import { MAX_REASON_LENGTH, normaliseUnavailableReason } from '../unavailable';
import { nodeSpan, type Rule } from './rule';

/**
 * `unavailable` (SPEC §4.2): a one-line reason string. Non-strings declare nothing; blank strings
 * declare nothing; line breaks split the markdown list the reason lands in; long reasons are cut.
 */

const LINE_BREAKS = /[\n\r\v\f]/;

export const unavailableRule: Rule = {
  id: 'unavailable',
  appliesTo: ['catalog'],
  codes: {
    'unavailable-type': { severity: 'warning', summary: '`unavailable` is not a string, so it declares nothing.', example: '`true`' },
    'unavailable-empty': { severity: 'warning', summary: '`unavailable` is empty or blank, so it declares nothing (a hint for `null`).', example: '`"  "`' },
    'unavailable-multiline': {
      severity: 'warning',
      summary: '`unavailable` spans several lines; it is shown on one line.',
      example: '`"down\\nuntil Friday"`',
    },
    'unavailable-too-long': {
      severity: 'warning',
      summary: 'The normalised `unavailable` reason is over 200 code points and will be cut.',
      example: 'a 250-character reason',
    },
  },
  checkEntry(entry, context) {
    const unavailable = field(entry, 'unavailable');
    const node = unavailable?.valueNode;
    if (!unavailable || !node) return;
    const path = [entry.name, 'unavailable'];

    if (node.type === 'null') {
      context.report({
        code: 'unavailable-empty',
        severity: 'hint',
        message: 'unavailable is null, so it declares nothing; remove the field.',
        ...nodeSpan(node),
        data: { path },
      });
      return;
    }
    if (node.type !== 'string') {
      const value = nodeValue(node);
      context.report({
        code: 'unavailable-type',
        message: `unavailable ${describeValue(value)} is not a reason string, so it declares nothing and the server is still offered.${value === true ? ' There is no boolean form: write the reason.' : ' Write the reason as a string.'}`,
        ...nodeSpan(node),
        data: { path, reason: reasonFromValue(value) },
      });
      return;
    }

    const raw = node.value as string;
    const reason = normaliseUnavailableReason(raw);
    if (reason === undefined) {
      context.report({
        code: 'unavailable-empty',
        message: 'unavailable is blank, so it declares nothing and the server is still offered. Write a reason or remove it.',
        ...nodeSpan(node),
        data: { path },
      });
      return;
    }
    const collapsed = collapseAsciiWhitespace(raw);
    if (LINE_BREAKS.test(raw)) {
      context.report({
        code: 'unavailable-multiline',
        message: `unavailable spans several lines; Zimmer joins them into one line of its list. Shown as: "${reason}"`,
        ...nodeSpan(node),
        data: { path, normalised: collapsed },
      });
    }
    const length = codePointLength(collapsed);
    if (length > MAX_REASON_LENGTH) {
      context.report({
        code: 'unavailable-too-long',
        message: `unavailable has ${length} characters, over ${MAX_REASON_LENGTH}, so Zimmer cuts it. Shown as: "${reason}"`,
        ...nodeSpan(node),
        data: { path, shortened: firstCodePoints(collapsed, MAX_REASON_LENGTH).replace(/[ \t]+$/, ''), displayed: reason },
      });
    }
  },
};

/** A reason string made from a non-string value, for the "turn into a reason" fix. */
function reasonFromValue(value: unknown): string {
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.filter((item): item is string => typeof item === 'string' && item.trim().length > 0);
    if (parts.length > 0) return collapseAsciiWhitespace(parts.join(' '));
  }
  if (value && typeof value === 'object') {
    const reason = (value as Record<string, unknown>).reason;
    if (typeof reason === 'string' && reason.trim()) return collapseAsciiWhitespace(reason);
  }
  return 'Temporarily unavailable';
}
