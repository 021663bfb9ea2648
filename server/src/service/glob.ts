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
  /** Exactly one character that passes. */
  | { kind: 'one'; test: CharTest }
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

/**
 * The automaton, as parallel arrays: state `i` either tests a character (`tests[i]`) and goes to
 * `next[i]`, or (no test) moves without reading to `next[i]` and, when `alt[i]` ≥ 0, to `alt[i]`
 * too. The last state accepts.
 */
export class Glob {
  private readonly tests: (CharTest | undefined)[] = [];
  private readonly next: number[] = [];
  private readonly alt: number[] = [];
  /** Per state, the step it was last added in: each state enters a step's set once. */
  private readonly seen: Int32Array;
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
    this.seen = new Int32Array(this.tests.length);
  }

  /** Whether the whole text matches. */
  matches(text: string): boolean {
    const accept = this.tests.length - 1;
    let live = this.closure([0]);
    for (const ch of text) {
      const codePoint = ch.codePointAt(0)!;
      const targets: number[] = [];
      for (const state of live) if (this.tests[state]?.(codePoint)) targets.push(this.next[state]);
      live = this.closure(targets);
      if (live.length === 0) return false;
    }
    return live.includes(accept);
  }

  private state(test: CharTest | undefined, next: number, alt = -1): void {
    this.tests.push(test);
    this.next.push(next);
    this.alt.push(alt);
  }

  /** The states reached from `from` without reading a character, each once. */
  private closure(from: number[]): number[] {
    const step = ++this.step;
    const out: number[] = [];
    const stack = from.slice();
    while (stack.length > 0) {
      const state = stack.pop()!;
      if (state < 0 || this.seen[state] === step) continue;
      this.seen[state] = step;
      out.push(state);
      if (this.tests[state] === undefined) {
        stack.push(this.next[state]);
        if (this.alt[state] >= 0) stack.push(this.alt[state]);
      }
    }
    return out;
  }
}
