import { field } from '../model';
import { nodeValue } from '../parse';
import { codePointLength, collapseAsciiWhitespace, describeValue, firstCodePoints } from '../text';
import { MAX_REASON_LENGTH, normaliseUnavailableReason } from '../unavailable';
import { hasKey, nodeSpan, plainObject, type Rule } from './rule';

/**
 * `unavailable` (SPEC §4.2): a one-line reason string. Non-strings declare nothing; blank strings
 * declare nothing; line breaks split the markdown list the reason lands in; long reasons are cut.
 */

const LINE_BREAKS = /[\n\r\v\f]/;

export const unavailableRule: Rule = {
  id: 'unavailable',
  appliesTo: ['catalog'],
  mayReport(entry) {
    const value = plainObject(entry.value);
    if (!value || !hasKey(value, 'unavailable')) return false;
    const raw = value.unavailable;
    if (typeof raw !== 'string' || LINE_BREAKS.test(raw) || normaliseUnavailableReason(raw) === undefined) return true;
    return codePointLength(collapseAsciiWhitespace(raw)) > MAX_REASON_LENGTH;
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
        message: '`unavailable: null` declares nothing; remove the field.',
        ...nodeSpan(node),
        data: { path },
      });
      return;
    }
    if (node.type !== 'string') {
      const value = nodeValue(node);
      context.report({
        code: 'unavailable-type',
        message: `\`unavailable\` must be a reason string; ${describeValue(value)} declares nothing${value === true ? ' (there is no boolean form)' : ''}, so the server is still offered.`,
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
        message: '`unavailable` is empty or blank, so it declares nothing and the server is still offered; write a reason or remove the field.',
        ...nodeSpan(node),
        data: { path },
      });
      return;
    }
    const collapsed = collapseAsciiWhitespace(raw);
    if (LINE_BREAKS.test(raw)) {
      context.report({
        code: 'unavailable-multiline',
        message: 'The reason spans several lines, which would split the one-line list it is shown in; it is shown as one line.',
        ...nodeSpan(node),
        data: { path, normalised: collapsed },
      });
    }
    const length = codePointLength(collapsed);
    if (length > MAX_REASON_LENGTH) {
      context.report({
        code: 'unavailable-too-long',
        message: `The reason has ${length} characters; only ${MAX_REASON_LENGTH} are kept, so it is shown as: "${reason}"`,
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
