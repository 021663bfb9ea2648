import * as vscode from 'vscode';
import { startLanguageClient, type CatalogClient } from './languageClient';

/**
 * Activation: one language client for catalogs and roots indexes, an output channel, and the
 * commands. Features that build on the client (readiness tree, previews, language status) attach
 * through `CatalogClient` so this file stays small.
 */

let catalogClient: CatalogClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<CatalogClient> {
  const output = vscode.window.createOutputChannel('MCP Catalog', { log: true });
  context.subscriptions.push(output);
  catalogClient = await startLanguageClient(context, output);
  context.subscriptions.push(
    vscode.commands.registerCommand('mcpCatalog.restartServer', async () => {
      output.info('Restarting the MCP Catalog language server.');
      await catalogClient?.restart();
    }),
    vscode.commands.registerCommand('mcpCatalog.showOutput', () => output.show(true)),
  );
  return catalogClient;
}

export async function deactivate(): Promise<void> {
  await catalogClient?.stop();
  catalogClient = undefined;
}
