import * as vscode from 'vscode';
import { version } from '../../package.json';
import { registerAddServerCommand } from './addServer';
import { CatalogTracker } from './catalogTracker';
import { registerCopyAsCommands } from './copyAs';
import { registerKnownVariableCommand } from './knownVariables';
import { CatalogLanguageStatus } from './languageStatus';
import { DocumentLanguages } from './languages';
import { startLanguageClient, type CatalogClient } from './languageClient';
import { registerLiveCommands } from './live/liveCommands';
import { LiveConnection } from './live/liveConnection';
import { LiveController } from './live/liveController';
import { LiveTreeContribution } from './live/liveTree';
import { PREVIEW_SCHEME, PreviewProvider, registerPreviewCommands } from './previews';
import { READINESS_VIEW_ID, ReadinessProvider, registerReadinessCommands } from './readinessView';
import { WorkspaceCatalogs } from './workspaceCatalogs';

/**
 * Activation: one language client for catalogs and roots indexes, the output channel, and the
 * features built on it (readiness tree, language status, previews, commands).
 */

let catalogClient: CatalogClient | undefined;

/** What activation returns: the extension-host tests use it to reach the live objects. */
export interface McpCatalogApi {
  client: CatalogClient;
  tracker: CatalogTracker;
  readiness: ReadinessProvider;
  previews: PreviewProvider;
  live: LiveController;
  languages: DocumentLanguages;
}

export async function activate(context: vscode.ExtensionContext): Promise<McpCatalogApi> {
  const output = vscode.window.createOutputChannel('MCP Catalog', { log: true });
  context.subscriptions.push(output);
  // The one version of the extension, the command line and the language server (CONTRIBUTING.md "Releasing").
  output.info(`MCP Catalog ${version}`);
  catalogClient = await startLanguageClient(context, output);
  const client = catalogClient.client;

  const tracker = new CatalogTracker(client);
  const languages = new DocumentLanguages(client, context.workspaceState);
  const live = new LiveController(client, tracker, new LiveConnection(context.secrets));
  const liveTree = new LiveTreeContribution(live);
  const readiness = new ReadinessProvider(client, tracker, liveTree);
  const previews = new PreviewProvider(client, tracker);
  const treeView = vscode.window.createTreeView(READINESS_VIEW_ID, { treeDataProvider: readiness, showCollapseAll: true });
  context.subscriptions.push(
    tracker,
    live.live,
    live,
    languages,
    new WorkspaceCatalogs(client, tracker),
    readiness,
    previews,
    treeView,
    new CatalogLanguageStatus(tracker, readiness, liveTree),
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    ...registerReadinessCommands(readiness),
    registerKnownVariableCommand(),
    ...registerPreviewCommands(tracker, () => readiness.current?.roots.map((root) => root.name) ?? []),
    ...registerCopyAsCommands(client, tracker),
    registerAddServerCommand(client, tracker),
    ...registerLiveCommands(live),
    vscode.commands.registerCommand('mcpCatalog.restartServer', async () => {
      output.info('Restarting the MCP Catalog language server.');
      await catalogClient?.restart();
    }),
    vscode.commands.registerCommand('mcpCatalog.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('mcpCatalog.openReadiness', async () => {
      await vscode.commands.executeCommand(`${READINESS_VIEW_ID}.focus`);
    }),
  );
  return { client: catalogClient, tracker, readiness, previews, live, languages };
}

export async function deactivate(): Promise<void> {
  await catalogClient?.stop();
  catalogClient = undefined;
}
