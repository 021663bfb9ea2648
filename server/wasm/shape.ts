// AssemblyScript: the fused predicate's shape on an entry's bytes (rules/cleanEntry.ts `shape`;
// entryScan.ts).

import { CLOSED, closedEnd, equals, isWhitespace, limit, peekWhitespace, separator, skipWhitespace } from './bytes';
import {
  ARGS,
  clearJudgedFields,
  HOLDS_ALWAYS,
  HOLDS_NAME,
  HOLDS_NPX,
  HOLDS_ROOTS,
  HOLDS_TIMEOUT,
  HOLDS_UNAVAILABLE,
  KEYS,
  NOT_CLEAN,
  QUIET,
  ROOTS,
  SPEC,
  TIMEOUT,
  UNAVAILABLE,
} from './rows';
import { setHas } from './sets';
import {
  NOT_EMPTY,
  NO_PLACEHOLDER,
  NO_SECRET,
  SUBSTITUTED,
  dollar,
  hasPlaceholder,
  judgedString,
  maySecret,
  plainString,
  plainUri,
  stringArray,
} from './strings';

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
/** Whether a map judged since `judge` began has a key spelled `startup_timeout_sec` (the timeout rule reads such text). */
let timeoutKey: bool = false;

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
    if (equals(start, stop, 'startup_timeout_sec')) timeoutKey = true;
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
    i = separator(i, end, 0x7d);
    if (i == CLOSED) return closedEnd;
    if (i < 0) return -1;
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
    i = separator(i, end, 0x7d);
    if (i == CLOSED) {
      stringCount = count;
      return closedEnd;
    }
    if (i < 0) return -1;
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

/**
 * The one package spec of an npx entry whose `args` (the array at `i`, proven an array of plain
 * strings) are `-y` or `--yes` flags and then a positional argument: the spec npx installs
 * (runtime/npmCache.ts `npxPackageSpecArgs`), its content's span into `row` at SPEC. Any other
 * option, `--`, an empty positional or none leaves it 0, 0: npxPackageSpecArgs reads those.
 */
function soleSpec(i: i32, row: i32, base: i32): void {
  i = peekWhitespace(i + 1);
  while (i < limit && load<u8>(i) == 0x22) {
    const start = i + 1;
    // A plain string has no escape: its content ends at the next quote. Not skipWhitespace: its
    // line breaks were counted when the value was judged.
    let stop = start;
    while (load<u8>(stop) != 0x22) stop++;
    if (stop - start > 1 && load<u8>(start) == 0x2d) {
      if (!equals(start, stop, '-y') && !equals(start, stop, '--yes')) return;
      i = peekWhitespace(stop + 1);
      if (i >= limit || load<u8>(i) != 0x2c) return;
      i = peekWhitespace(i + 1);
      continue;
    }
    if (stop > start) {
      store<i32>(row + SPEC * 4, start - base);
      store<i32>(row + SPEC * 4 + 4, stop - base);
    }
    return;
  }
}

/** Whether a roots index counts for this scan: without one the roots rule reports on every entry with roots. */
let rootsIndexed: bool = false;

export function setRootsIndexed(indexed: bool): void {
  rootsIndexed = indexed;
}

/**
 * Whether every item of the `default_in_roots` array at `i` (proven an array of plain strings) is
 * `*` or a root of a roots file that was read (set 2): then the roots rule does not report
 * (rules/roots.ts `mayReport`). An `@…` reference is left to it.
 */
function rootsKnown(i: i32): bool {
  if (!rootsIndexed) return false;
  i = peekWhitespace(i + 1);
  while (i < limit && load<u8>(i) == 0x22) {
    const start = i + 1;
    let stop = start;
    while (load<u8>(stop) != 0x22) stop++;
    if (!equals(start, stop, '*') && (stop == start || load<u8>(start) == 0x40 || !setHas(2, start, stop))) return false;
    i = peekWhitespace(stop + 1);
    if (i >= limit || load<u8>(i) != 0x2c) return true;
    i = peekWhitespace(i + 1);
  }
  return true;
}

