/**
 * The one glob matcher: every pattern the product matches against a path or a name — `.gitignore`
 * lines, the `exclude` list of `.mcp-catalog.json` (`ignorePatterns.ts`), air.json `exclude`
 * items (`air/exclude.ts`) — is compiled by its own syntax into these parts and matched here.
 *
 * Matching simulates the pattern's automaton on every path character at once (Thompson's
 * construction): each character advances the set of live states, so a match costs at most
 * (pattern parts × path characters) steps whatever the pattern. A backtracking regular expression
 * of `[^/]*` runs does not: `*a*a*a*a*a*a*a*a*a*a*a*a*b` against forty `a`s takes seconds there,
 * one more star doubles it. So does every glob library we looked at (`ignore`, `picomatch`,
 * `minimatch` compile to such expressions), which is why this one is ours (ARCHITECTURE.md).
 */

/** A test on one character (a Unicode code point). */
export type CharTest = (codePoint: number) => boolean;

export type GlobPart =
  /** Exactly one character that passes; `literal` when only that code point does. */
  | { kind: 'one'; test: CharTest; literal?: number }
  /** Zero or more characters that each pass. */
  | { kind: 'run'; test: CharTest }
  /** Zero or more whole leading folders, each with its `/` (`**∕` in a gitignore line: any characters ending in a slash, or none). */
  | { kind: 'folders' };

const SLASH = 0x2f;
export const ANY: CharTest = () => true;
export const NOT_SLASH: CharTest = (codePoint) => codePoint !== SLASH;
export const char =
  (expected: number): CharTest =>
  (codePoint) =>
    codePoint === expected;
/** One character that is exactly this code point. */
export const literal = (codePoint: number): GlobPart => ({ kind: 'one', test: char(codePoint), literal: codePoint });

/**
 * The automaton, as parallel arrays: state `i` either tests a character (`tests[i]`) and goes to
 * `next[i]`, or (no test) moves without reading to `next[i]` and, when `alt[i]` ≥ 0, to `alt[i]`
 * too. The last state accepts.
 */
export class Glob {
  private readonly tests: (CharTest | undefined)[] = [];
  private readonly next: number[] = [];
  private readonly alt: number[] = [];
  /** What every match ends with (the literal characters that close the pattern): most names fail on it at once. */
  private readonly suffix: string;
  /** Per state, the step it was last added in: each state enters a step's set once. */
  private readonly seen: Int32Array;
  /** The live states before and after a character, and the closure's work list (each state at most once per step). */
  private live: Int32Array;
  private following: Int32Array;
  private readonly stack: Int32Array;
  private step = 0;

  constructor(parts: readonly GlobPart[]) {
    for (const part of parts) {
      const at = this.tests.length;
      if (part.kind === 'one') {
        this.state(part.test, at + 1);
      } else if (part.kind === 'run') {
        this.state(undefined, at + 1, at + 2);
        this.state(part.test, at);
      } else {
        // Skip the folders, or read any characters and then a `/`, and end there.
        this.state(undefined, at + 1, at + 4);
        this.state(undefined, at + 2, at + 3);
        this.state(ANY, at + 1);
        this.state(char(SLASH), at + 4);
      }
    }
    this.state(undefined, -1);
    let tail = parts.length;
    while (tail > 0 && parts[tail - 1].kind === 'one' && (parts[tail - 1] as { literal?: number }).literal !== undefined) tail--;
    this.suffix = String.fromCodePoint(...parts.slice(tail).map((part) => (part as { literal: number }).literal));
    const count = this.tests.length;
    this.seen = new Int32Array(count);
    this.live = new Int32Array(count);
    this.following = new Int32Array(count);
    // A state is pushed only when first seen in a step, and pushes at most two: the list never holds more.
    this.stack = new Int32Array(2 * count + 1);
  }

  /** Whether the whole text matches: at most (states × characters) steps. */
  matches(text: string): boolean {
    if (!text.endsWith(this.suffix)) return false;
    const accept = this.tests.length - 1;
    this.stack[0] = 0;
    let size = this.closure(1, this.live);
    for (let i = 0; i < text.length && size > 0; i++) {
      const codePoint = text.codePointAt(i)!;
      if (codePoint > 0xffff) i++;
      let targets = 0;
      for (let k = 0; k < size; k++) {
        const state = this.live[k];
        if (this.tests[state]?.(codePoint)) this.stack[targets++] = this.next[state];
      }
      size = this.closure(targets, this.following);
      const previous = this.live;
      this.live = this.following;
      this.following = previous;
    }
    for (let k = 0; k < size; k++) if (this.live[k] === accept) return true;
    return false;
  }

  private state(test: CharTest | undefined, next: number, alt = -1): void {
    this.tests.push(test);
    this.next.push(next);
    this.alt.push(alt);
  }

  /** The states reached without reading from the first `count` entries of `stack`, each once, into `into`; their number. */
  private closure(count: number, into: Int32Array): number {
    const step = ++this.step;
    let size = 0;
    while (count > 0) {
      const state = this.stack[--count];
      if (state < 0 || this.seen[state] === step) continue;
      this.seen[state] = step;
      into[size++] = state;
      if (this.tests[state] === undefined) {
        this.stack[count++] = this.next[state];
        if (this.alt[state] >= 0) this.stack[count++] = this.alt[state];
      }
    }
    return size;
  }
}
