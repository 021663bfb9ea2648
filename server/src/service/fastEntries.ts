import type { TextSource } from './pieceText';
import type { Finding } from './findings';
import { DEPTH, KEY_END, KEY_START, SPAN_FIELDS, VALUE_END, VALUE_START, type EntrySpan, type ScannedObject } from './entrySpans';
import type { IndexEntry } from './model';
import { scanJson, type JsonNode } from './parse';
import { strictEntryProperty } from './strictTree';
import type { PlainEntry } from './rules/rule';

/**
 * The fast path's entries (fastCheck.ts, bench/NOTES.md): an entry's plain value, read from the
 * whole document's parse or on its own after an edit; the tree of an entry that needs one; and
 * how trees and findings move when an edit before them changes the text's length.
 */

/** Entries nested deeper than this take the full parser, whose walks are all iterative. */
export const MAX_PLAIN_DEPTH = 48;

export interface TreeEntry {
  /** The rules (bit `1 << index`) that see this entry: those that may report on it or group it. */
  rules: number;
  entry: IndexEntry;
  /** The entry's own parse findings (duplicate keys inside it), in document offsets. */
  parseFindings: Finding[];
  /**
   * What the `checkEntry` of the rules in `rules` reported on this entry, kept until the entry or
   * its rules change (a `checkEntry` reads only its entry, the kind and the facts): an edit elsewhere
   * re-runs nothing here. Undefined: not run yet.
   */
  findings?: Finding[];
}

/**
 * The names and values of the entries `indices[from…to)` with one `JSON.parse` of them as an array — each key's
 * string then its value — or undefined when one is not strict JSON (a raw control character or a
 * bad escape the scanner let through, brackets it matched by depth only). An array rather than the
 * members as an object: V8 neither interns every server's name nor builds a hidden class per batch
 * of unique keys (bench/NOTES.md, "What changed in the fifth session"); and the keys in it, so V8's
 * parser decodes and proves them rather than a pattern and a slice per key ("What changed in the
 * seventh session").
 */
export function parseValues(
  text: string,
  spans: Int32Array,
  indices: readonly number[],
  from: number,
  to: number,
): { items: unknown[]; slices: string[] } | undefined {
  const slices: string[] = [];
  const parts: string[] = [];
  for (let i = from; i < to; i++) {
    const at = indices[i] * SPAN_FIELDS;
    const slice = text.slice(spans[at + VALUE_START], spans[at + VALUE_END]);
    slices.push(slice);
    parts.push(text.slice(spans[at + KEY_START], spans[at + KEY_END]), slice);
  }
  if (parts.length === 0) return { items: [], slices };
  // The brackets go into the first and last parts (copies of a name and a value) so that the join
  // is the one copy of the batch's text: a template around the join made a second copy of all of it
  // when JSON.parse flattened it — at 10,000 servers 7 of the check's 31 MB allocated, two bytes a
  // character when the catalog holds one character beyond Latin-1 (bench/NOTES.md, "What changed
  // in the eighth session").
  parts[0] = `[${parts[0]}`;
  parts[parts.length - 1] = `${parts[parts.length - 1]}]`;
  try {
    const parsed = JSON.parse(parts.join(',')) as unknown;
    // Each part is one balanced value, so a parse that succeeds holds exactly one item per part.
    return Array.isArray(parsed) && parsed.length === parts.length ? { items: parsed, slices } : undefined;
  } catch {
    return undefined;
  }
}

/** The entry at `offset` in its batch (`parseValues`): its name as parsed, or undefined when only the full parser can judge it. */
export function entryOf(spans: Int32Array, index: number, batch: { items: unknown[]; slices: string[] }, offset: number): PlainEntry | undefined {
  if (spans[index * SPAN_FIELDS + DEPTH] > MAX_PLAIN_DEPTH) return undefined;
  const name = batch.items[2 * offset];
  // A key's text always parses to a string; anything else means the scanner's spans were not keys.
  return typeof name === 'string' ? { name, value: batch.items[2 * offset + 1], slice: batch.slices[offset] } : undefined;
}

/**
 * A key the scanner found, quotes included, as the name it stands for: decoded only when it has
 * an escape. Undefined when JSON.parse would reject it: a raw control character, which the scanner
 * lets through, or a bad escape.
 */
