import type { Position, Range, TextDocument, TextDocumentContentChangeEvent } from 'vscode-languageserver-textdocument';
import { PieceText } from '../service/pieceText';
import { LineIndex } from '../service/text';

/**
 * An open document whose text is kept as pieces (service/pieceText.ts) and whose line starts are
 * carried through edits (LineIndex.afterEdit), so a keystroke costs what it touches, not the size
 * of the document (bench/NOTES.md). Positions and offsets follow vscode-languageserver-textdocument's
 * `TextDocument` exactly (an offset is never placed between a line's end and its line break), so
 * the server reads a client's ranges as before.
 */
export class PieceDocument implements TextDocument {
  private constructor(
    readonly uri: string,
    readonly languageId: string,
    readonly version: number,
    /** The text, joined only when something asks for all of it. */
    readonly source: PieceText,
    /** Line starts, shared with the analysis of this version; undefined until first needed. */
    private lineIndex: LineIndex | undefined,
  ) {}

  static create(uri: string, languageId: string, version: number, content: string): PieceDocument {
    return new PieceDocument(uri, languageId, version, PieceText.of(content), undefined);
  }

  /** Built on first use: opening a document only needs the positions of its findings (bench/NOTES.md). */
  get lines(): LineIndex {
    this.lineIndex ??= new LineIndex(this.source);
    return this.lineIndex;
  }

  /** A change's [start, end) in this document's offsets (a reversed range taken the right way round). */
  offsetsOf(range: Range): { start: number; end: number } {
    const a = this.offsetAt(range.start);
    const b = this.offsetAt(range.end);
    return a <= b ? { start: a, end: b } : { start: b, end: a };
  }

  /** The next version: incremental changes applied in order; a whole-text change replaces it. */
  static update(document: PieceDocument, changes: readonly TextDocumentContentChangeEvent[], version: number): PieceDocument {
    let current = document;
    for (const change of changes) {
      if ('range' in change) {
        const { start, end } = current.offsetsOf(change.range);
        const source = current.source.edit(start, end, change.text);
        current = new PieceDocument(current.uri, current.languageId, version, source, current.lines.afterEdit(start, end, change.text, source));
      } else {
        current = PieceDocument.create(current.uri, current.languageId, version, change.text);
      }
    }
    return changes.length === 0 ? new PieceDocument(document.uri, document.languageId, version, document.source, document.lines) : current;
  }

  get lineCount(): number {
    return this.lines.lineCount;
  }

  getText(range?: Range): string {
    if (!range) return this.source.toString();
    // As `substring`: a reversed range reads the same stretch.
    const { start, end } = this.offsetsOf(range);
    return this.source.slice(start, end);
  }

  positionAt(offset: number): Position {
    offset = Math.max(Math.min(integral(offset), this.source.length), 0);
    const line = this.lines.linesStartingBy(offset) - 1;
    const lineStart = this.lines.lineStart(line);
    return { line, character: this.beforeLineBreak(offset, lineStart) - lineStart };
  }

  offsetAt(position: Position): number {
    // A client's numbers as integers (a hostile `1.5` or NaN must not make the offset NaN, which
    // would replace the whole text with the change's).
    const line = integral(position.line);
    const character = integral(position.character);
    if (line >= this.lines.lineCount) return this.source.length;
    if (line < 0) return 0;
    const lineStart = this.lines.lineStart(line);
    if (character <= 0) return lineStart;
    const nextStart = line + 1 < this.lines.lineCount ? this.lines.lineStart(line + 1) : this.source.length;
    return this.beforeLineBreak(Math.min(lineStart + character, nextStart), lineStart);
  }

  private beforeLineBreak(offset: number, lineStart: number): number {
    while (offset > lineStart) {
      const ch = this.source.charCodeAt(offset - 1);
      if (ch !== 13 && ch !== 10) break;
      offset--;
    }
    return offset;
  }
}

/** A number as an integer: NaN (or anything not a number) as 0, fractions truncated, infinities kept. */
function integral(value: number): number {
  return typeof value === 'number' && !Number.isNaN(value) ? Math.trunc(value) : 0;
}
