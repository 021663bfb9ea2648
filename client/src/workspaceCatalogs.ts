import * as path from 'node:path';
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { CLASSIFY_REQUEST, type ClassifyParams, type ClassifyResult } from '../../shared/src/protocol';
import type { CatalogTracker } from './catalogTracker';

/**
 * Catalogs in the workspace, found on disk: the one the MCP Readiness view shows before any editor
 * opens a catalog (the view itself is there wherever the extension is active, so its welcome's
 * "Open a Catalog" / "Create a Catalog" are reachable in a workspace without one). Candidates are found by name, then the server judges each
 * one (SPEC §1: `.vscode/`, dot-files and `*.schema.json` are never catalogs).
 */
const CANDIDATES = '**/*mcp*.json';
const NEVER = '**/{node_modules,.vscode,.git}/**';
/** Enough to answer "is there one" and to fill a picker; a monorepo with more gets the first ones. */
const MAX_CANDIDATES = 200;
/** AIR's published catalog schema: what `$schema` names in a new catalog (SPEC §1). */
const CATALOG_SCHEMA_URL = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';

export class WorkspaceCatalogs implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private scan: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: LanguageClient,
    private readonly tracker: CatalogTracker,
  ) {
    const watcher = vscode.workspace.createFileSystemWatcher(CANDIDATES, false, true, false);
    this.disposables.push(
      watcher,
      watcher.onDidCreate(() => this.rescanSoon()),
      watcher.onDidDelete(() => this.rescanSoon()),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.rescanSoon()),
      vscode.commands.registerCommand('mcpCatalog.openCatalog', () => this.openCatalog()),
      vscode.commands.registerCommand('mcpCatalog.createCatalog', () => this.createCatalog()),
    );
    void this.rescan();
  }

  /** Every catalog on disk in the workspace (by SPEC §1), nearest the workspace root first. */
  async find(stopAtFirst = false): Promise<vscode.Uri[]> {
    const candidates = await vscode.workspace.findFiles(CANDIDATES, NEVER, MAX_CANDIDATES);
    candidates.sort((a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path));
    const found: vscode.Uri[] = [];
    for (const uri of candidates) {
      if (!(await this.isCatalog(uri))) continue;
      found.push(uri);
      if (stopAtFirst) break;
    }
    return found;
  }

  private async isCatalog(uri: vscode.Uri): Promise<boolean> {
    try {
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const params: ClassifyParams = { uri: uri.toString(), text };
      return (await this.client.sendRequest<ClassifyResult>(CLASSIFY_REQUEST, params)).kind === 'catalog';
    } catch {
      return false;
    }
  }

  private rescanSoon(): void {
    clearTimeout(this.scan);
    this.scan = setTimeout(() => void this.rescan(), 500);
  }

  private async rescan(): Promise<void> {
    this.tracker.setWorkspaceCatalog((await this.find(true))[0]?.toString());
  }

  private async openCatalog(): Promise<void> {
    const catalogs = await this.find();
    if (catalogs.length === 0) {
      const create = 'Create a Catalog';
      if ((await vscode.window.showInformationMessage('This workspace has no MCP catalog (an AIR mcp.json).', create)) === create) await this.createCatalog();
      return;
    }
    const picked =
      catalogs.length === 1
        ? catalogs[0]
        : (
            await vscode.window.showQuickPick(
              catalogs.map((uri) => ({ label: path.posix.basename(uri.path), description: vscode.workspace.asRelativePath(uri, true), uri })),
              { placeHolder: 'Open which MCP catalog?' },
            )
          )?.uri;
    if (picked) await vscode.window.showTextDocument(picked);
  }

  /** A new `mcp.json` at the workspace root (or an untitled one): valid, with `$schema`, ready for the first server. */
  private async createCatalog(): Promise<void> {
    const content = `{\n  "$schema": "${CATALOG_SCHEMA_URL}"\n}\n`;
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder) {
      const document = await vscode.workspace.openTextDocument({ language: 'mcp-catalog', content });
      await vscode.window.showTextDocument(document);
      return;
    }
    const target = vscode.Uri.joinPath(folder.uri, 'mcp.json');
    let exists = true;
    try {
      await vscode.workspace.fs.stat(target);
    } catch {
      exists = false;
    }
    if (!exists) await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(content));
    const editor = await vscode.window.showTextDocument(target);
    if (!exists) {
      // The cursor where the first server goes; completion offers server snippets there.
      const position = new vscode.Position(1, editor.document.lineAt(1).text.length);
      editor.selection = new vscode.Selection(position, position);
    }
  }

  dispose(): void {
    clearTimeout(this.scan);
    for (const disposable of this.disposables) disposable.dispose();
  }
}
