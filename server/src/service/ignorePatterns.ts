/**
 * Gitignore-style patterns (git's gitignore(5)), used for `.gitignore` files during discovery and
 * for the `exclude` list of `.mcp-catalog.json` (README "Configuration file"). Pure string logic
 * on `/`-separated paths relative to the directory that holds the patterns.
 *
 * The subset implemented: blank lines and `#` comments, `\` escapes (`\#`, `\!`, `\ `), trailing
 * unescaped spaces dropped, `!` negation, a trailing `/` for directories only, a `/` at the start
 * or in the middle anchoring the pattern to its directory (otherwise it matches at any depth),
 * `*`, `?`, `[…]` / `[!…]` classes that never match `/`, and `**` as a whole segment (`**∕x`,
 * `x/**`, `a/**∕b`); other runs of `*` act as one `*`.
 */

export interface IgnorePattern {
  /** The line as written (for messages). */
  source: string;
  negated: boolean;
  directoryOnly: boolean;
  regex: RegExp;
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
  if (text.endsWith('/') && !text.endsWith('\\/')) {
    directoryOnly = true;
    text = text.replace(/\/+$/, '');
  }
  if (text.length === 0) return undefined;
  const anchored = text.includes('/');
  text = text.replace(/^\/+/, '');
  if (text.length === 0) return undefined;
  const segments = text.split('/');
  let body = '';
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (segment === '**') {
      // `**/` is zero or more directories; a final `/**` is everything inside.
      body += last ? (index === 0 ? '.*' : '.+') : '(?:[^/]+/)*';
      return;
    }
    body += segmentRegex(segment) + (last ? '' : '/');
  });
  const prefix = anchored || segments[0] === '**' ? '' : '(?:[^/]+/)*';
  return { source: line, negated, directoryOnly, regex: new RegExp(`^${prefix}${body}$`, 's') };
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
    if (pattern.regex.test(relativePath)) return !pattern.negated;
  }
  return undefined;
}

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

const REGEX_SPECIAL = /[.*+?^${}()|[\]\\/]/g;

function segmentRegex(segment: string): string {
  let out = '';
  for (let i = 0; i < segment.length; i++) {
    const ch = segment[i];
    if (ch === '\\' && i + 1 < segment.length) {
      out += segment[++i].replace(REGEX_SPECIAL, '\\$&');
    } else if (ch === '*') {
      while (segment[i + 1] === '*') i++;
      out += '[^/]*';
    } else if (ch === '?') {
      out += '[^/]';
    } else if (ch === '[') {
      const close = classEnd(segment, i);
      if (close < 0) {
        out += '\\[';
        continue;
      }
      let inner = segment.slice(i + 1, close);
      let negate = false;
      if (inner.startsWith('!') || inner.startsWith('^')) {
        negate = true;
        inner = inner.slice(1);
      }
      const escaped = inner.replace(/\\(.)/g, '$1').replace(/[\\\]^]/g, '\\$&');
      out += negate ? `[^/${escaped}]` : `(?![/])[${escaped}]`;
      i = close;
    } else {
      out += ch.replace(REGEX_SPECIAL, '\\$&');
    }
  }
  return out;
}

/** Index of the `]` closing a class opened at `open` (a `]` right after `[` or `[!` is literal), or -1. */
function classEnd(segment: string, open: number): number {
  let i = open + 1;
  if (segment[i] === '!' || segment[i] === '^') i++;
  if (segment[i] === ']') i++;
  for (; i < segment.length; i++) {
    if (segment[i] === '\\') i++;
    else if (segment[i] === ']') return i;
  }
  return -1;
}
