import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';

/**
 * No runtime import cycle among the shipped sources (ARCHITECTURE.md: "What may import what").
 * A cycle makes module initialisation order matter and ties layers together; type-only imports
 * are erased at build time and may cycle.
 */

const repo = path.resolve(__dirname, '../../..');
const ROOTS = ['server/src', 'client/src', 'shared/src'];

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(full);
  }
  return out;
}

function resolveRelative(from: string, specifier: string): string | undefined {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [`${base}.ts`, path.join(base, 'index.ts'), base]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** Whether an import or export declaration survives compilation (not `import type`, not all-type specifiers). */
function isRuntime(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isImportDeclaration(node)) {
    const clause = node.importClause;
    if (!clause) return true; // `import './x'` runs the module
    if (clause.isTypeOnly) return false;
    if (clause.name) return true;
    const bindings = clause.namedBindings;
    if (!bindings || ts.isNamespaceImport(bindings)) return true;
    return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
  }
  if (node.isTypeOnly) return false;
  const clause = node.exportClause;
  if (!clause || ts.isNamespaceExport(clause)) return true;
  return clause.elements.some((element) => !element.isTypeOnly);
}

export function runtimeImportGraph(files: readonly string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const targets: string[] = [];
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement))) continue;
      const specifier = statement.moduleSpecifier;
      if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
      if (!isRuntime(statement)) continue;
      const target = resolveRelative(file, specifier.text);
      if (target) targets.push(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Every cycle found by a depth-first search, each as the list of files around it. */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      const seen = state.get(next);
      if (seen === 'open') cycles.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!seen) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    assert.deepEqual(findCycles(graph), [['a', 'b', 'c', 'a']]);
  });

  it('tells type-only imports from runtime ones', () => {
    const parse = (text: string) => ts.createSourceFile('x.ts', text, ts.ScriptTarget.Latest).statements[0] as ts.ImportDeclaration;
    assert.equal(isRuntime(parse("import type { A } from './a';")), false);
    assert.equal(isRuntime(parse("import { type A, type B } from './a';")), false);
    assert.equal(isRuntime(parse("import { type A, b } from './a';")), true);
    assert.equal(isRuntime(parse("import './a';")), true);
    assert.equal(isRuntime(parse("import * as a from './a';")), true);
  });

  it('has no runtime import cycle among server/src, client/src and shared/src', () => {
    const files = ROOTS.flatMap((root) => sourceFiles(path.join(repo, root)));
    assert.ok(files.length > 50, `expected the project's sources, found ${files.length} files`);
    const cycles = findCycles(runtimeImportGraph(files)).map((cycle) => cycle.map((file) => path.relative(repo, file)).join(' → '));
    assert.deepEqual(cycles, []);
  });

  it('follows ARCHITECTURE.md’s route through server/src/service/: no cycle, and each step imports only the ones before it', () => {
    const service = path.join(repo, 'server/src/service');
    const graph = runtimeImportGraph(sourceFiles(service));
    assert.deepEqual(findCycles(graph), [], 'no runtime import cycle inside the core');
    const line = readFileSync(path.join(repo, 'ARCHITECTURE.md'), 'utf8')
      .split('\n')
      .find((text) => text.startsWith('Route, in import order:'));
    assert.ok(line, 'ARCHITECTURE.md names the route through service/ ("Route, in import order: …")');
    const steps = [...line.matchAll(/`([^`]+)`/g)].map((match) => path.join(service, match[1]));
    const stepOf = (file: string): number => steps.findIndex((step) => file === step || file.startsWith(step.endsWith('/') ? step : `${step}${path.sep}`));
    for (const step of steps) assert.ok(existsSync(step), `${path.relative(repo, step)} exists`);
    const late: string[] = [];
    for (const [file, targets] of graph) {
      const from = stepOf(file);
      if (from < 0) continue;
      for (const target of targets) if (stepOf(target) > from) late.push(`${path.relative(service, file)} → ${path.relative(service, target)}`);
    }
    assert.deepEqual(late, [], 'a step imports one listed after it: reorder the route or the imports');
  });
});
