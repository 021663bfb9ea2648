import { isCode } from '../../server/src/service/codes';
import type { ResolvedFinding } from '../../server/src/service/findings';
import type { JsonNode, ParsedJson } from '../../server/src/service/parse';

/**
 * What counts as a failure: an exception, a hang or a slow check, an invalid
 * range, a code outside SPEC §5, a finding without `data.path`, or strict-JSON verdicts that
 * disagree with JSON.parse. Each driver reports failures in this one shape so the runner can
 * minimise and save them the same way.
 */

export type Driver = 'engine' | 'cli' | 'process' | 'lsp';
export type FailureKind =
  'exception' | 'hang' | 'slow' | 'range' | 'code' | 'path' | 'strictness' | 'rule-error' | 'exit' | 'output' | 'crash' | 'request' | 'log-error';

export interface Failure {
  driver: Driver;
  kind: FailureKind;
  /** Narrows the signature (a code, a format) so shrinking keeps the same bug. */
  key?: string;
  detail: string;
}

/** Failures with equal signatures are taken to be the same bug while shrinking. */
export function signature(failure: Pick<Failure, 'driver' | 'kind' | 'key'>): string {
  return `${failure.driver}:${failure.kind}${failure.key ? `:${failure.key}` : ''}`;
}

/** An input under this size must be checked within SLOW_MS (SPEC §8: 2 s on an input under 100 KB). */
export const SLOW_LIMIT_SIZE = 100 * 1024;
export const SLOW_MS = 2000;

/** The codes whose presence must match JSON.parse throwing (SPEC §2). */
export const STRICT_CODES = new Set(['json-syntax', 'json-comment', 'json-trailing-comma', 'json-bom']);

/** Whether JSON.parse rejects the text: true, false, or undefined when it failed for another reason (stack). */
export function jsonParseRejects(text: string): boolean | undefined {
  try {
    JSON.parse(text);
    return false;
  } catch (error) {
    return error instanceof SyntaxError ? true : undefined;
  }
}

const isOffset = (value: unknown, max: number): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= max;

function describeFinding(finding: { code: string; start: number; end: number; message: string }): string {
  return `${finding.code} [${finding.start}, ${finding.end}) "${finding.message.slice(0, 120)}"`;
}

/** A path is `(string | non-negative integer)[]`. */
function isPath(value: unknown): value is (string | number)[] {
  return Array.isArray(value) && value.every((segment) => typeof segment === 'string' || (Number.isInteger(segment) && segment >= 0));
}

/**
 * Checks on the engine's own findings (offsets into `text`). `otherTexts` holds the files that
 * related locations may point into. `jsonRejects` may be passed in when already computed.
 */
export function checkEngineFindings(
  text: string,
  parsed: ParsedJson | undefined,
  findings: readonly ResolvedFinding[],
  otherTexts: ReadonlyMap<string, string>,
  jsonRejects: boolean | undefined = jsonParseRejects(text),
): Failure[] {
  const failures: Failure[] = [];
  const fail = (kind: FailureKind, detail: string, key?: string): void => {
    failures.push({ driver: 'engine', kind, key, detail });
  };
  const resolver = new PathResolver();
  for (const finding of findings) {
    if (!isCode(finding.code)) fail('code', `unknown code ${JSON.stringify(finding.code)}: ${describeFinding(finding)}`, String(finding.code));
    if (!['error', 'warning', 'information', 'hint'].includes(finding.severity))
      fail('code', `bad severity ${JSON.stringify(finding.severity)} on ${finding.code}`, 'severity');
    if (typeof finding.message !== 'string' || finding.message.length === 0) fail('code', `empty message on ${finding.code}`, 'message');
    if (!isOffset(finding.start, text.length) || !isOffset(finding.end, text.length) || finding.end < finding.start) {
      fail('range', `offsets outside the document (length ${text.length}) or reversed: ${describeFinding(finding)}`, finding.code);
    }
    for (const related of finding.related ?? []) {
      const target = related.path === undefined ? text : otherTexts.get(related.path);
      const max = target?.length ?? Number.MAX_SAFE_INTEGER;
      if (!isOffset(related.start, max) || !isOffset(related.end, max) || related.end < related.start) {
        fail(
          'range',
          `related location [${related.start}, ${related.end}) outside ${related.path ?? 'the document'} (length ${max}) on ${describeFinding(finding)}`,
          `${finding.code}-related`,
        );
      }
    }
    const path = finding.data?.path;
    if (!isPath(path)) {
      fail('path', `no data.path (a JSON path) on ${describeFinding(finding)}: data = ${JSON.stringify(finding.data)?.slice(0, 200)}`, finding.code);
    } else if (!STRICT_CODES.has(finding.code) && finding.code !== 'duplicate-key' && parsed && path.length > 0) {
      // Rule findings point at effective nodes; a missing field's path ends one below an existing node.
      if (!resolver.find(parsed.root, path) && !resolver.find(parsed.root, path.slice(0, -1))) {
        fail('path', `data.path ${JSON.stringify(path).slice(0, 200)} locates no node (nor its parent) for ${describeFinding(finding)}`, finding.code);
      }
    }
  }
  if (jsonRejects !== undefined && !findings.some((f) => f.data?.tooLarge)) {
    // The engine's own notices (too many findings to send) are not verdicts on the JSON.
    const ours = findings.filter((f) => STRICT_CODES.has(f.code) && !f.data?.truncated);
    if (jsonRejects && ours.length === 0) {
      fail('strictness', 'JSON.parse rejects the text but no json-syntax/json-comment/json-trailing-comma/json-bom finding was reported', 'missed');
    } else if (!jsonRejects && ours.length > 0) {
      fail('strictness', `JSON.parse accepts the text but the engine reported ${ours.map(describeFinding).join('; ')}`, 'spurious');
    }
    if (parsed && parsed.strictErrors !== jsonRejects) {
      fail('strictness', `parsed.strictErrors is ${parsed.strictErrors} but JSON.parse ${jsonRejects ? 'rejects' : 'accepts'} the text`, 'strictErrors');
    }
  }
  return failures;
}

