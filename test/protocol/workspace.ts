/**
 * Temporary workspaces for protocol tests: fixture folders copied into a fresh temp folder (the
 * server reads sibling roots indexes, air.json and env files from disk), helpers to write files
 * and to find the LSP range of a piece of text, and assertions shared by the suites.
 */
import * as assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import type { Diagnostic, Range } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, REPO_ROOT } from './lspClient';

export const PROTOCOL_FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'protocol');

const created = new Set<TempWorkspace>();

/** Remove every temp workspace created so far (call from `afterEach`). */
export function removeAllWorkspaces(): void {
  for (const workspace of created) workspace.remove();
}

export class TempWorkspace {
  readonly dir: string;

  private constructor() {
    this.dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-catalog-protocol-')));
    created.add(this);
  }

  /** An empty folder, or a copy of `test/fixtures/protocol/<fixture>`. */
  static create(fixture?: string): TempWorkspace {
    const workspace = new TempWorkspace();
    if (fixture) cpSync(path.join(PROTOCOL_FIXTURES, fixture), workspace.dir, { recursive: true });
    return workspace;
  }

  path(relative: string): string {
    return path.join(this.dir, relative);
  }

  uri(relative: string): string {
    return fileUri(this.path(relative));
  }

  read(relative: string): string {
    return readFileSync(this.path(relative), 'utf8');
  }

  write(relative: string, content: string | Buffer): string {
    const target = this.path(relative);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    return target;
  }

  remove(): void {
    rmSync(this.dir, { recursive: true, force: true });
    created.delete(this);
  }
}

/**
 * The LSP range of `target` inside the (unique) occurrence of `context` in `text`; `target`
 * defaults to the whole context. UTF-16 positions, as LSP counts them.
 */
/**
 * The mission fixture's catalog grown for typing tests: its own entries, then `count` clean npx
 * copies (every third sharing one package), each with `extra(i)`'s fields too.
 */
export function missionWithCopies(ws: TempWorkspace, count: number, extra: (i: number) => Record<string, unknown> = () => ({})): Record<string, unknown> {
  const catalog = JSON.parse(ws.read('mcp.json')) as Record<string, unknown>;
  for (let i = 0; i < count; i++) {
    catalog[`copy-${i}`] = {
      type: 'stdio',
      command: 'npx',
      args: ['-y', i % 3 === 0 ? '@acme/shared@1.0.0' : `@acme/tool-${i}@1.0.0`],
      env: { TOKEN: '${TOKEN:-none}' },
      title: `Copy ${i}`,
      ...extra(i),
    };
  }
  return catalog;
}

export function rangeIn(text: string, context: string, target = context): Range {
  const at = text.indexOf(context);
  assert.ok(at >= 0, `${JSON.stringify(context)} is not in the text`);
  assert.equal(text.indexOf(context, at + 1), -1, `${JSON.stringify(context)} occurs more than once`);
  const inner = context.indexOf(target);
  assert.ok(inner >= 0, `${JSON.stringify(target)} is not inside ${JSON.stringify(context)}`);
  const document = TextDocument.create('file:///x', 'json', 1, text);
  return { start: document.positionAt(at + inner), end: document.positionAt(at + inner + target.length) };
}

/** The 0-based line of the unique occurrence of `context`. */
export function lineOf(text: string, context: string): number {
  return rangeIn(text, context).start.line;
}

/** Diagnostics with a given code. */
export function withCode(diagnostics: readonly Diagnostic[], code: string): Diagnostic[] {
  return diagnostics.filter((diagnostic) => diagnostic.code === code);
}

export const codesOf = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => String(d.code)).sort();

/** The one diagnostic with this code (fails when there are none or several). */
export function single(diagnostics: readonly Diagnostic[], code: string, where?: (d: Diagnostic) => boolean): Diagnostic {
  const found = withCode(diagnostics, code).filter(where ?? (() => true));
  assert.equal(found.length, 1, `expected one ${code}, got ${found.length}: ${JSON.stringify(diagnostics.map((d) => [d.code, d.range.start]))}`);
  return found[0];
}

/** Every range lies inside the document and ends after it starts ("valid LSP range"). */
export function assertRangesValid(diagnostics: readonly Diagnostic[], text: string): void {
  const document = TextDocument.create('file:///x', 'json', 1, text);
  const last = document.positionAt(text.length);
  const before = (a: Range['start'], b: Range['start']) => a.line < b.line || (a.line === b.line && a.character <= b.character);
  for (const diagnostic of diagnostics) {
    const { start, end } = diagnostic.range;
    assert.ok(before(start, end), `${diagnostic.code}: range ends before it starts: ${JSON.stringify(diagnostic.range)}`);
    assert.ok(before(end, last), `${diagnostic.code}: range ends after the document: ${JSON.stringify(diagnostic.range)} (end ${JSON.stringify(last)})`);
    const lineEnd = document.offsetAt({ line: end.line + 1, character: 0 }) - document.offsetAt({ line: end.line, character: 0 });
    assert.ok(
      end.character <= Math.max(lineEnd, 0) || end.line === last.line,
      `${diagnostic.code}: character beyond its line: ${JSON.stringify(diagnostic.range)}`,
    );
  }
}

/** `workspace/configuration` answers: immediate validation, no process environment, plus overrides. */
export function catalogSettings(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { mcpCatalog: { validation: { delay: 0 }, readProcessEnv: false, ...overrides } };
}
