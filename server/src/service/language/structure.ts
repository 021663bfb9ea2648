import { createScanner, format, type FormattingOptions as JsoncFormattingOptions } from 'jsonc-parser';
import type { DocumentModel } from '../model';
import type { JsonNode } from '../parse';
import type { Span } from './document';

/**
 * What JSON mode gave an editor and our own language mode must give back (the editor no longer
 * hands catalogs to its JSON service): folding, smart selection and formatting. Pure functions on
 * the text (and the strict parse for selection); offsets are UTF-16 code units.
 *
 * Formatting stays strict JSON (SPEC §2): jsonc-parser's formatter only changes whitespace between
 * tokens, so it never adds a trailing comma or a comment, never reorders keys, never touches a
 * string; comments already in the text (an error for us) are kept where they are, not dropped.
 */

// jsonc-parser's SyntaxKind is a const enum; these mirror its values (as parse.ts does).
const OPEN_BRACE = 1;
const CLOSE_BRACE = 2;
const OPEN_BRACKET = 3;
const CLOSE_BRACKET = 4;
const COMMA = 5;
const LINE_BREAK = 14;
const TRIVIA = 15;
const EOF = 17;

/** A foldable object or array: from the line of its opening bracket to the line before its closing one. */
export interface FoldingLines {
  startLine: number;
  endLine: number;
}

/**
 * Every object and array spanning more than one line, the way JSON mode folds them: the closing
 * bracket's line stays visible. One scan, no tree (a 50,000-server catalog folds in linear time).
 * At most `limit` ranges, the outermost kept when cut (they are the ones a reader folds).
 */
export function foldingRanges(text: string, limit = Number.MAX_SAFE_INTEGER): FoldingLines[] {
  const scanner = createScanner(text, false);
  const stack: { line: number; close: number; depth: number }[] = [];
  const found: (FoldingLines & { depth: number })[] = [];
  let line = 0;
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === LINE_BREAK) {
      line++;
      continue;
    }
    if (token === OPEN_BRACE || token === OPEN_BRACKET) {
      stack.push({ line, close: token === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET, depth: stack.length });
      continue;
    }
    if (token === CLOSE_BRACE || token === CLOSE_BRACKET) {
      // A mismatched bracket (broken JSON) closes nothing: the structure around it still folds.
      if (stack.length === 0 || stack[stack.length - 1].close !== token) continue;
      const open = stack.pop()!;
      if (line - 1 > open.line) found.push({ startLine: open.line, endLine: line - 1, depth: open.depth });
      continue;
    }
    // A block comment or a string cannot hold a line break in strict JSON, but broken text can.
    // Counted in the token as written: a string's value has its escapes decoded, and a `\n`
    // escape is no line of the text.
    if (token !== TRIVIA) line += countLineBreaks(text, scanner.getTokenOffset(), scanner.getTokenOffset() + scanner.getTokenLength());
  }
  const kept = found.length > limit ? [...found].sort((a, b) => a.depth - b.depth || a.startLine - b.startLine).slice(0, limit) : found;
  return kept.map(({ startLine, endLine }) => ({ startLine, endLine })).sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

/**
 * foldingRanges read from the model, without scanning the text, when the limit cuts the list at
 * the entries: then the root and the entries' values are all that is kept (outermost first). A
 * 10,000-server catalog asked with VS Code's 5,000-range limit after every typing pause is that
 * case (~0.2 s of scanning). Undefined when deeper ranges would be kept or the text is not
 * strict JSON: scan the text.
 */
