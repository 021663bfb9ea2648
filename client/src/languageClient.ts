import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { TRUST_CHANGED, type InitializationOptions, type TrustChangedParams } from '../../shared/src/protocol';
import { explicitConfiguration } from './explicitSettings';

/** The client id: VS Code reads `mcpCatalog.trace.server` for it. */
export const CLIENT_ID = 'mcpCatalog';

/**
 * Catalogs and roots indexes can have any `.json` name when their `$schema` says so (SPEC §1),
 * so every JSON file on disk goes to the server, which classifies it and ignores the rest
 * (`.vscode/mcp.json`, `.mcp.json`, `package.json` …). Selected by pattern, not language:
 * VS Code opens `mcp.json` as `jsonc`.
 */
export const DOCUMENT_SELECTOR = [
  { scheme: 'file', pattern: '**/*.json' },
  { scheme: 'untitled', language: 'json' },
  { scheme: 'untitled', language: 'jsonc' },
];

export interface CatalogClient {
  readonly client: LanguageClient;
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export async function startLanguageClient(context: vscode.ExtensionContext, output: vscode.LogOutputChannel): Promise<CatalogClient> {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  const initializationOptions: InitializationOptions = { workspaceTrusted: vscode.workspace.isTrusted };
  const clientOptions: LanguageClientOptions = {
    documentSelector: DOCUMENT_SELECTOR,
    outputChannel: output,
    initializationOptions,
    synchronize: { configurationSection: 'mcpCatalog' },
    // Settings left at their default give way to the folder's .mcp-catalog.json.
    middleware: { workspace: { configuration: explicitConfiguration } },
    // The server recovers from its own errors; if its process dies, restart it (up to the client's limit).
    connectionOptions: { maxRestartCount: 5 },
  };
  const client = new LanguageClient(CLIENT_ID, 'MCP Catalog', serverOptions, clientOptions);
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
