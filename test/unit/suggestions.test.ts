import { strict as assert } from 'node:assert';
import { closestNames, MAX_COMPARISONS, NameSuggester, suggesterFor } from '../../server/src/service/suggestions';
import { editDistance } from '../../server/src/service/text';

/**
 * The one "did you mean" of every rule (SPEC §5): on real name sets it answers exactly what
 * comparing every name would (distance ≤ max(2, a third of the length), best first, ties by
 * localeCompare); on hostile sets it stays bounded (SPEC §8).
 */

/** Every name compared in full: the definition the bounded search must agree with. */
function bruteForce(name: string, candidates: readonly string[], max: number): string[] {
  const limit = Math.max(2, Math.floor(name.length / 3));
  return [...new Set(candidates)]
    .filter((candidate) => candidate !== name)
    .map((candidate) => ({ candidate, distance: editDistance(name.toLowerCase(), candidate.toLowerCase()) }))
    .filter((scored) => scored.distance <= limit)
    .sort((x, y) => x.distance - y.distance || x.candidate.localeCompare(y.candidate))
    .slice(0, max)
    .map((scored) => scored.candidate);
}

/** A small deterministic generator, so a failure names its case. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function word(next: () => number, alphabet: string, maxLength: number): string {
  const length = Math.floor(next() * (maxLength + 1));
  let out = '';
  for (let i = 0; i < length; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}

describe('suggestions: one bounded "did you mean" (SPEC §5, §8)', () => {
  it('agrees with comparing every name on 3,000 random queries over small alphabets (ties, empty names, case)', () => {
    for (let seed = 1; seed <= 3_000; seed++) {
      const next = random(seed);
      const alphabet = seed % 3 === 0 ? 'abAB_' : seed % 3 === 1 ? 'abcdefgh' : 'aZ09-é';
      const candidates = Array.from({ length: Math.floor(next() * 40) }, () => word(next, alphabet, 14));
      const name = next() < 0.2 && candidates.length ? candidates[0] : word(next, alphabet, 14);
      const max = 1 + Math.floor(next() * 3);
      assert.deepEqual(
        new NameSuggester(candidates).closest(name, max),
        bruteForce(name, candidates, max),
        `seed ${seed}: ${JSON.stringify({ name, candidates, max })}`,
      );
    }
  });

  it('finds the real typo among the names of a real catalog and process environment', () => {
    const names = ['SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'ZIMMER_PROD_API_KEY', 'PATH', 'HOME', 'GITHUB_TOKEN', 'NPM_CONFIG_CACHE'];
    assert.deepEqual(closestNames('SLAK_BOT_TOKEN', names), ['SLACK_BOT_TOKEN']);
    assert.deepEqual(closestNames('zimer', ['zimmer', 'strad', 'dev']), ['zimmer']);
    assert.deepEqual(closestNames('nothing-like-it', names), []);
  });

  it('compares at most MAX_COMPARISONS names per query, nearest lengths first, whatever the set', () => {
    // 20,000 names of one length, the typo's match among the last: past the cap it is not searched.
    const names = Array.from({ length: 20_000 }, (_, i) => `N${String(i).padStart(5, '0')}`);
    const suggester = new NameSuggester(names);
    assert.deepEqual(suggester.closest('N00001x', 1), ['N00001']);
    assert.ok(suggester.closest('N19999y', 3).length <= 3);
    assert.ok(MAX_COMPARISONS < names.length);
  });

  it('is built once per name set and remembers its answers', () => {
    const owner = {};
    let built = 0;
    const names = (): string[] => {
      built++;
      return ['alpha', 'beta'];
    };
    assert.deepEqual(suggesterFor(owner, names).closest('alpah'), ['alpha']);
    assert.deepEqual(suggesterFor(owner, names).closest('bta'), ['beta']);
    assert.equal(built, 1);
  });

  it('gives a very long name no suggestion rather than an unbounded comparison', () => {
    const long = 'x'.repeat(50_000);
    assert.deepEqual(new NameSuggester([`${long}y`]).closest(long), []);
  });
});
