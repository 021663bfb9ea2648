/**
 * A small seeded PRNG for the fuzzer. Every case draws from its own generator, seeded from the
 * run seed and the case index, so any case can be regenerated alone (`--case I`) and workers can
 * split the cases between them without changing what each case is.
 */

/** 32-bit FNV-1a over a string's UTF-16 units. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0 || 0x9e3779b9;
  }

  /** The generator of case `index` of a run with `seed`. */
  static forCase(seed: number, index: number): Rng {
    return new Rng(hash32(`${seed}:${index}`));
  }

  /** mulberry32: a uniform 32-bit value. */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return n <= 0 ? 0 : Math.floor(this.float() * n);
  }

  /** An integer in [low, high]. */
  between(low: number, high: number): number {
    return low + this.int(high - low + 1);
  }

  chance(p: number): boolean {
    return this.float() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Pick by weight: `[[weight, value], …]`. */
  weighted<T>(items: readonly (readonly [number, T])[]): T {
    let total = 0;
    for (const [weight] of items) total += weight;
    let r = this.float() * total;
    for (const [weight, value] of items) {
      r -= weight;
      if (r < 0) return value;
    }
    return items[items.length - 1][1];
  }
}
