import type { JsonNode } from '../parse';
import type { TextEdit } from './types';

/**
 * Layout-aware JSON edits: remove a property with exactly one adjacent comma, insert one with the
 * surrounding indentation, replace a node. Each edit touches only what it must, so the rest of
 * the file stays byte-for-byte as it was.
 */

const isSpace = (ch: string | undefined): boolean => ch === ' ' || ch === '\t';
const isLineBreak = (ch: string | undefined): boolean => ch === '\n' || ch === '\r';

/** The next offset at or after `from` that is not whitespace or a comment. */
export function skipTrivia(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const ch = text[i];
    if (isSpace(ch) || isLineBreak(ch)) {
      i++;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && !isLineBreak(text[i])) i++;
    } else if (ch === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else {
      break;
    }
  }
  return i;
}

/** Offset of the first character of the line holding `offset`. */
export function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && !isLineBreak(text[i - 1])) i--;
  return i;
}

/** The whitespace that indents the line holding `offset`. */
export function lineIndent(text: string, offset: number): string {
  const start = lineStart(text, offset);
  let i = start;
  while (isSpace(text[i])) i++;
  return text.slice(start, i);
}

/** True when only spaces or tabs precede `offset` on its line. */
export function startsLine(text: string, offset: number): boolean {
  const start = lineStart(text, offset);
  return /^[ \t]*$/.test(text.slice(start, offset));
}

/** The offset just past the line break that ends the line holding `offset` (or the text end). */
function nextLineStart(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && !isLineBreak(text[i])) i++;
  if (text[i] === '\r' && text[i + 1] === '\n') return i + 2;
  return i < text.length ? i + 1 : i;
}

/** The offset of the line break that ends the line before the one holding `offset`. */
function previousLineBreak(text: string, offset: number): number {
  const start = lineStart(text, offset);
  if (start === 0) return 0;
  return text[start - 1] === '\n' && text[start - 2] === '\r' ? start - 2 : start - 1;
}

/** The line break the document uses (`\r\n` or `\n`). */
export function lineBreakOf(text: string): string {
  const index = text.indexOf('\n');
  return index > 0 && text[index - 1] === '\r' ? '\r\n' : '\n';
}

export const nodeEnd = (node: JsonNode): number => node.offset + node.length;

export function replaceNode(node: JsonNode, newText: string): TextEdit {
  return { start: node.offset, end: nodeEnd(node), newText };
}

/** Properties of an object that have a key (every one, shadowed duplicates included). */
function propertiesOf(object: JsonNode): JsonNode[] {
  return (object.children ?? []).filter((child) => child.type === 'property' && child.children && child.children.length > 0);
}

/**
 * Remove a property and exactly one adjacent comma. A property on its own line(s) takes its whole
 * line(s) with it; on a shared line, only itself, the comma and the spaces after the comma.
 * Undefined when the layout around it is not strict enough to edit safely.
 */
export function removeProperty(text: string, property: JsonNode): TextEdit[] | undefined {
  const object = property.parent;
  if (!object || object.type !== 'object' || !property.children || property.children.length < 2) return undefined;
  const siblings = propertiesOf(object);
  const index = siblings.indexOf(property);
  if (index < 0) return undefined;
  const start = property.offset;
  const end = nodeEnd(property);
  const next = siblings[index + 1];
  const previous = siblings[index - 1];

  if (next) {
    const comma = skipTrivia(text, end);
    if (text[comma] !== ',') return undefined;
    const afterComma = comma + 1;
    const restOfLine = nextLineStart(text, afterComma);
    const restIsBlank = /^[ \t]*(\r?\n|\r)?$/.test(text.slice(afterComma, restOfLine));
    if (startsLine(text, start) && restIsBlank && restOfLine <= next.offset) {
      return [{ start: lineStart(text, start), end: restOfLine, newText: '' }];
    }
    let stop = afterComma;
    while (isSpace(text[stop]) && stop < next.offset) stop++;
    return [{ start, end: stop, newText: '' }];
  }

  if (previous) {
    const comma = skipTrivia(text, nodeEnd(previous));
    if (text[comma] !== ',' || comma >= start) return undefined;
    if (startsLine(text, start)) {
      const lineBreak = previousLineBreak(text, start);
      if (lineBreak > comma) {
        const between = text.slice(comma + 1, lineBreak);
        if (/^[ \t\r\n]*$/.test(between)) return [{ start: comma, end, newText: '' }];
        // Comments between the comma and this property belong to the file: keep them.
        return [
          { start: comma, end: comma + 1, newText: '' },
          { start: lineBreak, end, newText: '' },
        ];
      }
    }
    return [{ start: comma, end, newText: '' }];
  }

  // The only property: leave `{}` when nothing but whitespace surrounds it, else remove it (and a trailing comma).
  const open = object.offset;
  const close = nodeEnd(object) - 1;
  if (text[open] !== '{' || text[close] !== '}') return undefined;
  const trailing = skipTrivia(text, end);
  if (text[trailing] === ',') return [{ start, end: trailing + 1, newText: '' }];
  if (/^[ \t\r\n]*$/.test(text.slice(open + 1, start)) && /^[ \t\r\n]*$/.test(text.slice(end, close))) {
    return [{ start: open + 1, end: close, newText: '' }];
  }
  return [{ start, end, newText: '' }];
}

