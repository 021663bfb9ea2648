import { CONTENT_MUTATORS } from './contentMutators';
import { REPETITION_MUTATORS } from './repetition';
import type { Rng } from './rng';
import { SYNTAX_MUTATORS } from './syntaxMutators';

/**
 * Mutations of catalog text. Each mutator takes text and returns new text; they
 * aim at the parser's edges (truncation inside every kind of token, escapes, surrogates, BOM,
 * comments, trailing commas, deep nesting) and at the rules (values of every type in every known
 * field, `${` fragments in keys and values, duplicated entries, huge strings and numbers).
 */

export interface MutationLimits {
  /** Largest string a mutation inserts, in UTF-16 units. */
  maxHugeString: number;
  /** Deepest nesting a mutation inserts. */
  maxDepth: number;
  /** Stop mutating once the text is this long. */
  maxTextLength: number;
  /** Most text one repeating mutation (many entries, duplicated entries) adds. */
  maxRepeated: number;
}

/** Full-size stress (the `npm run fuzz` run). */
export const FULL_LIMITS: MutationLimits = { maxHugeString: 1024 * 1024, maxDepth: 100_000, maxTextLength: 4 * 1024 * 1024, maxRepeated: 256 * 1024 };
/** Small inputs only (the slice inside `npm test`: a few seconds in all). */
export const QUICK_LIMITS: MutationLimits = { maxHugeString: 20_000, maxDepth: 2_000, maxTextLength: 256 * 1024, maxRepeated: 32 * 1024 };

export interface Mutator {
  name: string;
  weight: number;
  apply(text: string, rng: Rng, context: MutationContext): string;
}

export interface MutationContext {
  limits: MutationLimits;
  /** Other seeds, for splicing. */
  pool: readonly string[];
}

export const MUTATORS: readonly Mutator[] = [...SYNTAX_MUTATORS, ...CONTENT_MUTATORS, ...REPETITION_MUTATORS];

const TOTAL_WEIGHT = MUTATORS.reduce((sum, m) => sum + m.weight, 0);

function pickMutator(rng: Rng): Mutator {
  let r = rng.float() * TOTAL_WEIGHT;
  for (const mutator of MUTATORS) {
    r -= mutator.weight;
    if (r < 0) return mutator;
  }
  return MUTATORS[MUTATORS.length - 1];
}

export interface GeneratedCase {
  text: string;
  seedName: string;
  mutations: string[];
}

/** One fuzz case: a seed and a stack of 1–6 mutations, all drawn from `rng`. */
export function generateCase(rng: Rng, seeds: readonly { name: string; text: string }[], limits: MutationLimits): GeneratedCase {
  const seed = rng.pick(seeds);
  const context: MutationContext = { limits, pool: seeds.map((s) => s.text) };
  let text = seed.text;
  const mutations: string[] = [];
  const count = rng.weighted<number>([
    [5, 1],
    [4, 2],
    [2, 3],
    [1, rng.between(4, 6)],
  ]);
  for (let i = 0; i < count && text.length < limits.maxTextLength; i++) {
    const mutator = pickMutator(rng);
    const mutated = mutator.apply(text, rng, context);
    // One mutation may overshoot the limit (a huge string, a deep nest), but not by a multiple.
    if (mutated.length > 2 * limits.maxTextLength) continue;
    text = mutated;
    mutations.push(mutator.name);
  }
  return { text, seedName: seed.name, mutations };
}
