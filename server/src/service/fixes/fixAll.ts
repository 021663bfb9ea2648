import type { IndexKind } from '../classify';
import type { Code } from '../codes';
import { checkDocument, type CheckOptions } from '../engine';
import type { WorkspaceFacts } from '../facts';
import type { ResolvedFinding } from '../findings';
import { parseJson } from '../parse';
import { applyEdits } from './apply';
import { fixesFor } from './quickFixes';
import type { FixProposal, TextEdit } from './types';

/**
 * `source.fixAll.mcp-catalog` (SPEC §5): every unambiguous fix in one edit. Never comments,
 * closest-name guesses, case changes, shortening, or other files — those fixes are not marked
 * `inFixAll`.
 *
 * Fixes can overlap (two timeout fixes on one value, removing a property whose value has its own
 * fix, neighbouring duplicates): each round applies a set of non-overlapping fixes, then the
 * document is checked again and the next round fixes what is left, until nothing fixable remains.
 * A round that would add a syntax error is rolled back. The rounds' edits are composed into
 * edits on the original text, so the client receives one edit of the whole document.
 */

export const FIX_ALL_CODES: ReadonlySet<Code> = new Set<Code>([
  'json-trailing-comma',
  'json-bom',
  'duplicate-key',
  'unknown-type',
  'timeout-type',
  'timeout-fractional',
  'timeout-range',
  'unavailable-multiline',
  'unavailable-empty',
  'ineffective-field',
]);

const MAX_ROUNDS = 25;

export interface FixAllResult {
  /** Edits on the original text (sorted, non-overlapping); empty when nothing was fixable. */
  edits: TextEdit[];
  /** The text after the edits. */
  text: string;
  /** How many fixes were applied. */
  applied: number;
}

export interface FixAllOptions {
  severities?: CheckOptions['severities'];
  maxFileSize?: number;
  /** The findings of `text` when already computed (the server's cached analysis). */
  findings?: readonly ResolvedFinding[];
}

export function computeFixAll(text: string, kind: IndexKind, facts: WorkspaceFacts, options: FixAllOptions = {}): FixAllResult {
  let current = text;
  let segments: Segment[] = [{ start: 0, end: text.length }];
  let applied = 0;
  let findings = options.findings;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const check = checkDocument(current, kind, facts, { severities: options.severities, maxFileSize: options.maxFileSize });
    if (!check.parsed) break;
    const roundFindings = findings ?? check.findings;
    findings = undefined; // the cached findings describe the original text only
    const chosen = chooseFixes(
      roundFindings.filter((finding) => FIX_ALL_CODES.has(finding.code)),
      (finding) => fixesFor(finding, { text: current, parsed: check.parsed!, kind, facts }).find((fix) => fix.inFixAll && !fix.files && !fix.command),
    );
    if (chosen.length === 0) break;
    const edits = chosen.flatMap((fix) => fix.edits);
    const next = applyEdits(current, edits);
    if (syntaxErrors(next) > syntaxErrors(current)) break;
    segments = applyToSegments(segments, edits);
    current = next;
    applied += chosen.length;
  }
  return { edits: editsFromSegments(segments, text.length), text: current, applied };
}

function syntaxErrors(text: string): number {
  return parseJson(text).findings.filter((finding) => finding.code === 'json-syntax').length;
}

/** Fixes whose edits overlap no fix chosen before them, in document order. */
function chooseFixes(findings: readonly ResolvedFinding[], fixFor: (finding: ResolvedFinding) => FixProposal | undefined): FixProposal[] {
  const chosen: FixProposal[] = [];
  const taken: TextEdit[] = [];
  for (const finding of findings) {
    const fix = fixFor(finding);
    if (!fix || fix.edits.length === 0) continue;
    if (fix.edits.some((edit) => taken.some((other) => conflicts(edit, other)))) continue;
    chosen.push(fix);
    taken.push(...fix.edits);
  }
  return chosen;
}

/** Overlapping ranges conflict; so does an insertion at or inside another edit. Adjacent replacements do not. */
function conflicts(a: TextEdit, b: TextEdit): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  if (a.start === a.end || b.start === b.end) return a.start <= b.end && b.start <= a.end;
  return false;
}

// ---- composing rounds -----------------------------------------------------------------------

/** The current text as pieces: a span of the original text, or new text. */
type Segment = { start: number; end: number } | { text: string };

const isOriginal = (segment: Segment): segment is { start: number; end: number } => 'start' in segment;
const lengthOf = (segment: Segment): number => (isOriginal(segment) ? segment.end - segment.start : segment.text.length);

/** The pieces covering [from, to) of the current text. */
function slice(segments: readonly Segment[], from: number, to: number): Segment[] {
  const out: Segment[] = [];
  let position = 0;
  for (const segment of segments) {
    const length = lengthOf(segment);
    const start = Math.max(from, position);
    const end = Math.min(to, position + length);
    if (start < end) {
      if (isOriginal(segment)) out.push({ start: segment.start + (start - position), end: segment.start + (end - position) });
      else out.push({ text: segment.text.slice(start - position, end - position) });
    }
    position += length;
    if (position >= to) break;
  }
  return out;
}

function applyToSegments(segments: readonly Segment[], edits: readonly TextEdit[]): Segment[] {
  const total = segments.reduce((sum, segment) => sum + lengthOf(segment), 0);
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Segment[] = [];
  let cursor = 0;
  for (const edit of sorted) {
    out.push(...slice(segments, cursor, edit.start));
    if (edit.newText) out.push({ text: edit.newText });
    cursor = edit.end;
  }
  out.push(...slice(segments, cursor, total));
  return out;
}

/** Edits on the original text that turn it into the text the segments describe. */
function editsFromSegments(segments: readonly Segment[], originalLength: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let position = 0;
  let pending = '';
  for (const segment of segments) {
    if (!isOriginal(segment)) {
      pending += segment.text;
      continue;
    }
    if (segment.start === segment.end) continue;
    if (segment.start !== position || pending) edits.push({ start: position, end: segment.start, newText: pending });
    pending = '';
    position = segment.end;
  }
  if (position !== originalLength || pending) edits.push({ start: position, end: originalLength, newText: pending });
  return edits;
}
