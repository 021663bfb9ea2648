import { createScanner } from 'jsonc-parser';
import type { Finding, JsonPath } from './findings';
import { firstOccurrence } from './jsonNodes';
import { MAX_FINDING_PATH, SCAN_ERROR_MESSAGES, T, unquotedText, type Frame, type ObjectFrame } from './parseTokens';
import { strictDocument } from './strictTree';
import { quoted } from './text';

// Reading the tree lives in jsonNodes.ts; re-exported so callers keep one import.
export { effectiveProperties, findNodeAtPath, getProperty, isNonIntegerLiteral, nodeValue, pathOfNode, propertyKey, propertyValue } from './jsonNodes';

/**
 * Strict-JSON parsing (SPEC §2) on jsonc-parser's scanner.
 *
 * AIR reads every index with JSON.parse, so anything jsonc-parser tolerates but JSON.parse rejects
 * (comments, trailing commas, a BOM, an empty file) is an error here. The tree is built
 * iteratively with an explicit stack, so 20,000 levels of nesting cannot overflow the call stack,
 * and duplicate keys are found in the same pass (compared after unescaping; the last one wins, as
 * in JSON.parse). Text with nothing to report — strict JSON without a duplicate key — gets the
 * same tree from strictTree.ts, faster.
 */

export type JsonNodeType = 'object' | 'array' | 'property' | 'string' | 'number' | 'boolean' | 'null';

/** Shape-compatible with jsonc-parser's `Node`; `value` holds decoded strings and numbers. */
export interface JsonNode {
  type: JsonNodeType;
  offset: number;
  length: number;
  value?: unknown;
  parent?: JsonNode;
  children?: JsonNode[];
  colonOffset?: number;
  /** On a property node: a later property of the same object has the same key, so JSON.parse drops this one. */
  shadowed?: boolean;
}

export interface ParsedJson {
  text: string;
  /** The root value, possibly partial when there are syntax errors. */
  root: JsonNode | undefined;
  /** json-syntax, json-comment, json-trailing-comma, json-bom and duplicate-key findings. */
  findings: Finding[];
  /** True when JSON.parse would throw on this text. */
  strictErrors: boolean;
  /** Deepest nesting level seen. */
  maxDepth: number;
}

export function parseJson(text: string): ParsedJson {
  // Strict JSON without a duplicate key — almost every file — has no finding: the same tree, faster (strictTree.ts).
  const strict = strictDocument(text);
  return strict ? { text, root: strict.root, findings: [], strictErrors: false, maxDepth: strict.maxDepth } : scanJson(text);
}

