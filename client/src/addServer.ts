import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { ADD_SERVER_REQUEST, type AddServerParams, type AddServerResponse } from '../../shared/src/protocol';
import type { CatalogTracker } from './catalogTracker';

/**
 * Add Server… (SPEC §13): pickers for the source (a blank template, another tool's MCP file in the
 * workspace, the clipboard, a registry server.json) and the placement; the server translates and
 * answers the edit (`mcpCatalog/addServer`), which is applied here and then checked like any other
 * edit. The text of the chosen file or the clipboard is sent as it is; the server refuses what is
 * not an MCP configuration, so nothing here parses it.
 */

export const ADD_SERVER_COMMAND = 'mcpCatalog.addServer';

/**
 * Other tools' MCP files by name (SPEC §1): Claude Code, Cursor, VS Code, Windsurf, Claude Desktop,
 * and any JSON under a tool's dot-folder. The server's classifier decides what a file is; this
 * only lists the places to offer.
 */
const OTHER_TOOL_FILES =
  '{**/.mcp.json,**/.cursor/mcp.json,**/.vscode/mcp.json,**/mcp_config.json,**/claude_desktop_config.json,**/.windsurf/*.json,**/.kiro/settings/mcp.json,**/.gemini/settings.json}';
const MAX_LISTED_FILES = 50;
/** The server refuses more than a million characters (service/addServer/input.ts); a bigger file is not read. */
const MAX_READ_BYTES = 4_000_000;

type Source = AddServerParams['source'];

/**
 * The command's argument: a catalog (`{ uri }` from the code action, a Uri from the explorer), and
 * optionally what the pickers would ask, so a test or another command can run it without them:
 * `source` (a template, `{ kind: 'import', text }` or `{ file }`), `server`, `placement`,
 * `addToEnvFile`.
 */
export interface AddServerArgument {
  uri?: string;
  source?: Source | { file: string };
  server?: string;
  placement?: AddServerParams['placement'];
  addToEnvFile?: boolean;
}

export function registerAddServerCommand(client: LanguageClient, tracker: CatalogTracker): vscode.Disposable {
  return vscode.commands.registerCommand(ADD_SERVER_COMMAND, (argument?: AddServerArgument | vscode.Uri) =>
    addServer(client, tracker, argument instanceof vscode.Uri ? { uri: argument.toString() } : (argument ?? {})),
  );
}

/** Runs Add Server…; answers the new entry's name (undefined when cancelled or refused). */
async function addServer(client: LanguageClient, tracker: CatalogTracker, argument: AddServerArgument): Promise<string | undefined> {
  const uri = typeof argument.uri === 'string' ? argument.uri : activeCatalog(tracker);
  if (!uri) {
    void vscode.window.showInformationMessage('Open an MCP catalog (mcp.json) to add a server to.');
    return undefined;
  }
  // The server answers for open documents; opening one also hands it to the language client.
  const document = await vscode.workspace.openTextDocument(vscode.Uri.parse(uri));
  const picked = argument.source ?? (await pickSource());
  if (!picked) return undefined;
  const source = 'file' in picked ? await importFile(vscode.Uri.parse(picked.file)) : picked;
  if (!source) return undefined;
  const ask = (server: string | undefined, placement: AddServerParams['placement']): Promise<AddServerResponse | null> =>
    client.sendRequest<AddServerResponse | null>(ADD_SERVER_REQUEST, {
      uri: document.uri.toString(),
      source: source.kind === 'import' && server !== undefined ? { ...source, server } : source,
      placement,
    } satisfies AddServerParams);
  // Which server first (a file can list several; a refusal is said before anything else is asked), then where.
  let server = argument.server;
  if (server === undefined && source.kind === 'import') {
    const first = await ask(undefined, 'end');
    if (first && !first.ok && first.choices?.length) {
      server = await vscode.window.showQuickPick(first.choices, { placeHolder: 'Add which server?' });
      if (!server) return undefined;
    } else if (!first?.ok) {
      void vscode.window.showWarningMessage(first?.message || 'The server could not be added.');
      return undefined;
    }
  }
  const placement = argument.placement ?? (await pickPlacement());
  if (!placement) return undefined;
  const answer = await ask(server, placement);
  if (!answer?.ok) {
    void vscode.window.showWarningMessage(answer?.message || 'The server could not be added.');
    return undefined;
  }
  const edit = await client.protocol2CodeConverter.asWorkspaceEdit(answer.edit);
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showWarningMessage('The catalog changed while the server was being added; run Add Server\u2026 again.');
    return undefined;
  }
  await reveal(document, answer.name);
  if (answer.warnings.length > 0) {
    // The core's warnings name the server (`"github": …`), which the message already does.
    const prefix = `"${answer.name}": `;
    const said = answer.warnings.map((warning) => (warning.startsWith(prefix) ? warning.slice(prefix.length) : warning));
    void vscode.window.showInformationMessage(`Added "${answer.name}": ${said.join(' ')}`);
  }
  if (answer.envEdit && answer.envFile) await offerEnvLines(client, answer, argument.addToEnvFile);
  return answer.name;
}

