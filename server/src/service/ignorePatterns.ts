import { ANY, Glob, literal, NOT_SLASH, type CharTest, type GlobPart } from './glob';

/**
 * Gitignore-style patterns (git's gitignore(5)), used for `.gitignore` files during discovery and
 * for the `exclude` list of `.mcp-catalog.json` (docs/configuration.md "Configuration file"). Pure string logic
 * on `/`-separated paths relative to the directory that holds the patterns.
 *
 * The subset implemented: blank lines and `#` comments, `\` escapes (`\#`, `\!`, `\ `), trailing
 * unescaped spaces dropped, `!` negation, a trailing `/` for directories only, a `/` at the start
 * or in the middle anchoring the pattern to its directory (otherwise it matches at any depth),
 * `*`, `?`, `[…]` / `[!…]` / `[^…]` classes (ranges, `[:alpha:]` and the other POSIX names) that
 * never match `/`, and `**` as a whole segment (`**∕x`, `x/**`, `a/**∕b`); other runs of `*` act
 * as one `*`. As in git's wildmatch.c, a pattern with an unclosed `[`, an unknown `[:name:]` or a
 * trailing `\` matches nothing. Characters are Unicode code points (git compares bytes: the same
 * for ASCII). Matching is `glob.ts`'s, linear in pattern × path.
 */

export interface IgnorePattern {
  /** The line as written (for messages). */
  source: string;
  negated: boolean;
  directoryOnly: boolean;
  glob: Glob;
}

/** One pattern line, or undefined for a blank line, a comment or a pattern that matches nothing. */
export function compileIgnorePattern(line: string): IgnorePattern | undefined {
  let text = line.replace(/\r$/, '');
  if (text.length === 0 || text.startsWith('#')) return undefined;
  text = trimTrailingSpaces(text);
  let negated = false;
  if (text.startsWith('!')) {
    negated = true;
    text = text.slice(1);
  }
  let directoryOnly = false;
  if (text.endsWith('/') && !isEscaped(text, text.length - 1)) {
    directoryOnly = true;
    text = text.replace(/\/+$/, '');
  }
  if (text.length === 0) return undefined;
  const anchored = text.includes('/');
  text = text.replace(/^\/+/, '');
  if (text.length === 0) return undefined;
  const segments = splitSegments(text);
  // Unanchored: the name at any depth (it has no `/`, so it can match only the last segment).
  const parts: GlobPart[] = anchored || segments[0] === '**' ? [] : [{ kind: 'folders' }];
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index];
    const last = index === segments.length - 1;
    if (segment === '**') {
      // `**/` is zero or more folders; a final `/**` is everything inside (one character at least).
      if (!last) parts.push({ kind: 'folders' });
      else if (index === 0) parts.push({ kind: 'run', test: ANY });
      else parts.push({ kind: 'one', test: ANY }, { kind: 'run', test: ANY });
      continue;
    }
    if (!segmentParts(segment, parts)) return undefined;
    if (!last) parts.push(literal(SLASH));
  }
  return { source: line, negated, directoryOnly, glob: new Glob(parts) };
}

/** Patterns of a whole file (`.gitignore` text or an `exclude` list). */
export function compileIgnorePatterns(lines: readonly string[]): IgnorePattern[] {
  return lines.flatMap((line) => compileIgnorePattern(line) ?? []);
}

export function parseIgnoreFile(text: string): IgnorePattern[] {
  return compileIgnorePatterns(text.split('\n'));
}

/**
 * The verdict of one list of patterns on a path relative to their directory: the last matching
 * pattern decides (`true` ignored, `false` re-included), undefined when none matches.
 */
export function ignoreVerdict(patterns: readonly IgnorePattern[], relativePath: string, isDirectory: boolean): boolean | undefined {
  for (let i = patterns.length - 1; i >= 0; i--) {
    const pattern = patterns[i];
    if (pattern.directoryOnly && !isDirectory) continue;
    if (pattern.glob.matches(relativePath)) return !pattern.negated;
  }
  return undefined;
}

/** Whether a path is left out: as in git, nothing inside an ignored folder can be re-included. */
export function isIgnoredPath(patterns: readonly IgnorePattern[], relativePath: string, isDirectory: boolean): boolean {
  const segments = relativePath.split('/');
  for (let i = 1; i < segments.length; i++) if (ignoreVerdict(patterns, segments.slice(0, i).join('/'), true) === true) return true;
  return ignoreVerdict(patterns, relativePath, isDirectory) === true;
}

const SLASH = 0x2f;
const BACKSLASH = 0x5c;

function trimTrailingSpaces(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === ' ' && !isEscaped(text, end - 1)) end--;
  return text.slice(0, end);
}

function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) backslashes++;
  return backslashes % 2 === 1;
}

