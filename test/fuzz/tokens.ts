import { createScanner } from 'jsonc-parser';
import { T } from '../../server/src/service/parseTokens';
import type { Rng } from './rng';

/** Token-level helpers for the mutators: where strings, values, properties and objects are. */

// jsonc-parser's SyntaxKind, as the strict parser mirrors it.
export const K = T;

export interface Token {
  kind: number;
  start: number;
  end: number;
}

/** Tokens of the text (trivia and comments skipped), capped so huge inputs stay cheap. */
export function tokensOf(text: string, cap = 200_000): Token[] {
  const scanner = createScanner(text, true);
  const tokens: Token[] = [];
  for (let kind = scanner.scan(); kind !== K.EOF && tokens.length < cap; kind = scanner.scan()) {
    const start = scanner.getTokenOffset();
    tokens.push({ kind, start, end: start + scanner.getTokenLength() });
  }
  return tokens;
}

export function tokensOfKind(text: string, ...kinds: number[]): Token[] {
  return tokensOf(text).filter((t) => kinds.includes(t.kind));
}

export const insertAt = (text: string, at: number, piece: string): string => text.slice(0, at) + piece + text.slice(at);
export const replaceSpan = (text: string, start: number, end: number, piece: string): string => text.slice(0, start) + piece + text.slice(end);

/** A position inside a string token's content (between the quotes), or a random position. */
export function positionInString(text: string, rng: Rng): number {
  const strings = tokensOfKind(text, K.String);
  if (strings.length === 0) return rng.int(text.length + 1);
  const token = rng.pick(strings);
  const inner = Math.max(0, token.end - token.start - 2);
  return token.start + 1 + rng.int(inner + 1);
}

/** A token boundary (before or after a token), or a random position. */
export function tokenBoundary(text: string, rng: Rng): number {
  const tokens = tokensOf(text);
  if (tokens.length === 0) return rng.int(text.length + 1);
  const token = rng.pick(tokens);
  return rng.chance(0.5) ? token.start : token.end;
}

/** Start/end of a value token (scalar) or a whole container, found by bracket matching. */
export function valueSpans(text: string): { start: number; end: number }[] {
  const tokens = tokensOf(text);
  const spans: { start: number; end: number }[] = [];
  const open: Token[] = [];
  for (const token of tokens) {
    if (token.kind === K.OpenBrace || token.kind === K.OpenBracket) open.push(token);
    else if (token.kind === K.CloseBrace || token.kind === K.CloseBracket) {
      const start = open.pop();
      if (start) spans.push({ start: start.start, end: token.end });
    } else if (token.kind === K.String || token.kind === K.Number || token.kind === K.True || token.kind === K.False || token.kind === K.Null) {
      spans.push(token);
    }
  }
  return spans;
}

/**
 * Properties (`"key": value` spans) with the depth of their object, by bracket matching. Depth 1
 * is the top level (server entries), depth 2 an entry's fields.
 */
export function properties(text: string): { start: number; end: number; depth: number; objectStart: number }[] {
  const tokens = tokensOf(text);
  const out: { start: number; end: number; depth: number; objectStart: number }[] = [];
  const stack: { token: Token; pendingKey?: Token }[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const top = stack[stack.length - 1];
    if (token.kind === K.String && top?.token.kind === K.OpenBrace && tokens[i + 1]?.kind === K.Colon && !top.pendingKey) {
      top.pendingKey = token;
      i++; // the colon
      const valueStart = tokens[i + 1];
      if (!valueStart) break;
      if (valueStart.kind === K.OpenBrace || valueStart.kind === K.OpenBracket) {
        continue; // the value container closes later
      }
      out.push({ start: token.start, end: valueStart.end, depth: stack.length, objectStart: top.token.start });
      top.pendingKey = undefined;
      i++;
      continue;
    }
    if (token.kind === K.OpenBrace || token.kind === K.OpenBracket) {
      stack.push({ token });
    } else if (token.kind === K.CloseBrace || token.kind === K.CloseBracket) {
      stack.pop();
      const parent = stack[stack.length - 1];
      if (parent?.pendingKey) {
        out.push({ start: parent.pendingKey.start, end: token.end, depth: stack.length, objectStart: parent.token.start });
        parent.pendingKey = undefined;
      }
    } else if (token.kind === K.Comma && top) {
      top.pendingKey = undefined;
    }
  }
  return out;
}

/** Object openings (`{` offsets) at a given depth (1 = the root object). */
export function objectOpenings(text: string): { offset: number; depth: number; empty: boolean }[] {
  const tokens = tokensOf(text);
  const out: { offset: number; depth: number; empty: boolean }[] = [];
  let depth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (token.kind === K.OpenBrace || token.kind === K.OpenBracket) {
      depth++;
      if (token.kind === K.OpenBrace) out.push({ offset: token.start, depth, empty: tokens[i + 1]?.kind === K.CloseBrace });
    } else if (token.kind === K.CloseBrace || token.kind === K.CloseBracket) {
      depth--;
    }
  }
  return out;
}
