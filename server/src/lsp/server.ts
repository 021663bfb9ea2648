import * as path from 'node:path';
import type { ClientCapabilities, Connection, InitializeParams, InitializeResult } from 'vscode-languageserver';
import { DidChangeWatchedFilesNotification, TextDocumentSyncKind, TextDocuments } from './protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { version } from '../../../package.json';
import {
  DOCUMENT_ANALYSED,
  OPTED_OUT,
  TRUST_CHANGED,
  type DocumentAnalysedParams,
  type InitializationOptions,
  type OptedOutParams,
  type TrustChangedParams,
} from '../../../shared/src/protocol';
import { CachingReader, SideFileReader } from '../files/fileAccess';
import { Analyzer, type Analysis } from './analysis';
import { EditLog } from './editLog';
import { toDiagnostics, type DiagnosticSupport } from './diagnostics';
import { DiagnosticsChannel } from './diagnosticsChannel';
import { guard, Logger } from './log';
import { uriToPath, useUriMapping } from './paths';
import type { ServerPlatform } from './platform';
import { SettingsProvider } from './settings';
import { readProjectConfig } from '../node/projectConfig';
import { PROJECT_CONFIG_NAME } from '../service/projectConfig';
import { ValidationScheduler } from './validation';
import { RenameEchoes } from './renameEchoes';
import { SourcesLog } from './sourcesLog';
import { registerFeatures, type ServerContext } from './features';
import { guarded, throwIfCancelled } from './requests';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';

/**
 * The language server: serves catalogs and roots indexes (SPEC §1) to any LSP client. Works with
 * no settings at all; every handler is guarded so one failure never takes the server down.
 */
