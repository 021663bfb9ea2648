/**
 * A strict top-level scanner for the fast path: where each entry of an index's object
 * sits, without building any tree. It only finds boundaries; whether a value is valid JSON is left
 * to `JSON.parse` of its slice. Anything unusual — a BOM, a comment, a trailing comma, a syntax
 * error, a non-object root — returns undefined, and the engine takes the full parser, so every
 * syntax message and range stays the full parser's.
 */

/** One entry's boundaries, for the few entries that are read again or get a tree. */
export interface EntrySpan {
  keyStart: number;
  keyEnd: number;
  valueStart: number;
  valueEnd: number;
  /** Object keys anywhere inside the value, as written (duplicates included), or more (`ValueCounter`). */
  keyCount: number;
  /** Bracket nesting inside the value (0 for a scalar), or more (`ValueCounter`): only compared with a limit. */
  depth: number;
}

/**
 * The entry table: SPAN_FIELDS int32 per entry, in document order. A typed array rather than an
 * object per entry: a 10,000-entry table is then one allocation the garbage collector never
 * copies.
 */
export const KEY_START = 0;
export const KEY_END = 1;
export const VALUE_START = 2;
export const VALUE_END = 3;
export const KEY_COUNT = 4;
export const DEPTH = 5;
export const SPAN_FIELDS = 6;

export interface ScannedObject {
  /** Offsets of the root object's `{` and just past its `}`. */
  start: number;
  end: number;
  count: number;
  spans: Int32Array;
}

/** Entry `index` of a table as an object. */
export function spanAt(spans: Int32Array, index: number): EntrySpan {
  const at = index * SPAN_FIELDS;
  return {
    keyStart: spans[at + KEY_START],
    keyEnd: spans[at + KEY_END],
    valueStart: spans[at + VALUE_START],
    valueEnd: spans[at + VALUE_END],
    keyCount: spans[at + KEY_COUNT],
    depth: spans[at + DEPTH],
  };
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COMMA = 0x2c;
const COLON = 0x3a;

function isWhitespace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

export function skipWhitespace(text: string, i: number): number {
  while (isWhitespace(text.charCodeAt(i))) i++;
  return i;
}

/** Index just past the string whose opening quote is at `i`, or -1 when it never closes. */
function skipString(text: string, i: number): number {
  let from = i + 1;
  for (;;) {
    const quote = text.indexOf('"', from);
    if (quote < 0) return -1;
    let backslashes = 0;
    for (let j = quote - 1; text.charCodeAt(j) === BACKSLASH; j--) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
    from = quote + 1;
  }
}

/** What `skipValue` counts inside a value. */
export interface ValueCounter {
  /**
   * Object keys: at least those written (duplicates included), and exactly those when they are
   * counted character by character. A count above what `JSON.parse` kept therefore only ever
   * means "maybe a duplicate key": the entry gets a tree, whose parse is exact.
   */
  keys: number;
  /** At least the deepest bracket nesting (exact when counted character by character). */
  depth: number;
}

/**
 * The nesting `BRACKETED` matches: deeper values are scanned character by character. Catalog and
 * roots entries nest two or three levels (`env`, `oauth.scopes`).
 */
export const PATTERN_DEPTH = 4;

/**
 * An object or array nesting at most PATTERN_DEPTH levels, with brackets of matching kinds, as one
 * sticky regular expression: V8 runs it as compiled code, where the character loop below runs in
 * the interpreter until V8 has optimised it — most of a first check of 1,000 servers
 * (bench/NOTES.md). It never backtracks far: each alternative starts with its own character (a
 * quote, a bracket, or any other), so a failure fails at once and the loop takes over.
 */
const BRACKETED = (() => {
  const other = '[^"{}\\[\\]]*';
  const string = '"[^"\\\\]*(?:\\\\.[^"\\\\]*)*"(?![ \\t\\r\\n]+:)';
  let inner = `${other}(?:${string}${other})*`;
  for (let level = 1; level < PATTERN_DEPTH; level++) inner = `${other}(?:(?:${string}|\\{${inner}\\}|\\[${inner}\\])${other})*`;
  return new RegExp(`\\{${inner}\\}|\\[${inner}\\]`, 'y');
})();

/**
 * How far past a value's start the pattern looks; a longer value is scanned by the character loop.
 * The expression's backtracking stack grows with what it has matched (V8 throws past 64 MB), so a
 * hostile multi-megabyte value cost its own size again in fresh memory — ~30 MB of peak memory and
 * ~200 ms for a 3.4 MB value — before the loop scanned it anyway. An entry is a few hundred
 * characters; one of 64 K is already not one the pattern saves time on.
 */
const PATTERN_SPAN = 1 << 16;

/**
 * End of the value starting at `i`, counting the object keys inside it into `counter`; -1 when
 * brackets do not balance. Brackets are matched by depth only (`{]` passes): JSON.parse judges.
 */
export function skipValue(text: string, i: number, counter: ValueCounter): number {
  const first = text.charCodeAt(i);
  if (first === OPEN_BRACE || first === OPEN_BRACKET) {
    // A match inside the window is the same match in the whole text: it ends at its closing
    // bracket, and nothing the expression looks at (the lookahead after a string) reaches past it.
    const windowed = text.length - i > PATTERN_SPAN;
    const subject = windowed ? text.slice(i, i + PATTERN_SPAN) : text;
    BRACKETED.lastIndex = windowed ? 0 : i;
    let matched = false;
    try {
      matched = BRACKETED.test(subject);
    } catch {
      // The window keeps the expression's backtracking stack small; should V8 still refuse (a
      // smaller stack limit), the loop below scans the value.
    }
    if (matched) {
      const end = windowed ? i + BRACKETED.lastIndex : BRACKETED.lastIndex;
      // The pattern refuses whitespace between a string and a colon, so every key ends in `":`
      // (a string that starts with `:` or holds `\":` counts once more: a key too many only
      // ever gives the entry a tree).
      let keys = 0;
      for (let at = text.indexOf('":', i); at !== -1 && at < end; at = text.indexOf('":', at + 2)) keys++;
      counter.keys += keys;
      if (counter.depth < PATTERN_DEPTH) counter.depth = PATTERN_DEPTH;
      return end;
    }
  }
  return skipValueByCharacter(text, i, counter);
}

/** `skipValue` one character at a time: exact counts, any depth, any length. */
export function skipValueByCharacter(text: string, i: number, counter: ValueCounter): number {
  const first = text.charCodeAt(i);
  if (first === QUOTE) return skipString(text, i);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let j = i;
    for (;;) {
      const c = text.charCodeAt(j);
      if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || isWhitespace(c) || Number.isNaN(c)) return j;
      j++;
    }
  }
  let depth = 0;
  let j = i;
  const length = text.length;
  while (j < length) {
    const c = text.charCodeAt(j);
    if (c === QUOTE) {
      j = skipString(text, j);
      if (j < 0) return -1;
      if (text.charCodeAt(skipWhitespace(text, j)) === COLON) counter.keys++;
      continue;
    }
    if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth > counter.depth) counter.depth = depth;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      depth--;
      if (depth === 0) return j + 1;
    }
    j++;
  }
  return -1;
}

