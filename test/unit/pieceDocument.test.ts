import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PieceDocument } from '../../server/src/lsp/pieceDocument';
import { PieceText } from '../../server/src/service/pieceText';
import { LineIndex, positionsOf } from '../../server/src/service/text';
import { random } from '../support/seededRandom';

/**
 * Open documents are kept as pieces (lsp/pieceDocument.ts) so a keystroke does not copy a 3 MB
 * catalog. The server must read every client range exactly as vscode-languageserver-textdocument
 * reads it, whatever the line breaks and however odd the range.
 */
const PIECES = ['\n', '\r\n', '\r', '"', 'a', 'bc', '{', '}', ' ', '𝄞', '', 'xyz\nw', '\r\r\n\n'];

function randomText(next: () => number, length: number): string {
  let text = '';
  while (text.length < length) text += PIECES[Math.floor(next() * PIECES.length)];
  return text;
}

describe('PieceText', () => {
  it('reads like the string it stands for after 3,000 random edits', () => {
    const next = random(7);
    let text = randomText(next, 200);
    let pieces = PieceText.of(text);
    for (let step = 0; step < 3000; step++) {
      const start = Math.floor(next() * (text.length + 1));
      const end = Math.min(text.length, start + Math.floor(next() * 6));
      const inserted = randomText(next, Math.floor(next() * 4));
      text = text.slice(0, start) + inserted + text.slice(end);
      pieces = pieces.edit(start, end, inserted);
      assert.equal(pieces.length, text.length);
      const a = Math.floor(next() * (text.length + 2)) - 1;
      const b = Math.floor(next() * (text.length + 2)) - 1;
      assert.equal(pieces.slice(a, b), text.slice(a, b), `slice(${a}, ${b})`);
      assert.equal(pieces.slice(a), text.slice(a));
      const at = Math.floor(next() * (text.length + 2)) - 1;
      assert.deepEqual([pieces.charCodeAt(at)], [text.charCodeAt(at)], `charCodeAt(${at})`);
      if (step % 500 === 0) assert.equal(pieces.toString(), text);
    }
    assert.equal(pieces.toString(), text);
  });

  it('leaves the version it was edited from as it was', () => {
    const before = PieceText.of('{"a": 1}');
    const after = before.edit(6, 7, '22');
    assert.equal(before.toString(), '{"a": 1}');
    assert.equal(after.toString(), '{"a": 22}');
  });
});

describe('PieceDocument reads positions like a TextDocument of the same text', () => {
  it('agrees on text, offsets, positions and line counts through 2,000 random incremental changes', () => {
    const next = random(20261201);
    const uri = 'file:///w/mcp.json';
    for (let round = 0; round < 40; round++) {
      const original = randomText(next, 120);
      let expected = TextDocument.create(uri, 'json', 1, original);
      let actual = PieceDocument.create(uri, 'json', 1, original);
      for (let version = 2; version < 52; version++) {
        const lines = expected.lineCount;
        // Odd ranges too: reversed, past a line's end, past the last line, negative characters.
        const position = () => ({ line: Math.floor(next() * (lines + 2)) - 1, character: Math.floor(next() * 14) - 2 });
        const change = { range: { start: position(), end: position() }, text: randomText(next, Math.floor(next() * 5)) };
        // TextDocument's own incremental line starts can disagree with its text where an edit
        // joins a `\r` to a `\n`; a fresh document of the same text is the reference.
        expected = TextDocument.create(uri, 'json', version, TextDocument.update(expected, [change], version).getText());
        actual = PieceDocument.update(actual, [change], version);
        const label = `round ${round}, version ${version}`;
        assert.equal(actual.getText(), expected.getText(), label);
        assert.equal(actual.lineCount, expected.lineCount, label);
        assert.equal(actual.version, version);
        for (let probe = 0; probe < 6; probe++) {
          const p = position();
          assert.equal(actual.offsetAt(p), expected.offsetAt(p), `${label}: offsetAt(${JSON.stringify(p)})`);
          const offset = Math.floor(next() * (expected.getText().length + 4)) - 2;
          assert.deepEqual(actual.positionAt(offset), expected.positionAt(offset), `${label}: positionAt(${offset})`);
          const range = { start: position(), end: position() };
          assert.equal(actual.getText(range), expected.getText(range), `${label}: getText(${JSON.stringify(range)})`);
        }
      }
    }
  });

  it('reads a malformed position (a fraction, NaN, an infinity) as an integer, and the next edits still apply', () => {
    const text = '{\n  "a": 1,\n  "b": 2\n}\n';
    let document = PieceDocument.create('file:///w/mcp.json', 'json', 1, text);
    assert.equal(document.offsetAt({ line: 1.5, character: 0 }), document.offsetAt({ line: 1, character: 0 }));
    assert.equal(document.offsetAt({ line: Number.NaN, character: Number.NaN }), 0);
    assert.equal(document.offsetAt({ line: Number.POSITIVE_INFINITY, character: 0 }), text.length);
    document = PieceDocument.update(document, [{ range: { start: { line: 1.5, character: 0 }, end: { line: 2, character: 0 } }, text: '' }], 2);
    assert.equal(document.getText(), '{\n  "b": 2\n}\n');
    document = PieceDocument.update(document, [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: ' ' }], 3);
    assert.equal(document.getText(), '{ \n  "b": 2\n}\n');
    assert.equal(PieceText.of('abc').edit(Number.NaN, 1, 'x').toString(), 'xbc');
  });

  it('takes a whole-text change', () => {
    const document = PieceDocument.update(PieceDocument.create('file:///w/mcp.json', 'json', 1, '{}'), [{ text: '{\r\n"a": 1}' }], 2);
    assert.equal(document.getText(), '{\r\n"a": 1}');
    assert.deepEqual(document.positionAt(4), { line: 1, character: 1 });
  });
});

describe('positionsOf: the ranges of a few spans without a line index', () => {
  it('gives what LineIndex.rangeOf gives, on texts with and without carriage returns', () => {
    const next = random(42);
    for (let round = 0; round < 400; round++) {
      let text = randomText(next, Math.floor(next() * 300));
      if (round % 2 === 0) text = text.replace(/\r/g, '');
      const index = new LineIndex(text);
      const spans: [number, number][] = [];
      for (let i = 0; i < 12; i++) spans.push([Math.floor(next() * (text.length + 6)) - 3, Math.floor(next() * (text.length + 6)) - 3]);
      const positions = positionsOf(text, spans);
      for (const [start, end] of spans) assert.deepEqual(positions.rangeOf(start, end), index.rangeOf(start, end), JSON.stringify([text, start, end]));
    }
  });
});
