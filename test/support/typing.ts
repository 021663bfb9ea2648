import type { Rng } from '../fuzz/rng';

/**
 * Random keystrokes for the incremental paths' equivalence tests (engine.ts `recheckDocument`,
 * catalogView.ts `catalogViewAfterCheck`): each must give what a check of the whole text gives.
 */

/** An edit strictly inside some entry's value: what typing in one entry looks like. */
export function randomEdit(rng: Rng, text: string): { start: number; end: number; text: string } {
  const inserts = [
    'x',
    '"',
    '\\',
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '${',
    '}',
    '${lower}',
    '${NOPE}',
    'ghp_0123456789abcdefghijklmnopqrstuvwxyz',
    'http://',
    '\n',
    '0',
    '.5',
    'null',
    '',
    '"type": "sse", ',
    'e3',
  ];
  const start = rng.between(1, Math.max(1, text.length - 2));
  const end = Math.min(text.length - 1, start + rng.pick([0, 0, 1, 1, 2, 5]));
  return { start, end, text: rng.pick(inserts) };
}

export function applyEdit(text: string, edit: { start: number; end: number; text: string }): string {
  return text.slice(0, edit.start) + edit.text + text.slice(edit.end);
}
