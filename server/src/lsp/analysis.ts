import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { IndexKind } from '../service/classify';
import { kindFromSchemaUrl } from '../service/classify';
import { checkDocument, recheckDocument, type CheckOptions, type CheckResult, type OffsetEdit } from '../service/engine';
import type { WorkspaceFacts } from '../service/facts';
import type { ResolvedFinding } from '../service/findings';
import type { ParsedJson } from '../service/parse';
import { sniffAfterEdit, sniffSchemaUrl, type SchemaSniff } from '../service/schemaUrl';
import { EDITOR_SURFACE } from '../service/surface';
import { LineIndex } from '../service/text';
import { VariableIndex } from '../service/variables';
import type { CachingReader } from '../files/fileAccess';
import { reportFindings, type ReportedFinding } from '../node/report';
import { Workspace, type SourceSettings } from '../node/workspace';
import type { McpCatalogSettings } from '../../../shared/src/settings';
import { uriToPath } from './paths';
import type { ResourceSettings } from './projectSettings';
import type { Readiness } from '../service/readiness';
import type * as ReadinessService from '../service/readiness';
import { catalogViewAfterCheck, type CatalogView } from '../service/catalogView';
import { onFirstUse } from './lazy';

/** Readiness: loaded when first asked for (a hover, the readiness view), not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const readinessService = onFirstUse((): typeof ReadinessService => require('../service/readiness') as typeof ReadinessService);

/**
 * One analysis per document version (DESIGN §1): the parse, the findings and the facts they were
 * computed with. Every feature (diagnostics, hovers, fixes, readiness) reads the cached result.
 */
export interface Analysis {
  uri: string;
  version: number;
  filePath: string | undefined;
  kind: IndexKind;
  text: string;
  /** The text's `$schema`, carried to the next version through a keystroke. */
  schema: SchemaSniff;
  /** Built the first time it is read. */
  readonly lines: LineIndex;
  /** The whole tree (`check.parsed`); undefined when the text was too large to check. */
  readonly parsed: ParsedJson | undefined;
  /** Server or root entries. */
  entryCount: number;
  /** The engine's result: the model editor features read (service/model.ts), and what the next version's re-check continues from. */
  check: CheckResult;
  findings: ResolvedFinding[];
  reported: ReportedFinding[];
  facts: WorkspaceFacts;
  /** Files the facts were read from. */
  dependencies: string[];
  /** `Date.now()` from just before they were read (lsp/watchers.ts: a change before a folder was watched). */
  dependenciesReadSince: number;
  settings: McpCatalogSettings;
  /** Whether the workspace was trusted when this was analysed (restricted: no env, secrets or process environment read). */
  trusted: boolean;
  /**
   * Every file it read was answered (files/fileAccess.ts `unanswered`). On the web a run of
   * `settle` reads "not read yet" until the client answers: such an analysis is never kept, so a
   * request running meanwhile reads the files itself instead of the half-read facts.
   */
  complete: boolean;
}

export interface AnalyzerOptions {
  reader: CachingReader;
  /** Undefined where there is no process environment (the web worker: lsp/platform.ts). */
  env: NodeJS.ProcessEnv | undefined;
  workspaceFolders: () => readonly string[];
  trusted: () => boolean;
  onRuleError: (ruleId: string, uri: string, error: unknown) => void;
  /** The edits from one version of a document to another (lsp/editLog.ts), forgotten once taken. */
  editsBetween?: (uri: string, from: number, to: number) => OffsetEdit[] | undefined;
}

export class Analyzer {
  private readonly cache = new Map<string, Analysis>();
  private readonly workspaces = new Map<string, Workspace>();
  /** Bumped whenever something outside the documents changes (files on disk, settings, trust). */
  private epoch = 0;
  private readonly epochs = new Map<string, number>();

  constructor(private readonly options: AnalyzerOptions) {}

  /** Forget everything derived from the outside world. */
  invalidate(): void {
    this.epoch++;
    this.options.reader.changed();
    this.workspaces.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.epochs.delete(uri);
  }

  /**
   * `compute` once every file it reads could be answered (files/fileAccess.ts `settle`): at once on
   * Node; on the web after the client answered, `retry` forgetting what a run left behind.
   */
  settle<T>(compute: () => T, retry?: () => void): Promise<T> {
    return this.options.reader.settle(compute, retry);
  }

  cached(uri: string): Analysis | undefined {
    return this.cache.get(uri);
  }

  /** The workspace folder holding a file (longest match), if any. */
  folderOf(filePath: string): string | undefined {
    let best: string | undefined;
    for (const folder of this.options.workspaceFolders()) {
      const relative = path.relative(folder, filePath);
      if (!relative.startsWith('..') && !path.isAbsolute(relative) && (!best || folder.length > best.length)) best = folder;
    }
    return best;
  }

