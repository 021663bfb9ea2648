import type { IndexKind } from '../classify';
import type { WorkspaceFacts } from '../facts';
import type { DocumentModel, IndexEntry } from '../model';
import { pathOfNode, type JsonNode, type ParsedJson } from '../parse';

/**
 * What every editing feature reads: one document's text and strict parse (the cached analysis of
 * its current version), plus the facts discovered around it. Offsets are UTF-16 code units of
 * `text`; converting them to positions is the server's job.
 */
/** The index kinds the editing features serve (an air.json gets none of them). */
export type LanguageKind = Exclude<IndexKind, 'air'>;

export interface LanguageDocument {
  kind: LanguageKind;
  text: string;
  parsed: ParsedJson;
  /** The entries of `parsed` (model.ts `DocumentModel`). */
  entries: readonly IndexEntry[];
  /** Absolute path, when the document is a file. */
  path?: string;
  facts: WorkspaceFacts;
}

export interface Span {
  start: number;
  end: number;
}

/** A span in some file: `path` undefined means the document itself. */
export interface FileSpan extends Span {
  path?: string;
}

export function spanOf(node: JsonNode): Span {
  return { start: node.offset, end: node.offset + node.length };
}

/** True when a string literal node ends with its closing quote (it may be cut off at a line end). */
export function isTerminatedString(text: string, node: JsonNode): boolean {
  if (node.length < 2) return false;
  const end = node.offset + node.length;
  if (text.charCodeAt(end - 1) !== 0x22 /* " */) return false;
  // `"abc\"` is unterminated: count the backslashes before the last quote.
  let backslashes = 0;
  for (let i = end - 2; i > node.offset && text.charCodeAt(i) === 0x5c; i--) backslashes++;
  return backslashes % 2 === 0;
}

/** The span between a string literal's quotes (what a rename replaces). */
export function stringInterior(text: string, node: JsonNode): Span {
  const end = node.offset + node.length;
  return { start: node.offset + 1, end: isTerminatedString(text, node) ? end - 1 : end };
}

/**
 * The innermost node whose span holds `offset` (property nodes are skipped: their key or value is
 * returned). With `rightBound`, an offset just past a scalar counts as on it, so a cursor at the
 * end of a word still finds it. Iterative, so deep nesting cannot overflow the stack.
 */
export function nodeAtOffset(root: JsonNode | undefined, offset: number, rightBound = true): JsonNode | undefined {
  if (!root || !contains(root, offset, rightBound)) return undefined;
  let found: JsonNode | undefined;
  let current: JsonNode | undefined = root;
  while (current) {
    if (current.type !== 'property') found = current;
    const children: JsonNode[] = current.children ?? [];
    current =
      children.find((child) => offset >= child.offset && offset < child.offset + child.length) ??
      (rightBound ? children.find((child) => contains(child, offset, true)) : undefined);
  }
  return found;
}

function contains(node: JsonNode, offset: number, rightBound: boolean): boolean {
  const end = node.offset + node.length;
  if (offset >= node.offset && offset < end) return true;
  return rightBound && offset === end && node.type !== 'object' && node.type !== 'array';
}

/** Where a node sits: a property key, a property value or an array item, with its JSON path. */
export interface NodeRole {
  node: JsonNode;
  role: 'key' | 'value' | 'item' | 'root';
  /** The node's JSON path; a key's path is its property's path (the object's path plus the key). */
  path: (string | number)[];
  /** The property node for keys and values. */
  property?: JsonNode;
}

export function roleOf(node: JsonNode): NodeRole {
  const parent = node.parent;
  if (!parent) return { node, role: 'root', path: [] };
  if (parent.type === 'property') {
    const isKey = parent.children![0] === node;
    return { node, role: isKey ? 'key' : 'value', path: pathOfNode(node), property: parent };
  }
  return { node, role: 'item', path: pathOfNode(node) };
}

/** Fields whose string values AIR substitutes (SPEC §4.3); `oauth` and the maps apply to every string below them. */
export const SUBSTITUTED_FIELDS: ReadonlySet<string> = new Set(['env', 'headers', 'url', 'args', 'command', 'oauth']);

/** Whether a string value at `path` (in a catalog) is substituted. Keys never are. */
export function isSubstitutedPath(path: readonly (string | number)[]): boolean {
  return (
    path.length >= 2 &&
    typeof path[1] === 'string' &&
    SUBSTITUTED_FIELDS.has(path[1]) &&
    (path[1] === 'url' || path[1] === 'command' ? path.length === 2 : path.length >= 3)
  );
}

/** The parts of a cached analysis the editing features read (the server's `Analysis` has them all). */
export interface AnalysedDocument {
  kind: IndexKind;
  text: string;
  check: DocumentModel;
  filePath: string | undefined;
  facts: WorkspaceFacts;
}

/** A cached analysis as a LanguageDocument; undefined when the text was too large to parse. */
export function languageDocument(analysis: AnalysedDocument): LanguageDocument | undefined {
  const { parsed, entries } = analysis.check;
  if (!parsed || analysis.kind === 'air') return undefined;
  return { kind: analysis.kind, text: analysis.text, parsed, entries, path: analysis.filePath, facts: analysis.facts };
}
