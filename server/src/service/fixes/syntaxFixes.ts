import type { Finding } from '../findings';
import { lineStart, removeProperty, skipTrivia } from './jsonEdits';
import { nodeBySpan } from './locate';
import { proposal } from './proposal';
import type { FixContext, FixProposal } from './types';
import { quoted } from '../text';

/** Strict-JSON fixes (SPEC §2): comments, trailing commas, the BOM, duplicate keys. */

const isBlank = (text: string): boolean => /^[ \t]*$/.test(text);

function lineEndOf(text: string, offset: number): { end: number; next: number } {
  let i = offset;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  const next = text[i] === '\r' && text[i + 1] === '\n' ? i + 2 : i < text.length ? i + 1 : i;
  return { end: i, next };
}

/** Remove the comment; a comment alone on its line(s) takes the line with it. Never in fix-all. */
export function fixComment(finding: Finding, { text }: FixContext): FixProposal[] {
  const { start, end } = finding;
  const comment = text.slice(start, end);
  const isLine = comment.startsWith('//');
  // An unterminated block comment runs to the end of the file: removing it would delete the rest.
  if (!isLine && !(comment.startsWith('/*') && comment.endsWith('*/') && comment.length >= 4)) return [];
  const first = lineStart(text, start);
  const line = lineEndOf(text, end);
  const before = text.slice(first, start);
  const after = text.slice(end, line.end);
  let edit;
  if (isBlank(before) && isBlank(after)) edit = { start: first, end: line.next, newText: '' };
  else if (isBlank(after)) {
    let from = start;
    while (from > first && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
    edit = { start: from, end, newText: '' };
  } else edit = { start, end, newText: '' };
  return [proposal('Remove the comment', [edit], { preferred: true })];
}

export function fixTrailingComma(finding: Finding, { text }: FixContext): FixProposal[] {
  const offset = finding.start;
  if (text[offset] !== ',' || finding.end !== offset + 1) return [];
  const next = text[skipTrivia(text, offset + 1)];
  if (next !== '}' && next !== ']') return [];
  return [proposal('Remove the trailing comma', [{ start: offset, end: offset + 1, newText: '' }], { preferred: true, fixAll: true })];
}

export function fixBom(finding: Finding, { text }: FixContext): FixProposal[] {
  if (finding.start !== 0 || text.charCodeAt(0) !== 0xfeff) return [];
  return [proposal('Remove the byte-order mark', [{ start: 0, end: 1, newText: '' }], { preferred: true, fixAll: true })];
}

/** Remove the earlier occurrence, as JSON.parse keeps the later one. */
export function fixDuplicateKey(finding: Finding, { text, parsed }: FixContext): FixProposal[] {
  const key = finding.data?.key;
  const earlierOffset = finding.data?.earlierOffset;
  if (typeof key !== 'string' || typeof earlierOffset !== 'number') return [];
  const later = nodeBySpan(parsed.root, finding.start, finding.end, 'string');
  const property = later?.parent;
  const object = property?.parent;
  if (!later || property?.type !== 'property' || property.children![0] !== later || later.value !== key || object?.type !== 'object') return [];
  const earlier = object.children!.find((child) => child.offset === earlierOffset && child.children?.[0]?.value === key);
  if (!earlier || earlier === property) return [];
  const edits = removeProperty(text, earlier);
  if (!edits) return [];
  return [proposal(`Remove the earlier ${quoted(key)} (JSON.parse keeps the later one)`, edits, { preferred: true, fixAll: true })];
}
