import * as vscode from 'vscode';
import { cannotStart } from '../../server/src/service/readiness/states';
import type { CatalogTracker } from './catalogTracker';
import type { LiveTreeContribution } from './live/liveTree';
import type { ReadinessProvider } from './readinessView';

/**
 * One language status item for catalog documents (DESIGN §8): "MCP catalog · 16 servers · 2 cannot
 * start", error severity when there are errors, and a command that opens the readiness view. Its
 * selector lists exactly the documents the server classified, so other JSON files never show it.
 */
const SHOW_READINESS: vscode.Command = { command: 'mcpCatalog.openReadiness', title: 'Show readiness' };

export class CatalogLanguageStatus implements vscode.Disposable {
  private readonly item = vscode.languages.createLanguageStatusItem('mcpCatalog.status', []);
  private readonly disposables: vscode.Disposable[] = [this.item];
  private readonly limitationItem?: vscode.LanguageStatusItem;

  constructor(
    private readonly tracker: CatalogTracker,
    private readonly readiness: ReadinessProvider,
    /** Says whether the view is live, stale or disconnected (SPEC §11); silent until connected. */
    private readonly live?: LiveTreeContribution,
    /** What this build cannot do (the web extension: client/src/host.ts), said here once, in a row of its own. */
    limitation?: string,
  ) {
    this.item.name = 'MCP Catalog';
    this.item.command = SHOW_READINESS;
    if (limitation) {
      // A row of its own: VS Code shows an item's text, detail and action on one line of a hover at
      // most 500 pixels wide, which the catalog's counts already fill.
      this.limitationItem = vscode.languages.createLanguageStatusItem('mcpCatalog.limitation', []);
      this.limitationItem.name = 'MCP Catalog: what this build does not do';
      this.limitationItem.text = 'Web extension';
      this.limitationItem.detail = limitation;
      this.disposables.push(this.limitationItem);
    }
    this.disposables.push(
      tracker.onDidAnalyse(() => this.update()),
      readiness.onDidChangeTreeData(() => this.update()),
      vscode.window.onDidChangeActiveTextEditor(() => this.update()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.update()),
    );
    if (live) this.disposables.push(live.onDidChange(() => this.update()));
    this.update();
  }

  private update(): void {
    this.item.selector = this.tracker.documents().flatMap((info) => {
      const uri = vscode.Uri.parse(info.uri);
      return uri.scheme === 'untitled' ? [] : [{ scheme: uri.scheme, pattern: uri.fsPath }];
    });
    if (this.limitationItem) this.limitationItem.selector = this.item.selector;
    const activeUri = vscode.window.activeTextEditor?.document.uri.toString();
    const info = activeUri ? this.tracker.info(activeUri) : undefined;
    if (!info) return;
    const readiness = this.readiness.current?.uri === info.uri ? this.readiness.current : undefined;
    if (info.kind === 'roots') {
      this.item.text = `MCP roots index · ${plural(info.servers, 'root')}`;
    } else {
      const blocked = readiness ? readiness.servers.filter((s) => cannotStart(s.state)).length : undefined;
      this.item.text = `MCP catalog · ${plural(info.servers, 'server')}${blocked ? ` · ${blocked} cannot start` : ''}`;
    }
    const problems = [info.errors ? plural(info.errors, 'error') : '', info.warnings ? plural(info.warnings, 'warning') : ''].filter(Boolean).join(', ');
    const restricted = !vscode.workspace.isTrusted;
    // Short: VS Code shows text, detail and the action on one line of a hover at most 500 pixels
    // wide, and cuts what does not fit — the action first. The readiness view says what is not checked.
    const trustNote = restricted ? 'Restricted Mode' : '';
    // The one action that ends it: VS Code's own trust editor (SPEC §8: nothing is read until the user trusts the folder).
    this.item.command = restricted ? { command: 'workbench.trust.manage', title: 'Trust this folder' } : SHOW_READINESS;
    this.item.detail = [problems || 'no problems', trustNote].filter(Boolean).join(' — ');
    const liveText = info.kind === 'catalog' ? this.live?.statusText() : undefined;
    if (liveText) {
      this.item.text += ` · ${liveText}`;
      this.item.detail += ` — Zimmer instance: ${liveText}`;
    }
    this.item.severity = info.errors
      ? vscode.LanguageStatusSeverity.Error
      : restricted
        ? vscode.LanguageStatusSeverity.Warning
        : vscode.LanguageStatusSeverity.Information;
  }

  dispose(): void {
    for (const disposable of this.disposables) disposable.dispose();
  }
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