export function keyName(raw: string): string | undefined {
  if (!raw.includes('\\')) return RAW_CONTROL.test(raw) ? undefined : raw.slice(1, -1);
  try {
    return JSON.parse(raw) as string;
  } catch {
    return undefined;
  }
}

/** What JSON forbids unescaped inside a string. */
const RAW_CONTROL = /[\u0000-\u001f]/;

/** The entry's name and plain value, or undefined when only the full parser can judge it. */
export function readEntry(text: TextSource, spans: Int32Array, index: number): PlainEntry | undefined {
  const at = index * SPAN_FIELDS;
  if (spans[at + DEPTH] > MAX_PLAIN_DEPTH) return undefined;
  try {
    // JSON.parse decodes escapes and rejects what the scanner let through (a raw control character).
    const name = JSON.parse(text.slice(spans[at + KEY_START], spans[at + KEY_END])) as string;
    const slice = text.slice(spans[at + VALUE_START], spans[at + VALUE_END]);
    return { name, value: JSON.parse(slice) as unknown, slice };
  } catch {
    return undefined;
  }
}

/**
 * The tree of one entry with offsets in the whole document. Text with a finding (a duplicate key)
 * is scanned inside a one-property object so its depth — and so duplicate-key severities and
 * paths — is what it is in the document; strictTree.ts builds the same tree for the rest.
 */
export function entryTree(text: TextSource, span: EntrySpan, rules: number): TreeEntry {
  const source = text.slice(span.keyStart, span.valueEnd);
  // Strict JSON without a duplicate key (nearly every entry): the same tree, built by strictTree.ts.
  const strict = strictEntryProperty(source, span.keyStart);
  if (strict)
    return {
      rules,
      entry: { name: strict.children![0].value as string, property: strict, keyNode: strict.children![0], valueNode: strict.children![1] },
      parseFindings: [],
    };
  const base = span.keyStart - 1;
  const parsed = scanJson(`{${source}}`);
  const property = parsed.root!.children![0];
  const tree: TreeEntry = {
    rules,
    entry: { name: property.children![0].value as string, property, keyNode: property.children![0], valueNode: property.children![1] },
    parseFindings: parsed.findings,
  };
  shiftTree(tree, base);
  return tree;
}

export function shiftTree(tree: TreeEntry, by: number): void {
  const work: JsonNode[] = [tree.entry.property];
  while (work.length) {
    const node = work.pop()!;
    node.offset += by;
    if (node.colonOffset !== undefined) node.colonOffset += by;
    if (node.children) for (const child of node.children) work.push(child);
  }
  tree.parseFindings = tree.parseFindings.map((finding) => shiftFinding(finding, 0, by));
  tree.findings = tree.findings?.map((finding) => shiftFinding(finding, 0, by));
}

/**
 * A finding after `by` characters were inserted (or removed) at `from`: what lies at or after it
 * moves. The same object when nothing in it moves, so what was derived from it (its LSP range,
 * node/report.ts) can be kept.
 */
export function shiftFinding(finding: Finding, from: number, by: number): Finding {
  const data = finding.data as { earlierOffset?: number } | undefined;
  const moves =
    finding.start >= from ||
    finding.end > from ||
    (data?.earlierOffset !== undefined && data.earlierOffset >= from) ||
    finding.related?.some((related) => related.path === undefined && related.end > from);
  if (!moves || by === 0) return finding;
  const at = (offset: number) => (offset >= from ? offset + by : offset);
  return {
    ...finding,
    start: at(finding.start),
    end: finding.end > from ? finding.end + by : finding.end,
    data: data?.earlierOffset !== undefined && data.earlierOffset >= from ? { ...data, earlierOffset: data.earlierOffset + by } : finding.data,
    related: finding.related?.map((related) =>
      related.path === undefined && related.end > from ? { ...related, start: at(related.start), end: related.end + by } : related,
    ),
  };
}

/** Index of the last entry whose key starts at or before `offset` (-1 before the first). */
export function entryAt(object: ScannedObject, offset: number): number {
  let low = 0;
  let high = object.count - 1;
  let found = -1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (object.spans[mid * SPAN_FIELDS + KEY_START] <= offset) {
      found = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return found;
}
