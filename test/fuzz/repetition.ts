import type { MutationLimits, Mutator } from './mutators';
import type { Rng } from './rng';
import { insertAt, objectOpenings } from './tokens';

/**
 * The pathological-repetition attack class (SPEC §8: no input under 100 KB may cost more than 2 s
 * of CPU): one hostile fragment repeated until the document is tens of kilobytes to ~100 KB, each
 * aimed at a scan that was once quadratic — nested `${` openings, "did you mean" against many
 * names, npx specs matched back to their arguments, many secrets in one escaped string, duplicate
 * keys, near-colliding names. The runner's CPU-timed slow and hang checks judge them; the unit
 * tier replays a seeded set of them through a killable worker (test/slow/fuzz.test.ts).
 */

export interface RepetitionClass {
  name: string;
  /** Top-level entries (`"name": {…}` pieces, comma-separated) that repeat the fragment `count` times. */
  entries(count: number, rng: Rng): string;
  /** Characters one repetition adds, roughly: how many repetitions reach a target size. */
  unit: number;
}

const range = (count: number, make: (i: number) => string): string[] => Array.from({ length: count }, (_, i) => make(i));
const stdio = (name: string, fields: string): string => `"${name}": {"type": "stdio", "command": "npx"${fields ? `, ${fields}` : ''}}`;
const token = (rng: Rng): string => `ghp_${range(36, () => 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'[rng.int(62)]).join('')}`;

export const REPETITION_CLASSES: readonly RepetitionClass[] = [
  { name: 'nested-openings', unit: 5, entries: (n) => stdio('rep-nested', `"args": ["${'${${}'.repeat(n)}"]`) },
  { name: 'escaped-openings', unit: 17, entries: (n) => stdio('rep-escaped', `"args": ["${'\\u0024{\\u0024{}'.repeat(n)}"]`) },
  { name: 'unclosed-defaults', unit: 9, entries: (n) => stdio('rep-defaults', `"env": {"A": "${'${A:-${B'.repeat(n)}"}`) },
  { name: 'closes-only', unit: 3, entries: (n) => stdio('rep-closes', `"args": ["\${A${'}}'.repeat(n)}"]`) },
  { name: 'distinct-references', unit: 10, entries: (n) => stdio('rep-refs', `"args": [${range(n, (i) => `"\${V${i}}"`).join(',')}]`) },
  {
    name: 'long-near-names',
    unit: 62,
    entries: (n) => stdio('rep-long', `"args": [${range(n, (i) => `"\${${'NEARLY_THE_SAME_LONG_VARIABLE_NAME_'.padEnd(50, 'X')}${i}}"`).join(',')}]`),
  },
  { name: 'lower-case-references', unit: 10, entries: (n) => stdio('rep-lower', `"env": {${range(n, (i) => `"K${i}": "\${v${i}}"`).join(',')}}`) },
  { name: 'undefined-roots', unit: 8, entries: (n) => stdio('rep-roots', `"default_in_roots": [${range(n, (i) => `"r${i}"`).join(',')}]`) },
  // A roots index whose roots name undefined roots of the same index: one "did you mean" each, against all of them.
  { name: 'own-roots', unit: 36, entries: (n) => range(n, (i) => `"q${i}": {"default_in_roots": ["x${i}"]}`).join(',') },
  { name: 'own-servers', unit: 66, entries: (n) => range(n, (i) => `"q${i}": {"description": "d", "default_mcp_servers": ["s${i}"]}`).join(',') },
  {
    name: 'npx-specs',
    unit: 14,
    entries: (n) =>
      [stdio('rep-npx-a', `"args": [${range(n, () => '"-p=x"').join(',')}]`), stdio('rep-npx-b', `"args": [${range(n, () => '"-p=x"').join(',')}]`)].join(','),
  },
  {
    name: 'npx-mixed-flags',
    unit: 12,
    entries: (n) => stdio('rep-npx-mixed', `"args": [${range(n, (i) => ['"-p"', '"x"', '"--package=y"', '"--prefix"'][i % 4]).join(',')}]`),
  },
  { name: 'many-npx-entries', unit: 60, entries: (n) => range(n, (i) => stdio(`npx-${i}`, '"args": ["-y", "same-package"]')).join(',') },
  { name: 'escaped-secrets', unit: 48, entries: (n, rng) => stdio('rep-secrets', `"args": ["${range(n, () => `${token(rng)}\\u0020`).join('')}"]`) },
  { name: 'duplicate-keys', unit: 9, entries: (n) => stdio('rep-dupes', `"env": {${range(n, () => '"A": "1"').join(',')}}`) },
  { name: 'colliding-names', unit: 50, entries: (n) => range(n, (i) => stdio(`srv${i % 2 ? '-' : '_'}${Math.floor(i / 2)}`, '')).join(',') },
  { name: 'placeholder-keys', unit: 12, entries: (n) => stdio('rep-keys', `"env": {${range(n, (i) => `"\${K${i}}": "v"`).join(',')}}`) },
  { name: 'near-miss-fields', unit: 14, entries: (n) => stdio('rep-fields', range(n, (i) => `"comand${i}": 1`).join(',')) },
];

/** A size between 20 KB and ~100 KB (less when the limits say so): big enough that quadratic scans show. */
function targetSize(rng: Rng, limits: MutationLimits): number {
  return Math.min(rng.between(20_000, 100_000), 3 * limits.maxRepeated);
}

export const REPETITION_MUTATORS: readonly Mutator[] = [
  {
    name: 'pathological-repetition',
    weight: 1.5,
    apply(text, rng, context) {
      const cls = rng.pick(REPETITION_CLASSES);
      const count = Math.max(1, Math.floor(targetSize(rng, context.limits) / cls.unit));
      const entries = cls.entries(count, rng);
      const top = objectOpenings(text).find((opening) => opening.depth === 1);
      if (!top) return `{${entries}}`;
      return insertAt(text, top.offset + 1, top.empty ? entries : `${entries},`);
    },
  },
];

/** One case of a class at about `size` characters (never more), as its own catalog (for the seeded replay). */
export function repetitionCase(cls: RepetitionClass, size: number, rng: Rng): string {
  // The most repetitions that fit, searched (indices make later repetitions longer than `unit`).
  const build = (count: number): string => `{${cls.entries(count, rng)}}\n`;
  let low = 1;
  let high = Math.max(2, Math.ceil(size / Math.max(1, cls.unit - 4)));
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (build(middle).length <= size) low = middle;
    else high = middle;
  }
  return build(low);
}
