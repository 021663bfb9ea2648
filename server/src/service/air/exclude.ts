import { Glob, literal, NOT_SLASH, type GlobPart } from '../glob';

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
  // `@local/x` has exactly two segments; a pattern with more can never match a local artifact.
  const couldBeLocal = segments.length === 2 && segmentGlob(segments[0].slice(1)).matches(LOCAL_SCOPE);
  const id = couldBeLocal ? segmentGlob(segments[1]) : undefined;
  return {
    couldBeLocal,
    matchesLocal: (name) => id !== undefined && !name.includes('/') && id.matches(name),
  };
}

/** One segment's glob, where each `*` stands for one or more characters other than `/` (matched by `glob.ts`, linear in pattern × name). */
function segmentGlob(segment: string): Glob {
  const parts: GlobPart[] = [];
  for (const ch of segment) {
    if (ch === '*') parts.push({ kind: 'one', test: NOT_SLASH }, { kind: 'run', test: NOT_SLASH });
    else parts.push(literal(ch.codePointAt(0)!));
  }
  return new Glob(parts);
}
