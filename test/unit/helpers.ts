import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../server/src/cli/main';
import type { IndexKind } from '../../server/src/service/classify';
import type { Code, Severity } from '../../server/src/service/codes';
import { checkDocument, type CheckOptions } from '../../server/src/service/engine';
import { summariseArtifactIndex, type ArtifactIndexFile, type ArtifactsFacts, type OtherIndexType } from '../../server/src/service/artifacts';
import type { AirArtifactType, CatalogsFacts, CatalogServer, RootsFacts, WorkspaceFacts } from '../../server/src/service/facts';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { LineIndex } from '../../server/src/service/text';
import { VariableIndex } from '../../server/src/service/variables';

/** Shared helpers for the unit tier: build facts, run the engine, read ranges, run the CLI in-process. */

/** The repository root (tests run from out/test/unit). */
export const REPO_ROOT = path.resolve(__dirname, '../../..');
export const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures');

export function fixture(...parts: string[]): string {
  return path.join(FIXTURES, ...parts);
}

/** A variable index whose only source is names declared known. */
export function knownVariables(names: readonly string[] = []): VariableIndex {
  return names.length ? new VariableIndex([{ kind: 'known', label: 'names declared in --known', exists: true, names: new Set(names) }]) : VariableIndex.empty();
}

export function facts(overrides: Partial<WorkspaceFacts> & { known?: string[] } = {}): WorkspaceFacts {
  const { known, ...rest } = overrides;
  return { variables: knownVariables(known), ...rest };
}

/** Roots facts as discovery would build them from a roots index at `file` with these root names. */
export function rootsFacts(names: readonly string[], file = '/ws/roots.json', remoteSources: string[] = []): RootsFacts {
  return {
    via: 'sibling',
    files: [{ path: file, roots: new Map(names.map((name, i) => [name, { start: 10 * i + 4, end: 10 * i + 8 }])), anchor: { start: 0, end: 1 } }],
    remoteSources,
  };
}

/** A skills, hooks, plugins or references index file of `entries` (artifacts.ts), in `scope` when given. */
export function artifactIndex(type: OtherIndexType, file: string, entries: Record<string, unknown>, scope?: string): ArtifactIndexFile {
  const summary = summariseArtifactIndex(type, file, `${JSON.stringify(entries, null, 2)}\n`);
  return scope ? { ...summary, scope } : summary;
}

export function artifactsFacts(files: ArtifactIndexFile[], incomplete: AirArtifactType[] = [], remoteScopes: string[] = []): ArtifactsFacts {
  return { files, incomplete: new Set(incomplete), remoteScopes };
}

export function catalogsFacts(servers: Record<string, Partial<CatalogServer>>, file = '/ws/mcp.json', remoteSources: string[] = []): CatalogsFacts {
  return {
    via: 'sibling',
    files: [
      {
        path: file,
        servers: new Map(Object.entries(servers).map(([name, s]) => [name, { span: { start: 0, end: 1 }, defaultInRoots: [], ...s }])),
      },
    ],
    remoteSources,
  };
}

export function check(text: string, kind: IndexKind = 'catalog', withFacts: WorkspaceFacts = facts(), options: CheckOptions = {}): ResolvedFinding[] {
  const errors: string[] = [];
  const { findings } = checkDocument(text, kind, withFacts, { onRuleError: (rule, error) => errors.push(`${rule}: ${String(error)}`), ...options });
  // A rule that throws is a bug even when the other rules still run.
  assert.deepEqual(errors, [], 'no rule may throw');
  return findings;
}

export function withCode(findings: readonly ResolvedFinding[], code: Code): ResolvedFinding[] {
  return findings.filter((f) => f.code === code);
}

/** The document text a finding underlines. */
export function spanText(text: string, finding: { start: number; end: number }): string {
  return text.slice(finding.start, finding.end);
}

/** 0-based line of an offset. */
export function lineOf(text: string, offset: number): number {
  return new LineIndex(text).positionAt(offset).line;
}

/** 0-based line of the first line containing `needle`. */
export function lineContaining(text: string, needle: string): number {
  const index = text.indexOf(needle);
  assert.ok(index >= 0, `fixture text contains ${needle}`);
  return lineOf(text, index);
}

export interface Expectation {
  /** The exact text the finding underlines. */
  range: string;
  /** 0-based line where the range starts; defaults to the line of the first occurrence of `range`. */
  line?: number;
  severity?: Severity;
}

/**
 * Asserts exactly one finding with `code` and returns it, checking its underlined text, line and
 * severity. Every finding must carry `data.path` (SPEC §5: quick fixes read data, never messages).
 */
export function expectOne(text: string, findings: readonly ResolvedFinding[], code: Code, expected: Expectation): ResolvedFinding {
  const matching = withCode(findings, code);
  assert.equal(matching.length, 1, `one ${code}, got: ${describe(text, findings)}`);
  const finding = matching[0];
  assert.equal(spanText(text, finding), expected.range, `${code} range`);
  assert.equal(lineOf(text, finding.start), expected.line ?? lineContaining(text, expected.range), `${code} line`);
  if (expected.severity) assert.equal(finding.severity, expected.severity, `${code} severity`);
  assert.ok(Array.isArray(finding.data?.path), `${code} carries data.path`);
  return finding;
}

export function expectNone(text: string, findings: readonly ResolvedFinding[], code: Code): void {
  assert.deepEqual(withCode(findings, code), [], `no ${code} expected; got: ${describe(text, findings)}`);
}

/** A readable list of findings for assertion messages. */
export function describe(text: string, findings: readonly ResolvedFinding[]): string {
  if (findings.length === 0) return '(no findings)';
  return findings.map((f) => `${f.severity} ${f.code} ${JSON.stringify(spanText(text, f))}`).join('; ');
}

/** A pretty-printed catalog with one server `s` of this entry (one field per line). */
export function catalog(entries: Record<string, unknown>): string {
  return `${JSON.stringify(entries, null, 2)}\n`;
}

/** One stdio server `s` with `extra` fields. */
export function stdio(extra: Record<string, unknown> = {}): string {
  return catalog({ s: { type: 'stdio', command: 'npx', ...extra } });
}

/** One streamable-http server `s` with `extra` fields. */
export function remote(extra: Record<string, unknown> = {}, type = 'streamable-http'): string {
  return catalog({ s: { type, url: 'https://mcp.example.com/mcp', ...extra } });
}

// ---- temp folders ----------------------------------------------------------------------------

const made: string[] = [];

/** A fresh temp folder with these files (relative path → content); removed after the run. */
export function tempTree(files: Record<string, string> = {}): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-unit-')));
  made.push(dir);
  writeTree(dir, files);
  return dir;
}

export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [relative, content] of Object.entries(files)) {
    const target = path.join(dir, relative);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, content);
  }
}

/**
 * Removes the temp folders made so far: after each test file (rootHooks.ts, which mocha runs per
 * file in a parallel worker as well), and at the latest when the process exits.
 */
export function removeTempTrees(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}
process.on('exit', removeTempTrees);

// ---- the command line, in-process -------------------------------------------------------------

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runCli(argv: readonly string[], options: { cwd: string; env?: NodeJS.ProcessEnv }): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    cwd: options.cwd,
    env: options.env ?? {},
    version: '0.0.0-test',
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

/** Reads a corpus file copied into test/fixtures. */
export function readFixture(...parts: string[]): string {
  return fs.readFileSync(fixture(...parts), 'utf8');
}