/** `parseJson` on jsonc-parser's scanner alone: every finding, and a tree for any text (the reference strictTree.ts is tested against). */
export function scanJson(text: string): ParsedJson {
  const findings: Finding[] = [];
  let strictErrors = false;
  let lastSyntaxErrorEnd = -1;

  const syntaxError = (message: string, start: number, end: number): void => {
    strictErrors = true;
    // One error per spot: recovery can trip over the same token twice.
    if (start < lastSyntaxErrorEnd) return;
    lastSyntaxErrorEnd = Math.max(end, start + 1);
    // Token-level findings locate themselves by offsets; their path is the document. The
    // consequence follows what is wrong (SPEC §5), the same for every syntax error.
    findings.push({ code: 'json-syntax', message: `${message.replace(/\.$/, '')}; AIR cannot parse the file.`, start, end, data: { path: [] } });
  };

  let source = text;
  if (text.charCodeAt(0) === 0xfeff) {
    strictErrors = true;
    findings.push({
      code: 'json-bom',
      message: 'The file starts with a byte-order mark, so AIR cannot parse it (JSON.parse fails on it).',
      start: 0,
      end: 1,
      data: { path: [] },
    });
    // A space keeps every offset where it was.
    source = ' ' + text.slice(1);
  }

  const scanner = createScanner(source, false);
  const stack: Frame[] = [];
  let root: JsonNode | undefined;
  let rootDone = false;
  let maxDepth = 0;
  let sawToken = false;

  /** Next significant token; comments are reported, whitespace skipped. */
  const next = (): number => {
    for (;;) {
      const kind = scanner.scan();
      if (kind === T.LineBreak || kind === T.Trivia) continue;
      const start = scanner.getTokenOffset();
      // Clamped: jsonc-parser's scanner steps one past the end of the text on an unterminated
      // block comment (`{}/*`), and a finding must never end outside the document (fuzzer).
      const end = Math.min(start + scanner.getTokenLength(), source.length);
      if (kind === T.LineComment || kind === T.BlockComment) {
        strictErrors = true;
        findings.push({
          code: 'json-comment',
          message: 'A comment, so AIR cannot parse the file: JSON.parse allows no comments.',
          start,
          end,
          data: { path: [], kind: kind === T.LineComment ? 'line' : 'block' },
        });
        if (scanner.getTokenError() === 1) syntaxError(SCAN_ERROR_MESSAGES[1], start, end);
        continue;
      }
      if (kind !== T.EOF) sawToken = true;
      const error = scanner.getTokenError();
      if (error !== 0 && kind !== T.Unknown) {
        syntaxError(SCAN_ERROR_MESSAGES[error] ?? 'Invalid token.', start, end);
      }
      return kind;
    }
  };

  /** The JSON path of the container at `index` in the stack, memoised and capped (MAX_FINDING_PATH). */
  const framePath = (index: number): JsonPath => {
    // Iterative (no recursion over 20,000 levels): from the nearest memoised ancestor downwards.
    let from = index;
    while (from >= 0 && !stack[from].path) from--;
    for (let i = from + 1; i <= index; i++) {
      const parentPath = i > 0 ? stack[i - 1].path! : [];
      const segment = stack[i].segment;
      stack[i].path = segment === undefined || parentPath.length >= MAX_FINDING_PATH ? parentPath : [...parentPath, segment];
    }
    return stack[index].path!;
  };

  const tokenStart = (): number => scanner.getTokenOffset();
  const tokenEnd = (): number => scanner.getTokenOffset() + scanner.getTokenLength();

  const attach = (node: JsonNode): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      root = node;
      return;
    }
    if (top.kind === 'array') {
      node.parent = top.node;
      top.node.children!.push(node);
      top.state = 'commaOrEnd';
    } else if (top.property) {
      node.parent = top.property;
      top.property.children!.push(node);
      top.property.length = node.offset + node.length - top.property.offset;
      top.state = 'commaOrEnd';
    }
  };

  /** A completed scalar or container closes its parent's slot. */
  const finishValue = (node: JsonNode): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      rootDone = true;
      return;
    }
    if (top.kind === 'object' && top.property) {
      top.property.length = node.offset + node.length - top.property.offset;
    }
  };

  const literal = (kind: number): JsonNode | undefined => {
    const start = tokenStart();
    const length = scanner.getTokenLength();
    switch (kind) {
      case T.String:
        return { type: 'string', offset: start, length, value: scanner.getTokenValue() };
      case T.Number: {
        const raw = scanner.getTokenValue();
        const value = Number(raw);
        if (Number.isNaN(value)) syntaxError(`Invalid number ${quoted(raw)}.`, start, start + length);
        return { type: 'number', offset: start, length, value };
      }
      case T.True:
        return { type: 'boolean', offset: start, length, value: true };
      case T.False:
        return { type: 'boolean', offset: start, length, value: false };
      case T.Null:
        return { type: 'null', offset: start, length, value: null };
      default:
        return undefined;
    }
  };

  const closeContainer = (frame: Frame, endOffset: number): void => {
    stack.pop();
    frame.node.length = endOffset - frame.node.offset;
    if (frame.kind === 'object' && frame.property && frame.property.children!.length < 2) {
      // A property without a value (`"a": }`): keep the key so features can still see it.
      frame.property.length = frame.property.children![0].length;
    }
    attachClosed(frame.node);
  };

  const attachClosed = (node: JsonNode): void => {
    const top = stack[stack.length - 1];
    if (!top) {
      rootDone = true;
      return;
    }
    finishValue(node);
    top.state = 'commaOrEnd';
    if (top.kind === 'object') top.property = undefined;
  };

  const reportTrailingComma = (frame: Frame): void => {
    if (frame.trailingCommaOffset < 0) return;
    const path = framePath(stack.length - 1); // the frame being closed is the top one
    strictErrors = true;
    findings.push({
      code: 'json-trailing-comma',
      message: 'A trailing comma before the closing bracket, so AIR cannot parse the file (JSON.parse fails).',
      start: frame.trailingCommaOffset,
      end: frame.trailingCommaOffset + 1,
      data: { path, offset: frame.trailingCommaOffset },
    });
  };

  const openContainer = (kind: number): void => {
    const depth = stack.length + 1;
    if (depth > maxDepth) maxDepth = depth;
    const node: JsonNode = { type: kind === T.OpenBrace ? 'object' : 'array', offset: tokenStart(), length: 1, children: [] };
    const parent = stack[stack.length - 1];
    attach(node);
    const segment = !parent
      ? undefined
      : parent.kind === 'array'
        ? parent.node.children!.length - 1
        : parent.property
          ? (parent.property.children![0].value as string)
          : undefined;
    if (kind === T.OpenBrace) {
      stack.push({ kind: 'object', node, state: 'keyOrEnd', keys: new Map(), trailingCommaOffset: -1, depth, segment });
    } else {
      stack.push({ kind: 'array', node, state: 'valueOrEnd', trailingCommaOffset: -1, depth, segment });
    }
  };

  /** Handles a token in a value position; returns false when the token cannot start a value. */
  const acceptValue = (kind: number): boolean => {
    if (kind === T.OpenBrace || kind === T.OpenBracket) {
      openContainer(kind);
      return true;
    }
    const node = literal(kind);
    if (!node) return false;
    attach(node);
    finishValue(node);
    return true;
  };

  const beginProperty = (frame: ObjectFrame, rawKey?: string): void => {
    const keyNode: JsonNode = { type: 'string', offset: tokenStart(), length: scanner.getTokenLength(), value: rawKey ?? scanner.getTokenValue() };
    const property: JsonNode = { type: 'property', offset: keyNode.offset, length: keyNode.length, children: [keyNode], parent: frame.node };
    keyNode.parent = property;
    frame.node.children!.push(property);
    frame.property = property;
    frame.state = 'colon';
    const key = keyNode.value as string;
    const earlier = frame.keys.get(key);
    if (earlier) {
      earlier.shadowed = true;
      const first = firstOccurrence(frame.node, key) ?? earlier;
      const firstKey = first.children![0];
      findings.push({
        code: 'duplicate-key',
        severity: frame.depth === 1 ? 'error' : 'warning',
        message: `Duplicate key ${quoted(key)}: JSON.parse keeps only the last one and silently drops the earlier one.`,
        start: keyNode.offset,
        end: keyNode.offset + keyNode.length,
        data: { path: [...framePath(stack.length - 1), key].slice(0, MAX_FINDING_PATH), key, earlierOffset: earlier.offset, depth: frame.depth },
        related: [{ start: firstKey.offset, end: firstKey.offset + firstKey.length, message: `First definition of ${quoted(key)}` }],
      });
    }
    frame.keys.set(key, property);
  };

  let kind = next();
  for (;;) {
    const frame = stack[stack.length - 1];
    if (!frame) {
      if (kind === T.EOF) break;
      if (rootDone) {
        syntaxError('Unexpected content after the end of the JSON value.', tokenStart(), source.length);
        break;
      }
      if (!acceptValue(kind)) {
        syntaxError(
          kind === T.Unknown ? `Unexpected ${unquotedText(scanner.getTokenValue())}: expected a JSON value.` : 'Expected a JSON value.',
          tokenStart(),
          tokenEnd(),
        );
        if (kind === T.CloseBrace || kind === T.CloseBracket || kind === T.Comma || kind === T.Colon || kind === T.Unknown) {
          kind = next();
          continue;
        }
      }
      kind = next();
      continue;
    }

    if (kind === T.EOF) {
      // Unclosed containers: report once at the end, then close them all.
      syntaxError(frame.kind === 'object' ? 'Unexpected end of file: expected "}".' : 'Unexpected end of file: expected "]".', source.length, source.length);
      while (stack.length) closeContainer(stack[stack.length - 1], source.length);
      break;
    }

    if (frame.kind === 'object') {
      switch (frame.state) {
        case 'keyOrEnd':
        case 'key':
          if (kind === T.String) {
            frame.trailingCommaOffset = -1;
            beginProperty(frame);
          } else if (kind === T.CloseBrace) {
            if (frame.state === 'key') reportTrailingComma(frame);
            closeContainer(frame, tokenEnd());
          } else if (kind === T.CloseBracket) {
            syntaxError('Expected "}" to close the object.', tokenStart(), tokenEnd());
            closeContainer(frame, tokenStart());
            continue; // let the parent see the `]`
          } else {
            syntaxError(
              kind === T.Unknown
                ? `Expected a property name in double quotes, found ${unquotedText(scanner.getTokenValue())}.`
                : 'Expected a property name in double quotes.',
              tokenStart(),
              tokenEnd(),
            );
            if (kind === T.OpenBrace || kind === T.OpenBracket) {
              // A stray container where a key belongs: parse it detached so recovery stays in step.
              frame.property = undefined;
              openContainer(kind);
            } else if (kind !== T.Comma && kind !== T.Colon) {
              // `{foo: 1}` or `{'a': 1}`: take the token as the key so the rest parses normally.
              frame.trailingCommaOffset = -1;
              beginProperty(frame, scanner.getTokenValue());
            }
          }
          break;
        case 'colon':
          if (kind === T.Colon) {
            frame.property!.colonOffset = tokenStart();
            frame.state = 'value';
          } else {
            syntaxError('Expected ":" after the property name.', tokenStart(), tokenEnd());
            frame.state = 'value';
            continue; // treat the token as the value
          }
          break;
        case 'value':
          if (!acceptValue(kind)) {
            syntaxError(
              kind === T.Unknown ? `Unexpected ${unquotedText(scanner.getTokenValue())}: expected a value.` : 'Expected a value.',
              tokenStart(),
              tokenEnd(),
            );
            frame.state = 'commaOrEnd';
            frame.property = undefined;
            if (kind === T.Comma || kind === T.CloseBrace || kind === T.CloseBracket) continue;
          }
          break;
        case 'commaOrEnd':
          if (kind === T.Comma) {
            frame.trailingCommaOffset = tokenStart();
            frame.state = 'key';
            frame.property = undefined;
          } else if (kind === T.CloseBrace) {
            closeContainer(frame, tokenEnd());
          } else if (kind === T.String) {
            syntaxError('Expected "," between properties.', tokenStart(), tokenEnd());
            beginProperty(frame);
          } else if (kind === T.CloseBracket) {
            syntaxError('Expected "}" to close the object.', tokenStart(), tokenEnd());
            closeContainer(frame, tokenStart());
            continue;
          } else {
            syntaxError('Expected "," or "}".', tokenStart(), tokenEnd());
          }
          break;
      }
    } else {
      switch (frame.state) {
        case 'valueOrEnd':
        case 'value':
          if (kind === T.CloseBracket) {
            if (frame.state === 'value') reportTrailingComma(frame);
            closeContainer(frame, tokenEnd());
          } else if (kind === T.CloseBrace) {
            syntaxError('Expected "]" to close the array.', tokenStart(), tokenEnd());
            closeContainer(frame, tokenStart());
            continue;
          } else {
            frame.trailingCommaOffset = -1;
            if (!acceptValue(kind)) {
              syntaxError(
                kind === T.Unknown ? `Unexpected ${unquotedText(scanner.getTokenValue())}: expected a value.` : 'Expected a value.',
                tokenStart(),
                tokenEnd(),
              );
              if (kind === T.Unknown) frame.state = 'commaOrEnd';
            }
          }
          break;
        case 'commaOrEnd':
          if (kind === T.Comma) {
            frame.trailingCommaOffset = tokenStart();
            frame.state = 'value';
          } else if (kind === T.CloseBracket) {
            closeContainer(frame, tokenEnd());
          } else if (kind === T.CloseBrace) {
            syntaxError('Expected "]" to close the array.', tokenStart(), tokenEnd());
            closeContainer(frame, tokenStart());
            continue;
          } else {
            syntaxError('Expected "," between array items.', tokenStart(), tokenEnd());
            frame.state = 'value';
            continue;
          }
          break;
      }
    }
    kind = next();
  }

  if (!sawToken) {
    strictErrors = true;
    findings.push({
      code: 'json-syntax',
      message: 'The file is empty, so AIR cannot parse it. Write {} for an empty catalog.',
      start: 0,
      end: 0,
      data: { path: [] },
    });
  }

  return { text, root, findings, strictErrors, maxDepth };
}