/** The entries of a document that is one strict JSON object, or undefined when it may not be. */
export function scanEntrySpans(text: string): ScannedObject | undefined {
  let i = skipWhitespace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return undefined;
  const start = i;
  i = skipWhitespace(text, i + 1);
  let spans = new Int32Array(SPAN_FIELDS * Math.max(16, Math.ceil(text.length / 256)));
  let count = 0;
  const finish = (close: number): ScannedObject | undefined =>
    skipWhitespace(text, close + 1) === text.length ? { start, end: close + 1, count, spans: spans.subarray(0, count * SPAN_FIELDS) } : undefined;
  if (text.charCodeAt(i) === CLOSE_BRACE) return finish(i);
  const counter = { keys: 0, depth: 0 };
  for (;;) {
    if (text.charCodeAt(i) !== QUOTE) return undefined;
    const keyStart = i;
    const keyEnd = skipString(text, i);
    if (keyEnd < 0) return undefined;
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== COLON) return undefined;
    const valueStart = skipWhitespace(text, i + 1);
    counter.keys = 0;
    counter.depth = 0;
    const valueEnd = skipValue(text, valueStart, counter);
    if (valueEnd <= valueStart) return undefined;
    if ((count + 1) * SPAN_FIELDS > spans.length) {
      const grown = new Int32Array(spans.length * 2);
      grown.set(spans);
      spans = grown;
    }
    const at = count * SPAN_FIELDS;
    spans[at + KEY_START] = keyStart;
    spans[at + KEY_END] = keyEnd;
    spans[at + VALUE_START] = valueStart;
    spans[at + VALUE_END] = valueEnd;
    spans[at + KEY_COUNT] = counter.keys;
    spans[at + DEPTH] = counter.depth;
    count++;
    i = skipWhitespace(text, valueEnd);
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      i = skipWhitespace(text, i + 1);
      continue;
    }
    return c === CLOSE_BRACE ? finish(i) : undefined;
  }
}

/** Object keys in a JSON.parse value; fewer than the scanner counted means a duplicate key. */
export function countKeys(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let n = 0;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item !== null && typeof item === 'object') n += countKeys(item);
    }
    return n;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    n++;
    const item = record[key];
    if (item !== null && typeof item === 'object') n += countKeys(item);
  }
  return n;
}
