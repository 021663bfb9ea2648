import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { DOCUMENT_ANALYSED, type DocumentAnalysedParams } from '../../shared/src/protocol';

/**
 * Which open documents the server analysed as catalogs or roots indexes, and which catalog the
 * readiness view follows (the active one, or the last active, or — before any is opened — the
 * workspace's catalog on disk). Sets the context keys that menus
 * and the welcome view use.
 */
export class CatalogTracker implements vscode.Disposable {
  private readonly analysed = new Map<string, DocumentAnalysedParams>();
  private activeCatalog: string | undefined;
  /** A catalog found on disk in the workspace: what the views follow before any editor opens one. */
  private workspaceCatalog: string | undefined;
  private readonly changeEmitter = new vscode.EventEmitter<DocumentAnalysedParams>();
  private readonly activeEmitter = new vscode.EventEmitter<string | undefined>();
  private readonly disposables: vscode.Disposable[] = [];

  /** A document was (re)analysed: previews and views of it refresh. */
  readonly onDidAnalyse = this.changeEmitter.event;
  /** The catalog the views follow changed. */
  readonly onDidChangeActiveCatalog = this.activeEmitter.event;

  constructor(client: LanguageClient) {
    this.disposables.push(
      client.onNotification(DOCUMENT_ANALYSED, (params: DocumentAnalysedParams) => {
        this.analysed.set(params.uri, params);
        this.changeEmitter.fire(params);
        this.updateActive();
      }),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateActive()),
      vscode.workspace.onDidCloseTextDocument((document) => {
        const uri = document.uri.toString();
        this.analysed.delete(uri);
        if (this.activeCatalog === uri) {
          this.activeCatalog = undefined;
          this.updateActive(true);
        }
      }),
      this.changeEmitter,
      this.activeEmitter,
    );
    this.updateActive(true);
  }

  info(uri: string): DocumentAnalysedParams | undefined {
    return this.analysed.get(uri);
  }

  get active(): string | undefined {
    return this.activeCatalog;
  }

  /** The workspace's catalog on disk (workspaceCatalogs.ts), followed while no catalog is open. */
  setWorkspaceCatalog(uri: string | undefined): void {
    if (uri === this.workspaceCatalog) return;
    this.workspaceCatalog = uri;
    this.updateActive();
  }

  /** Every analysed document of a kind (for the language status selector). */
  documents(kind?: 'catalog' | 'roots'): DocumentAnalysedParams[] {
    return [...this.analysed.values()].filter((info) => !kind || info.kind === kind);
  }

  private updateActive(force = false): void {
    const editorUri = vscode.window.activeTextEditor?.document.uri.toString();
    const editorInfo = editorUri ? this.analysed.get(editorUri) : undefined;
    void vscode.commands.executeCommand('setContext', 'mcpCatalog.activeEditorIsCatalog', editorInfo?.kind === 'catalog');
    const next =
      editorInfo?.kind === 'catalog'
        ? editorUri
        : this.activeCatalog && this.analysed.has(this.activeCatalog)
          ? this.activeCatalog
          : (this.documents('catalog')[0]?.uri ?? this.workspaceCatalog);
    void vscode.commands.executeCommand('setContext', 'mcpCatalog.hasCatalog', next !== undefined);
    if (next !== this.activeCatalog || force) {
      this.activeCatalog = next;
      this.activeEmitter.fire(next);
    }
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}
