/**
 * Typing in one entry after another must not keep a copy of the document per edited entry: an
 * edit re-parses its entry (engine.ts `recheckDocument`), and V8 keeps a slice's whole source
 * alive, so nodes parsed from a slice of that version's text held all of it. The two runs are
 * compared in one process (no timing, no absolute size).
 */
import { strict as assert } from 'node:assert';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { generateCatalog } from '../../bench/generate';
import { checkDocument, recheckDocument, type CheckResult } from '../../server/src/service/engine';
import { facts } from './helpers';

describe('memory while typing in a big catalog', function () {
  this.timeout(60_000);

  it('editing twelve entries one after the other keeps about what editing two does, not a document per entry', () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const original = generateCatalog(2000).text;
    const world = facts();
    /** Heap growth after one character typed into each of `entries` entries, each version a new flat text as an editor makes it. */
    const growthAfter = (entries: number): { bytes: number; result: CheckResult } => {
      let text = original;
      let result = checkDocument(text, 'catalog', world);
      collect();
      const before = process.memoryUsage().heapUsed;
      let from = 0;
      for (let i = 0; i < entries; i++) {
        const at = text.indexOf('"description": "', from + 20_000) + 20;
        from = at;
        const next = Buffer.from(`${text.slice(0, at)}x${text.slice(at)}`, 'utf16le').toString('utf16le');
        result = recheckDocument(result, [{ start: at, end: at, text: 'x' }], next, 'catalog', world);
        assert.ok(result.incremental, 'the edit re-checked its entry alone');
        text = next;
      }
      collect();
      return { bytes: process.memoryUsage().heapUsed - before, result };
    };
    const two = growthAfter(2);
    const twelve = growthAfter(12);
    const documentBytes = original.length * 2;
    assert.ok(
      twelve.bytes - two.bytes < 3 * documentBytes,
      `ten more edited entries kept ${((twelve.bytes - two.bytes) / 1048576).toFixed(1)} MB more; a copy of the document is ${(documentBytes / 1048576).toFixed(1)} MB`,
    );
    assert.ok(two.result.findings.length > 0 && twelve.result.findings.length > 0);
  });
});
