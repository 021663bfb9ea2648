import * as vscode from 'vscode';
import { version } from '../../package.json';
import { registerAddServerCommand } from './addServer';
import { CatalogTracker } from './catalogTracker';
import { registerCopyAsCommands } from './copyAs';
import { registerKnownVariableCommand } from './knownVariables';
import { CatalogLanguageStatus } from './languageStatus';
import { DocumentLanguages } from './languages';
import type { ClientHost } from './host';
import { startLanguageClient, type CatalogClient } from './languageClient';
import { registerLiveCommands, registerLiveUnavailable } from './live/liveCommands';
import { LiveConnection } from './live/liveConnection';
import { LiveController } from './live/liveController';
import { LiveTreeContribution } from './live/liveTree';
import { PREVIEW_SCHEME, PreviewProvider, registerPreviewCommands } from './previews';
import { READINESS_VIEW_ID, ReadinessProvider, registerReadinessCommands } from './readinessView';
import { WorkspaceCatalogs } from './workspaceCatalogs';

/**
 * Activation on any host (client/src/host.ts): one language client for catalogs and roots indexes,
 * the output channel, and the features built on it (readiness tree, language status, previews,
 * commands). The Node entry is client/src/extension.ts, the browser's client/src/web/extension.ts.
 */

let catalogClient: CatalogClient | undefined;

/** What activation returns: the extension-host tests use it to reach the live objects. */
export interface CatalogApi {
  client: CatalogClient;
  tracker: CatalogTracker;
  readiness: ReadinessProvider;
  previews: PreviewProvider;
  /** Absent where the host offers no live comparison (the web: docs/web.md). */
  live: LiveController | undefined;
  languages: DocumentLanguages;
  /** The catalogs on disk the readiness view follows before one is opened, and Open a Catalog lists. */
  catalogs: WorkspaceCatalogs;
  /** Which build runs: `node` (a server process) or `web` (a web worker). */
  platform: ClientHost['kind'];
}

export async function activateOn(context: vscode.ExtensionContext, host: ClientHost): Promise<CatalogApi> {
  const output = vscode.window.createOutputChannel('MCP Catalog', { log: true });
  context.subscriptions.push(output);
  // The one version of the extension, the command line and the language server (CONTRIBUTING.md "Releasing").
  output.info(`MCP Catalog ${version}`);
  catalogClient = await startLanguageClient(context, output, host);
  const client = catalogClient.client;
  if (host.kind === 'web') output.info('MCP Catalog runs as a web extension: the language server is a web worker and reads files through the editor.');

  const tracker = new CatalogTracker(client);
  const languages = new DocumentLanguages(client, context.workspaceState, host.schemes());
  const live = host.live ? new LiveController(client, tracker, new LiveConnection(context.secrets)) : undefined;
  const liveTree = live ? new LiveTreeContribution(live) : undefined;
  const readiness = new ReadinessProvider(client, tracker, liveTree);
  const previews = new PreviewProvider(client, tracker);
  const catalogs = new WorkspaceCatalogs(client, tracker);
  const treeView = vscode.window.createTreeView(READINESS_VIEW_ID, { treeDataProvider: readiness, showCollapseAll: true });
  context.subscriptions.push(
    tracker,
    ...(live ? [live.live, live] : []),
    languages,
    catalogs,
    readiness,
    previews,
    treeView,
    new CatalogLanguageStatus(tracker, readiness, liveTree, host.limitation),
    vscode.workspace.registerTextDocumentContentProvider(PREVIEW_SCHEME, previews),
    ...registerReadinessCommands(readiness),
    registerKnownVariableCommand(),
    ...registerPreviewCommands(tracker, () => readiness.current?.roots.map((root) => root.name) ?? []),
    ...registerCopyAsCommands(client, tracker),
    registerAddServerCommand(client, tracker),
    ...(live ? registerLiveCommands(live) : registerLiveUnavailable(host)),
    vscode.commands.registerCommand('mcpCatalog.restartServer', async () => {
      output.info('Restarting the MCP Catalog language server.');
      await catalogClient?.restart();
    }),
    vscode.commands.registerCommand('mcpCatalog.showOutput', () => output.show(true)),
    vscode.commands.registerCommand('mcpCatalog.openReadiness', async () => {
      await vscode.commands.executeCommand(`${READINESS_VIEW_ID}.focus`);
    }),
  );
  return { client: catalogClient, tracker, readiness, previews, live, languages, catalogs, platform: host.kind };
}

export async function deactivate(): Promise<void> {
  await catalogClient?.stop();
  catalogClient = undefined;
}
