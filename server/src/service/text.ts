/** Text helpers shared by the core: positions, code points, ASCII whitespace. */

export interface Position {
  line: number;
  character: number;
}

export interface Range {
  start: Position;
  end: Position;
}

/** Maps UTF-16 offsets to 0-based line/character positions (LSP's encoding). */
export class LineIndex {
  private readonly lineStarts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 /* \r */) {
        if (text.charCodeAt(i + 1) === 10) i++;
        starts.push(i + 1);
      } else if (ch === 10 /* \n */) {
        starts.push(i + 1);
      }
    }
    this.lineStarts = starts;
  }

  get lineCount(): number {
    return this.lineStarts.length;
  }

  positionAt(offset: number): Position {
    let clamped = Math.max(0, Math.min(offset, this.text.length));
    // An offset between the `\r` and `\n` of a line break is the end of that line: LSP has no
    // position inside a `\r\n` (a string ending in an escaped `\r` put a range there; fuzzer).
    if (clamped > 0 && this.text.charCodeAt(clamped - 1) === 13 && this.text.charCodeAt(clamped) === 10) clamped--;
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= clamped) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: clamped - this.lineStarts[low] };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineStarts.length) return this.text.length;
    const lineStart = this.lineStarts[position.line];
    const nextStart = position.line + 1 < this.lineStarts.length ? this.lineStarts[position.line + 1] : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + Math.max(0, position.character), nextStart));
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(Math.max(start, end)) };
  }
}

/** Length in Unicode code points (SPEC counts title/description/reasons in code points, not UTF-16 units). */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch >= 0xd800 && ch <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

/** The first `count` code points of `text`. */
export function firstCodePoints(text: string, count: number): string {
  let i = 0;
  let taken = 0;
  while (i < text.length && taken < count) {
    const ch = text.charCodeAt(i);
    if (ch >= 0xd800 && ch <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      i += next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
    } else {
      i++;
    }
    taken++;
  }
  return text.slice(0, i);
}

/** SPEC §4.2: only ASCII whitespace counts (not NBSP or U+2028, which `\s` and trim() would eat). */
export function isAsciiWhitespace(ch: number): boolean {
  return ch === 0x20 || ch === 0x09 || ch === 0x0a || ch === 0x0b || ch === 0x0c || ch === 0x0d;
}

/** Collapse every run of ASCII whitespace to one space and trim ASCII whitespace at both ends. */
export function collapseAsciiWhitespace(text: string): string {
  let out = '';
  let pendingSpace = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (isAsciiWhitespace(ch)) {
      pendingSpace = out.length > 0;
    } else {
      if (pendingSpace) out += ' ';
      pendingSpace = false;
      out += text[i];
    }
  }
  return out;
}

/** Levenshtein distance, bounded: returns `limit + 1` as soon as the distance must exceed `limit`. */
export function editDistance(a: string, b: string, limit = Number.MAX_SAFE_INTEGER): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = new Array<number>(b.length + 1);
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const current = new Array<number>(b.length + 1);
    current[0] = i;
    let rowMin = current[0];
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost);
      if (current[j] < rowMin) rowMin = current[j];
    }
    if (rowMin > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length];
}

/** The candidates closest to `name` (edit distance ≤ max(2, a third of its length)), best first. */
export function closestNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  const lower = name.toLowerCase();
  const scored: { candidate: string; distance: number }[] = [];
  for (const candidate of candidates) {
    if (candidate === name) continue;
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance <= limit) scored.push({ candidate, distance });
  }
  scored.sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate));
  return scored.slice(0, max).map((s) => s.candidate);
}

/** Render a value for a message, short and on one line. */
export function describeValue(value: unknown, maxLength = 60): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Deeply nested values overflow JSON.stringify (and String() too): name the kind instead,
    // so the rule still reports its finding rather than dying inside the message.
    text = Array.isArray(value) ? 'an array' : value !== null && typeof value === 'object' ? 'an object' : typeof value;
  }
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
