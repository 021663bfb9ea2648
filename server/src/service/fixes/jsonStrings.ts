import { isAsciiWhitespace } from '../text';

/**
 * Decoded vs raw JSON strings. A value is judged decoded (`"\u0024{X}"` is `${X}`), but a fix
 * must write raw text: these helpers keep every escape the author wrote where a fix does not
 * touch it, and escape everything a fix inserts.
 */

/** One decoded UTF-16 unit and the raw text that produced it (`\n`, `\u00e9`, or the unit itself). */
export interface RawUnit {
  raw: string;
  decoded: string;
}

const SIMPLE_ESCAPES: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };

/** The units of raw string content (without the surrounding quotes). */
export function rawUnits(content: string): RawUnit[] {
  const units: RawUnit[] = [];
  let i = 0;
  while (i < content.length) {
    if (content[i] === '\\' && i + 1 < content.length) {
      const next = content[i + 1];
      if (next === 'u' && /^[0-9a-fA-F]{4}$/.test(content.slice(i + 2, i + 6))) {
        units.push({ raw: content.slice(i, i + 6), decoded: String.fromCharCode(parseInt(content.slice(i + 2, i + 6), 16)) });
        i += 6;
        continue;
      }
      units.push({ raw: content.slice(i, i + 2), decoded: SIMPLE_ESCAPES[next] ?? next });
      i += 2;
      continue;
    }
    units.push({ raw: content[i], decoded: content[i] });
    i++;
  }
  return units;
}

export function decodeRaw(content: string): string {
  return rawUnits(content)
    .map((unit) => unit.decoded)
    .join('');
}

/** `text` escaped for the inside of a JSON string literal (quotes, backslashes, control characters). */
export function escapeJsonContent(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/** A JSON string literal for `text`. */
export function jsonString(text: string): string {
  return JSON.stringify(text);
}

const isWhitespaceUnit = (unit: RawUnit): boolean => isAsciiWhitespace(unit.decoded.charCodeAt(0));

/**
 * SPEC §4.2's collapse on raw units: every run of ASCII whitespace becomes one space, both ends
 * trimmed; every other unit keeps the raw form the author wrote.
 */
export function collapseRawUnits(units: readonly RawUnit[]): RawUnit[] {
  const out: RawUnit[] = [];
  let pendingSpace = false;
  for (const unit of units) {
    if (isWhitespaceUnit(unit)) {
      pendingSpace = out.length > 0;
      continue;
    }
    if (pendingSpace) out.push({ raw: ' ', decoded: ' ' });
    pendingSpace = false;
    out.push(unit);
  }
  return out;
}

/** The first `count` code points of units (a surrogate pair counts once), then trailing spaces trimmed. */
export function firstCodePointUnits(units: readonly RawUnit[], count: number): RawUnit[] {
  const out: RawUnit[] = [];
  let taken = 0;
  for (let i = 0; i < units.length && taken < count; i++) {
    out.push(units[i]);
    const code = units[i].decoded.charCodeAt(0);
    const next = units[i + 1]?.decoded.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdbff && next !== undefined && next >= 0xdc00 && next <= 0xdfff) out.push(units[++i]);
    taken++;
  }
  while (out.length > 0 && out[out.length - 1].decoded === ' ') out.pop();
  return out;
}

export const joinRaw = (units: readonly RawUnit[]): string => units.map((unit) => unit.raw).join('');
export const joinDecoded = (units: readonly RawUnit[]): string => units.map((unit) => unit.decoded).join('');
