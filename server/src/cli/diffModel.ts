import type { IndexKind } from '../service/classify';
import type { SeveritySetting } from '../service/codes';
import { checkDocument } from '../service/engine';
import { computeReadiness, isStartable, STATE_COST, STATE_INFO, type Readiness, type ReadinessState } from '../service/readiness';
import { readCatalog, type CatalogView } from '../service/catalogView';
import { previewRuntimeConfig } from '../service/runtime/preview';
import { ZIMMER_RUNTIMES, type RuntimeName } from '../service/runtime/types';
import { discoverIndexFiles, type TreeReader } from '../node/discovery';
import type { ProjectConfig } from '../node/projectConfig';
import { reportFindings } from '../node/report';
import { Workspace, type SourceSettings } from '../node/workspace';
import { entryOf } from './baseline';
import { unifiedDiff } from './unifiedDiff';

/**
 * What a change does to the repository's catalogs (docs/command-line.md "Reviewing a change"): both sides are
 * discovered and checked exactly as `check` would, with one configuration, and compared file by
 * file — findings, servers, readiness per server and per root, and the runtime configs Zimmer
 * generates (the core's generators, SPEC §6.3). Pure over two TreeReaders.
 */

export interface SideSpec {
  label: string;
  tree: TreeReader;
}

export interface DiffOptions {
  /** The directory compared (absolute, the same on both sides). */
  dir: string;
  repositoryRoot: string;
  config: ProjectConfig | undefined;
  settings: SourceSettings;
  severities: Record<string, SeveritySetting>;
  env: NodeJS.ProcessEnv;
  display(file: string): string;
}

export interface FindingChange {
  code: string;
  severity: string;
  message: string;
  entry: string;
  /** 1-based, in the side the finding is on. */
  line: number;
}

export interface ServerChange {
  name: string;
  before?: ReadinessState;
  after?: ReadinessState;
  /** Why it cannot start now, when it cannot. */
  reason?: string;
  worse: boolean;
}

export interface RootChange {
  name: string;
  before?: { worstState?: ReadinessState; warning?: string };
  after?: { worstState?: ReadinessState; warning?: string };
  /** "preparing the session is expected to fail until FOO_TOKEN is set", or what it was. */
  sentence: string;
  worse: boolean;
}

export interface RuntimeChange {
  runtime: RuntimeName;
  path: string;
  /** A unified diff of the generated file. */
  diff: string;
}

export interface FileComparison {
  path: string;
  kind: IndexKind;
  status: 'added' | 'removed' | 'changed' | 'unchanged';
  findingsAdded: FindingChange[];
  findingsRemoved: FindingChange[];
  serversAdded: string[];
  serversRemoved: string[];
  serversChanged: string[];
  readiness: ServerChange[];
  roots: RootChange[];
  runtimes: RuntimeChange[];
}

export interface DiffResult {
  base: string;
  head: string;
  files: FileComparison[];
  /** Error-severity findings the change adds. */
  addedErrors: number;
  /** Servers and roots whose readiness the change makes worse. */
  worsened: number;
}

interface FileState {
  text: string;
  kind: IndexKind;
  findings: FindingChange[];
  view?: CatalogView;
  readiness?: Readiness;
  runtimes?: Map<string, { runtime: RuntimeName; path: string; content: string }>;
}

export function compareSides(base: SideSpec, head: SideSpec, options: DiffOptions): DiffResult {
  const before = analyseSide(base.tree, options);
  const after = analyseSide(head.tree, options);
  const paths = [...new Set([...before.keys(), ...after.keys()])].sort();
  const files: FileComparison[] = [];
  for (const file of paths) {
    const comparison = compareFile(options.display(file), before.get(file), after.get(file));
    if (comparison) files.push(comparison);
  }
  const addedErrors = files.reduce((sum, file) => sum + file.findingsAdded.filter((f) => f.severity === 'error').length, 0);
  const worsened = files.reduce((sum, file) => sum + file.readiness.filter((s) => s.worse).length + file.roots.filter((r) => r.worse).length, 0);
  return { base: base.label, head: head.label, files, addedErrors, worsened };
}

function analyseSide(tree: TreeReader, options: DiffOptions): Map<string, FileState> {
  const workspace = new Workspace(tree, { workspaceRoot: options.dir, env: options.env });
  const found = discoverIndexFiles(options.dir, tree, {
    classify: (file) => workspace.classify(file),
    config: options.config,
    repositoryRoot: options.repositoryRoot,
  });
  const states = new Map<string, FileState>();
  for (const file of found) {
    const text = tree.read(file);
    const kind = text === undefined ? undefined : workspace.classify(file, text);
    if (text === undefined || !kind) continue;
    const { facts } = workspace.factsFor(file, kind, options.settings);
    const { findings } = checkDocument(text, kind, facts, { severities: options.severities });
    const reported = reportFindings(text, findings, tree);
    const state: FileState = {
      text,
      kind,
      findings: reported.map((d) => ({ code: d.code, severity: d.severity, message: d.message, entry: entryOf(d), line: d.range.start.line + 1 })),
    };
    if (kind === 'catalog') {
      state.view = readCatalog(text, facts);
      state.readiness = computeReadiness(state.view, facts, { declareKnownHint: 'declare it known with `--known NAME`' });
      state.runtimes = new Map();
      for (const runtime of ZIMMER_RUNTIMES) {
        const outcome = previewRuntimeConfig(state.view, { runtime, selection: { kind: 'all' } }, facts);
        if (!outcome.ok) continue;
        for (const generated of outcome.config.files)
          state.runtimes.set(`${runtime}:${generated.path}`, { runtime, path: generated.path, content: generated.content });
        const env = Object.entries(outcome.config.env)
          .map(([name, value]) => `${name}=${value}\n`)
          .join('');
        if (env) state.runtimes.set(`${runtime}:(process environment)`, { runtime, path: '(process environment)', content: env });
      }
    }
    states.set(file, state);
  }
  return states;
}