/** How an object's members are laid out, to write a new one the same way. */
export interface ObjectLayout {
  multiline: boolean;
  /** Indentation of the object's members (multi-line objects). */
  memberIndent: string;
  /** One level of indentation in this file. */
  unit: string;
  lineBreak: string;
}

export function objectLayout(text: string, object: JsonNode): ObjectLayout {
  const lineBreak = lineBreakOf(text);
  const members = propertiesOf(object);
  const objectIndent = lineIndent(text, object.offset);
  const first = members[0];
  if (first) {
    const multiline = /[\r\n]/.test(text.slice(object.offset, first.offset));
    const memberIndent = multiline ? lineIndent(text, first.offset) : objectIndent;
    const unit =
      multiline && memberIndent.length > objectIndent.length && memberIndent.startsWith(objectIndent)
        ? memberIndent.slice(objectIndent.length)
        : guessUnit(text);
    return { multiline, memberIndent: multiline ? memberIndent : objectIndent + unit, unit, lineBreak };
  }
  const unit = guessUnit(text);
  return { multiline: true, memberIndent: objectIndent + unit, unit, lineBreak };
}

/** The file's indentation unit: the smallest indentation of any line (tabs win), else two spaces. */
export function guessUnit(text: string): string {
  let best: string | undefined;
  const pattern = /(?:^|\n)([ \t]+)\S/g;
  let match: RegExpExecArray | null;
  let scanned = 0;
  while ((match = pattern.exec(text)) && scanned++ < 200) {
    const indent = match[1];
    if (indent.startsWith('\t')) return '\t';
    if (!best || indent.length < best.length) best = indent;
  }
  return best ?? '  ';
}

/**
 * Insert a member into an object: `render` gets the layout and returns the member text (for a
 * multi-line value, with `layout.memberIndent` already applied to its inner lines). `after`
 * names the member to follow; undefined means first, 'last' means last.
 */
export function insertProperty(
  text: string,
  object: JsonNode,
  after: JsonNode | undefined | 'last',
  render: (layout: ObjectLayout) => string,
): TextEdit | undefined {
  if (object.type !== 'object' || text[object.offset] !== '{' || text[nodeEnd(object) - 1] !== '}') return undefined;
  const layout = objectLayout(text, object);
  const member = render(layout);
  const members = propertiesOf(object).filter((p) => p.children!.length >= 2);
  const { multiline, memberIndent, lineBreak } = layout;

  if (members.length === 0) {
    const close = nodeEnd(object) - 1;
    const inner = text.slice(object.offset + 1, close);
    if (!/^[ \t\r\n]*$/.test(inner)) return undefined; // only comments inside: leave it to the author
    const closingIndent = lineIndent(text, object.offset);
    return { start: object.offset + 1, end: close, newText: `${lineBreak}${memberIndent}${member}${lineBreak}${closingIndent}` };
  }

  const anchor = after === 'last' ? members[members.length - 1] : after;
  if (!anchor) {
    // First: before the current first member, on its own line when the object is multi-line.
    const first = members[0];
    if (multiline) return { start: object.offset + 1, end: object.offset + 1, newText: `${lineBreak}${memberIndent}${member},` };
    return { start: first.offset, end: first.offset, newText: `${member}, ` };
  }
  const anchorIndex = members.indexOf(anchor);
  if (anchorIndex < 0) return undefined;
  const isLast = anchorIndex === members.length - 1;
  const comma = skipTrivia(text, nodeEnd(anchor));
  if (!isLast || text[comma] === ',') {
    // A comma already follows the anchor: insert after it, bringing our own comma when a member follows.
    if (text[comma] !== ',') return undefined;
    const tail = isLast ? '' : ',';
    return multiline
      ? { start: comma + 1, end: comma + 1, newText: `${lineBreak}${memberIndent}${member}${tail}` }
      : { start: comma + 1, end: comma + 1, newText: ` ${member}${tail}` };
  }
  const at = nodeEnd(anchor);
  return multiline ? { start: at, end: at, newText: `,${lineBreak}${memberIndent}${member}` } : { start: at, end: at, newText: `, ${member}` };
}
