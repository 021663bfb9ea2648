// AssemblyScript: a large text's UTF-8 decoded to UTF-16 in the scanner's memory, where its bytes
// stay for the scan (service/wasmScan.ts `textFromUtf8`; bench/NOTES.md, "The message reader").

/** Whether the bytes [start, end) are all ASCII (then their Latin-1 reading is their UTF-8 one). */
export function isAscii(start: i32, end: i32): bool {
  let i = start;
  while (i + 16 <= end) {
    if (i8x16.bitmask(v128.load(i)) != 0) return false;
    i += 16;
  }
  for (; i < end; i++) if (load<u8>(i) >= 0x80) return false;
  return true;
}

function isContinuation(c: i32): bool {
  return (c & 0xc0) == 0x80;
}

/**
 * Writes the UTF-16 code units (little-endian) of the UTF-8 bytes [start, end) from `out`; returns
 * how many, or -1 where the bytes are not well-formed UTF-8 (a stray or missing continuation, an
 * overlong form, a surrogate, beyond U+10FFFF), which the caller decodes as Buffer does, with
 * replacement characters. ASCII goes sixteen bytes at a time: each sixteen are widened whole, and
 * the output moves on by the ASCII run before the first byte beyond it, so `out` needs 32 bytes of
 * room past two bytes per input byte.
 */
export function utf16Of(start: i32, end: i32, out: i32): i32 {
  let i = start;
  let o = out;
  while (i < end) {
    if (i + 16 <= end) {
      const bytes = v128.load(i);
      v128.store(o, i16x8.extend_low_i8x16_u(bytes));
      v128.store(o + 16, i16x8.extend_high_i8x16_u(bytes));
      const mask = i8x16.bitmask(bytes);
      if (mask == 0) {
        i += 16;
        o += 32;
        continue;
      }
      const run = ctz<i32>(mask);
      i += run;
      o += run << 1;
    }
    const c = <i32>load<u8>(i);
    if (c < 0x80) {
      store<u16>(o, c);
      i++;
      o += 2;
      continue;
    }
    if (c < 0xc2) return -1; // a continuation byte first, or an overlong two-byte form
    if (c < 0xe0) {
      if (i + 1 >= end) return -1;
      const c1 = <i32>load<u8>(i + 1);
      if (!isContinuation(c1)) return -1;
      store<u16>(o, ((c & 0x1f) << 6) | (c1 & 0x3f));
      i += 2;
      o += 2;
      continue;
    }
    if (c < 0xf0) {
      if (i + 2 >= end) return -1;
      const c1 = <i32>load<u8>(i + 1);
      const c2 = <i32>load<u8>(i + 2);
      if (!isContinuation(c1) || !isContinuation(c2)) return -1;
      // Overlong below U+0800, or a surrogate (U+D800–DFFF), which UTF-8 does not carry.
      if ((c == 0xe0 && c1 < 0xa0) || (c == 0xed && c1 >= 0xa0)) return -1;
      store<u16>(o, ((c & 0x0f) << 12) | ((c1 & 0x3f) << 6) | (c2 & 0x3f));
      i += 3;
      o += 2;
      continue;
    }
    if (c >= 0xf5 || i + 3 >= end) return -1;
    const c1 = <i32>load<u8>(i + 1);
    const c2 = <i32>load<u8>(i + 2);
    const c3 = <i32>load<u8>(i + 3);
    if (!isContinuation(c1) || !isContinuation(c2) || !isContinuation(c3)) return -1;
    // Overlong below U+10000, or beyond U+10FFFF.
    if ((c == 0xf0 && c1 < 0x90) || (c == 0xf4 && c1 >= 0x90)) return -1;
    const code = (((c & 0x07) << 18) | ((c1 & 0x3f) << 12) | ((c2 & 0x3f) << 6) | (c3 & 0x3f)) - 0x10000;
    store<u16>(o, 0xd800 | (code >> 10));
    store<u16>(o + 2, 0xdc00 | (code & 0x3ff));
    i += 4;
    o += 4;
  }
  return (o - out) >> 1;
}
