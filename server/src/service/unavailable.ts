import { codePointLength, collapseAsciiWhitespace, firstCodePoints } from './text';

/** SPEC §4.2: the longest reason shown, in code points. */
export const MAX_REASON_LENGTH = 200;

/**
 * The reason an `unavailable` value declares, exactly as Zimmer normalises it: not a string →
 * nothing; collapse ASCII whitespace runs; trim; empty → nothing; over 200 code points → the
 * first 197 and `...`.
 */
export function normaliseUnavailableReason(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const collapsed = collapseAsciiWhitespace(value);
  if (collapsed.length === 0) return undefined;
  if (codePointLength(collapsed) <= MAX_REASON_LENGTH) return collapsed;
  return `${firstCodePoints(collapsed, MAX_REASON_LENGTH - 3)}...`;
}