/** The pattern split at each unescaped `/`. */
function splitSegments(text: string): string[] {
  const segments: string[] = [];
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '/') {
      segments.push(text.slice(from, i));
      from = i + 1;
    }
  }
  segments.push(text.slice(from));
  return segments;
}

/** Appends one segment's parts; false when git's wildmatch gives up on it (the pattern matches nothing). */
function segmentParts(segment: string, parts: GlobPart[]): boolean {
  const chars = Array.from(segment, (ch) => ch.codePointAt(0)!);
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === BACKSLASH) {
      if (++i === chars.length) return false;
      parts.push(literal(chars[i]));
    } else if (c === 0x2a /* * */) {
      while (chars[i + 1] === 0x2a) i++;
      parts.push({ kind: 'run', test: NOT_SLASH });
    } else if (c === 0x3f /* ? */) {
      parts.push({ kind: 'one', test: NOT_SLASH });
    } else if (c === 0x5b /* [ */) {
      const bracket = parseClass(chars, i);
      if (!bracket) return false;
      parts.push({ kind: 'one', test: bracket.test });
      i = bracket.end;
    } else {
      parts.push(literal(c));
    }
  }
  return true;
}

const POSIX_CLASSES: Record<string, CharTest> = {
  alnum: (c) => isMatch(/[A-Za-z0-9]/, c),
  alpha: (c) => isMatch(/[A-Za-z]/, c),
  blank: (c) => c === 0x20 || c === 0x09,
  cntrl: (c) => c < 0x20 || c === 0x7f,
  digit: (c) => c >= 0x30 && c <= 0x39,
  graph: (c) => c > 0x20 && c < 0x7f,
  lower: (c) => c >= 0x61 && c <= 0x7a,
  print: (c) => c >= 0x20 && c < 0x7f,
  punct: (c) => isMatch(/[!-/:-@[-`{-~]/, c),
  space: (c) => c === 0x20 || (c >= 0x09 && c <= 0x0d),
  upper: (c) => c >= 0x41 && c <= 0x5a,
  xdigit: (c) => isMatch(/[0-9A-Fa-f]/, c),
};

function isMatch(pattern: RegExp, codePoint: number): boolean {
  return codePoint < 0x80 && pattern.test(String.fromCharCode(codePoint));
}

/**
 * A bracket expression opened at `open`, read as git's wildmatch.c reads it: `!` or `^` negates;
 * the first item may be `]`; `\` escapes; `a-z` is a range unless `-` comes first or last;
 * `[:name:]` a POSIX class (a `[:` without `:]` is a plain `[`). Undefined when git gives up
 * (no closing `]`, an unknown class name). Never matches `/`.
 */
function parseClass(chars: readonly number[], open: number): { test: CharTest; end: number } | undefined {
  const ranges: [number, number][] = [];
  const classes: CharTest[] = [];
  let i = open + 1;
  let negated = false;
  if (chars[i] === 0x21 /* ! */ || chars[i] === 0x5e /* ^ */) {
    negated = true;
    i++;
  }
  let previous = -1;
  for (let first = true; first || chars[i] !== 0x5d /* ] */; first = false, i++) {
    if (i >= chars.length) return undefined;
    let c = chars[i];
    if (c === BACKSLASH) {
      if (++i >= chars.length) return undefined;
      c = chars[i];
      ranges.push([c, c]);
    } else if (c === 0x2d /* - */ && previous >= 0 && i + 1 < chars.length && chars[i + 1] !== 0x5d) {
      let high = chars[++i];
      if (high === BACKSLASH) {
        if (++i >= chars.length) return undefined;
        high = chars[i];
      }
      ranges.push([previous, high]);
      previous = -1;
      continue;
    } else if (c === 0x5b && chars[i + 1] === 0x3a /* [: */) {
      const close = findClassNameEnd(chars, i + 2);
      if (close >= 0) {
        const test = POSIX_CLASSES[String.fromCodePoint(...chars.slice(i + 2, close))];
        if (!test) return undefined;
        classes.push(test);
        i = close + 1;
        previous = -1;
        continue;
      }
      ranges.push([c, c]);
    } else {
      ranges.push([c, c]);
    }
    previous = c;
  }
  const test: CharTest = (codePoint) =>
    codePoint !== SLASH && negated !== (ranges.some(([low, high]) => codePoint >= low && codePoint <= high) || classes.some((member) => member(codePoint)));
  return { test, end: i };
}

/** The index of the `:` of the `:]` closing a class name that starts at `from`, or -1 before a `]`. */
function findClassNameEnd(chars: readonly number[], from: number): number {
  for (let i = from; i + 1 < chars.length; i++) {
    if (chars[i] === 0x3a && chars[i + 1] === 0x5d) return i;
    if (chars[i] === 0x5d) return -1;
  }
  return -1;
}
