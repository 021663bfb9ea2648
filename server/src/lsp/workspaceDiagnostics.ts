import * as path from 'node:path';
import type {
  CancellationToken,
  DocumentDiagnosticReport,
  TextDocuments,
  WorkspaceDiagnosticParams,
  WorkspaceDiagnosticReport,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { FileSystemAccess } from '../files/fileAccess';
import { readClosedFile, refusedBeforeReading, type ClosedFilePolicy } from '../node/closedFiles';
import type { ReportedFinding } from '../node/report';
import type { Analysis, Analyzer } from './analysis';
import { ChangeSignal } from './changeSignal';
import { toDiagnostics, type DiagnosticSupport } from './diagnostics';
import type { DiagnosticsChannel } from './diagnosticsChannel';
import type { Logger } from './log';
import { uriToPath } from './paths';
import type { ResourceSettings } from './projectSettings';
import { throwIfCancelled } from './requests';

/**
 * LSP 3.17 `workspace/diagnostic` (bench/NOTES.md "What changed", item 1): the open catalogs,
 * roots indexes and air.json files, the files the client names in `previousResultIds`, and the
 * files it was given a set for and may still show — each `unchanged` when the client's id is the
 * current one (the document pull's id space, lsp/diagnosticsChannel.ts), else `full`. A file that
 * is not open is read from disk under node/closedFiles.ts's rules and checked by the same Analyzer,
 * with `version: null`; what we do not check or may not read is left out (or cleared once).
 *
 * Cost of an unchanged world: open documents come from the Analyzer's per-version cache; a closed
 * file costs one `stat` — it is read and checked again only when its stamp, the Analyzer's epoch
 * (bumped by every watched-file, settings, trust or folder change) or its settings moved, or an open
 * document it reads changed. A request that would only say `unchanged` is held until something
 * changes (lsp/changeSignal.ts) when the client can take a long-running request (it sent a
 * `partialResultToken`, as VS Code's LanguageClient 9 does before asking again 2 s after each answer).
 */

export interface WorkspaceDiagnosticsOptions {
  documents: TextDocuments<TextDocument>;
  analyzer: Analyzer;
  /** Where closed files are read from (files/fileAccess.ts). */
  files: FileSystemAccess;
  logger: Logger;
  channel: () => DiagnosticsChannel;
  support: () => DiagnosticSupport;
  workspaceFolders: () => readonly string[];
  trusted: () => boolean;
  /** A file the user switched out of our language modes: not ours while closed either (shared/src/protocol.ts OPTED_OUT). */
  optedOut: (uri: string) => boolean;
  settings: (uri: string) => Promise<ResourceSettings>;
  /** The server's analysis of an open document (undefined: not ours, or excluded). */
  analyse: (document: TextDocument) => Promise<Analysis | undefined>;
  /** What follows a new analysis of an open document (the summary, watchers, the log). */
  analysed: (document: TextDocument, analysis: Analysis, started: number) => void;
  /** Files a closed file's report was read from, for clients that cannot watch files (lsp/watchers.ts). */
  watch: (files: string[]) => void;
}

/** A closed file's last check: what it was computed from, and what it reported (undefined: not ours or not read). */
interface ClosedEntry {
  stamp: string;
  epoch: number;
  settings: ResourceSettings;
  result: { reported: ReportedFinding[]; dependencies: string[] } | undefined;
}

export class WorkspaceDiagnostics {
  private readonly signal = new ChangeSignal();
  private readonly closedFiles = new Map<string, ClosedEntry>();
  /**
   * Documents closed since the last answer. VS Code's LanguageClient ignores a workspace report for
   * a document it still tracks as pulled, and stops tracking a closed one only once its last document
   * pull returns; so the first answer after a close leaves the file out, and the next reports it in
   * full whatever id the client sends (`resend`): the client may hold the open document's last set
   * under an id that is still current, or have dropped the report it could not apply.
   */
  private readonly justClosed = new Set<string>();
  private readonly resend = new Set<string>();

  constructor(private readonly options: WorkspaceDiagnosticsOptions) {}

  /** `streams`: the client sent a `partialResultToken` (the library hands it over as a progress reporter and removes it from `params`). */
  async handle(params: WorkspaceDiagnosticParams, token: CancellationToken, streams: boolean): Promise<WorkspaceDiagnosticReport> {
    const channel = this.options.channel();
    if (!channel.pull) return { items: [] };
    // One held request at a time: a newer one means the client moved on.
    this.signal.release();
    const previous = previousIds(params.previousResultIds);
    // A client that takes partial results takes a long-running request (LSP 3.17); others get an answer at once.
    const canHold = streams;
    for (;;) {
      const since = this.signal.generation;
      const skipped = new Set(this.justClosed);
      const forced = new Set(this.resend);
      const items = await this.collect(channel, previous, skipped, forced, token);
      const answer = (): WorkspaceDiagnosticReport => {
        for (const uri of forced) this.resend.delete(uri);
        for (const uri of skipped) {
          this.justClosed.delete(uri);
          this.resend.add(uri);
        }
        return { items };
      };
      if (!canHold || skipped.size > 0 || items.some((item) => item.kind === 'full')) return answer();
      this.options.logger.verbose(`Workspace diagnostics: ${items.length} report(s) unchanged; holding the request until something changes.`);
      const reason = await this.signal.wait(since, token);
      throwIfCancelled(token);
      if (reason === 'released') return answer();
    }
  }

  /** A document pull for a file that is not open (VS Code sends one as it closes a document): its disk state, in the same id space. */
  async documentReport(uri: string, previousResultId: string | undefined, token: CancellationToken): Promise<DocumentDiagnosticReport> {
    const result = this.options.optedOut(uri) ? undefined : await this.closedResult(uri, token);
    // Nothing remembered for what is not read: a set the client still shows is cleared by the workspace pull.
    if (!result) return { kind: 'full', items: [] };
    return this.options.channel().report(uri, result.reported, previousResultId, () => toDiagnostics(result.reported, uri, this.options.support()));
  }

  /** Something outside the documents changed (the Analyzer's epoch moved): held requests look again. */
  changed(): void {
    this.signal.changed();
  }

  opened(uri: string): void {
    this.closedFiles.delete(uri);
    this.justClosed.delete(uri);
    this.resend.delete(uri);
    this.signal.changed();
  }

  closed(uri: string): void {
    // Only a pulling client's next workspace answer reads (and clears) this.
    if (!this.options.channel().pull) return;
    this.justClosed.add(uri);
    this.signal.changed();
  }

  /** An open document's text changed: closed files that read it (its unsaved text) are checked again. */
  edited(filePath: string): void {
    let any = false;
    for (const [uri, entry] of this.closedFiles) {
      if (!entry.result?.dependencies.includes(filePath)) continue;
      this.closedFiles.delete(uri);
      any = true;
    }
    if (any) this.signal.changed();
  }

  /** Shutdown: a held request answers with what it has. */
  dispose(): void {
    this.signal.release();
  }

  private async collect(
    channel: DiagnosticsChannel,
    previous: Map<string, string>,
    skipped: ReadonlySet<string>,
    forced: ReadonlySet<string>,
    token: CancellationToken,
  ): Promise<WorkspaceDocumentDiagnosticReport[]> {
    const items: WorkspaceDocumentDiagnosticReport[] = [];
    const seen = new Set<string>();
    const add = (uri: string, version: number | null, reported: ReportedFinding[] | undefined): void => {
      const previousId = forced.has(uri) ? undefined : previous.get(uri);
      const item = channel.workspaceReport(uri, version, reported, previousId, () => toDiagnostics(reported ?? [], uri, this.options.support()));
      if (item) items.push(item);
    };
    for (const document of this.options.documents.all()) {
      seen.add(document.uri);
      const started = Date.now();
      const analysis = await this.options.analyse(document);
      throwIfCancelled(token);
      if (analysis) this.options.analysed(document, analysis, started);
      add(document.uri, document.version, analysis?.reported);
    }
    for (const uri of [...previous.keys(), ...channel.answered()]) {
      if (seen.has(uri)) continue;
      seen.add(uri);
      if (skipped.has(uri) || this.options.documents.get(uri)) continue;
      const result = this.options.optedOut(uri) ? undefined : await this.closedResult(uri, token);
      add(uri, null, result?.reported);
    }
    // Files no longer asked about are not kept.
    for (const uri of [...this.closedFiles.keys()]) if (!seen.has(uri)) this.closedFiles.delete(uri);
    return items;
  }

  /**
   * A closed file's whole analysis, read from disk under the same policy as a workspace pull (in
   * the workspace folders, never in a restricted workspace): what the readiness view shows for
   * the workspace's catalog before any editor opens it. Not kept: the view asks again on a change.
   */
  async closedAnalysis(uri: string, token: CancellationToken): Promise<Analysis | undefined> {
    const filePath = uriToPath(uri);
    if (!filePath) return undefined;
    const settings = await this.options.settings(uri);
    throwIfCancelled(token);
    if (settings.excluded) return undefined;
    const analyzer = this.options.analyzer;
    const policy = this.policy(settings);
    const read = await analyzer.settle(() => readClosedFile(filePath, policy, this.options.files));
    if ('refused' in read) return undefined;
    const analysis = await analyzer.settle(() => analyzer.analyzeClosed(uri, read.text, settings));
    if (analysis) this.options.watch([filePath, ...analysis.dependencies]);
    return analysis;
  }

  /** What a closed file is read under: inside the workspace folders, only when trusted, within the size limit. */
  private policy(settings: ResourceSettings): ClosedFilePolicy {
    return { folders: this.options.workspaceFolders(), trusted: this.options.trusted(), limit: settings.maxFileSizeMB * 1024 * 1024 };
  }

  /** A closed file's reported findings, re-read and re-checked only when something it was computed from moved. */
  private async closedResult(uri: string, token: CancellationToken): Promise<ClosedEntry['result']> {
    const filePath = uriToPath(uri);
    if (!filePath) return undefined;
    const settings = await this.options.settings(uri);
    throwIfCancelled(token);
    if (settings.excluded) return undefined;
    const epoch = this.options.analyzer.worldEpoch;
    const kept = this.closedFiles.get(uri);
    const policy = this.policy(settings);
    // Refused by the policy as written: not even a stat (a named path may be a network share).
    const early = refusedBeforeReading(filePath, policy);
    const files = this.options.files;
    const stamp = early ? `refused: ${early}` : await this.options.analyzer.settle(() => files.stamp(filePath));
    if (kept && kept.stamp === stamp && kept.epoch === epoch && kept.settings === settings) return kept.result;
    // A read and a check may follow: let a cancellation that arrived meanwhile in first.
    await nextTurn();
    throwIfCancelled(token);
    const started = Date.now();
    const name = path.basename(filePath);
    const analyzer = this.options.analyzer;
    const read = early ? { refused: early } : await analyzer.settle(() => readClosedFile(filePath, policy, files));
    let result: ClosedEntry['result'];
    // An analysis that read "not read yet" (the web, files/fileAccess.ts `settle`) is not kept.
    let complete = true;
    if ('refused' in read) {
      this.options.logger.verbose(`Workspace diagnostics: not reading ${name}: it ${read.refused}.`);
    } else {
      const text = read.text;
      const analysis = await analyzer.settle(() => analyzer.analyzeClosed(uri, text, settings));
      complete = analysis?.complete ?? true;
      if (analysis) {
        result = { reported: analysis.reported, dependencies: analysis.dependencies };
        this.options.watch([filePath, ...analysis.dependencies]);
      }
      this.options.logger.verbose(
        `Checked ${name} from disk (${analysis ? `${analysis.kind}, not open): ${analysis.findings.length} finding(s)` : 'not open): not a file we check'} in ${Date.now() - started} ms.`,
      );
    }
    if (complete) this.closedFiles.set(uri, { stamp, epoch, settings, result });
    return result;
  }
}

/** One turn of the event loop (`setImmediate` where there is one; a web worker has only timers). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

/** `previousResultIds` as the protocol allows a client to send it (any shape: lsp/protocolGuard.ts), by URI. */
function previousIds(raw: unknown): Map<string, string> {
  const ids = new Map<string, string>();
  if (!Array.isArray(raw)) return ids;
  for (const item of raw as unknown[]) {
    const { uri, value } = (item ?? {}) as { uri?: unknown; value?: unknown };
    if (typeof uri === 'string' && typeof value === 'string') ids.set(uri, value);
  }
  return ids;
}
