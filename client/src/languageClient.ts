import * as vscode from 'vscode';
import { ErrorAction, type BaseLanguageClient, type ErrorHandler, type LanguageClientOptions } from 'vscode-languageclient';
import { TRUST_CHANGED, type InitializationOptions, type TrustChangedParams } from '../../shared/src/protocol';
import type { ClientHost } from './host';
import { optedOutUris, OWN_LANGUAGES } from './languages';
import { ClientLogChannel } from './logChannel';
import { explicitConfiguration } from './explicitSettings';

/** The client id: VS Code reads `mcpCatalog.trace.server` for it. */
export const CLIENT_ID = 'mcpCatalog';

/** Restarts after a crash before the client gives up (the library counts them over three minutes). */
const MAX_RESTARTS = 5;

/**
 * The server sees the documents in our own language modes (catalog, roots index, air.json) and
 * nothing else: a JSON file is first classified (`mcpCatalog/classify`, see languages.ts) and
 * switched to our mode, so formatting, folding and symbols never compete with VS Code's JSON
 * service, and `package.json` or `.vscode/launch.json` never reach the server. Documents of the
 * host's schemes only (client/src/host.ts): files and untitled documents on Node, the workspace's
 * own scheme on the web.
 */
export function documentSelector(schemes: readonly string[]): { scheme: string; language: string }[] {
  return OWN_LANGUAGES.flatMap((language) => schemes.map((scheme) => ({ scheme, language })));
}

export interface CatalogClient {
  readonly client: BaseLanguageClient;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel, host: ClientHost): Promise<CatalogClient> {
  // Read at every (re)start: trust and the files switched out of our modes may have changed since activation.
  const initializationOptions = (): InitializationOptions => ({ workspaceTrusted: vscode.workspace.isTrusted, optedOut: optedOutUris(context.workspaceState) });
  const clientOptions: LanguageClientOptions = {
    documentSelector: documentSelector(host.schemes()),
    outputChannel: new ClientLogChannel(output),
    initializationOptions,
    synchronize: { configurationSection: 'mcpCatalog' },
    // Settings left at their default give way to the folder's .mcp-catalog.json.
    middleware: { workspace: { configuration: explicitConfiguration } },
    errorHandler: {
      // A failed read or write means the process is gone or going; its close event decides what
      // happens next. The library's default handler would instead stop the client for good after
      // three such errors — which a busy editor reaches on a slow machine before the close arrives.
      error: () => ({ action: ErrorAction.Continue }),
      // The server recovers from its own errors; if its process dies, restart it (up to the client's limit).
      closed: () => restarts().closed(),
    },
  };
  const client = await host.createClient(CLIENT_ID, 'MCP Catalog', clientOptions);
  let restartLimit: ErrorHandler | undefined;
  const restarts = (): ErrorHandler => (restartLimit ??= client.createDefaultErrorHandler(MAX_RESTARTS));
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      const params: TrustChangedParams = { trusted: true };
      void client.sendNotification(TRUST_CHANGED, params);
    }),
  );
  // Handlers the server's requests need are registered before it starts (the web's file reads come with the first check).
  if (host.beforeStart) context.subscriptions.push(...host.beforeStart(client));
  await client.start();
  return {
    client,
    restart: () => client.restart(),
    stop: () => client.stop(),
  };
}
