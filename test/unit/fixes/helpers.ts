import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexKind } from '../../../server/src/service/classify';
import { checkDocument } from '../../../server/src/service/engine';
import type { CatalogsFacts, RootsFacts, WorkspaceFacts } from '../../../server/src/service/facts';
import type { ResolvedFinding } from '../../../server/src/service/findings';
import { applyEdits, fixesFor, type FixContext, type FixProposal, type TextEdit } from '../../../server/src/service/fixes';
import { parseJson } from '../../../server/src/service/parse';
import { summariseCatalog, summariseRootsIndex } from '../../../server/src/service/summary';
import { VariableIndex, type VariableSource } from '../../../server/src/service/variables';

/** Shared by the quick-fix and fix-all unit tests. */

export const REPO_ROOT = ((): string => {
  let dir = __dirname;
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'test', 'fixtures'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the repository root was not found above the test');
    dir = parent;
  }
  return dir;
})();

export function fixture(name: string): string {
  return path.join(REPO_ROOT, 'test', 'fixtures', 'fixes', name);
}

export interface FactsOptions {
  documentPath?: string;
  /** Names declared known. */
  known?: string[];
  /** The dotenv file new names go to, and the names it sets. */
  envFile?: string;
  envNames?: string[];
  /** Names in the process environment. */
  processEnv?: string[];
  /** A roots index (path and text) for a catalog. */
  roots?: { path: string; text: string };
  /** Catalogs (path and text) for a roots index. */
  catalogs?: { path: string; text: string }[];
}

export function makeFacts(options: FactsOptions = {}): WorkspaceFacts {
  const sources: VariableSource[] = [];
  if (options.known) sources.push({ kind: 'known', label: 'names declared in --known', exists: true, names: new Set(options.known) });
  sources.push({
    kind: 'dotenv',
    label: '.env',
    path: options.envFile ?? '/repo/.env',
    exists: options.envNames !== undefined,
    names: new Set(options.envNames ?? []),
  });
  if (options.processEnv) sources.push({ kind: 'process', label: 'the process environment', exists: true, names: new Set(options.processEnv) });
  const facts: WorkspaceFacts = { documentPath: options.documentPath ?? '/repo/mcp.json', variables: new VariableIndex(sources) };
  if (options.roots) {
    const roots: RootsFacts = { via: 'sibling', files: [summariseRootsIndex(options.roots.path, options.roots.text)], remoteSources: [] };
    facts.roots = roots;
  }
  if (options.catalogs) {
    const catalogs: CatalogsFacts = { via: 'sibling', files: options.catalogs.map((c) => summariseCatalog(c.path, c.text)), remoteSources: [] };
    facts.catalogs = catalogs;
  }
  return facts;
}

export function check(text: string, facts: WorkspaceFacts = makeFacts(), kind: IndexKind = 'catalog'): ResolvedFinding[] {
  return checkDocument(text, kind, facts).findings;
}

export function contextFor(
  text: string,
  facts: WorkspaceFacts = makeFacts(),
  kind: IndexKind = 'catalog',
  readFile?: (p: string) => string | undefined,
): FixContext {
  return { text, parsed: parseJson(text), kind, facts, readFile };
}

/** The one finding of `code` in the text (fails when there is none or several). */
export function findingOf(text: string, code: string, facts: WorkspaceFacts = makeFacts(), kind: IndexKind = 'catalog'): ResolvedFinding {
  const found = check(text, facts, kind).filter((f) => f.code === code);
  assert.equal(found.length, 1, `expected one ${code}, got ${found.length}: ${JSON.stringify(check(text, facts, kind).map((f) => f.code))}`);
  return found[0];
}

export interface Fixed {
  fix: FixProposal;
  fixes: FixProposal[];
  before: string;
  after: string;
  finding: ResolvedFinding;
}

/**
 * Find the one `code` finding, take its fix (by title, else the preferred one), apply it, and
 * check what a fix must leave: the diagnostic is gone, the document is still strict JSON, and
 * every byte outside the edit is unchanged.
 */
export function applyFix(
  before: string,
  code: string,
  options: { facts?: WorkspaceFacts; kind?: IndexKind; title?: string | RegExp; strict?: boolean; readFile?: (p: string) => string | undefined } = {},
): Fixed {
  const facts = options.facts ?? makeFacts();
  const kind = options.kind ?? 'catalog';
  const finding = findingOf(before, code, facts, kind);
  const fixes = fixesFor(finding, contextFor(before, facts, kind, options.readFile));
  assert.ok(fixes.length > 0, `no fix for ${code}`);
  const fix =
    options.title === undefined
      ? fixes.find((f) => f.isPreferred)
      : fixes.find((f) => (typeof options.title === 'string' ? f.title === options.title : options.title!.test(f.title)));
  assert.ok(fix, `no fix titled ${String(options.title ?? '(preferred)')} among ${JSON.stringify(fixes.map((f) => f.title))}`);
  assert.equal(fix.kind, 'quickfix');
  const after = applyEdits(before, fix.edits);
  if (fix.edits.length > 0) assertOutsideUnchanged(before, after, fix.edits);
  const remaining = check(after, facts, kind).filter((f) => f.code === code);
  assert.equal(remaining.length, 0, `${code} still reported after "${fix.title}":\n${after}`);
  if (options.strict !== false) assertStrictJson(after);
  return { fix, fixes, before, after, finding };
}

export function assertStrictJson(text: string): void {
  assert.doesNotThrow(() => JSON.parse(text), `not strict JSON:\n${text}`);
}

/** Everything before the first edit and after the last one is byte-for-byte unchanged. */
export function assertOutsideUnchanged(before: string, after: string, edits: readonly TextEdit[]): void {
  const start = Math.min(...edits.map((e) => e.start));
  const end = Math.max(...edits.map((e) => e.end));
  assert.equal(after.slice(0, start), before.slice(0, start), 'the text before the edit changed');
  assert.equal(after.slice(after.length - (before.length - end)), before.slice(end), 'the text after the edit changed');
}
