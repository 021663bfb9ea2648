/**
 * air.json `exclude` patterns (AIR's air.schema.json): qualified IDs `@scope/id` where each `*`
 * matches one or more characters other than `/` within one segment and never spans segments.
 */

/** The pattern AIR's schema gives every `exclude` item. */
export const EXCLUDE_ITEM_PATTERN = /^@[a-zA-Z0-9._\-*]+(?:\/[a-zA-Z0-9._\-*]+)+$/;

/** The scope AIR gives artifacts of local per-type arrays and local catalogs. */
export const LOCAL_SCOPE = 'local';

export interface ExcludePattern {
  /** True when the pattern can match `@local/<id>`. */
  couldBeLocal: boolean;
  /** Whether `@local/<id>` matches. */
  matchesLocal(id: string): boolean;
}

export function compileExcludePattern(pattern: string): ExcludePattern | undefined {
  if (!EXCLUDE_ITEM_PATTERN.test(pattern)) return undefined;
  const segments = pattern.split('/');
  const scopeSegment = segments[0].slice(1);
  return {
    // `@local/x` has exactly two segments; a pattern with more can never match a local artifact.
    couldBeLocal: segmentMatches(scopeSegment, LOCAL_SCOPE) && segments.length === 2,
    matchesLocal: (id) => segments.length === 2 && !id.includes('/') && segmentMatches(scopeSegment, LOCAL_SCOPE) && segmentMatches(segments[1], id),
  };
}

/**
 * Whether one segment (no `/`) matches a glob where each `*` stands for one or more characters.
 * Greedy with a return to the last `*`: at most pattern × text steps. A regular expression of
 * `[^/]+` groups backtracks exponentially (`*a*a*a…b` against `aaaa…`: seconds for 40 characters).
 */
function segmentMatches(glob: string, text: string): boolean {
  let g = 0;
  let t = 0;
  let starGlob = -1;
  let starText = -1;
  while (t < text.length) {
    if (g < glob.length && glob[g] === '*') {
      // A star takes one character now, and possibly more on a return.
      starGlob = g++;
      starText = ++t;
    } else if (g < glob.length && glob[g] === text[t]) {
      g++;
      t++;
    } else if (starGlob >= 0) {
      g = starGlob + 1;
      t = ++starText;
    } else {
      return false;
    }
  }
  return g === glob.length;
}
