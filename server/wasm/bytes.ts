// AssemblyScript: the scanner's cursor over the text's bytes — where UTF-16 offsets stand, line
// breaks, whitespace — and byte comparisons (entryScan.ts).

/** Bytes minus UTF-16 code units before the cursor: grows past each character beyond ASCII. */
export let delta: i32 = 0;
export let limit: i32 = 0;

export function hashBytes(start: i32, end: i32): u32 {
  let hash: u32 = 2166136261;
  for (let i = start; i < end; i++) hash = (hash ^ load<u8>(i)) * 16777619;
  return hash;
}

export function isWhitespace(c: i32): bool {
  return c == 0x20 || c == 0x0a || c == 0x0d || c == 0x09;
}

/** Lines before the cursor, and where the cursor's line starts (UTF-16): `\n`, `\r\n` and a lone `\r` each end one. */
export let line: i32 = 0;
export let lineStart: i32 = 0;

/** The line break at `i`, if one ends there, counted. */
export function countBreak(i: i32, c: i32): void {
  if (c == 0x0a || (c == 0x0d && (i + 1 >= limit || load<u8>(i + 1) != 0x0a))) {
    line++;
    lineStart = i + 1 - delta;
  }
}

/** Past the whitespace at `i`, counting its line breaks (in JSON text they are only ever whitespace). */
export function skipWhitespace(i: i32): i32 {
  while (i < limit) {
    const c = load<u8>(i);
    if (!isWhitespace(c)) break;
    countBreak(i, c);
    i++;
  }
  return i;
}

/** `separator`'s answer when `close` ends the container; its end is then in `closedEnd`. */
export const CLOSED: i32 = -2;
export let closedEnd: i32 = 0;

/**
 * Past a container member ending at `i`: the next member's start after a comma, CLOSED when
 * `close` (`]` or `}`) follows, or -1 for anything else.
 */
export function separator(i: i32, end: i32, close: i32): i32 {
  i = skipWhitespace(i);
  if (i >= end) return -1;
  const c = load<u8>(i);
  if (c == close) {
    closedEnd = i + 1;
    return CLOSED;
  }
  return c == 0x2c ? skipWhitespace(i + 1) : -1;
}

/** Past the whitespace at `i`, without counting: a look ahead. */
export function peekWhitespace(i: i32): i32 {
  while (i < limit && isWhitespace(load<u8>(i))) i++;
  return i;
}

/** Bytes beyond ASCII: a continuation byte is one more byte than code units, a four-byte lead one fewer. */
export function account(c: i32): void {
  if (c >= 0x80) {
    if ((c & 0xc0) == 0x80) delta++;
    else if (c >= 0xf0) delta--;
  }
}

export function lower(c: i32): i32 {
  return c >= 0x41 && c <= 0x5a ? c + 0x20 : c;
}

/** Whether [at, end) starts with `word` (lower case), ignoring case. */
export function startsWithFolded(at: i32, end: i32, word: string): bool {
  const length = word.length;
  if (end - at < length) return false;
  for (let k = 0; k < length; k++) if (lower(load<u8>(at + k)) != word.charCodeAt(k)) return false;
  return true;
}

/** Whether the characters [start, end) are exactly `word`. */
export function equals(start: i32, end: i32, word: string): bool {
  const length = word.length;
  if (end - start != length) return false;
  for (let k = 0; k < length; k++) if (load<u8>(start + k) != word.charCodeAt(k)) return false;
  return true;
}

/** Starts a scan of the text at [text, text + length). */
export function begin(text: i32, length: i32): void {
  delta = text;
  limit = text + length;
  line = 0;
  lineStart = 0;
}

/** Back to where the lines were counted to (a judged value is counted again by the scanner). */
export function restoreLines(to: i32, start: i32): void {
  line = to;
  lineStart = start;
}
