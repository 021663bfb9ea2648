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
  const regex = new RegExp(
    `^${pattern
      .split('*')
      .map((part) => part.replace(/[.\\+?^${}()|[\]-]/g, '\\$&'))
      .join('[^/]+')}$`,
  );
  const scopeSegment = pattern.slice(1).split('/')[0];
  const scopeRegex = new RegExp(`^${scopeSegment.split('*').map((part) => part.replace(/[.\\+?^${}()|[\]-]/g, '\\$&')).join('[^/]+')}$`);
  return {
    // `@local/x` has exactly two segments; a pattern with more can never match a local artifact.
    couldBeLocal: scopeRegex.test(LOCAL_SCOPE) && pattern.split('/').length === 2,
    matchesLocal: (id) => regex.test(`@${LOCAL_SCOPE}/${id}`),
  };
}