const identity = (f: FindingChange): string => JSON.stringify([f.code, f.entry, f.severity, f.message]);

/** Each finding of `a` without a match in `b` (counted: two equal findings need two matches). */
function missingFrom(a: readonly FindingChange[], b: readonly FindingChange[]): FindingChange[] {
  const left = new Map<string, number>();
  for (const f of b) left.set(identity(f), (left.get(identity(f)) ?? 0) + 1);
  return a.filter((f) => {
    const count = left.get(identity(f)) ?? 0;
    if (count === 0) return true;
    left.set(identity(f), count - 1);
    return false;
  });
}

function compareFile(display: string, before: FileState | undefined, after: FileState | undefined): FileComparison | undefined {
  const kind = (after ?? before)!.kind;
  const status = !before ? 'added' : !after ? 'removed' : before.text === after.text ? 'unchanged' : 'changed';
  const comparison: FileComparison = {
    path: display,
    kind,
    status,
    findingsAdded: missingFrom(after?.findings ?? [], before?.findings ?? []),
    findingsRemoved: missingFrom(before?.findings ?? [], after?.findings ?? []),
    serversAdded: [],
    serversRemoved: [],
    serversChanged: [],
    readiness: [],
    roots: [],
    runtimes: [],
  };
  compareServers(comparison, before?.view, after?.view);
  compareReadiness(comparison, before?.readiness, after?.readiness);
  compareRuntimes(comparison, before?.runtimes, after?.runtimes);
  const changed =
    status !== 'unchanged' ||
    comparison.findingsAdded.length + comparison.findingsRemoved.length + comparison.readiness.length + comparison.roots.length + comparison.runtimes.length >
      0;
  return changed ? comparison : undefined;
}

function compareServers(comparison: FileComparison, before: CatalogView | undefined, after: CatalogView | undefined): void {
  const old = new Map((before?.entries ?? []).map((entry) => [entry.name, JSON.stringify(entry.value ?? null)]));
  const now = new Map((after?.entries ?? []).map((entry) => [entry.name, JSON.stringify(entry.value ?? null)]));
  for (const [name, value] of now) {
    if (!old.has(name)) comparison.serversAdded.push(name);
    else if (old.get(name) !== value) comparison.serversChanged.push(name);
  }
  for (const name of old.keys()) if (!now.has(name)) comparison.serversRemoved.push(name);
}

function compareReadiness(comparison: FileComparison, before: Readiness | undefined, after: Readiness | undefined): void {
  if (!before && !after) return;
  const old = new Map((before?.servers ?? []).map((server) => [server.name, server]));
  const now = new Map((after?.servers ?? []).map((server) => [server.name, server]));
  for (const [name, server] of now) {
    const previous = old.get(name);
    if (previous?.state === server.state) continue;
    const worse =
      previous !== undefined && (STATE_COST[server.state] > STATE_COST[previous.state] || (isStartable(previous.state) && !isStartable(server.state)));
    comparison.readiness.push({ name, before: previous?.state, after: server.state, reason: server.startable ? undefined : server.reason, worse });
  }
  for (const [name, server] of old) if (!now.has(name)) comparison.readiness.push({ name, before: server.state, worse: false });

  const oldRoots = new Map((before?.roots ?? []).map((root) => [root.name, root]));
  const newRoots = new Map((after?.roots ?? []).map((root) => [root.name, root]));
  for (const name of new Set([...oldRoots.keys(), ...newRoots.keys()])) {
    const was = oldRoots.get(name);
    const is = newRoots.get(name);
    if (was && is && was.worstState === is.worstState && was.warning === is.warning) continue;
    const cost = (state: ReadinessState | undefined): number => (state ? STATE_COST[state] : 0);
    const worse = was !== undefined && is !== undefined && cost(is.worstState) > cost(was.worstState);
    const describe = (root: typeof was): string => (root?.warning ? root.warning : 'every default server can start');
    const sentence = !is
      ? 'no longer in the roots index'
      : !was
        ? `new root: ${describe(is)}`
        : is.warning
          ? `${worse ? 'now ' : ''}${is.warning} (was: ${describe(was)})`
          : `every default server can start now (was: ${describe(was)})`;
    comparison.roots.push({
      name,
      before: was && { worstState: was.worstState, warning: was.warning },
      after: is && { worstState: is.worstState, warning: is.warning },
      sentence,
      worse,
    });
  }
}

function compareRuntimes(comparison: FileComparison, before: FileState['runtimes'], after: FileState['runtimes']): void {
  if (!before && !after) return;
  const keys = [...new Set([...(before?.keys() ?? []), ...(after?.keys() ?? [])])];
  for (const runtime of ZIMMER_RUNTIMES) {
    for (const key of keys.filter((k) => k.startsWith(`${runtime}:`))) {
      const old = before?.get(key)?.content ?? '';
      const now = after?.get(key)?.content ?? '';
      if (old === now) continue;
      const filePath = (after ?? before)!.get(key)?.path ?? before!.get(key)!.path;
      const diff = unifiedDiff(`a/${filePath}`, `b/${filePath}`, old, now);
      comparison.runtimes.push({ runtime, path: filePath, diff });
    }
  }
}

export function stateBadge(state: ReadinessState | undefined): string {
  return state ? STATE_INFO[state].badge : '—';
}
