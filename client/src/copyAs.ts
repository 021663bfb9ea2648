import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { TRANSLATE_REQUEST, type ServerChoice, type TranslateParams, type TranslateResult } from '../../shared/src/protocol';
import type { CatalogTracker } from './catalogTracker';

/**
 * One definition, many clients: copy a server as a VS Code `.vscode/mcp.json`
 * entry, a Claude Code `.mcp.json` entry, a Codex TOML table or a Cursor `.cursor/mcp.json` entry, or open every server as a VS Code
 * mcp.json. The server translates the catalog's current text (`mcpCatalog/translate`); literal
 * credentials are replaced by variables before anything reaches the clipboard.
 */

type Target = TranslateParams['target'];

export const COPY_AS_COMMANDS: Record<Target, string> = {
  vscode: 'mcpCatalog.copyServerAsVsCode',
  claude: 'mcpCatalog.copyServerAsClaude',
  codex: 'mcpCatalog.copyServerAsCodex',
  cursor: 'mcpCatalog.copyServerAsCursor',
};
export const OPEN_ALL_AS_VSCODE_COMMAND = 'mcpCatalog.openAllAsVsCode';
/** The editor context menu's entry: asks which format, then copies the server under the cursor. */
export const COPY_AS_COMMAND = 'mcpCatalog.copyServerAs';

const TARGET_LABEL: Record<Target, string> = {
  vscode: 'a VS Code mcp.json entry',
  claude: 'a Claude Code .mcp.json entry',
  codex: 'a Codex config.toml table',
  cursor: 'a Cursor .cursor/mcp.json entry',
};

/** A readiness-tree server item, a catalog file (explorer), or nothing (palette, keybinding). */
type CommandArgument = { server?: { name: string } } | vscode.Uri | undefined;

export function registerCopyAsCommands(client: LanguageClient, tracker: CatalogTracker): vscode.Disposable[] {
  const translate = (params: TranslateParams): Promise<TranslateResult | null> => client.sendRequest<TranslateResult | null>(TRANSLATE_REQUEST, params);

  const copy = (target: Target) => async (argument?: CommandArgument) => {
    const uri = catalogUri(tracker, argument);
    if (!uri) return;
    const named = argument instanceof vscode.Uri ? undefined : argument?.server?.name;
    const editor = vscode.window.activeTextEditor;
    let result: TranslateResult | null;
    if (named) result = await translate({ uri, target, servers: [named] });
    else if (editor?.document.uri.toString() === uri) result = await translate({ uri, target, position: editor.selection.active });
    else result = await translate({ uri, target, pick: true });
    if (result && !result.ok && result.choices) {
      const picked = result.choices.length ? await pickServer(result.choices, `Copy which server as ${TARGET_LABEL[target]}?`) : undefined;
      if (!picked) return;
      result = await translate({ uri, target, servers: [picked] });
    }
    if (!result?.ok) {
      void vscode.window.showWarningMessage(result?.message || 'The server could not be translated.');
      return;
    }
    await vscode.env.clipboard.writeText(result.content);
    report(`Copied "${result.servers.join('", "')}" as ${TARGET_LABEL[target]}.`, result.warnings);
  };

  return [
    ...(Object.keys(COPY_AS_COMMANDS) as Target[]).map((target) => vscode.commands.registerCommand(COPY_AS_COMMANDS[target], copy(target))),
    vscode.commands.registerCommand(COPY_AS_COMMAND, async (argument?: CommandArgument) => {
      const picked = await vscode.window.showQuickPick(
        (Object.keys(TARGET_LABEL) as Target[]).map((target) => ({ label: TARGET_PICK[target].label, description: TARGET_PICK[target].file, target })),
        { placeHolder: 'Copy the server under the cursor as…' },
      );
      if (picked) await copy(picked.target)(argument);
    }),
    vscode.commands.registerCommand(OPEN_ALL_AS_VSCODE_COMMAND, async (argument?: CommandArgument) => {
      const uri = catalogUri(tracker, argument);
      if (!uri) return;
      const result = await translate({ uri, target: 'vscode' });
      if (!result?.ok) {
        void vscode.window.showWarningMessage(result?.message || 'The catalog could not be translated.');
        return;
      }
      const document = await vscode.workspace.openTextDocument({ language: 'jsonc', content: result.content });
      await vscode.window.showTextDocument(document, { viewColumn: vscode.ViewColumn.Beside, preview: false });
      report(
        `${result.servers.length} server${result.servers.length === 1 ? '' : 's'} as a VS Code mcp.json: save it as .vscode/mcp.json or merge it into yours.`,
        result.warnings,
      );
    }),
  ];
}

/** A given file, else the active editor when the server analysed it as a catalog, else the catalog the views follow. */
function catalogUri(tracker: CatalogTracker, argument: CommandArgument): string | undefined {
  const editor = vscode.window.activeTextEditor?.document.uri.toString();
  const uri =
    argument instanceof vscode.Uri ? argument.toString() : !argument?.server && editor && tracker.info(editor)?.kind === 'catalog' ? editor : tracker.active;
  if (!uri) void vscode.window.showInformationMessage('Open an MCP catalog (mcp.json) to copy its servers for another client.');
  return uri;
}

const TARGET_PICK: Record<Target, { label: string; file: string }> = {
  vscode: { label: 'VS Code mcp.json entry', file: '.vscode/mcp.json' },
  claude: { label: 'Claude Code .mcp.json entry', file: '.mcp.json' },
  codex: { label: 'Codex TOML table', file: '.codex/config.toml' },
  cursor: { label: 'Cursor .cursor/mcp.json entry', file: '.cursor/mcp.json' },
};

/** A server picker that shows each server's transport and title beside its name. */
async function pickServer(choices: readonly ServerChoice[], placeHolder: string): Promise<string | undefined> {
  const items = choices.map((choice) => ({ label: choice.name, description: choice.type, detail: choice.title, name: choice.name }));
  return (await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true, matchOnDetail: true }))?.name;
}

function report(message: string, warnings: readonly string[]): void {
  if (warnings.length === 0) void vscode.window.showInformationMessage(message);
  else void vscode.window.showWarningMessage(`${message} ${warnings.join(' ')}`);
}
