import type { JsonNode } from './parse';

/**
 * The tree `parseJson` builds, built faster for text that is strict JSON with no duplicate key —
 * nearly every catalog and roots index, and the entry an edit re-reads (engine.ts
 * `recheckDocument`). Each token is matched by one sticky pattern, which V8 runs as
 * compiled code, instead of jsonc-parser's scanner, which reads character by character: an entry's
 * tree took ~30 µs that way (measured when this was written: the history of bench/NOTES.md).
 *
 * The nodes are exactly `parseJson`'s — types, offsets, lengths, decoded values, colons, children
 * and parents (test/unit/strictTree.test.ts compares the two on the corpus, generated catalogs and
 * fuzzed ones). Whatever `parseJson` would have a finding for — a duplicate key, anything JSON.parse
 * refuses — answers undefined, and the caller takes `parseJson`'s own way.
 */

/**
 * A JSON string token, exactly as JSON defines one: no raw control character, no other escape.
 * Unrolled (plain characters, then an escape and plain characters again): a group repeated per
 * character overflows V8's backtracking stack on a string of millions of characters.
 */
const STRING = /"[^"\\\u0000-\u001f]*(?:\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4})[^"\\\u0000-\u001f]*)*"/y;
/** A JSON number token. */
const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

const QUOTE = 0x22;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

interface Frame {
  node: JsonNode;
  /** An object's property whose value comes next or is being read. */
  property: JsonNode | undefined;
  isObject: boolean;
  /**
   * An object's keys so far, once it has more than a few (a duplicate answers undefined:
   * `parseJson` reports it); a small object's are compared with its properties' keys instead,
   * which allocates nothing for the many small objects of a catalog.
   */
  keys: Set<string> | undefined;
}

/** A whole document's root and nesting depth, as `parseJson` gives them, or undefined when `parseJson` must read it. */
export function strictDocument(text: string): { root: JsonNode; maxDepth: number } | undefined {
  const built = build(text, skipWhitespace(text, 0), 0, undefined, newRecent());
  return built && built.root ? { root: built.root, maxDepth: built.maxDepth } : undefined;
}

/**
 * The property node of one entry (`"name": value`, starting at `offset` in the document) as
 * `parseJson(`{${source}}`)` gives it with its offsets moved into the document — its parent the
 * wrapping object, left as parsed — or undefined when `parseJson` must read it.
 */
export function strictEntryProperty(source: string, offset: number): JsonNode | undefined {
  const wrapper: JsonNode = { type: 'object', offset: 0, length: source.length + 2, children: [] };
  const recent = newRecent();
  const entry = propertyAt(source, skipWhitespace(source, 0), offset, wrapper, recent);
  if (!entry) return undefined;
  wrapper.children!.push(entry);
  return build(source, afterColon(source, entry, offset), offset, entry, recent) ? entry : undefined;
}

/**
 * Reads the value at `i` to the end of `source` (nothing but whitespace may follow), into `entry`
 * when given, else as the root. Iterative: any depth is safe.
 */
function build(
  source: string,
  i: number,
  shift: number,
  entry: JsonNode | undefined,
  recent: Recent,
): { root: JsonNode | undefined; maxDepth: number } | undefined {
  let root: JsonNode | undefined;
  let maxDepth = 0;
  const stack: Frame[] = [];
  for (;;) {
    // A value starts at i: it goes to the top object's property, the top array, the entry or the root.
    const top = stack.length > 0 ? stack[stack.length - 1] : undefined;
    const holder = top === undefined ? entry : top.property;
    const parent = holder ?? top?.node;
    const c = source.charCodeAt(i);
    let node: JsonNode;
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const type = c === OPEN_BRACE ? 'object' : 'array';
      node = parent ? { type, offset: i + shift, length: 1, parent, children: [] } : { type, offset: i + shift, length: 1, children: [] };
      i++;
    } else {
      const scalar = scalarAt(source, i, shift, parent, recent);
      if (!scalar) return undefined;
      node = scalar;
      i += scalar.length;
    }
    if (holder) {
      // A property's children: exactly its key and value (a `push` would reserve room for 17).
      holder.children![1] = node;
      holder.length = node.offset + node.length - holder.offset;
    } else if (top) {
      top.node.children!.push(node);
    } else {
      root = node;
    }
    if (node.children) {
      stack.push({ node, property: undefined, isObject: node.type === 'object', keys: undefined });
      if (stack.length > maxDepth) maxDepth = stack.length;
    }
    // Then: close containers, or step over a comma (and an object's key and colon) to the next value.
    let first = node.children !== undefined;
    for (;;) {
      i = skipWhitespace(source, i);
      const frame = stack.length > 0 ? stack[stack.length - 1] : undefined;
      if (!frame) return i === source.length ? { root, maxDepth } : undefined;
      const d = source.charCodeAt(i);
      if (d === (frame.isObject ? CLOSE_BRACE : CLOSE_BRACKET)) {
        stack.pop();
        // Trimmed to its items: a pushed-to array keeps room for more, for as long as the tree lives.
        if (frame.node.children!.length > 0) frame.node.children = frame.node.children!.slice();
        frame.node.length = i + 1 + shift - frame.node.offset;
        i++;
        const parent = stack.length > 0 ? stack[stack.length - 1] : undefined;
        const closed = parent === undefined ? entry : parent.property;
        if (closed) closed.length = frame.node.offset + frame.node.length - closed.offset;
        if (parent) parent.property = undefined;
        first = false;
        continue;
      }
      if (!first) {
        if (d !== COMMA) return undefined;
        i = skipWhitespace(source, i + 1);
      }
      if (frame.isObject) {
        const property = propertyAt(source, i, shift, frame.node, recent);
        if (!property || !addKey(frame, property.children![0].value as string)) return undefined;
        frame.node.children!.push(property);
        frame.property = property;
        i = afterColon(source, property, shift);
      }
      break;
    }
  }
}

