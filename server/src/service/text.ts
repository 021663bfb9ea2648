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
  /** The offset where each line starts. */
  private readonly starts: number[];

  constructor(private readonly text: string) {
    const starts = [0];
    // Most documents have no `\r`: then V8's indexOf finds the line breaks, far faster than a
    // loop over every character (a tenth of opening a 3 MB catalog, bench/NOTES.md).
    if (text.indexOf('\r') === -1) for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    else
      for (let i = 0; i < text.length; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 13 /* \r */) {
          if (text.charCodeAt(i + 1) === 10) i++;
          starts.push(i + 1);
        } else if (ch === 10 /* \n */) {
          starts.push(i + 1);
        }
      }
    this.starts = starts;
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** The offset where `line` starts (0 ≤ line < lineCount). */
  lineStart(line: number): number {
    return this.starts[line];
  }

  /** How many lines start at or before `offset` (at least 1: line 0 starts at 0). */
  private linesStartingBy(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }

  positionAt(offset: number): Position {
    const clamped = placeableOffset(this.text, offset);
    const line = this.linesStartingBy(clamped) - 1;
    return { line, character: clamped - this.lineStart(line) };
  }

  offsetAt(position: Position): number {
    if (position.line < 0) return 0;
    if (position.line >= this.lineCount) return this.text.length;
    const lineStart = this.lineStart(position.line);
    const nextStart = position.line + 1 < this.lineCount ? this.lineStart(position.line + 1) : this.text.length;
    return Math.max(lineStart, Math.min(lineStart + Math.max(0, position.character), nextStart));
  }

  rangeOf(start: number, end: number): Range {
    return { start: this.positionAt(start), end: this.positionAt(Math.max(start, end)) };
  }
}

/**
 * `offset` clamped into the text, and moved off the middle of a `\r\n`: an offset between its
 * `\r` and `\n` is the end of that line, since LSP has no position inside a line break (a string
 * ending in an escaped `\r` put a range there; fuzzer).
 */
function placeableOffset(text: string, offset: number): number {
  const clamped = Math.max(0, Math.min(offset, text.length));
  return clamped > 0 && text.charCodeAt(clamped - 1) === 13 && text.charCodeAt(clamped) === 10 ? clamped - 1 : clamped;
}

/** What turns offsets into LSP ranges: a whole LineIndex, or the positions of a few offsets. */
export interface Positions {
  rangeOf(start: number, end: number): Range;
}

/**
 * The ranges of `spans` alone, as LineIndex.rangeOf gives them, found in one sweep over the text
 * without building the index of every line: opening a 3 MB catalog needs the positions of its
 * findings, not of its 100,000 lines (bench/NOTES.md). Asking for a range not in `spans` throws.
 */
export function positionsOf(text: string, spans: readonly (readonly [number, number])[]): Positions {
  const wanted = new Set<number>();
  for (const [start, end] of spans) {
    wanted.add(placeableOffset(text, start));
    wanted.add(placeableOffset(text, Math.max(start, end)));
  }
  const offsets = [...wanted].sort((a, b) => a - b);
  const found = new Map<number, Position>();
  const plain = text.indexOf('\r') === -1;
  let line = 0;
  let lineStart = 0;
  let pos = 0;
  let nextBreak = plain ? text.indexOf('\n') : -1;
  for (const offset of offsets) {
    if (plain) {
      while (nextBreak !== -1 && nextBreak < offset) {
        line++;
        lineStart = nextBreak + 1;
        nextBreak = text.indexOf('\n', lineStart);
      }
    } else {
      for (let i = pos; i < offset; i++) {
        const ch = text.charCodeAt(i);
        if (ch === 10 || (ch === 13 && text.charCodeAt(i + 1) !== 10)) {
          line++;
          lineStart = i + 1;
        }
      }
    }
    pos = offset;
    found.set(offset, { line, character: offset - lineStart });
  }
  const at = (offset: number): Position => {
    const position = found.get(placeableOffset(text, offset));
    if (!position) throw new Error(`no position was computed for offset ${offset}`);
    return { ...position };
  };
  return { rangeOf: (start, end) => ({ start: at(start), end: at(Math.max(start, end)) }) };
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

/**
 * How many code points of a name or value from the file a message or fix title shows: a
 * 100,000-character ID would otherwise make one Problems row or CLI line 100 KB, and SPEC §5 wants
 * the first sentence short. The whole text stays in the finding's data and range.
 */
const SHOWN_LENGTH = 32;

/** A name or value from the file as a message shows it bare (a variable name, a path): cut with "…". */
export function clip(text: string): string {
  return text.length <= SHOWN_LENGTH || codePointLength(text) <= SHOWN_LENGTH ? text : `${firstCodePoints(text, SHOWN_LENGTH - 1)}…`;
}

/**
 * A name or value from the file as every message and fix title quotes it: JSON-quoted (one line,
 * its own quotes escaped) and cut with "…" inside the quotes. Every other value goes through
 * describeValue, which comes here for strings.
 */
export function quoted(text: string): string {
  return JSON.stringify(clip(text));
}

/** Render a value for a message, short and on one line: a string as quoted() gives it. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return quoted(value);
  let text: string | undefined;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    // Deeply nested values overflow JSON.stringify (and String() too): name the kind instead,
    // so the rule still reports its finding rather than dying inside the message.
    text = Array.isArray(value) ? 'an array' : value !== null && typeof value === 'object' ? 'an object' : typeof value;
  }
  return clip(text);
}

/** The last segment of a path, for messages and titles (`roots.json`, `.env`); no node:path in the core. */
export function fileName(filePath: string): string {
  return filePath.split(/[\\/]/).pop() || filePath;
}
