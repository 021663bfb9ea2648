import * as vscode from 'vscode';
import { checkInstanceUrl } from '../../../shared/src/liveTransport';
import type { LiveController } from './liveController';

/**
 * "Connect to a Zimmer Instance…", "Disconnect from the Zimmer Instance" and "Refresh Live
 * Comparison" (SPEC §11). The key is asked in a password box and goes straight to SecretStorage;
 * it is never written to a setting, the output channel or a message.
 */
export function registerLiveCommands(controller: LiveController): vscode.Disposable[] {
  const connection = controller.live;
  return [
    vscode.commands.registerCommand('mcpCatalog.connectLive', async () => {
      if (!vscode.workspace.isTrusted) {
        void vscode.window.showWarningMessage('MCP Catalog does not connect to a Zimmer instance from a restricted workspace. Trust the workspace first.');
        return;
      }
      const url = await vscode.window.showInputBox({
        title: 'Connect to a Zimmer Instance (1/2)',
        prompt: "The instance's base URL. https: is required unless it runs on this machine.",
        placeHolder: 'https://zimmer.example.com',
        value: connection.url,
        ignoreFocusOut: true,
        validateInput: (value) => {
          const checked = checkInstanceUrl(value);
          return checked.ok ? undefined : checked.message;
        },
      });
      if (url === undefined) return;
      const key = await vscode.window.showInputBox({
        title: 'Connect to a Zimmer Instance (2/2)',
        prompt: "The instance's API key (sent as X-API-Key). It is kept in the editor's secret storage and sent only to this instance.",
        password: true,
        ignoreFocusOut: true,
        validateInput: (value) => (value.trim() === '' ? 'Enter the API key.' : undefined),
      });
      if (key === undefined) return;
      const outcome = await connection.connect(url, key);
      if (!outcome.ok) {
        void vscode.window.showErrorMessage(`MCP Catalog: ${outcome.message}`);
        return;
      }
      await controller.refresh();
      await vscode.commands.executeCommand('mcpCatalog.openReadiness');
      const problem = controller.message;
      if (problem) void vscode.window.showWarningMessage(`MCP Catalog: ${problem}`);
    }),
    vscode.commands.registerCommand('mcpCatalog.disconnectLive', async () => {
      await connection.disconnect();
      await controller.refresh();
    }),
    vscode.commands.registerCommand('mcpCatalog.refreshLive', () => controller.refresh()),
  ];
}

/** Where the host offers no live comparison (the web extension, docs/web.md): the commands say why instead of failing. */
export function registerLiveUnavailable(host: { limitation?: string }): vscode.Disposable[] {
  const say = (): void => void vscode.window.showInformationMessage(`MCP Catalog: ${host.limitation ?? 'the live comparison is not available here.'}`);
  return ['mcpCatalog.connectLive', 'mcpCatalog.disconnectLive', 'mcpCatalog.refreshLive'].map((command) => vscode.commands.registerCommand(command, say));
}
