import { field } from '../model';
import { isNonIntegerLiteral, nodeValue } from '../parse';
import { describeValue } from '../text';
import { literalText, nodeSpan, type Rule } from './rule';

/**
 * `startup_timeout_sec` (SPEC §4.1): a JSON integer 5–600. Zimmer ignores anything else, logs a
 * warning and falls back to 180 s. A number is judged by value (`20.0` is 20, with a hint).
 */

export const TIMEOUT_MIN = 5;
export const TIMEOUT_MAX = 600;
export const DEFAULT_TIMEOUT_SEC = 180;

const clamp = (value: number): number => Math.min(TIMEOUT_MAX, Math.max(TIMEOUT_MIN, value));

/** The valid declared timeout of an entry value, or undefined (absent, null or ignored). */
export function validTimeout(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= TIMEOUT_MIN && value <= TIMEOUT_MAX ? value : undefined;
}

export const timeoutRule: Rule = {
  id: 'timeout',
  appliesTo: ['catalog'],
  codes: {
    'timeout-type': { severity: 'warning', summary: '`startup_timeout_sec` is not a number; Zimmer ignores it.', example: '`"20"` → `20`' },
    'timeout-fractional': {
      severity: 'warning',
      summary: '`startup_timeout_sec` is not an integer; Zimmer ignores it (a hint for `20.0`).',
      example: '`20.5`',
    },
    'timeout-range': {
      severity: 'warning',
      summary: `\`startup_timeout_sec\` is outside ${TIMEOUT_MIN}\u2013${TIMEOUT_MAX}; Zimmer ignores it.`,
      example: `\`${TIMEOUT_MIN - 1}\`, \`${TIMEOUT_MAX + 1}\``,
    },
  },
  checkEntry(entry, context) {
    const timeout = field(entry, 'startup_timeout_sec');
    const node = timeout?.valueNode;
    if (!node || node.type === 'null') return;
    const path = [entry.name, 'startup_timeout_sec'];
    const ignored = `Zimmer ignores it and uses ${DEFAULT_TIMEOUT_SEC} s`;
    // A literal can be any length (`1e999…`): the first sentence must stay short (SPEC §5).
    const written = describeValue(literalText(context, node)).replace(/^"|"$/g, '');

    if (node.type !== 'number') {
      const text = typeof node.value === 'string' ? node.value.trim() : undefined;
      const parsed = text !== undefined && /^[0-9]+$/.test(text) ? Number(text) : undefined;
      const replacement = parsed !== undefined && parsed >= TIMEOUT_MIN && parsed <= TIMEOUT_MAX ? parsed : undefined;
      context.report({
        code: 'timeout-type',
        message: `startup_timeout_sec ${describeValue(nodeValue(node))} is not a number; ${ignored}.${replacement !== undefined ? ` Write ${replacement} without quotes.` : ` Write whole seconds from ${TIMEOUT_MIN} to ${TIMEOUT_MAX}.`}`,
        ...nodeSpan(node),
        data: { path, replacement },
      });
      return;
    }

    const value = node.value as number;
    if (!Number.isFinite(value)) {
      context.report({
        code: 'timeout-range',
        message: `startup_timeout_sec ${written} is ${value > 0 ? `above ${TIMEOUT_MAX}` : `below ${TIMEOUT_MIN}`}; ${ignored}.`,
        ...nodeSpan(node),
        data: { path, replacement: value > 0 ? TIMEOUT_MAX : TIMEOUT_MIN },
      });
      return;
    }
    if (!Number.isInteger(value)) {
      context.report({
        code: 'timeout-fractional',
        message: `startup_timeout_sec ${written} is not a whole number; ${ignored}. Write whole seconds.`,
        ...nodeSpan(node),
        data: { path, replacement: clamp(Math.round(value)) },
      });
      return;
    }
    if (isNonIntegerLiteral(context.text, node)) {
      context.report({
        code: 'timeout-fractional',
        severity: 'hint',
        message: `startup_timeout_sec ${written} is read as the integer ${value}; write ${value}.`,
        ...nodeSpan(node),
        data: { path, replacement: clamp(value), notation: true },
      });
    }
    if (value < TIMEOUT_MIN || value > TIMEOUT_MAX) {
      context.report({
        code: 'timeout-range',
        message: `startup_timeout_sec ${value} is ${value > TIMEOUT_MAX ? `above ${TIMEOUT_MAX}` : `below ${TIMEOUT_MIN}`}; ${ignored}.`,
        ...nodeSpan(node),
        data: { path, replacement: clamp(value) },
      });
    }
  },
};
