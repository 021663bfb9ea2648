import type { JsonPath } from './findings';
import type { JsonNode } from './parse';

/**
 * The strict parser's vocabulary (parse.ts): jsonc-parser's token and scan-error codes, the
 * messages for scan errors, and the frames of the parser's explicit stack.
 */

// jsonc-parser's SyntaxKind and ScanError are const enums; these mirror their values.
export const T = {
  OpenBrace: 1,
  CloseBrace: 2,
  OpenBracket: 3,
  CloseBracket: 4,
  Comma: 5,
  Colon: 6,
  Null: 7,
  True: 8,
  False: 9,
  String: 10,
  Number: 11,
  LineComment: 12,
  BlockComment: 13,
  LineBreak: 14,
  Trivia: 15,
  Unknown: 16,
  EOF: 17,
} as const;

export const SCAN_ERROR_MESSAGES: Record<number, string> = {
  1: 'Unterminated block comment.',
  2: 'Unterminated string: close it with a double quote on the same line.',
  3: 'Unterminated number.',
  4: 'Invalid unicode escape: \\u must be followed by four hex digits.',
  5: 'Invalid escape character in string.',
  6: 'Invalid character in string: control characters must be escaped.',
};

export type ObjectState = 'keyOrEnd' | 'key' | 'colon' | 'value' | 'commaOrEnd';
export type ArrayState = 'valueOrEnd' | 'value' | 'commaOrEnd';

export interface ObjectFrame {
  kind: 'object';
  node: JsonNode;
  state: ObjectState;
  property?: JsonNode;
  keys: Map<string, JsonNode>;
  trailingCommaOffset: number;
  depth: number;
  /** Where this container sits in its parent: a key, an index, or undefined for the root / a detached container. */
  segment: string | number | undefined;
  /** Memoised by `framePath`. */
  path?: JsonPath;
}

export interface ArrayFrame {
  kind: 'array';
  node: JsonNode;
  state: ArrayState;
  trailingCommaOffset: number;
  depth: number;
  segment: string | number | undefined;
  path?: JsonPath;
}

export type Frame = ObjectFrame | ArrayFrame;

/**
 * Findings carry `data.path` (SPEC §5). Paths of parse-level findings are capped at this many
 * segments: a prefix still locates an ancestor, and 20,000 nested duplicate keys must not cost
 * 20,000 × 20,000 path entries.
 */
export const MAX_FINDING_PATH = 64;

/**
 * How a syntax error names a run of unquoted text. Only a short word is echoed (`undefined`, `NaN`,
 * `True`): a long run, or one with `=`, may be a credential, and `mcp-catalog check .env` (a
 * careless glob in CI) would otherwise print `TOKEN=<value>` into a log (SPEC §8: no
 * output ever holds a variable's value). Bounded, too, so a huge junk token never becomes a huge message.
 */
export function unquotedText(token: string): string {
  return token.length <= 12 && !token.includes('=') ? `"${token}"` : `unquoted text (${token.length} characters)`;
}
