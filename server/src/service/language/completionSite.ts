import { pathOfNode, type JsonNode } from '../parse';
import { isSubstitutedPath, isTerminatedString, nodeAtOffset, roleOf, type LanguageDocument, type Span } from './document';

/**
 * Where a completion request lands, worked out from the (error-tolerant) strict parse and the
 * raw text around the cursor: a property-name slot of some object, a value slot at some JSON path,
 * or a variable name after `${` inside a substituted string. Typing leaves the JSON broken most of
 * the time (`{"a": {"ty`), so everything here copes with unterminated strings, missing values and
 * missing commas.
 */

export type CompletionSite = KeySite | ValueSite | PlaceholderSite;

interface SiteBase {
  /** What the completion replaces: the partial word, including its opening quote when there is one. */
  range: Span;
  /** The next significant character after `range` starts another property or item, so a `,` must follow. */
  needsCommaAfter: boolean;
}

export interface KeySite extends SiteBase {
  kind: 'key';
  /** The object the property goes into. */
  object: JsonNode;
  objectPath: (string | number)[];
  /** The key being edited, when the cursor is inside an existing key string. */
  keyNode?: JsonNode;
  /** The property already has its `:` (and maybe a value): only the key may be replaced. */
  hasColon: boolean;
  /** The previous property has no `,` after it: offset where one must be inserted. */
  commaBefore?: number;
}

export interface ValueSite extends SiteBase {
  kind: 'value';
  /** JSON path of the value (an array item's path ends with its index). */
  path: (string | number)[];
  /** The array holding the item, for items. */
  array?: JsonNode;
  /** The node being replaced, when there is one. */
  node?: JsonNode;
}

export interface PlaceholderSite extends SiteBase {
  kind: 'placeholder';
  path: (string | number)[];
  /** The partial name typed after `${`. */
  partial: string;
  /** No `}` follows the name yet. */
  needsClose: boolean;
}

