/**
 * `${VAR}` placeholders (SPEC §4.3, §10), found in decoded strings and mapped back to source offsets.
 *
 * AIR substitutes `\$\{([A-Za-z_][A-Za-z0-9_]*)(?::-(.*?))?\}` and then fails on any remaining
 * `\$\{[^}]+\}`. We read every `${` up to its first `}` and judge the content the same way.
 */

export interface Placeholder {
  /** Index of `$` in the decoded string. */
  index: number;
  /** Index just past the closing `}` (or the end of the string when unterminated). */
  end: number;
  /** The text between `${` and `}`. */
  content: string;
  kind: 'variable' | 'invalid';
  name?: string;
  /** A `:-` default was given (even an empty one): never missing. */
  hasDefault?: boolean;
  /** For invalid placeholders: why, and a best-guess `NAME` for the rewrite fix. */
  problem?: string;
  suggestedName?: string;
}

const VALID = /^([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?$/;
const UPPER = /^[A-Z_][A-Z0-9_]*$/;

export function isUpperCaseName(name: string): boolean {
  return UPPER.test(name);
}

/**
 * The names of the `${NAME}`s in a value's strings (any field, any depth), sorted; those with a
 * default only `withDefaults`. A stack, not recursion: a catalog's entry may nest deeper than the
 * call stack goes.
 */
export function placeholderNames(value: unknown, options: { withDefaults?: boolean } = {}): string[] {
  const names = new Set<string>();
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') {
      for (const placeholder of findPlaceholders(item)) if (placeholder.name && (options.withDefaults || !placeholder.hasDefault)) names.add(placeholder.name);
    } else if (typeof item === 'object' && item !== null) for (const child of Object.values(item)) stack.push(child);
  }
  return [...names].sort();
}

export function findPlaceholders(value: string): Placeholder[] {
  const found: Placeholder[] = [];
  let closes: BalancedCloses | undefined;
  let from = 0;
  for (;;) {
    const index = value.indexOf('${', from);
    if (index < 0) break;
    const close = value.indexOf('}', index + 2);
    if (close < 0) {
      const content = value.slice(index + 2);
      found.push({
        index,
        end: value.length,
        content,
        kind: 'invalid',
        problem: 'it is never closed with }',
        suggestedName: guessName(content),
      });
      break;
    }
    // `${A:-${B}}`: AIR's lazy match stops at the first `}`, but the author wrote one placeholder
    // ending at the balanced `}`. Underline (and let the rewrite fix replace) all of it, or the
    // fix would leave a stray `}` behind.
    const nested = value.lastIndexOf('${', close) > index;
    const end = nested ? ((closes ??= balancedCloses(value)).get(index) ?? close) : close;
    const content = value.slice(index + 2, end);
    found.push(judge(content, index, end + 1));
    from = end + 1;
  }
  return found;
}

/** For each `${` at some index, the index of the `}` that closes it counting nested `${`. */
type BalancedCloses = Map<number, number>;

/**
 * Every `${`'s balanced `}` in one pass over the string, with a stack of open `${`. Searching
 * forward from each `${` instead made `${${}` repeated 18,000 times (90 KB) cost seconds: every
 * opening scanned to the end of the string for a close that never comes (SPEC §8).
 */
function balancedCloses(value: string): BalancedCloses {
  const closes: BalancedCloses = new Map();
  const open: number[] = [];
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x24 /* $ */ && value.charCodeAt(i + 1) === 0x7b /* { */) {
      open.push(i);
      i++;
    } else if (c === 0x7d /* } */ && open.length > 0) {
      closes.set(open.pop()!, i);
    }
  }
  return closes;
}

function judge(content: string, index: number, end: number): Placeholder {
  if (content.length === 0) {
    return { index, end, content, kind: 'invalid', problem: 'it names no variable' };
  }
  // `.` without the s flag, like AIR's regex: a default spanning lines never matches.
  const match = VALID.exec(content);
  if (match && !/[\n\r\u2028\u2029]/.test(match[2] ?? '')) {
    const defaultText = match[2];
    if (defaultText !== undefined && defaultText.includes('${')) {
      return { index, end, content, kind: 'invalid', problem: 'a placeholder cannot be nested in a default', suggestedName: match[1] };
    }
    return { index, end, content, kind: 'variable', name: match[1], hasDefault: defaultText !== undefined };
  }
  return { index, end, content, kind: 'invalid', problem: explainInvalid(content), suggestedName: guessName(content) };
}

function explainInvalid(content: string): string {
  const trimmed = content.trim();
  if (trimmed !== content) return 'spaces are not allowed inside ${…}';
  if (/^[0-9]/.test(content)) return 'a variable name cannot start with a digit';
  if (/^[A-Za-z_][A-Za-z0-9_]*:=/.test(content)) return ':= is not supported; only ${NAME:-default} gives a default';
  if (/^[A-Za-z_][A-Za-z0-9_]*-/.test(content)) return '${NAME-default} is not supported; write ${NAME:-default}';
  if (/^[A-Za-z_][A-Za-z0-9_]*:/.test(content)) return 'only ${NAME:-default} is supported after the name';
  return 'only ${NAME} and ${NAME:-default} are supported (NAME: letters, digits and _, not starting with a digit)';
}

/** A variable-looking name inside a broken placeholder, for the rewrite fix. */
function guessName(content: string): string | undefined {
  const match = /[A-Za-z_][A-Za-z0-9_]*/.exec(content);
  return match ? match[0] : undefined;
}

/**
 * Map an index in a decoded JSON string to the offset in the document of the character that
 * produced it. `literalOffset` is the offset of the opening quote; `raw` is the literal text
 * including quotes. Strings without escapes map one to one.
 */
export function decodedIndexToOffset(raw: string, literalOffset: number, decodedIndex: number): number {
  return decodedOffsetMapper(raw, literalOffset)(decodedIndex);
}

/**
 * `decodedIndexToOffset` for many indices of one literal: ascending indices cost one pass over
 * the literal in all. Mapping each placeholder from the start of its string made a 1 MB string of
 * 262,144 placeholders quadratic (seconds of scanning; found by the fuzzer).
 */
export function decodedOffsetMapper(raw: string, literalOffset: number): (decodedIndex: number) => number {
  if (!raw.includes('\\')) return (decodedIndex) => literalOffset + 1 + decodedIndex;
  let decoded = 0;
  let i = 1; // after the opening quote
  return (decodedIndex) => {
    if (decodedIndex < decoded) {
      decoded = 0;
      i = 1;
    }
    while (i < raw.length - 1 && decoded < decodedIndex) {
      if (raw.charCodeAt(i) === 0x5c /* \ */) {
        i += raw[i + 1] === 'u' ? 6 : 2;
      } else {
        i++;
      }
      decoded++;
    }
    return literalOffset + Math.min(i, raw.length);
  };
}
