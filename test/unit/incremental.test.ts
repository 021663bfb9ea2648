/**
 * What lets an edit in a big catalog re-check one entry: the log of edits the server records
 * between versions (lsp/editLog.ts), which must replay to the document's text.
 */
import { strict as assert } from 'node:assert';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { EditLog } from '../../server/src/lsp/editLog';

describe('EditLog', () => {
  const uri = 'file:///c/mcp.json';

  function change(
    document: TextDocument,
    log: EditLog,
    version: number,
    ...changes: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]
  ): TextDocument {
    return log.update(document, changes, version);
  }

  it('records offsets of each change in the text it applies to, so replaying them gives the new text', () => {
    const log = new EditLog();
    const original = '{\n  "a": 1\n}\n';
    let document = TextDocument.create(uri, 'json', 1, original);
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
    let document = TextDocument.create(uri, 'json', 1, '{}');
    assert.equal(log.take(uri, Number.NEGATIVE_INFINITY, 1), undefined);
    document = log.update(document, [{ text: '{"a": {}}' }], 2);
    document = change(document, log, 3, { range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, text: ' ' });
    assert.equal(log.take(uri, 1, 3), undefined);
    document = change(document, log, 4, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: ' ' });
    assert.equal(log.take(uri, 2, 4), undefined, 'version 3 was already taken');
    assert.equal(document.version, 4);
  });
});
