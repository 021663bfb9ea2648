import { strict as assert } from 'node:assert';
import { applyPatch } from 'diff';
import { unifiedDiff, unifiedDiffOfEdits } from '../../server/src/cli/unifiedDiff';

/** The unified diffs of `fix --dry-run` and `diff`: applying one to the old text gives the new text. */

/** A small seeded generator, so a failure reproduces. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

type Edit = { start: number; end: number; newText: string };

function applyEdits(text: string, edits: readonly Edit[]): string {
  let out = '';
  let cursor = 0;
  for (const edit of edits) {
    out += text.slice(cursor, edit.start) + edit.newText;
    cursor = edit.end;
  }
  return out + text.slice(cursor);
}

const TWENTY = Array.from({ length: 20 }, (_, i) => `l${i + 1}\n`).join('');
/** Two close changes share a hunk, a far one gets its own, and the final newline is dropped. */
const EXPECTED = [
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
].join('\n');

describe('unified diffs', () => {
  it('unifiedDiff: hunks with three lines of context, merged when close, and the missing final newline marked', () => {
    const after = TWENTY.replace('l2\n', 'L2\n').replace('l5\n', 'L5\n').replace(/\n$/, '');
    assert.equal(unifiedDiff('a/f', 'b/f', TWENTY, after), EXPECTED);
    assert.equal(unifiedDiff('a/f', 'b/f', 'x\n', 'x\n'), '');
  });

  it('unifiedDiffOfEdits: the same diff as comparing the texts, from the edits alone', () => {
    const edits = [
      { start: TWENTY.indexOf('l2\n'), end: TWENTY.indexOf('l2\n') + 1, newText: 'L' },
      { start: TWENTY.indexOf('l5\n'), end: TWENTY.indexOf('l5\n') + 1, newText: 'L' },
      { start: TWENTY.length - 1, end: TWENTY.length, newText: '' },
    ];
    assert.equal(unifiedDiffOfEdits('a/f', 'b/f', TWENTY, edits), EXPECTED);
    assert.equal(unifiedDiffOfEdits('a/f', 'b/f', 'x\n', []), '');
  });

  it('applying either diff to the old text gives the new one (300 seeded cases: insertions, deletions, edits at both ends)', () => {
    const next = random(7);
    for (let n = 0; n < 300; n++) {
      const text = Array.from({ length: Math.floor(next() * 14) }, () => `${'abc'[Math.floor(next() * 3)]}\n`).join('') + (next() < 0.3 ? 'end' : '');
      const edits: Edit[] = [];
      for (let at = 0; at <= text.length; at += 1 + Math.floor(next() * 8)) {
        if (next() < 0.4) continue;
        const end = Math.min(text.length, at + Math.floor(next() * 4));
        edits.push({ start: at, end, newText: ['', '\n', 'x', 'y\n', '\nz\n'][Math.floor(next() * 5)] });
        at = end;
      }
      const after = applyEdits(text, edits);
      const case_ = JSON.stringify({ text, edits });
      for (const diff of [unifiedDiff('a/f', 'b/f', text, after), unifiedDiffOfEdits('a/f', 'b/f', text, edits)]) {
        if (text === after) assert.equal(diff, '', case_);
        else assert.equal(applyPatch(text, diff), after, `${case_}\n${diff}`);
      }
    }
  });

  it('unifiedDiffOfEdits stays linear: a fix-all touching 10,000 of 100,000 lines', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `    "line${i}": "value",\n`).join('');
    const edits: Edit[] = [];
    for (let line = 0, offset = 0; line < 100_000; offset += `    "line${line}": "value",\n`.length, line++)
      if (line % 10 === 0) edits.push({ start: offset + 4, end: offset + 5, newText: "'" });
    const diff = unifiedDiffOfEdits('a/f', 'b/f', text, edits);
    assert.equal(diff.match(/^-/gm)?.length, 10_001, 'each edited line removed once (and the --- header)');
  });

  it('names a file as git does: quoted, with escapes, when it holds a quote, a control character or non-ASCII', () => {
    assert.match(unifiedDiff('a/my "x".json', 'b/my "x".json', 'a\n', 'b\n'), /^--- "a\/my \\"x\\"\.json"\n\+\+\+ "b\/my \\"x\\"\.json"\n/);
    assert.match(unifiedDiffOfEdits('a/é.json', 'b/é.json', 'a\n', [{ start: 0, end: 1, newText: 'b' }]), /^--- "a\/\\303\\251\.json"\n/);
  });
});
