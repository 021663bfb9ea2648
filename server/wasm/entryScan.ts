// AssemblyScript, compiled by scripts/generate-wasm.mjs into server/src/service/generated/entryScanWasm.ts.
//
// The fast path's scanner and fused predicate as one pass over the catalog's UTF-8 bytes
// (bench/NOTES.md, "What changed in the ninth session"). It finds every top-level entry exactly as
// entrySpans.ts `scanEntrySpans` does — offsets in UTF-16 code units, object keys counted and
// bracket depth measured character by character — and, for each entry, whether its bytes have the
// clean shape of rules/cleanEntry.ts `shape`, proved on the text itself, so that the entry needs
// neither `JSON.parse` nor the walk over its value. It is sufficient, never necessary: anything it
// does not know — an escape, a character beyond ASCII, a number where a string is expected, a
// duplicate key — answers NOT_CLEAN and the JavaScript predicate judges the entry as before.
// test/unit/wasmScan.test.ts proves that every verdict here equals `shape`'s on the parsed value.
//
// Memory, laid out by the caller (service/wasmScan.ts): the sets' blob and tables, then the text's
// bytes, then the rows. Nothing is allocated here.

/** Per entry, ROW int32: the span table's six fields (entrySpans.ts), then the verdict's. */
const ROW: i32 = 18;
const KEY_START: i32 = 0;
const KEY_END: i32 = 1;
const VALUE_START: i32 = 2;
const VALUE_END: i32 = 3;
const KEY_COUNT: i32 = 4;
const DEPTH: i32 = 5;
/** NOT_CLEAN, or what `shape` answers: the held bits plus KEYS times the keys walked. */
const VERDICT: i32 = 6;
/** 1 when the entry's key holds an escape (its name is not its bytes), else 0. */
const ESCAPED_KEY: i32 = 7;
/** Spans (UTF-16, end exclusive) of the values an asked rule reads: args, the timeout, the reason, the roots. */
const ARGS: i32 = 8;
const TIMEOUT: i32 = 10;
const UNAVAILABLE: i32 = 12;
const ROOTS: i32 = 14;
/** The line of the entry's key (from 0) and where that line starts (UTF-16), as text.ts counts lines. */
const LINE: i32 = 16;
const LINE_START: i32 = 17;

const NOT_CLEAN: i32 = -1;
/** The held bits (cleanEntry.ts). */
const HOLDS_ALWAYS: i32 = 1;
const HOLDS_TIMEOUT: i32 = 2;
const HOLDS_UNAVAILABLE: i32 = 4;
const HOLDS_ROOTS: i32 = 8;
const HOLDS_NPX: i32 = 16;
const KEYS: i32 = 32;

/** scan's failures: not a strict object of entries (the JavaScript scanner decides), or too few rows. */
const NOT_SCANNED: i32 = -1;
const MORE_ROWS: i32 = -2;
/** Two keys with the same bytes: a duplicate name, which the JavaScript path reports through the full parser. */
const DUPLICATE_KEY: i32 = -3;

/** Bytes minus UTF-16 code units before the cursor: grows past each character beyond ASCII. */
let delta: i32 = 0;
let limit: i32 = 0;

// ---- sets of names: the known variables (set 0) and the env keys Zimmer overwrites (set 1) ----

let setTable0: i32 = 0;
let setMask0: i32 = 0;
let setTable1: i32 = 0;
let setMask1: i32 = 0;

function hashBytes(start: i32, end: i32): u32 {
  let hash: u32 = 2166136261;
  for (let i = start; i < end; i++) hash = (hash ^ load<u8>(i)) * 16777619;
  return hash;
}

/**
 * Builds set `id` from the names in [blob, blob + length), each followed by a newline, into a table
 * of `slots` (a power of two, at least twice the names) pairs of int32 at `table`.
 */
export function buildSet(id: i32, blob: i32, length: i32, table: i32, slots: i32): void {
  memory.fill(table, 0, slots * 8);
  const mask = slots - 1;
  let start = blob;
  for (let i = blob; i < blob + length; i++) {
    if (load<u8>(i) != 0x0a) continue;
    let slot = <i32>(hashBytes(start, i) & (<u32>mask));
    while (load<i32>(table + slot * 8) != 0) slot = (slot + 1) & mask;
    store<i32>(table + slot * 8, start + 1); // +1: zero marks an empty slot
    store<i32>(table + slot * 8 + 4, i - start);
    start = i + 1;
  }
  if (id == 0) {
    setTable0 = table;
    setMask0 = mask;
  } else {
    setTable1 = table;
    setMask1 = mask;
  }
}