const WORD = /[^\s"{}[\],:]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

export function completionSite(document: LanguageDocument, offset: number): CompletionSite | undefined {
  const { text } = document;
  const root = document.parsed.root;
  if (!root || root.type !== 'object' || offset <= root.offset) return undefined;
  const node = nodeAtOffset(root, offset, true);
  if (node?.type === 'string' && insideString(text, node, offset)) return stringSite(document, node, offset);

  // A bare word (`"type": st|`, `tr|ue`) or nothing at all: find the container holding the cursor.
  let wordStart = offset;
  while (wordStart > 0 && WORD.test(text[wordStart - 1])) wordStart--;
  let wordEnd = offset;
  while (wordEnd < text.length && WORD.test(text[wordEnd])) wordEnd++;
  const range = { start: wordStart, end: wordEnd };

  if (node && node.type !== 'object' && node.type !== 'array' && node.type !== 'string') {
    // On a number or literal: it is a value, replaced whole.
    const role = roleOf(node);
    if (role.role === 'key' || role.role === 'root') return undefined;
    const span = { start: node.offset, end: node.offset + node.length };
    return {
      kind: 'value',
      path: role.path,
      node,
      range: span,
      needsCommaAfter: needsComma(text, span.end),
      array: role.role === 'item' ? node.parent : undefined,
    };
  }

  const container = containerAt(text, root, wordStart);
  if (!container) return undefined;
  const before = previousSignificant(text, wordStart);
  const containerPath = pathOfNode(container);

  if (container.type === 'object') {
    const previous = before >= 0 ? text[before] : '';
    if (previous === ':') {
      const property = container.children?.find((p) => p.colonOffset === before);
      if (!property) return undefined;
      return { kind: 'value', path: [...containerPath, property.children![0].value as string], range, needsCommaAfter: needsComma(text, range.end) };
    }
    if (previous === '{' || previous === ',') {
      return { kind: 'key', object: container, objectPath: containerPath, range, hasColon: false, needsCommaAfter: needsComma(text, range.end) };
    }
    // After a complete property with no comma (a new line under the last one): a comma goes after it.
    const last = [...(container.children ?? [])].reverse().find((p) => p.offset < wordStart);
    const lastValue = last?.children?.[1];
    if (lastValue && lastValue.offset + lastValue.length === before + 1 && before + 1 < wordStart) {
      return {
        kind: 'key',
        object: container,
        objectPath: containerPath,
        range,
        hasColon: false,
        commaBefore: before + 1,
        needsCommaAfter: needsComma(text, range.end),
      };
    }
    return undefined;
  }

  // An array: only in an item slot (after `[` or `,`).
  const previous = before >= 0 ? text[before] : '';
  if (previous !== '[' && previous !== ',') return undefined;
  const index = (container.children ?? []).filter((child) => child.offset + child.length <= wordStart).length;
  return { kind: 'value', path: [...containerPath, index], array: container, range, needsCommaAfter: needsComma(text, range.end) };
}

/** Strictly between the quotes (or anywhere after the opening quote of an unterminated string). */
function insideString(text: string, node: JsonNode, offset: number): boolean {
  if (offset <= node.offset) return false;
  const end = node.offset + node.length;
  return isTerminatedString(text, node) ? offset < end : offset <= end;
}

function stringSite(document: LanguageDocument, node: JsonNode, offset: number): CompletionSite | undefined {
  const { text } = document;
  const terminated = isTerminatedString(text, node);
  // An unterminated string runs to the end of the line; only the word under the cursor is replaced.
  let end = node.offset + node.length;
  if (!terminated) {
    end = offset;
    while (end < text.length && WORD.test(text[end])) end++;
  }
  const range = { start: node.offset, end };
  const role = roleOf(node);
  if (role.role === 'key') {
    const property = role.property!;
    const object = property.parent!;
    return {
      kind: 'key',
      object,
      objectPath: pathOfNode(object),
      keyNode: node,
      hasColon: property.colonOffset !== undefined,
      range,
      needsCommaAfter: property.colonOffset === undefined && needsComma(text, end),
    };
  }
  if (role.role === 'root') return undefined;

  if (document.kind === 'catalog' && isSubstitutedPath(role.path)) {
    const placeholder = placeholderAt(text, node, offset);
    if (placeholder) return { ...placeholder, path: role.path };
  }
  return { kind: 'value', path: role.path, node, array: role.role === 'item' ? node.parent : undefined, range, needsCommaAfter: needsComma(text, end) };
}

/** `${PAR|` or `${PAR|TIAL}`: the name being typed after the nearest `${` before the cursor. */
function placeholderAt(text: string, node: JsonNode, offset: number): Omit<PlaceholderSite, 'path'> | undefined {
  let start = offset;
  while (start > node.offset + 1 && NAME_CHAR.test(text[start - 1])) start--;
  if (text[start - 1] !== '{' || text[start - 2] !== '$') return undefined;
  const stringEnd = isTerminatedString(text, node) ? node.offset + node.length - 1 : node.offset + node.length;
  let end = offset;
  while (end < stringEnd && NAME_CHAR.test(text[end])) end++;
  // `${NAME:-default}` or `${NAME}`: a `}` or `:` after the name means the placeholder is already closed.
  const after = text[end];
  return {
    kind: 'placeholder',
    partial: text.slice(start, offset),
    range: { start, end },
    needsClose: !(end < stringEnd && (after === '}' || after === ':')),
    needsCommaAfter: false,
  };
}

/** The innermost object or array that the cursor is strictly inside (an unclosed one reaches the end of the file). */
function containerAt(text: string, root: JsonNode, offset: number): JsonNode | undefined {
  if (!holds(text, root, offset)) return undefined;
  let current = root;
  for (;;) {
    let next: JsonNode | undefined;
    for (const child of current.children ?? []) {
      const value = child.type === 'property' ? child.children?.[1] : child;
      if (value && (value.type === 'object' || value.type === 'array') && holds(text, value, offset)) next = value;
    }
    if (!next) return current;
    current = next;
  }
}

function holds(text: string, node: JsonNode, offset: number): boolean {
  const end = node.offset + node.length;
  if (offset <= node.offset) return false;
  const close = node.type === 'object' ? '}' : ']';
  const isClosed = node.length >= 2 && text[end - 1] === close;
  return isClosed ? offset < end : offset <= end;
}

function previousSignificant(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i;
}

/** True when the next significant character starts another property or item. */
export function needsComma(text: string, offset: number): boolean {
  let i = offset;
  while (i < text.length && /\s/.test(text[i])) i++;
  if (i >= text.length) return false;
  const ch = text[i];
  return ch === '"' || ch === '{' || ch === '[' || WORD.test(ch);
}