export function entryFoldingRanges(model: DocumentModel, lineOf: (offset: number) => number, limit: number): FoldingLines[] | undefined {
  // Broken text has a partial tree, which ends where the parse gave up: scan the text.
  const root = model.parsed?.strictErrors === false ? model.parsed.root : undefined;
  if (root?.type !== 'object') return undefined;
  const candidates: FoldingLines[] = [];
  const add = (node: JsonNode): void => {
    const startLine = lineOf(node.offset);
    const endLine = lineOf(node.offset + node.length - 1) - 1;
    if (endLine > startLine) candidates.push({ startLine, endLine });
  };
  add(root);
  // Every top-level property's value, `$schema` and a shadowed duplicate too: folding follows the text.
  for (const property of root.children ?? []) {
    const value = property.children?.[1];
    if (value?.type === 'object' || value?.type === 'array') add(value);
  }
  if (candidates.length < limit) return undefined;
  return candidates.slice(0, limit).sort((a, b) => a.startLine - b.startLine || b.endLine - a.endLine);
}

function countLineBreaks(text: string, start: number, end: number): number {
  let count = 0;
  for (let i = start; i < end; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 13) {
      count++;
      if (i + 1 < end && text.charCodeAt(i + 1) === 10) i++;
    } else if (ch === 10) count++;
  }
  return count;
}

/**
 * Smart selection (expand selection) at an offset, innermost first: a string's or a container's
 * inside, the value, the property (`"key": value`), the property with its comma, then the same for
 * each enclosing value up to the whole document. Each span strictly contains the one before.
 */
export function selectionSpans(text: string, root: JsonNode | undefined, offset: number): Span[] {
  const spans: Span[] = [];
  const push = (start: number, end: number): void => {
    const last = spans[spans.length - 1];
    if (last && start >= last.start && end <= last.end) return; // not larger: skip
    spans.push({ start, end });
  };
  for (let node = deepestAt(root, offset); node; node = node.parent) {
    const end = node.offset + node.length;
    if (node.type === 'string' || node.type === 'object' || node.type === 'array') {
      // The inside (without quotes or brackets), when the offset is in it.
      const innerStart = node.offset + 1;
      const innerEnd = end - 1;
      if (innerStart < innerEnd && offset >= innerStart && offset <= innerEnd) push(innerStart, innerEnd);
    }
    push(node.offset, end);
    if (node.type === 'property' || node.parent?.type === 'array') {
      const afterComma = offsetAfterComma(text, end);
      if (afterComma !== undefined) push(node.offset, afterComma);
    }
  }
  return spans;
}

/** The innermost node whose span contains the offset (a key counts, the offset may sit at its end). */
function deepestAt(node: JsonNode | undefined, offset: number): JsonNode | undefined {
  if (!node || offset < node.offset || offset > node.offset + node.length) return undefined;
  for (const child of node.children ?? []) {
    const inner = deepestAt(child, offset);
    if (inner) return inner;
  }
  return node;
}

/** The offset just after a comma that follows `from` across whitespace only. */
function offsetAfterComma(text: string, from: number): number | undefined {
  const scanner = createScanner(text, true);
  scanner.setPosition(from);
  return scanner.scan() === COMMA ? scanner.getTokenOffset() + scanner.getTokenLength() : undefined;
}

export interface FormatOptions {
  tabSize: number;
  insertSpaces: boolean;
  /** Add a line break at the end when the text has none (the editor's `files.insertFinalNewline`). */
  insertFinalNewline?: boolean;
}

export interface TextReplacement {
  start: number;
  end: number;
  text: string;
}

/**
 * Whitespace edits that indent the document (or the part of it in `range`) with the editor's tab
 * settings and the document's own line ending. Keeps key order and every token as written.
 */
export function formatEdits(text: string, options: FormatOptions, range?: Span): TextReplacement[] {
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const jsoncOptions: JsoncFormattingOptions = {
    tabSize: options.tabSize,
    insertSpaces: options.insertSpaces,
    eol,
    insertFinalNewline: options.insertFinalNewline === true && !range,
    keepLines: false,
  };
  const edits = format(text, range ? { offset: range.start, length: range.end - range.start } : undefined, jsoncOptions);
  return edits.map((edit) => ({ start: edit.offset, end: edit.offset + edit.length, text: edit.content }));
}
