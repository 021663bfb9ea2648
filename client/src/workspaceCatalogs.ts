import * as path from 'node:path';
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { AIR_MCP_SCHEMA_URL, AIR_ROOTS_SCHEMA_URL } from '../../shared/src/airSchemas';
import { MAX_SIDE_FILE } from '../../shared/src/fileReads';
import { CLASSIFY_REQUEST, type ClassifyParams, type ClassifyResult } from '../../shared/src/protocol';
import { ADD_SERVER_COMMAND, type AddServerArgument } from './addServer';
import type { CatalogTracker } from './catalogTracker';

/**
 * Catalogs in the workspace, found on disk: the one the MCP Readiness view shows before any editor
 * opens a catalog. The view itself is there wherever the extension is active, so its welcome's
 * "Open a Catalog" / "Create a Catalog" are reachable in a workspace without a catalog.
 * Candidates are found by name, and every JSON file directly inside a dot-folder (SPEC §1: one there
 * is a catalog only when its `$schema` names AIR's or an air.json lists it, whatever its name) — not
 * deeper, where caches and environments (`.venv/lib/…`, `.mypy_cache/3.12/…`, `.angular/cache/…`)
 * keep thousands of JSON files: each would be read and sent to the server on every rescan, their
 * writes would start rescans, and they would crowd the search's limit so that `.air/mcp.json` was
 * not found. Then the server judges each one (`mcpCatalog/classify`, the classifier the command
 * line's walk asks too: `.vscode/`, dot-files and `*.schema.json` are never catalogs, other tools'
 * files are not).
 * A candidate is read only when it is a regular file, no symbolic link, within the side-file limit.
 */
const CANDIDATES = '**/*mcp*.json';
const DOT_FOLDER_CANDIDATES = '**/.*/*.json';
const NEVER = '**/{node_modules,.vscode,.git}/**';
/** Enough to answer "is there one" and to fill a picker; a monorepo with more gets the first ones (per pattern). */
const MAX_CANDIDATES = 200;

/**
 * The command's argument: the folder to create `mcp.json` in (a Uri from the explorer, or `folder`;
 * default the first workspace folder), and optionally the answer to "create roots.json too?", so a
 * test can run it without the prompt.
 */
export interface CreateCatalogArgument {
  folder?: string;
  createRootsIndex?: boolean;
}

export class WorkspaceCatalogs implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private scan: NodeJS.Timeout | undefined;

  constructor(
    private readonly client: LanguageClient,
    private readonly tracker: CatalogTracker,
  ) {
    const watchers = [CANDIDATES, DOT_FOLDER_CANDIDATES].map((pattern) => vscode.workspace.createFileSystemWatcher(pattern, false, true, false));
    this.disposables.push(
      ...watchers,
      ...watchers.flatMap((watcher) => [watcher.onDidCreate(() => this.rescanSoon()), watcher.onDidDelete(() => this.rescanSoon())]),
      vscode.workspace.onDidChangeWorkspaceFolders(() => this.rescanSoon()),
      vscode.commands.registerCommand('mcpCatalog.openCatalog', () => this.openCatalog()),
      vscode.commands.registerCommand('mcpCatalog.createCatalog', (argument?: CreateCatalogArgument | vscode.Uri) =>
        this.createCatalog(argument instanceof vscode.Uri ? { folder: argument.toString() } : (argument ?? {})),
      ),
    );
    void this.rescan();
  }

  /** Every catalog on disk in the workspace (by SPEC §1), nearest the workspace root first. */
  async find(stopAtFirst = false): Promise<vscode.Uri[]> {
    const found = await Promise.all([CANDIDATES, DOT_FOLDER_CANDIDATES].map((pattern) => vscode.workspace.findFiles(pattern, NEVER, MAX_CANDIDATES)));
    const candidates = [...new Map(found.flat().map((uri) => [uri.toString(), uri])).values()];
    candidates.sort((a, b) => a.path.split('/').length - b.path.split('/').length || a.path.localeCompare(b.path));
    const catalogs: vscode.Uri[] = [];
    for (const uri of candidates) {
      if (!(await this.isCatalog(uri))) continue;
      catalogs.push(uri);
      if (stopAtFirst) break;
    }
    return catalogs;
  }

  private async isCatalog(uri: vscode.Uri): Promise<boolean> {
    return (await this.kindOf(uri)) === 'catalog';
  }

  private async kindOf(uri: vscode.Uri): Promise<ClassifyResult['kind'] | undefined> {
    try {
      // The repository decides what is there (SPEC §8): a link, a FIFO or a huge file is not read.
      const stat = await vscode.workspace.fs.stat(uri);
      if (stat.type !== vscode.FileType.File || stat.size > MAX_SIDE_FILE) return undefined;
      const text = new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
      const params: ClassifyParams = { uri: uri.toString(), text };
      return (await this.client.sendRequest<ClassifyResult>(CLASSIFY_REQUEST, params)).kind;
    } catch {
      return undefined;
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

  /**
   * A new `mcp.json` in the folder (or an untitled one): `$schema` and one example entry, Add
   * Server…'s blank stdio template inserted by the same core (service/addServer/), so it is valid
   * as written and the entry's name is selected for renaming. An existing `mcp.json` is opened,
   * never overwritten. Without a roots index beside it (SPEC §10), creating `roots.json` is offered.
   */
  private async createCatalog(argument: CreateCatalogArgument = {}): Promise<void> {
    const content = `{\n  "$schema": "${AIR_MCP_SCHEMA_URL}"\n}\n`;
    const folder = argument.folder ? vscode.Uri.parse(argument.folder) : vscode.workspace.workspaceFolders?.[0]?.uri;
    if (!folder) {
      const document = await vscode.workspace.openTextDocument({ language: 'mcp-catalog', content });
      await vscode.window.showTextDocument(document);
      await this.addExampleEntry(document);
      return;
    }
    const target = vscode.Uri.joinPath(folder, 'mcp.json');
    if (await exists(target)) {
      await vscode.window.showTextDocument(target);
      return;
    }
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(content));
    const document = await vscode.workspace.openTextDocument(target);
    await vscode.window.showTextDocument(document);
    await this.addExampleEntry(document);
    await document.save();
    await this.offerRootsIndex(folder, argument.createRootsIndex);
  }

  private async addExampleEntry(document: vscode.TextDocument): Promise<void> {
    const example: AddServerArgument = {
      uri: document.uri.toString(),
      source: { kind: 'template', transport: 'stdio' },
      placement: 'end',
      addToEnvFile: false,
    };
    await vscode.commands.executeCommand(ADD_SERVER_COMMAND, example);
  }

  /** Offers `roots.json` beside a new catalog when the folder has no roots index (SPEC §10: the sibling, or the only one). */
  private async offerRootsIndex(folder: vscode.Uri, preset: boolean | undefined): Promise<void> {
    const candidates = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '*roots*.json'), null, MAX_CANDIDATES);
    for (const uri of candidates) if ((await this.kindOf(uri)) === 'roots') return;
    const target = vscode.Uri.joinPath(folder, 'roots.json');
    if (await exists(target)) return;
    const action = 'Create roots.json';
    const accepted =
      preset ??
      (await vscode.window.showInformationMessage('There is no roots index beside the catalog, so default_in_roots names cannot be checked.', action)) ===
        action;
    if (!accepted) return;
    await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(`{\n  "$schema": "${AIR_ROOTS_SCHEMA_URL}"\n}\n`));
  }

  dispose(): void {
    clearTimeout(this.scan);
    for (const disposable of this.disposables) disposable.dispose();
  }
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}
