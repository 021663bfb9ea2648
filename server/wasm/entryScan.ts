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
// Memory, laid out by the caller (service/wasmScan.ts): the text's bytes, then the sets' blob and
// tables, then the rows. Nothing is allocated here.

import { account, begin, countBreak, delta, isWhitespace, limit, line, lineStart, peekWhitespace, restoreLines, skipWhitespace } from './bytes';
import {
  clearJudgedFields,
  DEPTH,
  ESCAPED_KEY,
  KEYS,
  KEY_COUNT,
  KEY_END,
  KEY_START,
  LINE,
  LINE_START,
  NOT_CLEAN,
  ROW,
  VALUE_END,
  VALUE_START,
  VERDICT,
} from './rows';
import { addKey, resetKeys } from './sets';
import { CLEAN_DEPTH, judge, judgedEnd } from './shape';

/** scan's failures: not a strict object of entries (the JavaScript scanner decides), or too few rows. */
const NOT_SCANNED: i32 = -1;
const MORE_ROWS: i32 = -2;
/** Two keys with the same bytes: a duplicate name, which the JavaScript path reports through the full parser. */
const DUPLICATE_KEY: i32 = -3;

// ---- the scanner (entrySpans.ts, counted character by character) ----

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
  begin(text, length);
  resetKeys(keys, slots);
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
      // No value span, spec or quiet bit holds for it: zeros, whatever the judge wrote or the memory held.
      clearJudgedFields(row);
      // Counted again from the value's start.
      restoreLines(lineBefore, lineStartBefore);
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

/** Where the caller's memory starts: after this module's constants. */
export function heapBase(): i32 {
  return <i32>__heap_base;
}

export { buildSet, findKey } from './sets';
export { setRootsIndexed, setScratch } from './shape';
export { isAscii, utf16Of } from './utf16';