/** unavailable.ts MAX_REASON_LENGTH: a longer reason is cut (its rule reports), in code points after whitespace runs collapse. */
const MAX_REASON: i32 = 200;

/** Whether [start, end) holds a character other than whitespace (any byte up to a space counts as one). */
function notBlank(start: i32, end: i32): bool {
  for (let k = start; k < end; k++) if (load<u8>(k) > 0x20) return true;
  return false;
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

/** Bracket nesting a clean entry's value never exceeds (oauth.scopes): an upper bound is all the span table needs. */
export const CLEAN_DEPTH: i32 = 3;

/** Just past the value `judge` found clean. */
export let judgedEnd: i32 = 0;

/**
 * `shape` of the entry whose key is [keyStart, keyEnd) and whose value starts at `start` (bytes),
 * with `base` the bytes minus code units before it: the verdict, the spans and the type into
 * `row`, the value's end into judgedEnd. A clean entry is ASCII, so its UTF-16 offsets are its
 * bytes' minus `base`.
 */
export function judge(keyStart: i32, keyEnd: i32, start: i32, row: i32, base: i32): i32 {
  const end = limit;
  // SERVER_NAME_PATTERN (model.ts); `$schema` is not an entry.
  if (keyEnd - keyStart < 3 || equals(keyStart + 1, keyEnd - 1, '$schema')) return NOT_CLEAN;
  let holds = HOLDS_ALWAYS;
  for (let k = keyStart + 1; k < keyEnd - 1; k++) {
    const c = load<u8>(k);
    if (!isServerNameCharacter(c)) return NOT_CLEAN;
    // A name Codex rewrites (`$`, `[`, `]`) or cannot split (`__`): the name rules look at it (cleanEntry.ts `nameRead`).
    if (c == 0x24 || c == 0x5b || c == 0x5d || (c == 0x5f && k > keyStart + 1 && load<u8>(k - 1) == 0x5f)) holds |= HOLDS_NAME;
  }
  if (load<u8>(start) != 0x7b) return NOT_CLEAN;
  clearJudgedFields(row);
  let i = skipWhitespace(start + 1);
  let seen = 0;
  let keys = 0;
  let type = -1;
  let args = 0;
  let quiet = 0;
  timeoutKey = false;
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
      args = value;
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
      quiet |= HOLDS_TIMEOUT;
      store<i32>(row + TIMEOUT * 4, value - base);
      store<i32>(row + TIMEOUT * 4 + 4, i - base);
    } else if (field == F_ROOTS) {
      i = stringArray(value, end, NO_PLACEHOLDER);
      if (i < 0) return NOT_CLEAN;
      holds |= HOLDS_ROOTS;
      if (rootsKnown(value)) quiet |= HOLDS_ROOTS;
      store<i32>(row + ROOTS * 4, value - base);
      store<i32>(row + ROOTS * 4 + 4, i - base);
    } else {
      i = judgedString(value, end, NO_PLACEHOLDER);
      if (i < 0) return NOT_CLEAN;
      holds |= HOLDS_UNAVAILABLE;
      if (i - value - 2 <= MAX_REASON && notBlank(value + 1, i - 1)) quiet |= HOLDS_UNAVAILABLE;
      store<i32>(row + UNAVAILABLE * 4, value - base);
      store<i32>(row + UNAVAILABLE * 4 + 4, i - base);
    }
    i = separator(i, end, 0x7d);
    if (i == CLOSED) {
      judgedEnd = closedEnd;
      break;
    }
    if (i < 0) return NOT_CLEAN;
  }
  const local = seen & (F_COMMAND | F_ARGS | F_ENV);
  const remote = seen & (F_URL | F_HEADERS | F_OAUTH);
  if (type == 0) {
    if ((seen & F_COMMAND) == 0 || remote != 0) return NOT_CLEAN;
  } else if (type < 0 || (seen & F_URL) == 0 || local != 0) return NOT_CLEAN;
  if ((holds & HOLDS_NPX) != 0 && args != 0) soleSpec(args, row, base);
  store<i32>(row + QUIET * 4, timeoutKey ? quiet & ~HOLDS_TIMEOUT : quiet);
  return holds + keys * KEYS;
}