function activeCatalog(tracker: CatalogTracker): string | undefined {
  const editor = vscode.window.activeTextEditor?.document.uri.toString();
  return editor && tracker.info(editor)?.kind === 'catalog' ? editor : tracker.active;
}

async function pickSource(): Promise<Source | { file: string } | undefined> {
  type Item = vscode.QuickPickItem & { source?: Source | { file: string }; clipboard?: true; registry?: true };
  const files = await vscode.workspace.findFiles(OTHER_TOOL_FILES, '**/node_modules/**', MAX_LISTED_FILES);
  const items: Item[] = [
    { label: 'Blank stdio server', description: 'a local command', source: { kind: 'template', transport: 'stdio' } },
    { label: 'Blank streamable-http server', description: 'a remote URL', source: { kind: 'template', transport: 'streamable-http' } },
  ];
  if (files.length > 0) items.push({ label: "From another tool's MCP file", kind: vscode.QuickPickItemKind.Separator });
  for (const file of files.sort((a, b) => a.fsPath.localeCompare(b.fsPath))) {
    items.push({ label: vscode.workspace.asRelativePath(file), description: 'import a server', source: { file: file.toString() } });
  }
  items.push({ label: '', kind: vscode.QuickPickItemKind.Separator });
  items.push({ label: 'From the clipboard', description: "another tool's MCP JSON or a server.json", clipboard: true });
  items.push({ label: 'From an MCP registry server.json file\u2026', registry: true });
  const item = await vscode.window.showQuickPick(items, { placeHolder: 'Add a server from\u2026' });
  if (!item) return undefined;
  if (item.clipboard) return { kind: 'import', text: await vscode.env.clipboard.readText() };
  if (item.registry) {
    const [file] = (await vscode.window.showOpenDialog({ canSelectMany: false, filters: { 'server.json': ['json'] }, openLabel: 'Import' })) ?? [];
    return file ? { file: file.toString() } : undefined;
  }
  return item.source;
}

async function pickPlacement(): Promise<AddServerParams['placement'] | undefined> {
  const items = [
    { label: 'At the end', placement: 'end' as const },
    { label: 'In sorted order', description: 'before the first name that sorts after it', placement: 'sorted' as const },
  ];
  return (await vscode.window.showQuickPick(items, { placeHolder: 'Where in the catalog?' }))?.placement;
}

/** A file's text (an open editor's unsaved text wins), or undefined after saying why not. */
async function importFile(file: vscode.Uri): Promise<Source | undefined> {
  try {
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === file.toString());
    if (open) return { kind: 'import', text: open.getText() };
    const { size } = await vscode.workspace.fs.stat(file);
    if (size > MAX_READ_BYTES) {
      void vscode.window.showWarningMessage(`${vscode.workspace.asRelativePath(file)} is larger than a megabyte, which no MCP configuration is.`);
      return undefined;
    }
    return { kind: 'import', text: new TextDecoder().decode(await vscode.workspace.fs.readFile(file)) };
  } catch (error) {
    void vscode.window.showWarningMessage(
      `${vscode.workspace.asRelativePath(file)} could not be read: ${error instanceof Error ? error.message : String(error)}`,
    );
    return undefined;
  }
}

/** Shows the new entry with its name selected. */
async function reveal(document: vscode.TextDocument, name: string): Promise<void> {
  const editor = await vscode.window.showTextDocument(document);
  const at = document.getText().indexOf(JSON.stringify(name));
  if (at < 0) return;
  const range = new vscode.Range(document.positionAt(at + 1), document.positionAt(at + 1 + name.length));
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}

async function offerEnvLines(client: LanguageClient, answer: Extract<AddServerResponse, { ok: true }>, preset: boolean | undefined): Promise<void> {
  const names = answer.unset.join(', ');
  const action = `Add to ${answer.envFile}`;
  // Say so when the edit carries the imported value, so nobody retypes it or is surprised to find it there.
  const moved = answer.moved?.length
    ? ` The imported value${answer.moved.length > 1 ? 's' : ''} of ${answer.moved.join(', ')} would go into ${answer.envFile}, not the catalog.`
    : '';
  const accepted =
    preset ?? (await vscode.window.showInformationMessage(`"${answer.name}" reads ${names}, which no variable source sets yet.${moved}`, action)) === action;
  if (accepted && answer.envEdit) await vscode.workspace.applyEdit(await client.protocol2CodeConverter.asWorkspaceEdit(answer.envEdit));
}
