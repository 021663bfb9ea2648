import * as vscode from 'vscode';
import { ErrorAction, LanguageClient, TransportKind, type ErrorHandler, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { TRUST_CHANGED, type InitializationOptions, type TrustChangedParams } from '../../shared/src/protocol';
import { optedOutUris, OWN_LANGUAGES } from './languages';
import { ClientLogChannel } from './logChannel';
import { explicitConfiguration } from './explicitSettings';
import { addedServerEnvironment, SERVER_NODE_FLAGS } from '../../shared/src/serverProcess';

/** The client id: VS Code reads `mcpCatalog.trace.server` for it. */
export const CLIENT_ID = 'mcpCatalog';

/** Restarts after a crash before the client gives up (the library counts them over three minutes). */
const MAX_RESTARTS = 5;

/**
 * The server sees the documents in our own language modes (catalog, roots index, air.json) and
 * nothing else: a JSON file is first classified (`mcpCatalog/classify`, see languages.ts) and
 * switched to our mode, so formatting, folding and symbols never compete with VS Code's JSON
 * service, and `package.json` or `.vscode/launch.json` never reach the server.
 */
export const DOCUMENT_SELECTOR = OWN_LANGUAGES.flatMap((language) => [
  { scheme: 'file', language },
  { scheme: 'untitled', language },
]);

export interface CatalogClient {
  readonly client: LanguageClient;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): Promise<CatalogClient> {
  const module = context.asAbsolutePath('dist/server.js');
  // What the editor adds to the server's environment (shared/src/serverProcess.ts); the client's
  // library merges this into the extension host's environment.
  const env = { ...addedServerEnvironment(process.env) };
  // Over stdio (vscode-languageserver's own stream reader and writer): the transport every other
  // client uses too, and the one the benchmark measures (bench/NOTES.md).
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS], env } },
    debug: { module, transport: TransportKind.stdio, options: { execArgv: [...SERVER_NODE_FLAGS, '--nolazy', '--inspect=6009'], env } },
  };
  // Read at every (re)start: trust and the files switched out of our modes may have changed since activation.
  const initializationOptions = (): InitializationOptions => ({ workspaceTrusted: vscode.workspace.isTrusted, optedOut: optedOutUris(context.workspaceState) });
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
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
  const client = new LanguageClient(CLIENT_ID, 'MCP Catalog', serverOptions, clientOptions);
  let restartLimit: ErrorHandler | undefined;
  const restarts = (): ErrorHandler => (restartLimit ??= client.createDefaultErrorHandler(MAX_RESTARTS));
  context.subscriptions.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      const params: TrustChangedParams = { trusted: true };
      void client.sendNotification(TRUST_CHANGED, params);
    }),
  );
  await client.start();
  return {
    client,
    restart: () => client.restart(),
    stop: () => client.stop(),
  };
}
