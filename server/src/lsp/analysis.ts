import * as path from 'node:path';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { IndexKind } from '../service/classify';
import { kindFromSchemaUrl } from '../service/classify';
import { checkDocument } from '../service/engine';
import type { WorkspaceFacts } from '../service/facts';
import type { ResolvedFinding } from '../service/findings';
import type { ParsedJson } from '../service/parse';
import { schemaUrlOf } from '../service/schemaUrl';
import { LineIndex } from '../service/text';
import { VariableIndex } from '../service/variables';
import type { CachingReader } from '../node/files';
import { reportFindings, type ReportedFinding } from '../node/report';
import { Workspace, type SourceSettings } from '../node/workspace';
import type { McpCatalogSettings } from '../../../shared/src/settings';
import { uriToPath } from './paths';
import { computeReadiness, type Readiness } from '../service/readiness';
import { readCatalog, type CatalogView } from '../service/runtime';

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
  lines: LineIndex;
  parsed: ParsedJson | undefined;
  findings: ResolvedFinding[];
  reported: ReportedFinding[];
  facts: WorkspaceFacts;
  /** Files the facts were read from. */
  dependencies: string[];
  settings: McpCatalogSettings;
  /** Whether the workspace was trusted when this was analysed (restricted: no env, secrets or process environment read). */
  trusted: boolean;
}

export interface AnalyzerOptions {
  reader: CachingReader;
  env: NodeJS.ProcessEnv;
  workspaceFolders: () => readonly string[];
  trusted: () => boolean;
  onRuleError: (ruleId: string, uri: string, error: unknown) => void;
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
    this.options.reader.clear();
    this.workspaces.clear();
  }

  forget(uri: string): void {
    this.cache.delete(uri);
    this.epochs.delete(uri);
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

  workspaceFor(filePath: string): Workspace {
    const folder = this.folderOf(filePath);
    const key = folder ?? '';
    let workspace = this.workspaces.get(key);
    if (!workspace) {
      workspace = new Workspace(this.options.reader, {
        workspaceRoot: folder ?? path.dirname(filePath),
        searchBoundary: folder,
        env: this.options.env,
      });
      this.workspaces.set(key, workspace);
    }
    return workspace;
  }

  /** Catalog, roots index, or neither (SPEC §1); non-file documents are judged by `$schema` alone. */
  classify(document: TextDocument): IndexKind | undefined {
    const filePath = uriToPath(document.uri);
    if (!filePath) return kindFromSchemaUrl(schemaUrlOf(document.getText()));
    return this.workspaceFor(filePath).classify(filePath, document.getText());
  }

  analyze(document: TextDocument, settings: McpCatalogSettings): Analysis | undefined {
    const cached = this.cache.get(document.uri);
    if (cached && cached.version === document.version && this.epochs.get(document.uri) === this.epoch && cached.settings === settings) return cached;
    // Let the previous version's tree go before building the next one (halves the peak on big catalogs).
    this.cache.delete(document.uri);
    const kind = this.classify(document);
    if (!kind) {
      this.forget(document.uri);
      return undefined;
    }
    const text = document.getText();
    const filePath = uriToPath(document.uri);
    const trusted = this.options.trusted();
    const sources = sourceSettings(settings, trusted);
    let facts: WorkspaceFacts;
    let dependencies: string[] = [];
    if (filePath) {
      const discovered = this.workspaceFor(filePath).factsFor(filePath, kind, sources);
      facts = discovered.facts;
      dependencies = discovered.dependencies;
    } else {
      facts = { variables: VariableIndex.empty(), rootsSearch: 'an unsaved document has no folder to search' };
    }
    const { parsed, findings } = checkDocument(text, kind, facts, {
      severities: settings.severity,
      maxFileSize: settings.maxFileSizeMB * 1024 * 1024,
      onRuleError: (ruleId, error) => this.options.onRuleError(ruleId, document.uri, error),
    });
    const lines = new LineIndex(text);
    const analysis: Analysis = {
      uri: document.uri,
      version: document.version,
      filePath,
      kind,
      text,
      lines,
      parsed,
      findings,
      reported: reportFindings(text, findings, this.options.reader, lines),
      facts,
      dependencies,
      settings,
      trusted,
    };
    this.cache.set(document.uri, analysis);
    this.epochs.set(document.uri, this.epoch);
    return analysis;
  }
}

export function sourceSettings(settings: McpCatalogSettings, trusted: boolean): SourceSettings {
  return {
    knownVariables: settings.knownVariables,
    knownLabel: 'mcpCatalog.knownVariables',
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
    view = readCatalog(analysis.text, analysis.facts, analysis.parsed);
    catalogViews.set(analysis, view);
  }
  return view;
}

/** Readiness of an analysed catalog, once per version. */
export function readinessOf(analysis: Analysis): Readiness {
  let readiness = readinessViews.get(analysis);
  if (!readiness) {
    readiness = computeReadiness(catalogViewOf(analysis), analysis.facts, { declareKnownHint: DECLARE_KNOWN_IN_EDITOR });
    readinessViews.set(analysis, readiness);
  }
  return readiness;
}

export const DECLARE_KNOWN_IN_EDITOR = 'declare it known in `mcpCatalog.knownVariables` if the runtime reads it from a store the editor cannot see';
