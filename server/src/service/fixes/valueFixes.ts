import type { Finding } from '../findings';
import type { JsonNode } from '../parse';
import { MAX_REASON_LENGTH } from '../unavailable';
import { removeProperty, replaceNode } from './jsonEdits';
import { collapseRawUnits, firstCodePointUnits, joinDecoded, joinRaw, jsonString, rawUnits } from './jsonStrings';
import { valueAt } from './locate';
import { proposal } from './proposal';
import type { FixContext, FixProposal } from './types';
import { quoted } from '../text';

/** Fixes for `startup_timeout_sec` (SPEC §4.1) and `unavailable` (SPEC §4.2). */

/** timeout-type, timeout-fractional, timeout-range: write the in-range integer the rule computed. */
export function fixTimeout(finding: Finding, { parsed }: FixContext): FixProposal[] {
  const replacement = finding.data?.replacement;
  const node = valueAt(parsed.root, finding);
  if (!node || typeof replacement !== 'number' || !Number.isInteger(replacement)) return [];
  let title: string;
  if (finding.code === 'timeout-type') title = `Write ${replacement} as a number`;
  else if (finding.code === 'timeout-range') title = `Clamp to ${replacement}`;
  else if (finding.data?.notation === true) title = `Write ${replacement}`;
  // A fraction outside 5–600 is rounded and then clamped: 900.5 becomes 600, which no rounding gives.
  else title = typeof node.value === 'number' && Math.round(node.value) === replacement ? `Round to ${replacement}` : `Clamp to ${replacement}`;
  return [proposal(title, [replaceNode(node, String(replacement))], { preferred: true, fixAll: true })];
}

export function fixUnavailableType(finding: Finding, { parsed }: FixContext): FixProposal[] {
  const reason = finding.data?.reason;
  const node = valueAt(parsed.root, finding);
  if (!node || typeof reason !== 'string' || !reason) return [];
  return [proposal(`Turn into the reason ${quoted(reason)}`, [replaceNode(node, jsonString(reason))], { preferred: true })];
}

export function fixUnavailableEmpty(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const node = valueAt(parsed.root, finding);
  const property = node?.parent;
  const edits = property?.type === 'property' ? removeProperty(text, property) : undefined;
  if (!edits) return [];
  return [proposal('Remove the empty "unavailable"', edits, { preferred: true, fixAll: true })];
}

/** The raw units of a string literal's content. */
function contentUnits(text: string, node: JsonNode) {
  return rawUnits(text.slice(node.offset + 1, node.offset + node.length - 1));
}

/**
 * Write `units` back as a literal when they decode to what the rule computed; otherwise the
 * computed text, freshly escaped. Escapes the author wrote elsewhere in the reason survive.
 */
function literalFor(units: ReturnType<typeof rawUnits>, expected: string): string {
  return joinDecoded(units) === expected ? `"${joinRaw(units)}"` : jsonString(expected);
}

export function fixUnavailableMultiline(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const normalised = finding.data?.normalised;
  const node = valueAt(parsed.root, finding);
  if (!node || node.type !== 'string' || typeof normalised !== 'string') return [];
  const literal = literalFor(collapseRawUnits(contentUnits(text, node)), normalised);
  return [proposal('Collapse the reason to one line', [replaceNode(node, literal)], { preferred: true, fixAll: true })];
}

export function fixUnavailableTooLong(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const shortened = finding.data?.shortened;
  const node = valueAt(parsed.root, finding);
  if (!node || node.type !== 'string' || typeof shortened !== 'string') return [];
  const literal = literalFor(firstCodePointUnits(collapseRawUnits(contentUnits(text, node)), MAX_REASON_LENGTH), shortened);
  return [proposal(`Shorten the reason to ${MAX_REASON_LENGTH} characters`, [replaceNode(node, literal)], { preferred: true })];
}