function setHas(id: i32, start: i32, end: i32): bool {
  const table = id == 0 ? setTable0 : setTable1;
  const mask = id == 0 ? setMask0 : setMask1;
  if (table == 0) return false;
  const length = end - start;
  let slot = <i32>(hashBytes(start, end) & (<u32>mask));
  while (true) {
    const at = load<i32>(table + slot * 8);
    if (at == 0) return false;
    if (load<i32>(table + slot * 8 + 4) == length && memory.compare(at - 1, start, length) == 0) return true;
    slot = (slot + 1) & mask;
  }
}

// ---- the scanner (entrySpans.ts, counted character by character) ----

function isWhitespace(c: i32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

/** Lines before the cursor, and where the cursor's line starts (UTF-16): `\n`, `\r\n` and a lone `\r` each end one. */
let line: i32 = 0;
let lineStart: i32 = 0;

/** The line break at `i`, if one ends there, counted. */
function countBreak(i: i32, c: i32): void {
  if (c == 0x0a || (c == 0x0d && (i + 1 >= limit || load<u8>(i + 1) != 0x0a))) {
    line++;
    lineStart = i + 1 - delta;
  }
}

/** Past the whitespace at `i`, counting its line breaks (in JSON text they are only ever whitespace). */
function skipWhitespace(i: i32): i32 {
  while (i < limit) {
    const c = load<u8>(i);
    if (!isWhitespace(c)) break;
    countBreak(i, c);
    i++;
  }
  return i;
}

/** Past the whitespace at `i`, without counting: a look ahead. */
function peekWhitespace(i: i32): i32 {
  while (i < limit && isWhitespace(load<u8>(i))) i++;
  return i;
}

/** Bytes beyond ASCII: a continuation byte is one more byte than code units, a four-byte lead one fewer. */
function account(c: i32): void {
  if (c >= 0x80) {
    if ((c & 0xc0) == 0x80) delta++;
    else if (c >= 0xf0) delta--;
  }
}

/** Just past the string whose quote is at `i`, or -1 when it never closes. Lets raw control characters through, as the JavaScript scanner does. */
function skipString(i: i32): i32 {
  i++;
  while (i < limit) {
    // Sixteen at a time past bytes that are neither a quote, a backslash nor beyond ASCII.
    const bytes = v128.load(i);
    const mask = i8x16.bitmask(v128.or(i8x16.eq(bytes, i8x16.splat(0x22)), i8x16.eq(bytes, i8x16.splat(0x5c)))) | i8x16.bitmask(bytes);
    if (mask == 0) {
      i += 16;
      continue;
    }
    i += ctz<i32>(mask);
    if (i >= limit) return -1;
    const c = load<u8>(i);
    if (c == 0x22) return i + 1;
    if (c == 0x5c) {
      escaped = true;
      i++;
      if (i >= limit) return -1;
      account(load<u8>(i));
    } else account(c);
    i++;
  }
  return -1;
}

/** Whether a skipString since it was last cleared passed an escape. */
let escaped: bool = false;

// ---- the keys: every entry's key bytes, by hash, to find a duplicate name and an entry by name ----

let keyTable: i32 = 0;
let keyMask: i32 = 0;

/** Adds the key bytes [start, end) of entry `index`; false when a key with the same bytes is there. */
function addKey(start: i32, end: i32, index: i32): bool {
  const length = end - start;
  let slot = <i32>(hashBytes(start, end) & (<u32>keyMask));
  while (true) {
    const at = keyTable + slot * 12;
    const other = load<i32>(at);
    if (other == 0) {
      store<i32>(at, start + 1); // +1: zero marks an empty slot
      store<i32>(at + 4, length);
      store<i32>(at + 8, index);
      return true;
    }
    if (load<i32>(at + 4) == length && memory.compare(other - 1, start, length) == 0) return false;
    slot = (slot + 1) & keyMask;
  }
}

/** The index of the entry of the last scan whose key bytes are [start, start + length), or -1. */
export function findKey(start: i32, length: i32): i32 {
  let slot = <i32>(hashBytes(start, start + length) & (<u32>keyMask));
  while (true) {
    const at = keyTable + slot * 12;
    const other = load<i32>(at);
    if (other == 0) return -1;
    if (load<i32>(at + 4) == length && memory.compare(other - 1, start, length) == 0) return load<i32>(at + 8);
    slot = (slot + 1) & keyMask;
  }
}

let counted: i32 = 0;
let deepest: i32 = 0;

/** End of the value at `i` (keys counted into `counted`, depth into `deepest`), or -1. */
function skipValue(i: i32): i32 {
  const first = load<u8>(i);
  if (first == 0x22) return skipString(i);
  if (first != 0x7b && first != 0x5b) {
    let j = i;
    while (j < limit) {
      const c = load<u8>(j);
      if (c == 0x2c || c == 0x7d || c == 0x5d || isWhitespace(c)) return j;
      if (c >= 0x80) return -1; // outside a string only in text that is not JSON: the JavaScript scanner judges it
      j++;
    }
    return j;
  }
  let depth = 0;
  let j = i;
  while (j < limit) {
    const c = load<u8>(j);
    if (c == 0x22) {
      j = skipString(j);
      if (j < 0) return -1;
      if (j < limit && load<u8>(peekWhitespace(j)) == 0x3a) counted++;
      continue;
    }
    if (c == 0x7b || c == 0x5b) {
      depth++;
      if (depth > deepest) deepest = depth;
    } else if (c == 0x7d || c == 0x5d) {
      depth--;
      if (depth == 0) return j + 1;
    } else if (c >= 0x80) return -1;
    else countBreak(j, c);
    j++;
  }
  return -1;
}

/**
 * The entries of the text in [text, text + length): their count, with ROW int32 per entry from
 * `rows` and the object's start and end (UTF-16) in the two int32 before `rows`; NOT_SCANNED when
 * the text is not one object of entries the way `scanEntrySpans` reads it; MORE_ROWS when more
 * than `capacity` entries.
 */
export function scan(text: i32, length: i32, rows: i32, capacity: i32, keys: i32, slots: i32): i32 {
  delta = text;
  limit = text + length;
  keyTable = keys;
  keyMask = slots - 1;
  line = 0;
  lineStart = 0;
  memory.fill(keys, 0, slots * 12);
  let i = skipWhitespace(text);
  if (i >= limit || load<u8>(i) != 0x7b) return NOT_SCANNED;
  store<i32>(rows - 8, i - delta);
  i = skipWhitespace(i + 1);
  let count = 0;
  if (i < limit && load<u8>(i) == 0x7d) return finish(i, 0, rows);
  while (true) {
    if (i >= limit || load<u8>(i) != 0x22) return NOT_SCANNED;
    if (count == capacity) return MORE_ROWS;
    const row = rows + count * ROW * 4;
    const keyStart = i;
    store<i32>(row + KEY_START * 4, i - delta);
    store<i32>(row + LINE * 4, line);
    store<i32>(row + LINE_START * 4, lineStart);
    escaped = false;
    const keyEnd = skipString(i);
    if (keyEnd < 0) return NOT_SCANNED;
    store<i32>(row + KEY_END * 4, keyEnd - delta);
    store<i32>(row + ESCAPED_KEY * 4, escaped ? 1 : 0);
    if (!addKey(keyStart + 1, keyEnd - 1, count)) return DUPLICATE_KEY;
    i = skipWhitespace(keyEnd);
    if (i >= limit || load<u8>(i) != 0x3a) return NOT_SCANNED;
    const valueStart = skipWhitespace(i + 1);
    if (valueStart >= limit) return NOT_SCANNED;
    const base = delta;
    store<i32>(row + VALUE_START * 4, valueStart - delta);
    // Judged first: a clean entry is then scanned once, its keys those the judge walked (it refuses
    // duplicates), its depth at most CLEAN_DEPTH; any other is scanned from its start.
    const lineBefore = line;
    const lineStartBefore = lineStart;
    const verdict = judge(keyStart, keyEnd, valueStart, row, base);
    let valueEnd = judgedEnd;
    if (verdict == NOT_CLEAN) {
      // Counted again from the value's start.
      line = lineBefore;
      lineStart = lineStartBefore;
      counted = 0;
      deepest = 0;
      valueEnd = skipValue(valueStart);
      if (valueEnd <= valueStart) return NOT_SCANNED;
    } else {
      counted = verdict / KEYS;
      deepest = CLEAN_DEPTH;
    }
    store<i32>(row + VALUE_END * 4, valueEnd - delta);
    store<i32>(row + KEY_COUNT * 4, counted);
    store<i32>(row + DEPTH * 4, deepest);
    store<i32>(row + VERDICT * 4, verdict);
    count++;
    i = skipWhitespace(valueEnd);
    if (i >= limit) return NOT_SCANNED;
    const c = load<u8>(i);
    if (c == 0x2c) {
      i = skipWhitespace(i + 1);
      continue;
    }
    return c == 0x7d ? finish(i, count, rows) : NOT_SCANNED;
  }
}

function finish(close: i32, count: i32, rows: i32): i32 {
  if (skipWhitespace(close + 1) != limit) return NOT_SCANNED;
  store<i32>(rows - 4, close + 1 - delta);
  return count;
}

// ---- the fused predicate on bytes (rules/cleanEntry.ts `shape`) ----

/** Whether the last plainString held a `$`: only then can it hold a placeholder. */
let dollar: bool = false;

/** The string token at `i` with only characters that are their own JSON text (printable ASCII, no escape): its end, or -1. */
function plainString(i: i32, end: i32): i32 {
  if (i >= end || load<u8>(i) != 0x22) return -1;
  i++;
  let seen = false;
  while (i < end) {
    // Sixteen characters at a time up to one that is not plain (the caller's memory has room past the text).
    const at = i + notPlain(v128.load(i));
    if (at >= i + 16) {
      i += 16;
      continue;
    }
    i = at;
    if (i >= end) return -1;
    const c = load<u8>(i);
    if (c == 0x22) {
      dollar = seen;
      return i + 1;
    }
    if (c != 0x24) return -1; // a control character, a backslash, or beyond ASCII
    seen = true;
    i++;
  }
  return -1;
}

/** The index (0–15, or 32 for none) of the first byte that is a quote, a backslash, a `$`, a control character or beyond ASCII. */
function notPlain(bytes: v128): i32 {
  const special = v128.or(
    v128.or(i8x16.eq(bytes, i8x16.splat(0x22)), i8x16.eq(bytes, i8x16.splat(0x5c))),
    v128.or(i8x16.eq(bytes, i8x16.splat(0x24)), i8x16.lt_u(bytes, i8x16.splat(0x20))),
  );
  // Bytes beyond ASCII have their sign bit set: the bitmask of the bytes themselves.
  return ctz<i32>(i8x16.bitmask(special) | i8x16.bitmask(bytes)); // 32 when none
}

/** Whether [start, end) holds `${`. */
function hasPlaceholder(start: i32, end: i32): bool {
  for (let i = start; i + 1 < end; i++) if (load<u8>(i) == 0x24 && load<u8>(i + 1) == 0x7b) return true;
  return false;
}

function isNameStart(c: i32): bool {
  return (c >= 0x41 && c <= 0x5a) || c == 0x5f;
}

function isNamePart(c: i32): bool {
  return isNameStart(c) || (c >= 0x30 && c <= 0x39);
}

/** placeholders.ts `placeholdersAllResolved` on a string's characters [start, end) (no line break can be in them). */
function substituted(start: i32, end: i32): bool {
  let i = start;
  while (i + 1 < end) {
    if (load<u8>(i) != 0x24 || load<u8>(i + 1) != 0x7b) {
      i++;
      continue;
    }
    const name = i + 2;
    let j = name;
    if (j >= end || !isNameStart(load<u8>(j))) return false;
    while (j < end && isNamePart(load<u8>(j))) j++;
    if (j >= end) return false;
    const after = load<u8>(j);
    if (after == 0x7d) {
      if (!setHas(0, name, j)) return false;
      i = j + 1;
    } else if (after == 0x3a && j + 1 < end && load<u8>(j + 1) == 0x2d) {
      let close = -1;
      for (let k = j + 2; k < end; k++) {
        const c = load<u8>(k);
        if (c == 0x7d) {
          close = k;
          break;
        }
        if (c == 0x24 && k + 1 < end && load<u8>(k + 1) == 0x7b) return false;
      }
      if (close < 0) return false;
      i = close + 1;
    } else return false;
  }
  return true;
}

function lower(c: i32): i32 {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** Whether [at, end) starts with `word` (lower case), ignoring case. */
function startsWithFolded(at: i32, end: i32, word: string): bool {
  const length = word.length;
  if (end - at < length) return false;
  for (let k = 0; k < length; k++) if (lower(load<u8>(at + k)) != word.charCodeAt(k)) return false;
  return true;
}

/** Whether two characters (lower case) begin a hint: be(arer), gi(thub_pat_), gh(p_), gl(pat-), xo(xb-, xp-), sk-, ak(ia), ey(j). */
function isHintStart(c: i32, next: i32): bool {
  if (c == 0x62) return next == 0x65;
  if (c == 0x67) return next == 0x69 || next == 0x68 || next == 0x6c;
  if (c == 0x78) return next == 0x6f;
  if (c == 0x73 || c == 0x61) return next == 0x6b;
  if (c == 0x65) return next == 0x79;
  return false;
}

/** Both bytes of a pair, at the same lanes of `first` and `second` (the bytes one further on). */
function pair(first: v128, second: v128, a: i8, b: i8): v128 {
  return v128.and(i8x16.eq(first, i8x16.splat(a)), i8x16.eq(second, i8x16.splat(b)));
}

/**
 * The index (0–15, or 32 for none) of the first of the sixteen bytes at `i` where a hint or a
 * placeholder may start (isHintStart's pairs in either case, and `${`): a candidate, which the
 * caller judges byte by byte.
 */
function hintCandidate(i: i32): i32 {
  // Setting bit 5 folds the letters to lower case (and `$`, `{` stay themselves).
  const first = v128.or(v128.load(i), i8x16.splat(0x20));
  const second = v128.or(v128.load(i + 1), i8x16.splat(0x20));
  const g = v128.and(
    i8x16.eq(first, i8x16.splat(0x67)),
    v128.or(v128.or(i8x16.eq(second, i8x16.splat(0x69)), i8x16.eq(second, i8x16.splat(0x68))), i8x16.eq(second, i8x16.splat(0x6c))),
  );
  const k = v128.and(i8x16.eq(second, i8x16.splat(0x6b)), v128.or(i8x16.eq(first, i8x16.splat(0x73)), i8x16.eq(first, i8x16.splat(0x61))));
  const others = v128.or(
    v128.or(pair(first, second, 0x62, 0x65), pair(first, second, 0x78, 0x6f)),
    v128.or(pair(first, second, 0x65, 0x79), pair(first, second, 0x24, 0x7b)),
  );
  return ctz<i32>(i8x16.bitmask(v128.or(v128.or(g, k), others)));
}

/**
 * False only when secrets.ts `findSecrets` finds nothing in the string [start, end): shorter than
 * 16, or no hint of `HINT` outside its placeholders (which findSecrets blanks) but a `Bearer`
 * followed by blanks and a placeholder (its token is then blanked: the bearer pattern needs 16
 * characters that are neither blank nor blanked).
 */
function maySecret(start: i32, end: i32): bool {
  if (end - start < 16) return false;
  let i = start;
  while (i < end) {
    const at = i + hintCandidate(i);
    if (at >= i + 16) {
      i += 16;
      continue;
    }
    i = at;
    if (i >= end) return false;
    const c = lower(load<u8>(i));
    if (c == 0x24 && i + 1 < end && load<u8>(i + 1) == 0x7b) {
      // A placeholder runs to its first `}` (or the end): blanked, so no hint inside it counts.
      let close = i + 2;
      while (close < end && load<u8>(close) != 0x7d) close++;
      i = close + 1;
      continue;
    }
    if (!isHintStart(c, i + 1 < end ? lower(load<u8>(i + 1)) : 0)) {
      i++;
      continue;
    }
    if (c == 0x62 && startsWithFolded(i, end, 'bearer')) {
      let j = i + 6;
      if (j >= end || (load<u8>(j) != 0x20 && load<u8>(j) != 0x09)) return true;
      while (j < end && (load<u8>(j) == 0x20 || load<u8>(j) == 0x09)) j++;
      if (j + 1 >= end || load<u8>(j) != 0x24 || load<u8>(j + 1) != 0x7b) return true;
      i = j;
      continue;
    }
    if (c == 0x67 && (startsWithFolded(i, end, 'github_pat_') || startsWithFolded(i, end, 'ghp_') || startsWithFolded(i, end, 'glpat-'))) return true;
    if (c == 0x78 && (startsWithFolded(i, end, 'xoxb-') || startsWithFolded(i, end, 'xoxp-'))) return true;
    if (c == 0x73 && startsWithFolded(i, end, 'sk-')) return true;
    if (c == 0x61 && startsWithFolded(i, end, 'akia')) return true;
    if (c == 0x65 && startsWithFolded(i, end, 'eyj')) return true;
    i++;
  }
  return false;
}

function isHostCharacter(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c == 0x2e || c == 0x2d;
}

function isPathCharacter(c: i32): bool {
  return isHostCharacter(c) || c == 0x5f || c == 0x7e || c == 0x2f;
}

function isQueryCharacter(c: i32): bool {
  return isHostCharacter(c) || c == 0x5f || c == 0x7e || c == 0x3d || c == 0x26;
}

/** uriFormat.ts `PLAIN_URI` on [start, end); with `https` only an https URL. */
function plainUri(start: i32, end: i32, https: bool): bool {
  let i = start;
  // The pattern is case-sensitive: `http` in lower case only.
  if (end - i < 4 || load<u8>(i) != 0x68 || load<u8>(i + 1) != 0x74 || load<u8>(i + 2) != 0x74 || load<u8>(i + 3) != 0x70) return false;
  i += 4;
  if (i < end && load<u8>(i) == 0x73) i++;
  else if (https) return false;
  if (end - i < 3 || load<u8>(i) != 0x3a || load<u8>(i + 1) != 0x2f || load<u8>(i + 2) != 0x2f) return false;
  i += 3;
  const host = i;
  while (i < end && isHostCharacter(load<u8>(i))) i++;
  if (i == host) return false;
  if (i < end && load<u8>(i) == 0x3a) {
    i++;
    const port = i;
    while (i < end && i - port < 6 && load<u8>(i) >= 0x30 && load<u8>(i) <= 0x39) i++;
    if (i == port || i - port > 5) return false;
  }
  if (i < end && load<u8>(i) == 0x2f) while (i < end && isPathCharacter(load<u8>(i))) i++;
  if (i < end && load<u8>(i) == 0x3f) {
    i++;
    while (i < end && isQueryCharacter(load<u8>(i))) i++;
  }
  return i == end;
}

/** Whether the characters [start, end) are exactly `word`. */
function equals(start: i32, end: i32, word: string): bool {
  const length = word.length;
  if (end - start != length) return false;
  for (let k = 0; k < length; k++) if (load<u8>(start + k) != word.charCodeAt(k)) return false;
  return true;
}

// The fields of the shape, as bits.
const F_TYPE: i32 = 1;
const F_TITLE: i32 = 2;
const F_DESCRIPTION: i32 = 4;
const F_COMMAND: i32 = 8;
const F_ARGS: i32 = 16;
const F_ENV: i32 = 32;
const F_HEADERS: i32 = 64;
const F_URL: i32 = 128;
const F_OAUTH: i32 = 256;
const F_TIMEOUT: i32 = 512;
const F_ROOTS: i32 = 1024;
const F_UNAVAILABLE: i32 = 2048;

function fieldOf(start: i32, end: i32): i32 {
  switch (end - start) {
    case 3:
      return equals(start, end, 'env') ? F_ENV : equals(start, end, 'url') ? F_URL : 0;
    case 4:
      return equals(start, end, 'type') ? F_TYPE : equals(start, end, 'args') ? F_ARGS : 0;
    case 5:
      return equals(start, end, 'title') ? F_TITLE : equals(start, end, 'oauth') ? F_OAUTH : 0;
    case 7:
      return equals(start, end, 'command') ? F_COMMAND : equals(start, end, 'headers') ? F_HEADERS : 0;
    case 11:
      return equals(start, end, 'description') ? F_DESCRIPTION : equals(start, end, 'unavailable') ? F_UNAVAILABLE : 0;
    case 16:
      return equals(start, end, 'default_in_roots') ? F_ROOTS : 0;
    case 19:
      return equals(start, end, 'startup_timeout_sec') ? F_TIMEOUT : 0;
  }
  return 0;
}

// What a string-valued check tells its caller besides the string's end.
let stringCount: i32 = 0;

/** How an array's or map's strings are judged. */
const SUBSTITUTED: i32 = 1;
const NO_SECRET: i32 = 2;
const NO_PLACEHOLDER: i32 = 4;
const NOT_EMPTY: i32 = 8;

/** A string judged by `how`: its end, or -1. */
function judgedString(i: i32, end: i32, how: i32): i32 {
  const close = plainString(i, end);
  if (close < 0) return -1;
  const start = i + 1;
  const stop = close - 1;
  if ((how & NOT_EMPTY) != 0 && stop == start) return -1;
  if (dollar && (how & NO_PLACEHOLDER) != 0 && hasPlaceholder(start, stop)) return -1;
  if (dollar && (how & SUBSTITUTED) != 0 && !substituted(start, stop)) return -1;
  if ((how & NO_SECRET) != 0 && maySecret(start, stop)) return -1;
  return close;
}

/** An array of strings judged by `how`: its end, or -1. */
function stringArray(i: i32, end: i32, how: i32): i32 {
  if (i >= end || load<u8>(i) != 0x5b) return -1;
  i = skipWhitespace(i + 1);
  if (i < end && load<u8>(i) == 0x5d) return i + 1;
  while (true) {
    i = judgedString(i, end, how);
    if (i < 0) return -1;
    i = skipWhitespace(i);
    if (i >= end) return -1;
    const c = load<u8>(i);
    if (c == 0x5d) return i + 1;
    if (c != 0x2c) return -1;
    i = skipWhitespace(i + 1);
  }
}

/** The most keys a map may have here: duplicates are found by comparing each key with those before it. */
const MAX_MAP_KEYS: i32 = 32;

/**
 * env or headers (cleanEntry.ts `stringMap`): strings to substituted strings without a secret,
 * keys without `${`, none a duplicate, none in set 1 when `refuse`. Its end (its keys in
 * stringCount), or -1.
 */
function stringMap(i: i32, end: i32, refuse: bool, keys: i32): i32 {
  if (i >= end || load<u8>(i) != 0x7b) return -1;
  i = skipWhitespace(i + 1);
  stringCount = 0;
  if (i < end && load<u8>(i) == 0x7d) return i + 1;
  while (true) {
    const close = plainString(i, end);
    if (close < 0 || stringCount == MAX_MAP_KEYS) return -1;
    const start = i + 1;
    const stop = close - 1;
    if ((dollar && hasPlaceholder(start, stop)) || (refuse && setHas(1, start, stop))) return -1;
    for (let k = 0; k < stringCount; k++) {
      const other = load<i32>(keys + k * 8);
      const otherLength = load<i32>(keys + k * 8 + 4);
      if (otherLength == stop - start && memory.compare(other, start, otherLength) == 0) return -1;
    }
    store<i32>(keys + stringCount * 8, start);
    store<i32>(keys + stringCount * 8 + 4, stop - start);
    stringCount++;
    i = skipWhitespace(close);
    if (i >= end || load<u8>(i) != 0x3a) return -1;
    i = judgedString(skipWhitespace(i + 1), end, SUBSTITUTED | NO_SECRET);
    if (i < 0) return -1;
    i = skipWhitespace(i);
    if (i >= end) return -1;
    const c = load<u8>(i);
    if (c == 0x7d) return i + 1;
    if (c != 0x2c) return -1;
    i = skipWhitespace(i + 1);
  }
}

/** cleanEntry.ts `plainOAuth`: its end (its keys in stringCount), or -1. */
function plainOAuth(i: i32, end: i32): i32 {
  if (i >= end || load<u8>(i) != 0x7b) return -1;
  i = skipWhitespace(i + 1);
  let seen = 0;
  let count = 0;
  if (i < end && load<u8>(i) == 0x7d) {
    stringCount = 0;
    return i + 1;
  }
  while (true) {
    const close = plainString(i, end);
    if (close < 0) return -1;
    let field = 0;
    if (equals(i + 1, close - 1, 'clientId')) field = 1;
    else if (equals(i + 1, close - 1, 'clientSecret')) field = 2;
    else if (equals(i + 1, close - 1, 'scopes')) field = 4;
    else if (equals(i + 1, close - 1, 'redirectUri')) field = 8;
    else if (equals(i + 1, close - 1, 'authServerMetadataUrl')) field = 16;
    if (field == 0 || (seen & field) != 0) return -1;
    seen |= field;
    count++;
    i = skipWhitespace(close);
    if (i >= end || load<u8>(i) != 0x3a) return -1;
    i = skipWhitespace(i + 1);
    if (field <= 2) i = judgedString(i, end, SUBSTITUTED | NOT_EMPTY);
    else if (field == 4) i = stringArray(i, end, SUBSTITUTED | NOT_EMPTY);
    else {
      const uriEnd = plainString(i, end);
      i = uriEnd >= 0 && plainUri(i + 1, uriEnd - 1, false) ? uriEnd : -1;
    }
    if (i < 0) return -1;
    i = skipWhitespace(i);
    if (i >= end) return -1;
    const c = load<u8>(i);
    if (c == 0x7d) {
      stringCount = count;
      return i + 1;
    }
    if (c != 0x2c) return -1;
    i = skipWhitespace(i + 1);
  }
}

/** A timeout the shape takes without asking how it is written: digits only, 5 to 600. Its end, or -1. */
function plainTimeout(i: i32, end: i32): i32 {
  let value = 0;
  const start = i;
  while (i < end && load<u8>(i) >= 0x30 && load<u8>(i) <= 0x39 && i - start < 4) {
    value = value * 10 + (load<u8>(i) - 0x30);
    i++;
  }
  if (i == start || load<u8>(start) == 0x30 || value < 5 || value > 600) return -1;
  if (i < end) {
    const c = load<u8>(i);
    if (c != 0x2c && c != 0x7d && !isWhitespace(c)) return -1;
  }
  return i;
}

/** SERVER_NAME_PATTERN's characters (model.ts): letters, digits, `$`, `_`, `[`, `]` and `-`. */
function isServerNameCharacter(c: i32): bool {
  return (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || (c >= 0x30 && c <= 0x39) || c == 0x24 || c == 0x5f || c == 0x5b || c == 0x5d || c == 0x2d;
}

/** Scratch for a map's keys: after the rows' end is not known here, so the caller gives it. */
let scratch: i32 = 0;

export function setScratch(at: i32): void {
  scratch = at;
}

/**
 * `shape` of the entry whose key is [keyStart, keyEnd) and whose value starts at `start` (bytes),
 * with `base` the bytes minus code units before it: the verdict, the spans and the type into
 * `row`, the value's end into judgedEnd. A clean entry is ASCII, so its UTF-16 offsets are its
 * bytes' minus `base`.
 */
/** Bracket nesting a clean entry's value never exceeds (oauth.scopes): an upper bound is all the span table needs. */
const CLEAN_DEPTH: i32 = 3;

/** Just past the value `judge` found clean. */
let judgedEnd: i32 = 0;

function judge(keyStart: i32, keyEnd: i32, start: i32, row: i32, base: i32): i32 {
  const end = limit;
  // SERVER_NAME_PATTERN (model.ts); `$schema` is not an entry.
  if (keyEnd - keyStart < 3 || equals(keyStart + 1, keyEnd - 1, '$schema')) return NOT_CLEAN;
  for (let k = keyStart + 1; k < keyEnd - 1; k++) if (!isServerNameCharacter(load<u8>(k))) return NOT_CLEAN;
  if (load<u8>(start) != 0x7b) return NOT_CLEAN;
  for (let field = ARGS; field < LINE; field++) store<i32>(row + field * 4, 0);
  let i = skipWhitespace(start + 1);
  let seen = 0;
  let keys = 0;
  let holds = HOLDS_ALWAYS;
  let type = -1;
  while (true) {
    const close = plainString(i, end);
    if (close < 0) return NOT_CLEAN;
    const field = fieldOf(i + 1, close - 1);
    if (field == 0 || (seen & field) != 0) return NOT_CLEAN;
    seen |= field;
    keys++;
    i = skipWhitespace(close);
    if (i >= end || load<u8>(i) != 0x3a) return NOT_CLEAN;
    i = skipWhitespace(i + 1);
    const value = i;
    if (field == F_TYPE) {
      i = plainString(value, end);
      if (i < 0) return NOT_CLEAN;
      if (equals(value + 1, i - 1, 'stdio')) type = 0;
      else if (equals(value + 1, i - 1, 'sse')) type = 1;
      else if (equals(value + 1, i - 1, 'streamable-http')) type = 2;
      else return NOT_CLEAN;
    } else if (field == F_TITLE) {
      i = judgedString(value, end, NO_PLACEHOLDER | NOT_EMPTY);
      if (i < 0 || i - value - 2 > 100) return NOT_CLEAN;
    } else if (field == F_DESCRIPTION) {
      i = judgedString(value, end, NO_PLACEHOLDER);
      if (i < 0 || i - value - 2 > 500) return NOT_CLEAN;
    } else if (field == F_COMMAND) {
      i = judgedString(value, end, SUBSTITUTED);
      if (i < 0) return NOT_CLEAN;
      if (equals(value + 1, i - 1, 'npx')) holds |= HOLDS_NPX;
    } else if (field == F_ARGS) {
      i = stringArray(value, end, SUBSTITUTED | NO_SECRET);
      if (i < 0) return NOT_CLEAN;
      store<i32>(row + ARGS * 4, value - base);
      store<i32>(row + ARGS * 4 + 4, i - base);
    } else if (field == F_ENV || field == F_HEADERS) {
      i = stringMap(value, end, field == F_ENV, scratch);
      if (i < 0) return NOT_CLEAN;
      keys += stringCount;
    } else if (field == F_URL) {
      i = plainString(value, end);
      if (i < 0 || !plainUri(value + 1, i - 1, true) || maySecret(value + 1, i - 1)) return NOT_CLEAN;
    } else if (field == F_OAUTH) {
      i = plainOAuth(value, end);
      if (i < 0) return NOT_CLEAN;
      keys += stringCount;
    } else if (field == F_TIMEOUT) {
      i = plainTimeout(value, end);
      if (i < 0) return NOT_CLEAN;
      holds |= HOLDS_TIMEOUT;
      store<i32>(row + TIMEOUT * 4, value - base);
      store<i32>(row + TIMEOUT * 4 + 4, i - base);
    } else if (field == F_ROOTS) {
      i = stringArray(value, end, NO_PLACEHOLDER);
      if (i < 0) return NOT_CLEAN;
      holds |= HOLDS_ROOTS;
      store<i32>(row + ROOTS * 4, value - base);
      store<i32>(row + ROOTS * 4 + 4, i - base);
    } else {
      i = judgedString(value, end, NO_PLACEHOLDER);
      if (i < 0) return NOT_CLEAN;
      holds |= HOLDS_UNAVAILABLE;
      store<i32>(row + UNAVAILABLE * 4, value - base);
      store<i32>(row + UNAVAILABLE * 4 + 4, i - base);
    }
    i = skipWhitespace(i);
    if (i >= end) return NOT_CLEAN;
    const c = load<u8>(i);
    if (c == 0x7d) {
      judgedEnd = i + 1;
      break;
    }
    if (c != 0x2c) return NOT_CLEAN;
    i = skipWhitespace(i + 1);
  }
  const local = seen & (F_COMMAND | F_ARGS | F_ENV);
  const remote = seen & (F_URL | F_HEADERS | F_OAUTH);
  if (type == 0) {
    if ((seen & F_COMMAND) == 0 || remote != 0) return NOT_CLEAN;
  } else if (type < 0 || (seen & F_URL) == 0 || local != 0) return NOT_CLEAN;
  return holds + keys * KEYS;
}

/** Where the caller's memory starts: after this module's constants. */
export function heapBase(): i32 {
  return <i32>__heap_base;
}
