import type { Connection, Diagnostic, DocumentDiagnosticReport, WorkspaceDocumentDiagnosticReport } from 'vscode-languageserver';
import type { ReportedFinding, ReportedRelated } from '../node/report';

/**
 * How diagnostics reach the client (bench/NOTES.md "What changed", item 1): a client that announces
 * `textDocument.diagnostic` (VS Code's LanguageClient 9) pulls them after every open and change —
 * no debounce, and a `resultId` per distinct set, so an edit that changes no finding is answered
 * `unchanged` instead of re-sending every diagnostic. Any other client (Neovim 0.7) gets them
 * pushed, and never the same set twice in a row for a document.
 *
 * "The same" compares the findings as reported (code, severity, message, range, related
 * locations, data), which is cheaper than encoding the diagnostics and what a user would see.
 */
export class DiagnosticsChannel {
  /** Per document: the last set sent (push) or answered (pull), and its result id. */
  private readonly last = new Map<string, { findings: readonly ReportedFinding[]; resultId: string }>();
  private nextId = 1;
  private refreshPending = false;

  constructor(
    private readonly connection: Connection,
    /** The client pulls: answer its requests instead of pushing. */
    readonly pull: boolean,
    /** The client takes `workspace/diagnostic/refresh` (re-pull everything after an outside change). */
    private readonly refreshSupported: boolean,
  ) {}

  /** Push mode: publish unless the set equals the last one published for `uri`. Returns whether it sent. */
  async push(uri: string, version: number | undefined, findings: readonly ReportedFinding[], toDiagnostics: () => Diagnostic[]): Promise<boolean> {
    if (!this.remember(uri, findings).changed) return false;
    await this.connection.sendDiagnostics({ uri, version, diagnostics: toDiagnostics() });
    return true;
  }

  /** Pull mode: the report for a `textDocument/diagnostic` request that sent `previousResultId`. */
  report(uri: string, findings: readonly ReportedFinding[], previousResultId: string | undefined, toDiagnostics: () => Diagnostic[]): DocumentDiagnosticReport {
    const { resultId } = this.remember(uri, findings);
    if (previousResultId !== undefined && previousResultId === resultId) return { kind: 'unchanged', resultId };
    return { kind: 'full', resultId, items: toDiagnostics() };
  }

  /**
   * One file's entry in a `workspace/diagnostic` answer, in the same id space as `report`, so a
   * document pull and a workspace pull agree. `findings` undefined: the file is not (or no longer)
   * one we check, or may not be read — left out, unless the client may still show a set we gave
   * it, which an empty report then clears (once).
   */
  workspaceReport(
    uri: string,
    version: number | null,
    findings: readonly ReportedFinding[] | undefined,
    previousResultId: string | undefined,
    toDiagnostics: () => Diagnostic[],
  ): WorkspaceDocumentDiagnosticReport | undefined {
    if (findings === undefined) {
      const previous = this.last.get(uri);
      if (previous === undefined) return undefined;
      if (previous.findings.length === 0) {
        this.last.delete(uri);
        return undefined;
      }
      return { kind: 'full', uri, version, resultId: this.remember(uri, []).resultId, items: [] };
    }
    return { ...this.report(uri, findings, previousResultId, toDiagnostics), uri, version };
  }

  /** Every file a set was sent or answered for: the client may still show it. */
  answered(): string[] {
    return [...this.last.keys()];
  }

  /**
   * The document closed. Push mode clears what may have been published and forgets it. A pulling
   * client keeps what it was given (VS Code's LanguageClient 9 does, relying on workspace pulls),
   * so the set stays remembered: workspace pulls go on reporting the file, now from disk.
   */
  async close(uri: string): Promise<void> {
    if (this.pull) return;
    const previous = this.last.get(uri);
    this.last.delete(uri);
    if (previous === undefined || previous.findings.length > 0) await this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /**
   * Something outside the documents changed (a roots index, an env file, settings): a pulling
   * client is asked to pull again, once however many changes arrive in the same turn.
   */
  refresh(): void {
    if (!this.pull || !this.refreshSupported || this.refreshPending) return;
    this.refreshPending = true;
    queueMicrotask(() => {
      this.refreshPending = false;
      // A client gone or refusing is not worth a crash: the next pull brings the diagnostics anyway.
      Promise.resolve(this.connection.languages.diagnostics.refresh()).catch(() => undefined);
    });
  }

  private remember(uri: string, findings: readonly ReportedFinding[]): { changed: boolean; resultId: string } {
    const previous = this.last.get(uri);
    if (previous && sameFindings(previous.findings, findings)) {
      // Equal, but the newer set is kept: a finding's strings are slices of the text it was found
      // in, so the older set held that whole text (a file closed and opened again kept the first
      // open's text alive beside the second's; bench/NOTES.md "Start-up and memory held").
      this.last.set(uri, { findings, resultId: previous.resultId });
      return { changed: false, resultId: previous.resultId };
    }
    const resultId = String(this.nextId++);
    this.last.set(uri, { findings, resultId });
    return { changed: true, resultId };
  }
}

export function sameFindings(a: readonly ReportedFinding[], b: readonly ReportedFinding[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (!sameFinding(a[i], b[i])) return false;
  return true;
}

function sameFinding(a: ReportedFinding, b: ReportedFinding): boolean {
  if (a === b) return true;
  if (a.code !== b.code || a.severity !== b.severity || a.message !== b.message || !sameRange(a.range, b.range) || a.related.length !== b.related.length)
    return false;
  for (let i = 0; i < a.related.length; i++) if (!sameRelated(a.related[i], b.related[i])) return false;
  return a.data === b.data || JSON.stringify(a.data) === JSON.stringify(b.data);
}

function sameRelated(a: ReportedRelated, b: ReportedRelated): boolean {
  return a.path === b.path && a.message === b.message && sameRange(a.range, b.range);
}

function sameRange(a: ReportedFinding['range'], b: ReportedFinding['range']): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}
