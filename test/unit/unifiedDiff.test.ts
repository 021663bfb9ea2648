import { strict as assert } from 'node:assert';
import { changesBetween, changesFromEdits, splitLines, unifiedDiff, type LineChange } from '../../server/src/cli/unifiedDiff';

/** The unified diffs of `fix --dry-run` and `diff`: applying the changes gives the new text. */

function apply(before: readonly string[], changes: readonly LineChange[]): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const change of changes) {
    out.push(...before.slice(cursor, change.oldStart), ...change.newLines);
    cursor = change.oldEnd;
  }
  return [...out, ...before.slice(cursor)];
}

/** A small seeded generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('unified diffs', () => {
  it('changesBetween: applying the changes to the old lines gives the new ones (200 seeded cases)', () => {
    const next = random(7);
    for (let n = 0; n < 200; n++) {
      const before = Array.from({ length: Math.floor(next() * 12) }, () => `${'abc'[Math.floor(next() * 3)]}\n`);
      const after = before.flatMap((line) => (next() < 0.2 ? [] : next() < 0.2 ? [line, `x${n}\n`] : [line]));
      assert.deepEqual(apply(before, changesBetween(before, after)), after, JSON.stringify({ before, after }));
    }
  });

  it('changesFromEdits: line changes of offset edits give the edited text', () => {
    const text = 'one\ntwo\nthree\nfour\nfive\n';
    const edits = [
      { start: 0, end: 0, newText: '\n' },
      { start: 4, end: 7, newText: 'TWO' },
      { start: 14, end: 19, newText: '' },
      { start: text.length, end: text.length, newText: 'six' },
    ];
    const expected = '\none\nTWO\nthree\nfive\nsix';
    assert.equal(apply(splitLines(text), changesFromEdits(text, edits)).join(''), expected);
  });

  it('unifiedDiff: hunks with three lines of context, merged when close, and the missing final newline marked', () => {
    const before = Array.from({ length: 20 }, (_, i) => `l${i + 1}\n`);
    const after = [...before];
    after[1] = 'L2\n';
    after[4] = 'L5\n';
    after.splice(19, 1, 'l20');
    const diff = unifiedDiff('a/f', 'b/f', before.join(''), changesBetween(before, after));
    assert.equal(
      diff,
      [
        '--- a/f',
        '+++ b/f',
        '@@ -1,8 +1,8 @@',
        ' l1',
        '-l2',
        '+L2',
        ' l3',
        ' l4',
        '-l5',
        '+L5',
        ' l6',
        ' l7',
        ' l8',
        '@@ -17,4 +17,4 @@',
        ' l17',
        ' l18',
        ' l19',
        '-l20',
        '+l20',
        '\\ No newline at end of file',
        '',
      ].join('\n'),
    );
    assert.equal(unifiedDiff('a/f', 'b/f', 'x\n', []), '');
  });
});
