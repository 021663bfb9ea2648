/**
 * What lets an edit in a big catalog skip the whole text: the line index carried
 * through edits, and the log of edits the server records between versions. Both must agree with
 * starting over, on any edit, including ones that split or join a `\r\n`.
 */
import { strict as assert } from 'node:assert';
import { PieceDocument } from '../../server/src/lsp/pieceDocument';
import { EditLog } from '../../server/src/lsp/editLog';
import { LineIndex } from '../../server/src/service/text';
import { Rng } from '../fuzz/rng';

const PIECES = ['a', 'bc', '\n', '\r', '\r\n', '\n\r', 'xyz\n', '', '"k": 1,\r\n'];

function randomText(rng: Rng, length: number): string {
  let text = '';
  while (text.length < length) text += rng.pick(PIECES);
  return text;
}

function assertSameIndex(actual: LineIndex, text: string, what: string): void {
  const expected = new LineIndex(text);
  assert.equal(actual.lineCount, expected.lineCount, `${what}: line count`);
  for (let offset = 0; offset <= text.length; offset++) {
    assert.deepEqual(actual.positionAt(offset), expected.positionAt(offset), `${what}: positionAt(${offset}) in ${JSON.stringify(text)}`);
  }
  for (let line = -1; line <= expected.lineCount; line++) {
    for (const character of [0, 1, 3, 1000]) {
      assert.equal(actual.offsetAt({ line, character }), expected.offsetAt({ line, character }), `${what}: offsetAt(${line}:${character})`);
    }
  }
}

describe('LineIndex.afterEdit', () => {
  it('gives the same positions as a fresh index after 300 random edits in a row (runs compacted on the way)', () => {
    const rng = Rng.forCase(9, 1);
    let text = randomText(rng, 60);
    let index = new LineIndex(text);
    for (let step = 0; step < 300; step++) {
      const start = rng.between(0, text.length);
      const end = Math.min(text.length, start + rng.pick([0, 0, 1, 2, 4]));
      const inserted = rng.chance(0.3) ? '' : randomText(rng, rng.between(0, 4));
      const next = text.slice(0, start) + inserted + text.slice(end);
      index = index.afterEdit(start, end, inserted, next);
      assertSameIndex(index, next, `step ${step}: [${start}, ${end}) ← ${JSON.stringify(inserted)}`);
      text = next;
    }
  });

  it('joins and splits a \\r\\n at the edit', () => {
    const cases: [string, number, number, string][] = [
      ['a\rb', 2, 2, '\n'], // `\r` + inserted `\n` become one line break
      ['a\r\nb', 2, 2, 'x'], // a `\r\n` split in two breaks
      ['a\r\nb', 1, 2, ''], // the `\r` removed
      ['\n', 0, 0, '\r'],
      ['ab', 0, 2, ''],
      ['', 0, 0, '\r\n\r'],
    ];
    for (const [text, start, end, inserted] of cases) {
      const next = text.slice(0, start) + inserted + text.slice(end);
      assertSameIndex(new LineIndex(text).afterEdit(start, end, inserted, next), next, JSON.stringify([text, start, end, inserted]));
    }
  });
});

describe('EditLog', () => {
  const uri = 'file:///c/mcp.json';

  function change(
    document: PieceDocument,
    log: EditLog,
    version: number,
    ...changes: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]
  ): PieceDocument {
    return log.update(document, changes, version);
  }

  it('records offsets of each change in the text it applies to, so replaying them gives the new text', () => {
    const log = new EditLog();
    const original = '{\n  "a": 1\n}\n';
    let document = PieceDocument.create(uri, 'json', 1, original);
    document = change(document, log, 2, { range: { start: { line: 1, character: 7 }, end: { line: 1, character: 8 } }, text: '22' });
    document = change(
      document,
      log,
      3,
      { range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: '\n  "b": 2,' },
      { range: { start: { line: 2, character: 9 }, end: { line: 2, character: 9 } }, text: '3' },
    );
    assert.equal(log.take(uri, Number.NEGATIVE_INFINITY, 1), undefined, 'the first analysis starts from nothing');
    const edits = log.take(uri, 1, 3);
    assert.ok(edits);
    let replayed = original;
    for (const edit of edits) replayed = replayed.slice(0, edit.start) + edit.text + replayed.slice(edit.end);
    assert.equal(replayed, document.getText());
    // Taken edits are forgotten.
    assert.equal(log.take(uri, 1, 3), undefined);
  });

  it('knows nothing across a whole-text change or a version it never saw', () => {
    const log = new EditLog();
    let document = PieceDocument.create(uri, 'json', 1, '{}');
    assert.equal(log.take(uri, Number.NEGATIVE_INFINITY, 1), undefined);
    document = log.update(document, [{ text: '{"a": {}}' }], 2);
    document = change(document, log, 3, { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, text: ' ' });
    assert.equal(log.take(uri, 1, 3), undefined);
    document = change(document, log, 4, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' });
    assert.equal(log.take(uri, 2, 4), undefined, 'version 3 was already taken');
    assert.equal(document.version, 4);
  });
});