/** Whether `key` is new among the object's keys (then it is one of them). */
function addKey(frame: Frame, key: string): boolean {
  const properties = frame.node.children!;
  if (frame.keys === undefined) {
    for (const property of properties) if (property.children![0].value === key) return false;
    if (properties.length >= SMALL_OBJECT) frame.keys = new Set(properties.map((property) => property.children![0].value as string));
    else return true;
  }
  if (frame.keys.has(key)) return false;
  frame.keys.add(key);
  return true;
}

/** Up to this many keys, an object's are compared one by one. */
const SMALL_OBJECT = 8;

/** A property of `parent` with its key (at `i`) and colon read, or undefined when none starts there. */
function propertyAt(source: string, i: number, shift: number, parent: JsonNode, recent: Recent): JsonNode | undefined {
  const property: JsonNode = { type: 'property', offset: i + shift, length: 0, children: undefined, parent, colonOffset: 0 };
  const key = stringAt(source, i, shift, property, recent);
  if (!key) return undefined;
  const colon = skipWhitespace(source, i + key.length);
  if (source.charCodeAt(colon) !== COLON) return undefined;
  property.length = key.length;
  // The second place is the value's, filled as soon as it is read (`build`).
  property.children = [key, key];
  property.colonOffset = colon + shift;
  return property;
}

/** Where the value of a property read by `propertyAt` starts. */
function afterColon(source: string, property: JsonNode, shift: number): number {
  return skipWhitespace(source, property.colonOffset! - shift + 1);
}

/** The string node at `i` (its value decoded), or undefined when none starts there. */
function stringAt(source: string, i: number, shift: number, parent: JsonNode | undefined, recent: Recent): JsonNode | undefined {
  if (source.charCodeAt(i) !== QUOTE) return undefined;
  STRING.lastIndex = i;
  if (!matches(STRING, source)) return undefined;
  const end = STRING.lastIndex;
  // The quotes are left out, and only a string with an escape is decoded.
  const inner = textBetween(source, i + 1, end - 1, recent);
  const value = inner.includes('\\') ? (JSON.parse(`"${inner}"`) as string) : inner;
  return parent ? { type: 'string', offset: i + shift, length: end - i, value, parent } : { type: 'string', offset: i + shift, length: end - i, value };
}

/**
 * `source.slice(start, end)`, the same string object as the last slice of equal text that fell in
 * its slot: a document repeats the same keys and short values thousands of times, and every copy
 * would live as long as its tree.
 */
function textBetween(source: string, start: number, end: number, recent: Recent): string {
  const length = end - start;
  if (length === 0) return '';
  const slot = (source.charCodeAt(start) * 31 + source.charCodeAt(end - 1) * 7 + length) & (RECENT_SLOTS - 1);
  const known = recent[slot];
  if (known !== undefined && known.length === length && source.startsWith(known, start)) return known;
  const text = source.slice(start, end);
  recent[slot] = text;
  return text;
}

const RECENT_SLOTS = 1024;

/** The slots of `textBetween`, one set per parse (kept no longer: a slice can hold its whole document). */
type Recent = (string | undefined)[];

function newRecent(): Recent {
  return new Array<string | undefined>(RECENT_SLOTS).fill(undefined);
}

/** A string, number, `true`, `false` or `null` at `i`, or undefined. */
function scalarAt(source: string, i: number, shift: number, parent: JsonNode | undefined, recent: Recent): JsonNode | undefined {
  const c = source.charCodeAt(i);
  if (c === QUOTE) return stringAt(source, i, shift, parent, recent);
  let node: JsonNode;
  if (source.startsWith('true', i)) node = { type: 'boolean', offset: i + shift, length: 4, value: true };
  else if (source.startsWith('false', i)) node = { type: 'boolean', offset: i + shift, length: 5, value: false };
  else if (source.startsWith('null', i)) node = { type: 'null', offset: i + shift, length: 4, value: null };
  else {
    NUMBER.lastIndex = i;
    if (!matches(NUMBER, source)) return undefined;
    const raw = source.slice(i, NUMBER.lastIndex);
    node = { type: 'number', offset: i + shift, length: raw.length, value: Number(raw) };
  }
  // Rare in a catalog: these may take the property store that `parent` added afterwards needs.
  if (parent) node.parent = parent;
  return node;
}

function skipWhitespace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

/** A sticky pattern's verdict; a token too long for V8's backtracking stack (millions of escapes) leaves the text to the scanner. */
function matches(pattern: RegExp, source: string): boolean {
  try {
    return pattern.test(source);
  } catch {
    return false;
  }
}