export function startServer(connection: Connection, platform: ServerPlatform): void {
  useUriMapping(platform.uris);
  /** Side files afresh, through the platform's file access (files/fileAccess.ts). */
  const sideReader = new SideFileReader(platform.files);
  // Incremental changes are recorded as offsets, so the next analysis can re-check only what changed.
  const editLog = new EditLog();
  const documents = new TextDocuments({
    create: (uri, languageId, version, text) => TextDocument.create(uri, languageId, version, text),
    update: editLog.update,
  });
  const logger = new Logger(connection);
  const sourcesLog = new SourcesLog((message) => logger.info(message));
  const openByPath = new Map<string, TextDocument>();
  const reader = new CachingReader(sideReader, (filePath) => openByPath.get(filePath)?.getText());
  let workspaceFolders: string[] = [];
  let trusted = true;
  /** Files the user switched out of our modes (VS Code): not ours for workspace diagnostics (shared/src/protocol.ts). */
  let optedOut = new Set<string>();
  let diagnosticSupport: DiagnosticSupport = { related: false, codeDescription: false };
  let watchedByClient = false;
  let foldersSupported = false;
  let clientCapabilities: ClientCapabilities | undefined;
  /** Pull or push, decided by the client's capabilities in `initialize` (lsp/diagnosticsChannel.ts). */
  let channel = new DiagnosticsChannel(connection, false, false);
  /** Analyses whose summary and watchers were already handled (a pull and a push of one version share it). */
  const followedUp = new WeakSet<Analysis>();
  let settings: SettingsProvider | undefined;
  const folderWatcher = platform.folderWatcher?.(() => {
    logger.info('A watched folder changed; revalidating open catalogs and roots indexes.');
    settings?.clear();
    revalidateAll();
  });

  const analyzer = new Analyzer({
    reader,
    env: platform.env,
    workspaceFolders: () => workspaceFolders,
    trusted: () => trusted,
    onRuleError: (ruleId, uri, error) => logger.error(`Rule "${ruleId}" failed on ${uri}; the other rules still ran.`, error),
    editsBetween: (uri, from, to) => editLog.take(uri, from, to),
  });

  const analyse = async (document: TextDocument): Promise<Analysis | undefined> => {
    const current = await settings!.get(document.uri);
    if (current.excluded) {
      // The workspace's .mcp-catalog.json excludes it: checked by neither the editor nor the command line.
      analyzer.forget(document.uri);
      return undefined;
    }
    // Its reads answered first (files/fileAccess.ts `settle`): on the web a run that read a file
    // the client had not sent yet is forgotten and made again once it has.
    return analyzer.settle(
      () => analyzer.analyze(document, current),
      () => analyzer.forget(document.uri),
    );
  };

  /** For a client that cannot watch files: watch the folders of these files ourselves (lsp/watchers.ts). */
  const watchFiles = (files: readonly string[], readSince?: number): void => {
    if (!watchedByClient) folderWatcher?.watchFilesOf(files, readSince);
  };
  /**
   * The files an analysis read. This comes before its diagnostics are sent (the writer sends at
   * once), so a change made as soon as they arrive is noticed; watching a folder twice is a no-op.
   */
  const watchFilesOf = (analysis: Analysis): void =>
    watchFiles([...(analysis.filePath ? [analysis.filePath] : []), ...analysis.dependencies], analysis.dependenciesReadSince);

  /** What follows every new analysis, pulled or pushed: the summary for the tree view and language status, and the watchers. */
  const followUp = (document: TextDocument, analysis: Analysis, started: number): void => {
    if (followedUp.has(analysis)) return;
    followedUp.add(analysis);
    // The tree view and language status follow catalogs and roots indexes; an air.json only gets diagnostics.
    // The four other index types (SPEC §12) get diagnostics only until the readiness view shows them.
    if (analysis.kind === 'catalog' || analysis.kind === 'roots') {
      const params: DocumentAnalysedParams = {
        uri: document.uri,
        version: document.version,
        kind: analysis.kind,
        servers: analysis.entryCount,
        errors: analysis.findings.filter((f) => f.severity === 'error').length,
        warnings: analysis.findings.filter((f) => f.severity === 'warning').length,
      };
      void guard(logger, 'publishing the analysis summary', () => connection.sendNotification(DOCUMENT_ANALYSED, params));
    }
    sourcesLog.analysed(analysis);
    watchFilesOf(analysis);
    logger.verbose(
      `Checked ${path.basename(analysis.filePath ?? document.uri)} (${analysis.kind}, version ${document.version}${analysis.check.incremental ? ', edited entries only' : ''}): ${analysis.findings.length} finding(s) in ${Date.now() - started} ms.`,
    );
  };

  /** Push mode: analyse and publish, unless the diagnostics are the ones already published. */
  const validate = async (document: TextDocument): Promise<void> => {
    const started = Date.now();
    const analysis = await analyse(document);
    // Stale: the document changed or closed while settings were fetched; a newer run is scheduled.
    const latest = documents.get(document.uri);
    if (!latest || latest.version !== document.version) return;
    // Sending is guarded: a closed connection or a message that cannot be written is logged, never an unhandled rejection.
    const reported = analysis?.reported ?? [];
    if (analysis) watchFilesOf(analysis);
    void guard(logger, 'publishing diagnostics', () =>
      channel.push(document.uri, analysis ? document.version : undefined, reported, () => toDiagnostics(reported, document.uri, diagnosticSupport)),
    );
    if (analysis) followUp(document, analysis, started);
  };

  const workspaceDiagnostics = new WorkspaceDiagnostics({
    documents,
    analyzer,
    files: platform.files,
    logger,
    channel: () => channel,
    support: () => diagnosticSupport,
    workspaceFolders: () => workspaceFolders,
    trusted: () => trusted,
    optedOut: (uri) => optedOut.has(uri),
    settings: (uri) => settings!.get(uri),
    analyse,
    analysed: followUp,
    watch: watchFiles,
  });

  // Pull mode (LSP 3.17): the client asks after every open and change, so there is no debounce;
  // an unchanged set is answered `unchanged`. A file that is not open is answered from disk, as a
  // workspace pull would report it (VS Code pulls a document once more as it closes it).
  connection.languages.diagnostics.on((params, token) =>
    guarded(context, 'diagnostics', token, async () => {
      const started = Date.now();
      const document = documents.get(params.textDocument.uri);
      if (!document) return workspaceDiagnostics.documentReport(params.textDocument.uri, params.previousResultId, token);
      const analysis = await analyse(document);
      throwIfCancelled(token);
      const reported = analysis?.reported ?? [];
      if (analysis) followUp(document, analysis, started);
      return channel.report(params.textDocument.uri, reported, params.previousResultId, () =>
        toDiagnostics(reported, params.textDocument.uri, diagnosticSupport),
      );
    }).then((report) => report ?? { kind: 'full' as const, items: [] }),
  );

  // LSP 3.17 workspace pull (lsp/workspaceDiagnostics.ts): open documents, the files the client
  // names, and the ones it may still show; held while nothing changes (bench/NOTES.md).
  connection.languages.diagnostics.onWorkspace((params, token, _workDone, partialResults) =>
    guarded(context, 'workspace diagnostics', token, () => workspaceDiagnostics.handle(params, token, partialResults !== undefined)).then(
      (report) => report ?? { items: [] },
    ),
  );

  const scheduler = new ValidationScheduler(
    async (document) => {
      await guard(logger, 'validation', () => validate(document));
    },
    async (document) => (await settings!.get(document.uri)).validation.delay,
  );

  /** Something outside the documents changed: re-derive facts for every open document. */
  const revalidateAll = (except?: string): void => {
    analyzer.invalidate();
    workspaceDiagnostics.changed();
    if (channel.pull) channel.refresh();
    else for (const document of documents.all()) if (document.uri !== except) scheduler.schedule(document, true);
  };

  /**
   * Edits to one file can change another's diagnostics (roots ↔ catalog, air.json, env files).
   * Only the open documents whose facts were read from this file are re-checked, and nothing is
   * re-read from disk: the reader overlays open documents, so dependents see the unsaved text.
   */
  const scheduleDependents = (document: TextDocument): void => {
    const filePath = uriToPath(document.uri);
    if (filePath) revalidateDependents(filePath, document.uri);
  };
  const revalidateDependents = (filePath: string, except: string): void => {
    workspaceDiagnostics.edited(filePath);
    for (const other of documents.all()) {
      if (other.uri === except || !analyzer.cached(other.uri)?.dependencies.includes(filePath)) continue;
      analyzer.forget(other.uri);
      if (channel.pull) channel.refresh();
      else scheduler.schedule(other);
    }
  };

  // Hovers, completion, symbols, navigation and fixes understand catalogs and roots indexes; an
  // air.json is only validated, so the editing features never see its analysis.
  const analyseIndex = async (document: TextDocument): Promise<Analysis | undefined> => {
    const analysis = await analyse(document);
    return analysis?.kind === 'air' ? undefined : analysis;
  };
  const renames = new RenameEchoes();
  const context: ServerContext = {
    connection,
    documents,
    analyzer,
    files: sideReader,
    logger,
    analyse: analyseIndex,
    analyseAny: analyse,
    analyseClosed: (uri, token) => workspaceDiagnostics.closedAnalysis(uri, token),
    clientCapabilities: () => clientCapabilities,
    renames,
  };
  const featureCapabilities = registerFeatures(context);

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    // Any shape the protocol allows (lsp/protocolGuard.ts normalised the rest): options may be anything.
    const raw = params.initializationOptions;
    const options = (typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? raw : {}) as InitializationOptions;
    trusted = options.workspaceTrusted !== false;
    optedOut = uriSet(options.optedOut);
    const capabilities = params.capabilities ?? {};
    clientCapabilities = capabilities;
    settings = new SettingsProvider(connection, capabilities.workspace?.configuration === true, options.settings, async (resource) => {
      const filePath = uriToPath(resource);
      const folder = filePath ? analyzer.folderOf(filePath) : undefined;
      if (!folder) return {};
      const config = await reader.settle(() => readProjectConfig(path.join(folder, PROJECT_CONFIG_NAME), reader));
      for (const problem of config?.problems ?? []) logger.error(`${config!.path}: ${problem}; that value is ignored.`);
      return { config, filePath, folder };
    });
    // A pulling client reads related information and rule links through its diagnostic capability (VS Code announces both).
    const pulls = capabilities.textDocument?.diagnostic !== undefined;
    channel = new DiagnosticsChannel(connection, pulls, capabilities.workspace?.diagnostics?.refreshSupport === true);
    const publish = capabilities.textDocument?.publishDiagnostics;
    const pull = pulls ? (capabilities.textDocument?.diagnostic as { relatedInformation?: boolean; codeDescriptionSupport?: boolean } | undefined) : undefined;
    diagnosticSupport = {
      related: publish?.relatedInformation === true || pull?.relatedInformation === true,
      codeDescription: publish?.codeDescriptionSupport === true || pull?.codeDescriptionSupport === true,
    };
    watchedByClient = capabilities.workspace?.didChangeWatchedFiles?.dynamicRegistration === true;
    foldersSupported = capabilities.workspace?.workspaceFolders === true;
    platform.uris.useFolders?.([...(params.workspaceFolders ?? []).map((folder) => folder?.uri), params.rootUri].filter((uri) => typeof uri === 'string'));
    workspaceFolders = (params.workspaceFolders ?? []).flatMap((folder) => (typeof folder?.uri === 'string' ? (uriToPath(folder.uri) ?? []) : []));
    if (workspaceFolders.length === 0 && typeof params.rootUri === 'string') workspaceFolders = [uriToPath(params.rootUri) ?? ''].filter(Boolean);
    logger.setTrace(params.trace);
    return {
      capabilities: {
        textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental, save: { includeText: false } },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        ...featureCapabilities(),
        ...(pulls ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } } : {}),
      },
      serverInfo: { name: 'mcp-catalog-language-server', version },
    };
  });

  connection.onInitialized(() => {
    if (watchedByClient) {
      // Roots indexes, catalogs, air.json and env files anywhere in the workspace.
      void connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [{ globPattern: '**/*.json' }, { globPattern: '**/.env*' }, { globPattern: '**/*.env' }],
        })
        .catch((error: unknown) => logger.error('Could not register file watchers.', error));
    }
    if (foldersSupported) {
      connection.workspace.onDidChangeWorkspaceFolders((event) =>
        guard(logger, 'workspace folders', () => {
          const removed = new Set(event.removed.flatMap((f) => uriToPath(f.uri) ?? []));
          workspaceFolders = [...workspaceFolders.filter((f) => !removed.has(f)), ...event.added.flatMap((f) => uriToPath(f.uri) ?? [])];
          revalidateAll();
        }),
      );
    }
    logger.info(`MCP Catalog language server ${version} ready (${trusted ? 'trusted' : 'restricted'} workspace).`);
    logger.info(
      `Workspace folders: ${workspaceFolders.join(', ') || 'none'}. The roots index, air.json and env files of each catalog are logged when it is first checked.`,
    );
  });

  connection.onDidChangeConfiguration((change) =>
    guard(logger, 'configuration', () => {
      const pushed = (change.settings as { mcpCatalog?: unknown } | null)?.mcpCatalog;
      if (pushed !== undefined) settings?.setFallback(pushed);
      settings?.clear();
      revalidateAll();
    }),
  );

  connection.onDidChangeWatchedFiles(() =>
    guard(logger, 'watched files', () => {
      // A .mcp-catalog.json may have changed: settings are merged with it again.
      settings?.clear();
      revalidateAll();
    }),
  );

  connection.onNotification(OPTED_OUT, (params: OptedOutParams) =>
    guard(logger, 'opted-out files', () => {
      optedOut = uriSet(params?.uris);
      workspaceDiagnostics.changed();
    }),
  );

  connection.onNotification(TRUST_CHANGED, (params: TrustChangedParams) =>
    guard(logger, 'trust', () => {
      trusted = params.trusted !== false;
      logger.info(
        `Workspace is now ${trusted ? 'trusted: env and secrets files and the process environment are read' : 'restricted: no env file, secrets file or process environment is read'}.`,
      );
      revalidateAll();
    }),
  );

  documents.onDidOpen((event) =>
    guard(logger, 'open', () => {
      const filePath = uriToPath(event.document.uri);
      if (filePath) openByPath.set(filePath, event.document);
      renames.observe(event.document);
      workspaceDiagnostics.opened(event.document.uri);
      // A pulling client asks for this document's diagnostics itself.
      if (!channel.pull) scheduler.schedule(event.document, true);
    }),
  );

  documents.onDidChangeContent((event) =>
    guard(logger, 'change', () => {
      const filePath = uriToPath(event.document.uri);
      if (filePath) openByPath.set(filePath, event.document);
      renames.observe(event.document);
      if (!channel.pull) scheduler.schedule(event.document);
      scheduleDependents(event.document);
    }),
  );

  documents.onDidClose((event) =>
    guard(logger, 'close', () => {
      const filePath = uriToPath(event.document.uri);
      if (filePath) openByPath.delete(filePath);
      scheduler.forget(event.document.uri);
      editLog.forget(event.document.uri);
      renames.forget(event.document.uri);
      sourcesLog.forget(event.document.uri);
      analyzer.forget(event.document.uri);
      void guard(logger, 'clearing diagnostics', () => channel.close(event.document.uri));
      workspaceDiagnostics.closed(event.document.uri);
      // Dependents fall back from the closed editor's text to the file on disk, which is read
      // afresh; nothing else changed, so every other analysis and summary is kept.
      if (filePath) {
        reader.forget(filePath);
        revalidateDependents(filePath, event.document.uri);
      }
    }),
  );

  connection.onShutdown(() => {
    workspaceDiagnostics.dispose();
    scheduler.dispose();
    folderWatcher?.dispose();
  });

  documents.listen(connection);
  connection.listen();
}

/** URIs as a client may send them (any shape). */
function uriSet(raw: unknown): Set<string> {
  return new Set(Array.isArray(raw) ? raw.filter((uri): uri is string => typeof uri === 'string') : []);
}
