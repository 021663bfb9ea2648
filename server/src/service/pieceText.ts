/**
 * A document's text as pieces, so that a keystroke in a 3 MB catalog does not copy 3 MB.
 *
 * `before + typed + after` in V8 is a cons string, and the first read of it (a slice, a
 * `charCodeAt`, a regular expression) flattens it into a fresh copy of the whole text: that copy
 * was most of a keystroke's cost at 10,000 servers (bench/NOTES.md). A `PieceText` keeps slices
 * of flat strings (V8 shares their characters) and the typed text; reading a stretch reads only
 * the pieces under it. The whole string is joined once, when something asks for all of it, and
 * kept; after many edits without that, the pieces are joined so that lookups stay short.
 */

/** What the keystroke path reads of a text: a string, or a `PieceText` that has not been joined. */
export interface TextSource {
  readonly length: number;
  slice(start?: number, end?: number): string;
  charCodeAt(index: number): number;
  toString(): string;
}

/** Past this many pieces an edit joins them first (amortised: one copy per this many keystrokes). */
const MAX_PIECES = 64;

export class PieceText implements TextSource {
  private joined: string | undefined;
  /** Index of the piece the last `charCodeAt` read (reads come in runs). */
  private last = 0;

  private constructor(
    private pieces: readonly string[],
    /** `starts[i]`: offset of piece i. */
    private starts: readonly number[],
    readonly length: number,
  ) {
    if (pieces.length === 1) this.joined = pieces[0];
  }

  static of(text: string): PieceText {
    return new PieceText([text], [0], text.length);
  }

  /** This text with [start, end) replaced by `inserted` (offsets clamped into the text); this one is unchanged. */
  edit(start: number, end: number, inserted: string): PieceText {
    // NaN (a malformed position) counts as 0, like `String.prototype.slice` reads it.
    start = Math.max(0, Math.min(Math.trunc(start) || 0, this.length));
    end = Math.max(start, Math.min(Math.trunc(end) || 0, this.length));
    const source: PieceText = this.pieces.length > MAX_PIECES ? PieceText.of(this.toString()) : this;
    const pieces: string[] = [];
    const starts: number[] = [];
    const push = (piece: string): void => {
      if (piece.length === 0) return;
      starts.push(starts.length === 0 ? 0 : starts[starts.length - 1] + pieces[pieces.length - 1].length);
      pieces.push(piece);
    };
    for (let i = 0; i < source.pieces.length; i++) {
      const piece = source.pieces[i];
      const pieceStart = source.starts[i];
      const pieceEnd = pieceStart + piece.length;
      if (pieceEnd <= start) push(piece);
      else if (pieceStart < start) push(piece.slice(0, start - pieceStart));
    }
    push(inserted);
    for (let i = 0; i < source.pieces.length; i++) {
      const piece = source.pieces[i];
      const pieceStart = source.starts[i];
      const pieceEnd = pieceStart + piece.length;
      if (pieceStart >= end) push(piece);
      else if (pieceEnd > end) push(piece.slice(end - pieceStart));
    }
    if (pieces.length === 0) pieces.push('');
    if (starts.length === 0) starts.push(0);
    return new PieceText(pieces, starts, this.length - (end - start) + inserted.length);
  }

  /** Like `String.prototype.slice` for offsets within the text (negative offsets count from the end). */
  slice(start = 0, end = this.length): string {
    if (this.joined !== undefined) return this.joined.slice(start, end);
    if (start < 0) start = Math.max(0, this.length + start);
    if (end < 0) end = Math.max(0, this.length + end);
    start = Math.min(start, this.length);
    end = Math.min(end, this.length);
    if (end <= start) return '';
    let i = this.pieceAt(start);
    let out = '';
    for (; i < this.pieces.length && this.starts[i] < end; i++) {
      const pieceStart = this.starts[i];
      out += this.pieces[i].slice(Math.max(0, start - pieceStart), end - pieceStart);
    }
    return out;
  }

  charCodeAt(index: number): number {
    if (this.joined !== undefined) return this.joined.charCodeAt(index);
    if (!(index >= 0 && index < this.length)) return NaN;
    let i = this.last;
    if (!(this.starts[i] <= index && index < this.starts[i] + this.pieces[i].length)) this.last = i = this.pieceAt(index);
    return this.pieces[i].charCodeAt(index - this.starts[i]);
  }

  /** How many pieces the text is in (1 once joined): what the keystroke tests watch. */
  get pieceCount(): number {
    return this.pieces.length;
  }

  /** The whole text, joined once and kept. */
  toString(): string {
    if (this.joined === undefined) {
      this.joined = this.pieces.join('');
      this.pieces = [this.joined];
      this.starts = [0];
      this.last = 0;
    }
    return this.joined;
  }

  /** Index of the piece holding `offset` (the last piece for the end of the text). */
  private pieceAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return low;
  }
}