  /**
   * The workspace of a file: its workspace folder's, or for a file outside every folder one of its
   * own directory (its `.env` and siblings, never another folder's). Side files it discovers stay
   * inside the workspace folders (or that directory), SPEC §8.
   */
  workspaceFor(filePath: string): Workspace {
    const folder = this.folderOf(filePath);
    const root = folder ?? path.dirname(filePath);
    const key = `${folder ? 'folder' : 'loose'}:${root}`;
    let workspace = this.workspaces.get(key);
    if (!workspace) {
      workspace = new Workspace(this.options.reader, {
        workspaceRoot: root,
        searchBoundary: root,
        env: this.options.env,
        containment: folder ? [...this.options.workspaceFolders()] : [root],
        containmentLabel: folder ? 'the workspace' : `the file's folder`,
        trusted: this.options.trusted(),
      });
      this.workspaces.set(key, workspace);
    }
    return workspace;
  }

  /** Catalog, roots index, or neither (SPEC §1); non-file documents are judged by `$schema` alone. */
  classify(document: TextDocument, schema: SchemaSniff = sniffSchemaUrl(document.getText())): IndexKind | undefined {
    return this.classifyText(document.uri, schema);
  }

  private classifyText(uri: string, schema: SchemaSniff): IndexKind | undefined {
    const filePath = uriToPath(uri);
    if (!filePath) return kindFromSchemaUrl(schema.url);
    // The `$schema` is known: the workspace needs the text for nothing else.
    return this.workspaceFor(filePath).classify(filePath, undefined, schema);
  }

  /** Bumped by `invalidate`: an analysis made at another epoch read a world that may have changed. */
  get worldEpoch(): number {
    return this.epoch;
  }

  /**
   * A file that is not open, read from disk by the caller (a workspace pull names it,
   * lsp/workspaceDiagnostics.ts): the same classification, facts and engine as an open document,
   * with nothing kept here — the caller keeps it by the file's stamp and `worldEpoch`.
   */
  analyzeClosed(uri: string, text: string, settings: McpCatalogSettings): Analysis | undefined {
    const schema = sniffSchemaUrl(text);
    const kind = this.classifyText(uri, schema);
    return kind ? this.build({ uri, version: -1, text, schema }, kind, settings, undefined, undefined) : undefined;
  }

  analyze(document: TextDocument, settings: McpCatalogSettings): Analysis | undefined {
    const cached = this.cache.get(document.uri);
    const sameWorld = cached !== undefined && this.epochs.get(document.uri) === this.epoch && cached.settings === settings;
    // Keyed by content as well: a client that reuses a version number must not get the old analysis
    // (a quick fix computed on it would then corrupt the document).
    const text = document.getText();
    if (cached && sameWorld && cached.complete && cached.version === document.version && cached.text === text) return cached;
    // Let the previous version's tree go before building the next one (halves the peak on big catalogs).
    this.cache.delete(document.uri);
    const edits = this.options.editsBetween?.(document.uri, cached?.version ?? Number.NEGATIVE_INFINITY, document.version);
    // One keystroke: its `$schema` is the previous version's unless the keystroke could have changed it.
    const carried =
      cached && edits?.length === 1 && editedLength(cached.text, edits) === text.length ? sniffAfterEdit(cached.schema, edits[0], text) : undefined;
    const schema = carried ?? sniffSchemaUrl(text);
    const kind = this.classify(document, schema);
    if (!kind) {
      this.forget(document.uri);
      return undefined;
    }
    const trusted = this.options.trusted();
    // Nothing outside the document changed since the previous version (the epoch and the settings
    // are the same, and dependents are forgotten when a file they read changes): the facts hold.
    const previous =
      sameWorld && edits && cached.complete && cached.kind === kind && cached.trusted === trusted && editedLength(cached.text, edits) === text.length
        ? cached
        : undefined;
    const version = { uri: document.uri, version: document.version, text, schema };
    const analysis = this.build(version, kind, settings, previous, edits);
    if (analysis.complete) {
      this.cache.set(document.uri, analysis);
      this.epochs.set(document.uri, this.epoch);
    }
    return analysis;
  }