/**
 * `findNodeAtPath` with each object's keys indexed once: looking up 50,000 entry names one by one
 * in a 50,000-key object made the oracle itself quadratic. Same semantics: the last duplicate wins.
 */
class PathResolver {
  private readonly indexes = new Map<JsonNode, Map<string, JsonNode | undefined>>();

  find(root: JsonNode | undefined, path: readonly (string | number)[]): JsonNode | undefined {
    let node = root;
    for (const segment of path) {
      if (!node) return undefined;
      if (typeof segment === 'string') {
        if (node.type !== 'object') return undefined;
        let index = this.indexes.get(node);
        if (!index) {
          index = new Map();
          for (const property of node.children ?? []) {
            const key = property.children?.[0]?.value;
            if (typeof key === 'string') index.set(key, property.children?.[1]);
          }
          this.indexes.set(node, index);
        }
        node = index.get(segment);
      } else {
        if (node.type !== 'array') return undefined;
        node = node.children?.[segment];
      }
    }
    return node;
  }
}

/** Line table with LSP's line breaks (`\r\n`, `\r`, `\n`), for checking 0-based positions. */
export class LineTable {
  private readonly starts: number[] = [0];
  /** Length of each line without its line break. */
  private readonly contentLengths: number[] = [];

  constructor(text: string) {
    let lineStart = 0;
    for (let i = 0; i < text.length; i++) {
      const ch = text.charCodeAt(i);
      if (ch === 13 || ch === 10) {
        this.contentLengths.push(i - lineStart);
        if (ch === 13 && text.charCodeAt(i + 1) === 10) i++;
        lineStart = i + 1;
        this.starts.push(lineStart);
      }
    }
    this.contentLengths.push(text.length - lineStart);
  }

  get lineCount(): number {
    return this.starts.length;
  }

  /** The position of an offset (an offset inside a `\r\n` maps to the end of its line). */
  positionAt(offset: number): { line: number; character: number } {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.starts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return { line: low, character: Math.min(Math.max(0, offset - this.starts[low]), this.contentLengths[low]) };
  }

  /** Why a position is invalid, or undefined when it is fine. */
  positionProblem(position: unknown): string | undefined {
    const p = position as { line?: unknown; character?: unknown } | undefined;
    if (!p || !Number.isInteger(p.line) || !Number.isInteger(p.character)) return `not integer line/character: ${JSON.stringify(position)}`;
    const line = p.line as number;
    const character = p.character as number;
    if (line < 0 || character < 0) return `negative: ${line}:${character}`;
    if (line >= this.lineCount) return `line ${line} past the last line ${this.lineCount - 1}`;
    if (character > this.contentLengths[line]) return `character ${character} past the end of line ${line} (length ${this.contentLengths[line]})`;
    return undefined;
  }

  rangeProblem(range: unknown): string | undefined {
    const r = range as { start?: unknown; end?: unknown } | undefined;
    if (!r) return 'no range';
    const problem = this.positionProblem(r.start) ?? this.positionProblem(r.end);
    if (problem) return problem;
    const start = r.start as { line: number; character: number };
    const end = r.end as { line: number; character: number };
    if (end.line < start.line || (end.line === start.line && end.character < start.character))
      return `end ${end.line}:${end.character} before start ${start.line}:${start.character}`;
    return undefined;
  }
}

/** Checks on findings as the outside world sees them (CLI JSON, LSP diagnostics): 0-based ranges. */
export function checkReported(
  driver: Driver,
  text: string,
  diagnostics: readonly { code?: unknown; severity?: unknown; message?: unknown; range?: unknown; data?: unknown; source?: unknown }[],
  options: { severities: readonly unknown[]; source?: string; lines?: LineTable },
): Failure[] {
  const failures: Failure[] = [];
  const lines = options.lines ?? new LineTable(text);
  for (const d of diagnostics) {
    const code = String(d.code);
    if (typeof d.code !== 'string' || !isCode(d.code)) failures.push({ driver, kind: 'code', key: code, detail: `unknown code ${JSON.stringify(d.code)}` });
    if (!options.severities.includes(d.severity))
      failures.push({ driver, kind: 'code', key: 'severity', detail: `bad severity ${JSON.stringify(d.severity)} on ${code}` });
    if (typeof d.message !== 'string' || d.message.length === 0) failures.push({ driver, kind: 'code', key: 'message', detail: `empty message on ${code}` });
    if (options.source !== undefined && d.source !== options.source)
      failures.push({ driver, kind: 'code', key: 'source', detail: `source ${JSON.stringify(d.source)} on ${code}` });
    const problem = lines.rangeProblem(d.range);
    if (problem)
      failures.push({
        driver,
        kind: 'range',
        key: code,
        detail: `${code}: ${problem} (range ${JSON.stringify(d.range)}, ${lines.lineCount} lines) "${String(d.message).slice(0, 120)}"`,
      });
    const data = d.data as { path?: unknown } | undefined;
    if (!isPath(data?.path))
      failures.push({ driver, kind: 'path', key: code, detail: `no data.path on ${code}: data = ${JSON.stringify(d.data)?.slice(0, 200)}` });
  }
  return failures;
}

/** An error as one line plus the top of its stack, for sidecars and logs. */
export function describeError(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}\n${(error.stack ?? '').split('\n').slice(1, 9).join('\n')}`;
  return String(error);
}
