// AssemblyScript, compiled by scripts/generate-wasm.mjs into server/src/lsp/generated/jsonStringsWasm.ts.
//
// The message reader's large strings (server/src/lsp/jsonBody.ts; bench/NOTES.md, "The message
// reader"): in a JSON-RPC body's UTF-8 bytes, find each string of at least `minimum` bytes,
// check that its content decodes exactly as JSON.parse decodes it, and unescape it in place, sixteen
// bytes at a time where nothing needs doing. The caller lays out the memory: the body from `body`,
// at least sixteen readable bytes past its end, and the list of large strings. Nothing is allocated here.

const QUOTE: i32 = 0x22;
const BACKSLASH: i32 = 0x5c;

/** findLargeStrings' failures: a string that never closes or that this path cannot read (the plain parse decides), or more than `capacity`. */
const NOT_READ: i32 = -1;
const MORE: i32 = -2;

let limit: i32 = 0;

/** The bits of the sixteen bytes at `i` that are a quote or a backslash. */
function quoteOrBackslash(i: i32): i32 {
  const bytes = v128.load(i);
  return i8x16.bitmask(v128.or(i8x16.eq(bytes, i8x16.splat(0x22)), i8x16.eq(bytes, i8x16.splat(0x5c))));
}

/** The first quote at or after `i` before `limit`, or -1: outside strings JSON has no backslash that matters. */
function nextQuote(i: i32): i32 {
  while (i < limit) {
    const mask = i8x16.bitmask(i8x16.eq(v128.load(i), i8x16.splat(0x22)));
    if (mask == 0) {
      i += 16;
      continue;
    }
    i += ctz<i32>(mask);
    return i < limit ? i : -1;
  }
  return -1;
}

/** The closing quote of the string whose content starts at `i` (escapes skipped), or -1 when it never closes. */
function closingQuote(i: i32): i32 {
  while (i < limit) {
    const mask = quoteOrBackslash(i);
    if (mask == 0) {
      i += 16;
      continue;
    }
    i += ctz<i32>(mask);
    if (i >= limit) return -1;
    if (load<u8>(i) == QUOTE) return i;
    i += 2;
  }
  return -1;
}

function hexDigit(c: i32): i32 {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lower = c | 0x20;
  return lower >= 0x61 && lower <= 0x66 ? lower - 0x57 : -1;
}

/** The code unit of the four hex digits at `i` (before `end`), or -1. */
function fourHex(i: i32, end: i32): i32 {
  if (i + 4 > end) return -1;
  const a = hexDigit(load<u8>(i));
  const b = hexDigit(load<u8>(i + 1));
  const c = hexDigit(load<u8>(i + 2));
  const d = hexDigit(load<u8>(i + 3));
  if ((a | b | c | d) < 0) return -1;
  return (a << 12) | (b << 8) | (c << 4) | d;
}

/**
 * Whether the content [start, end) holds nothing JSON.parse would reject (a raw control character,
 * an unknown escape, short hex) or read as a lone surrogate, which UTF-8 cannot carry.
 */
function readable(start: i32, end: i32): bool {
  let i = start;
  while (i < end) {
    const bytes = v128.load(i);
    const mask = i8x16.bitmask(v128.or(v128.or(i8x16.eq(bytes, i8x16.splat(0x22)), i8x16.eq(bytes, i8x16.splat(0x5c))), i8x16.lt_u(bytes, i8x16.splat(0x20))));
    if (mask == 0) {
      i += 16;
      continue;
    }
    i += ctz<i32>(mask);
    if (i >= end) return true;
    const c = load<u8>(i);
    // A quote before the end cannot be (closingQuote skipped the escaped ones); a control character is an error.
    if (c != BACKSLASH) return false;
    const e = load<u8>(i + 1);
    if (e == 0x75) {
      const unit = fourHex(i + 2, end);
      if (unit < 0 || (unit >= 0xdc00 && unit <= 0xdfff)) return false;
      i += 6;
      if (unit >= 0xd800 && unit <= 0xdbff) {
        if (i + 1 >= end || load<u8>(i) != BACKSLASH || load<u8>(i + 1) != 0x75) return false;
        const low = fourHex(i + 2, end);
        if (low < 0xdc00 || low > 0xdfff) return false;
        i += 6;
      }
    } else if (e == QUOTE || e == BACKSLASH || e == 0x2f || e == 0x62 || e == 0x66 || e == 0x6e || e == 0x72 || e == 0x74) {
      i += 2;
    } else {
      return false;
    }
  }
  return true;
}