  /** One analysis of a text as `kind`; with `previous` and `edits`, a re-check of what the edits touched. */
  private build(
    { uri, version, text, schema }: AnalysedText,
    kind: IndexKind,
    settings: McpCatalogSettings,
    previous: Analysis | undefined,
    edits: OffsetEdit[] | undefined,
  ): Analysis {
    const filePath = uriToPath(uri);
    const trusted = this.options.trusted();
    const unansweredBefore = this.options.reader.unanswered();
    let facts: WorkspaceFacts;
    let dependencies: string[] = [];
    let dependenciesReadSince = Date.now();
    if (previous) {
      facts = previous.facts;
      dependencies = previous.dependencies;
      dependenciesReadSince = previous.dependenciesReadSince;
    } else if (filePath) {
      const discovered = this.workspaceFor(filePath).factsFor(filePath, kind, sourceSettings(settings, trusted));
      facts = discovered.facts;
      dependencies = discovered.dependencies;
    } else {
      facts = { variables: VariableIndex.empty(), rootsSearch: 'nowhere (an unsaved document has no folder)' };
    }
    const options: CheckOptions = {
      severities: settings.severity,
      maxFileSize: settings.maxFileSizeMB * 1024 * 1024,
      onRuleError: (ruleId, error) => this.options.onRuleError(ruleId, uri, error),
    };
    const check = previous && edits ? recheckDocument(previous.check, edits, text, kind, facts, options) : checkDocument(text, kind, facts, options);
    // The line index, built when a feature first needs it: opening a document needs the positions
    // of its findings alone (bench/NOTES.md).
    let lineIndex: LineIndex | undefined;
    const linesOf = (): LineIndex => (lineIndex ??= new LineIndex(text));
    const { findings } = check;
    const reported = check.incremental
      ? reportFindings(text, findings, this.options.reader, undefined, previous)
      : reportFindings(text, findings, this.options.reader);
    return {
      uri,
      version,
      filePath,
      kind,
      text,
      schema,
      get lines() {
        return linesOf();
      },
      parsed: check.parsed,
      entryCount: check.entryCount,
      check,
      findings,
      reported,
      facts,
      dependencies,
      dependenciesReadSince,
      settings,
      trusted,
      complete: this.options.reader.unanswered() === unansweredBefore,
    };
  }
}

function editedLength(text: string, edits: readonly OffsetEdit[]): number {
  return edits.reduce((length, edit) => length + edit.text.length - (edit.end - edit.start), text.length);
}

export function sourceSettings(settings: McpCatalogSettings, trusted: boolean): SourceSettings {
  return {
    knownVariables: settings.knownVariables,
    surface: (settings as ResourceSettings).knownVariablesLabel
      ? { ...EDITOR_SURFACE, knownNames: (settings as ResourceSettings).knownVariablesLabel! }
      : EDITOR_SURFACE,
    envFiles: settings.envFiles,
    secretsFile: settings.secretsFile || undefined,
    rootsFiles: settings.rootsFiles,
    readProcessEnv: settings.readProcessEnv,
    trusted,
  };
}

const catalogViews = new WeakMap<Analysis, CatalogView>();
const readinessViews = new WeakMap<Analysis, Readiness>();

/** The catalog as readiness and previews read it, once per analysed version (hover, tree and previews share it). */
export function catalogViewOf(analysis: Analysis): CatalogView {
  let view = catalogViews.get(analysis);
  if (!view) {
    // From the analysis's own check; the readiness view asks for every version, so the previous
    // version's view lends its unchanged entries (service/catalogView.ts).
    view = catalogViewAfterCheck(analysis.text, analysis.check, analysis.facts, analysis.settings.severity, lastViews.get(analysis.facts));
    catalogViews.set(analysis, view);
    lastViews.set(analysis.facts, view);
  }
  return view;
}

/** Per document (its facts carry over from version to version): the latest view and readiness memo. */
const lastViews = new WeakMap<WorkspaceFacts, CatalogView>();
const readinessMemos = new WeakMap<WorkspaceFacts, ReadinessService.ReadinessMemo>();

/** Readiness of an analysed catalog, once per version. */
export function readinessOf(analysis: Analysis): Readiness {
  let readiness = readinessViews.get(analysis);
  if (!readiness) {
    const service = readinessService();
    let memo = readinessMemos.get(analysis.facts);
    if (!memo?.holds(analysis.facts.variables, EDITOR_READINESS))
      readinessMemos.set(analysis.facts, (memo = new service.ReadinessMemo(analysis.facts.variables, EDITOR_READINESS)));
    readiness = service.computeReadiness(catalogViewOf(analysis), analysis.facts, EDITOR_READINESS, memo);
    readinessViews.set(analysis, readiness);
  }
  return readiness;
}

export const DECLARE_KNOWN_IN_EDITOR = 'declare it known in `mcpCatalog.knownVariables` if the runtime reads it from a store the editor cannot see';

const EDITOR_READINESS: ReadinessService.ReadinessOptions = { declareKnownHint: DECLARE_KNOWN_IN_EDITOR };

/** A version of a document, or a closed file's text, as `build` takes it. */
interface AnalysedText {
  uri: string;
  version: number;
  text: string;
  schema: SchemaSniff;
}
