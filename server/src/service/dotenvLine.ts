/**
 * Every `NAME=value` line a fix writes into a dotenv file is made here. A dotenv file is read two
 * ways: by the `dotenv` package (SPEC §10, "Dotenv files are read as the dotenv package parses
 * them"), which must read back exactly the value written, and by a POSIX shell that sources it
 * (`set -a; . ./.env`), which must run and expand none of it. A value no quoting carries both ways
 * is not written at all; `unwritableReason` says why.
 *
 * The forms, by what each reader does with them (dotenv 16's `LINE` pattern in lib/main.js; POSIX
 * "Quoting", XCU 2.2):
 * - bare, for a plain token: nothing in it is special to either reader (no `~`, which a shell
 *   expands at the start of an assignment and after a `:`);
 * - single-quoted, for anything without `'`: a shell takes it literally, dotenv strips the quotes
 *   and changes nothing inside;
 * - double-quoted, for a value with `'` but none of `"`, `$`, a backtick or `\`: the only
 *   characters a shell treats specially inside double quotes, and dotenv's only escapes (`\n`,
 *   `\r`) need a backslash.
 * A line break (dotenv turns `\r\n` into `\n`, and a later line may be taken into the value), a NUL
 * (a shell variable cannot hold one) or an unpaired surrogate (it has no UTF-8 form) is in none.
 */

/** What a dotenv key may be: a shell variable name (dotenv accepts more, a shell does not). */
const NAME_PATTERN = '[A-Za-z_][A-Za-z0-9_]*';
const NAME = new RegExp(`^${NAME_PATTERN}$`);
const BARE = /^[A-Za-z0-9_\-./+=:@,%]+$/;
const NOT_HELD = /[\r\n\0]|\p{Cs}/u;
const SPECIAL_IN_DOUBLE_QUOTES = /["$`\\]/;

export function isDotenvName(name: string): boolean {
  return NAME.test(name);
}

/** `NAME=value` as a line (without its line break), or undefined when the name or the value cannot be written. */
export function dotenvLine(name: string, value: string): string | undefined {
  if (!isDotenvName(name) || unwritableReason(value) !== undefined) return undefined;
  if (value === '' || BARE.test(value)) return `${name}=${value}`;
  if (!value.includes("'")) return `${name}='${value}'`;
  return `${name}="${value}"`;
}

/** Why no dotenv line can hold this value, in words for a message; undefined when one can. */
export function unwritableReason(value: string): string | undefined {
  if (NOT_HELD.test(value)) return 'it holds a line break, a NUL character or an unpaired surrogate, which no dotenv line keeps exactly';
  if (value.includes("'") && SPECIAL_IN_DOUBLE_QUOTES.test(value)) {
    return 'it holds a single quote together with a double quote, a dollar sign, a backtick or a backslash, which no quoting keeps literal for a shell that sources the file and exact for dotenv';
  }
  return undefined;
}

/** What comes before an assigned name on its line (blanks, `export `), and what after it (blanks, `=` or `:`). */
const BEFORE_NAME = '^[ \\t]*(?:export[ \\t]+)?';
const AFTER_NAME = '[ \\t]*[=:]';

/** Where a dotenv text assigns `name` (`NAME=`, `export NAME =`, `NAME:`), even to nothing; the match ends after the separator and its blanks. */
export function dotenvAssignment(text: string, name: string): RegExpExecArray | null {
  if (!isDotenvName(name)) return null;
  return new RegExp(`${BEFORE_NAME}${name}${AFTER_NAME}[ \\t]*`, 'm').exec(text);
}

const ASSIGNMENT_LINE = new RegExp(`${BEFORE_NAME}((${NAME_PATTERN})${AFTER_NAME}.*)$`, 's');

/**
 * Every name a dotenv text assigns (as dotenvAssignment finds one), with its last assignment's
 * line from the name on (`export ` and leading blanks dropped): one pass, however many names a
 * caller then asks about.
 */
export function dotenvAssignments(text: string): Map<string, string> {
  const lines = new Map<string, string>();
  for (const line of text.split(/\r\n|\r|\n/)) {
    const match = ASSIGNMENT_LINE.exec(line);
    if (match) lines.set(match[2], match[1]);
  }
  return lines;
}
