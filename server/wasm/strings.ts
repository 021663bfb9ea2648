// AssemblyScript: a clean entry's strings judged on their bytes — plain, placeholders, secret
// hints, URLs (shape.ts; rules/cleanEntry.ts in JavaScript).

import { CLOSED, closedEnd, lower, separator, skipWhitespace, startsWithFolded } from './bytes';
import { setHas } from './sets';

/** Whether the last plainString held a `$`: only then can it hold a placeholder. */
export let dollar: bool = false;

/** The string token at `i` with only characters that are their own JSON text (printable ASCII, no escape): its end, or -1. */
export function plainString(i: i32, end: i32): i32 {
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
export function hasPlaceholder(start: i32, end: i32): bool {
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
export function maySecret(start: i32, end: i32): bool {
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
export function plainUri(start: i32, end: i32, https: bool): bool {
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

/** How an array's or map's strings are judged. */
export const SUBSTITUTED: i32 = 1;
export const NO_SECRET: i32 = 2;
export const NO_PLACEHOLDER: i32 = 4;
export const NOT_EMPTY: i32 = 8;

/** A string judged by `how`: its end, or -1. */
export function judgedString(i: i32, end: i32, how: i32): i32 {
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
export function stringArray(i: i32, end: i32, how: i32): i32 {
  if (i >= end || load<u8>(i) != 0x5b) return -1;
  i = skipWhitespace(i + 1);
  if (i < end && load<u8>(i) == 0x5d) return i + 1;
  while (true) {
    i = judgedString(i, end, how);
    if (i < 0) return -1;
    i = separator(i, end, 0x5d);
    if (i == CLOSED) return closedEnd;
    if (i < 0) return -1;
  }
}
