import { strict as assert } from 'node:assert';
import { generateCatalog } from '../../../bench/generate';
import { checkDocument, recheckDocument } from '../../../server/src/service/engine';
import { entryFoldingRanges, foldingRanges } from '../../../server/src/service/language/structure';
import { LineIndex } from '../../../server/src/service/text';
import { loadSeeds } from '../../fuzz/corpus';
import { generateCase, QUICK_LIMITS } from '../../fuzz/mutators';
import { Rng } from '../../fuzz/rng';
import { engineWorld } from '../../fuzz/workspace';
import { applyEdit, randomEdit } from '../../support/typing';

describe('language: folding ranges', () => {
  it('fold every multi-line object and array, the closing line visible, the outermost kept under a limit', () => {
    const text = '{\n  "a": {\n    "args": [\n      "x"\n    ]\n  },\n  "b": { "type": "stdio" }\n}\n';
    assert.deepEqual(foldingRanges(text), [
      { startLine: 0, endLine: 6 },
      { startLine: 1, endLine: 4 },
      { startLine: 2, endLine: 3 },
    ]);
    // An escaped line break in a string is no line of the text (the folds after it stay put).
    const escaped = text.replace('"x"', '"one\\ntwo\\r\\nthree"');
    assert.deepEqual(foldingRanges(escaped), foldingRanges(text));
    assert.deepEqual(foldingRanges(text, 2), [
      { startLine: 0, endLine: 6 },
      { startLine: 1, endLine: 4 },
    ]);
  });

  it('from the model without a scan when the limit cuts at the entries: what the scan gives, or undefined', function () {
    this.timeout(60_000);
    const world = engineWorld();
    const facts = world.factsFor('catalog', 'full');
    const seeds = loadSeeds();
    const generated = generateCatalog(300).text;
    const texts = [world.catalogText, generated, generated.replace(/\n/g, '\r\n'), generated.replace(/\n/g, '\r')];
    for (let index = 0; index < 200; index++) texts.push(generateCase(Rng.forCase(9119, index), seeds, QUICK_LIMITS).text);
    let served = 0;
    for (const [t, start] of texts.entries()) {
      let text = start;
      let check = checkDocument(text, 'catalog', facts);
      const rng = Rng.forCase(9120, t);
      for (let step = 0; step < (t < 4 ? 20 : 2); step++) {
        if (check.parsed) {
          const lines = new LineIndex(text);
          const count = check.entryCount + 1;
          for (const limit of [0, 1, 2, 10, count - 1, count, count + 1, count + 2, 5000]) {
            if (limit < 0) continue;
            const fast = entryFoldingRanges(check, (offset) => lines.positionAt(offset).line, limit);
            if (fast === undefined) continue;
            served++;
            assert.deepEqual(fast, foldingRanges(text, limit), `text ${t}, step ${step}, limit ${limit}`);
          }
        }
        const edit = randomEdit(rng, text);
        const next = applyEdit(text, edit);
        check = recheckDocument(check, [edit], next, 'catalog', facts);
        text = next;
      }
    }
    assert.ok(served > 300, `answered from the model ${served} times`);
    // A limit above the root and the entries needs what lies deeper: the text is scanned.
    const check = checkDocument(generated, 'catalog', facts);
    const lines = new LineIndex(generated);
    assert.equal(
      entryFoldingRanges(check, (offset) => lines.positionAt(offset).line, 5000),
      undefined,
    );
  });
});