/**
 * The strings of body[0, length) with at least `minimum` bytes of content, as (start, closing quote)
 * offsets from `body`, two int32 each at `list`: their count, NOT_READ or MORE.
 */
export function findLargeStrings(body: i32, length: i32, minimum: i32, list: i32, capacity: i32): i32 {
  limit = body + length;
  let count = 0;
  let quote = nextQuote(body);
  while (quote >= 0) {
    const start = quote + 1;
    const end = closingQuote(start);
    if (end < 0) return NOT_READ;
    if (end - start >= minimum) {
      if (!readable(start, end)) return NOT_READ;
      if (count == capacity) return MORE;
      store<i32>(list + count * 8, start - body);
      store<i32>(list + count * 8 + 4, end - body);
      count++;
    }
    quote = nextQuote(end + 1);
  }
  return count;
}

function escapedByte(e: i32): i32 {
  if (e == 0x6e) return 0x0a;
  if (e == 0x74) return 0x09;
  if (e == 0x72) return 0x0d;
  if (e == 0x62) return 0x08;
  if (e == 0x66) return 0x0c;
  // \" \\ \/ stand for themselves.
  return e;
}

function writeUtf8(out: i32, code: i32): i32 {
  if (code < 0x80) {
    store<u8>(out, code);
    return out + 1;
  }
  if (code < 0x800) {
    store<u8>(out, 0xc0 | (code >> 6));
    store<u8>(out + 1, 0x80 | (code & 0x3f));
    return out + 2;
  }
  if (code < 0x10000) {
    store<u8>(out, 0xe0 | (code >> 12));
    store<u8>(out + 1, 0x80 | ((code >> 6) & 0x3f));
    store<u8>(out + 2, 0x80 | (code & 0x3f));
    return out + 3;
  }
  store<u8>(out, 0xf0 | (code >> 18));
  store<u8>(out + 1, 0x80 | ((code >> 12) & 0x3f));
  store<u8>(out + 2, 0x80 | ((code >> 6) & 0x3f));
  store<u8>(out + 3, 0x80 | (code & 0x3f));
  return out + 4;
}

/**
 * Writes the decoded content of a string findLargeStrings listed (its content [start, end), absolute)
 * over its escaped bytes; returns where the decoded bytes end. Decoding never lengthens, so the
 * write never passes the read.
 */
export function unescapeInPlace(start: i32, end: i32): i32 {
  let i = start;
  let out = start;
  while (i < end) {
    const mask = quoteOrBackslash(i);
    // Nothing to do in these sixteen (the closing quote would have shown): move them whole when the
    // write is far enough behind the read not to overwrite bytes still to be read.
    if (mask == 0) {
      if (out == i) {
        i += 16;
        out += 16;
        continue;
      }
      if (i - out >= 16) {
        v128.store(out, v128.load(i));
        i += 16;
        out += 16;
        continue;
      }
    }
    const run = mask == 0 ? 16 : ctz<i32>(mask);
    if (out != i) for (let k = 0; k < run; k++) store<u8>(out + k, load<u8>(i + k));
    i += run;
    out += run;
    if (mask == 0 || i >= end) continue;
    // A backslash (the quote is `end`): one escape.
    const e = load<u8>(i + 1);
    if (e != 0x75) {
      store<u8>(out, escapedByte(e));
      out++;
      i += 2;
      continue;
    }
    let code = fourHex(i + 2, end);
    i += 6;
    if (code >= 0xd800 && code <= 0xdbff) {
      code = 0x10000 + ((code - 0xd800) << 10) + (fourHex(i + 2, end) - 0xdc00);
      i += 6;
    }
    out = writeUtf8(out, code);
  }
  // Sixteen at a time never passes `end`: sixteen with no quote lie before the closing one.
  return out;
}

/** Where the caller's memory may start: past the module's own data. */
export function heapBase(): i32 {
  return <i32>__heap_base;
}
