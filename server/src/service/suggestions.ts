/**
 * "Did you mean …?" for every rule and command (SPEC §5: the suggestion comes right after the first
 * sentence): the names of a set closest to a written name, by case-insensitive edit distance of at
 * most max(2, a third of its length), best first, ties in `localeCompare` order.
 *
 * Bounded whatever the input (SPEC §8). Comparing every reference with every name made 6,000
 * unresolved `${V<i>}` against 4,000 dotenv names cost seconds, and every edit in the editor paid
 * it again. So:
 * - names are bucketed by length, and only lengths within the distance limit are compared (an
 *   edit distance is at least the length difference), nearest lengths first, stopping as soon as
 *   no farther length can beat the suggestions found;
 * - the distance is computed in the diagonal band the limit allows, and a comparison stops once
 *   its row minimum exceeds it;
 * - one query compares at most MAX_COMPARISONS names and fills at most MAX_CELLS cells of distance
 *   table: past that, the best found so far stands (only hostile sets — thousands of names of one
 *   length — get there; a real catalog's names, dotenv files and roots never do);
 * - a suggester is built once per name set and remembers its answers, so the same set (the
 *   analysis of one document version, and the next version when its facts are unchanged) never
 *   pays twice for a name.
 */

/** Names one query compares at most. */
export const MAX_COMPARISONS = 256;
/** Cells of edit-distance table one query fills at most. */
export const MAX_CELLS = 100_000;
/** Answers a suggester remembers; past this it still answers, without remembering. */
const MEMO_LIMIT = 10_000;

interface Candidate {
  name: string;
  lower: string;
}

interface Scored {
  name: string;
  distance: number;
}

export class NameSuggester {
  private readonly byLength = new Map<number, Candidate[]>();
  private readonly memo = new Map<string, readonly string[]>();
  private previous = new Int32Array(0);
  private current = new Int32Array(0);

  constructor(names: Iterable<string>) {
    const seen = new Set<string>();
    for (const name of names) {
      if (seen.has(name)) continue;
      seen.add(name);
      const lower = name.toLowerCase();
      const bucket = this.byLength.get(lower.length);
      if (bucket) bucket.push({ name, lower });
      else this.byLength.set(lower.length, [{ name, lower }]);
    }
  }

  /** Up to `max` names closest to `name` (never `name` itself), best first. */
  closest(name: string, max = 3): string[] {
    const key = `${max}\u0000${name}`;
    const remembered = this.memo.get(key);
    if (remembered) return [...remembered];
    const found = this.search(name, max);
    if (this.memo.size < MEMO_LIMIT) this.memo.set(key, found);
    return [...found];
  }

  private search(name: string, max: number): string[] {
    if (max <= 0 || this.byLength.size === 0) return [];
    const lower = name.toLowerCase();
    const limit = Math.max(2, Math.floor(name.length / 3));
    const best: Scored[] = [];
    let comparisons = 0;
    let cells = 0;
    // The distance a name must not exceed to enter the list: the limit, then the worst kept one.
    const bound = (): number => (best.length < max ? limit : best[best.length - 1].distance);
    search: for (let delta = 0; delta <= bound(); delta++) {
      for (const length of delta === 0 ? [lower.length] : [lower.length - delta, lower.length + delta]) {
        for (const candidate of this.byLength.get(length) ?? []) {
          if (candidate.name === name) continue;
          const k = bound();
          // The band's size bounds this comparison's cells: stop before a comparison that would overrun.
          const band = (lower.length + 1) * (2 * k + 1);
          if (comparisons >= MAX_COMPARISONS || cells + band > MAX_CELLS) break search;
          comparisons++;
          cells += band;
          const distance = this.distance(lower, candidate.lower, k);
          if (distance <= k) insert(best, { name: candidate.name, distance }, max);
        }
      }
    }
    return best.map((scored) => scored.name);
  }

  /**
   * Levenshtein distance of `a` and `b`, or `k + 1` as soon as it must exceed `k`: only the cells
   * within `k` of the diagonal are filled (Ukkonen's band), in two rows reused across calls.
   */
  private distance(a: string, b: string, k: number): number {
    const over = k + 1;
    if (Math.abs(a.length - b.length) > k) return over;
    if (a.length === 0 || b.length === 0) return Math.max(a.length, b.length);
    if (this.previous.length < b.length + 2) {
      this.previous = new Int32Array(b.length + 2);
      this.current = new Int32Array(b.length + 2);
    }
    let previous = this.previous;
    let current = this.current;
    const first = Math.min(b.length, k);
    for (let j = 0; j <= first; j++) previous[j] = j;
    if (first < b.length) previous[first + 1] = over;
    for (let i = 1; i <= a.length; i++) {
      const low = Math.max(1, i - k);
      const high = Math.min(b.length, i + k);
      current[low - 1] = low === 1 ? i : over;
      let rowMin = current[low - 1];
      const ch = a.charCodeAt(i - 1);
      for (let j = low; j <= high; j++) {
        let value = previous[j - 1] + (ch === b.charCodeAt(j - 1) ? 0 : 1);
        const up = previous[j] + 1;
        if (up < value) value = up;
        const left = current[j - 1] + 1;
        if (left < value) value = left;
        if (value > over) value = over;
        current[j] = value;
        if (value < rowMin) rowMin = value;
      }
      if (high < b.length) current[high + 1] = over;
      if (rowMin > k) return over;
      const swap = previous;
      previous = current;
      current = swap;
    }
    return Math.min(previous[b.length], over);
  }
}

/** Keep `best` sorted (distance, then localeCompare) and at most `max` long. */
function insert(best: Scored[], scored: Scored, max: number): void {
  let at = best.length;
  while (at > 0 && compare(scored, best[at - 1]) < 0) at--;
  if (at >= max) return;
  best.splice(at, 0, scored);
  if (best.length > max) best.pop();
}

function compare(x: Scored, y: Scored): number {
  return x.distance - y.distance || x.name.localeCompare(y.name);
}

const suggesters = new WeakMap<object, NameSuggester>();

/**
 * The suggester for the name set `owner` stands for (a VariableIndex, the roots facts of a check, a
 * constant list), built from `names()` the first time. The owner must not change its names later.
 */
export function suggesterFor(owner: object, names: () => Iterable<string>): NameSuggester {
  let suggester = suggesters.get(owner);
  if (!suggester) {
    suggester = new NameSuggester(names());
    suggesters.set(owner, suggester);
  }
  return suggester;
}

/** The names of `candidates` closest to `name`, best first; `candidates` is the set's identity. */
export function closestNames(name: string, candidates: Iterable<string>, max = 3): string[] {
  return suggesterFor(candidates, () => candidates).closest(name, max);
}
