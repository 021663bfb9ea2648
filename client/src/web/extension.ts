import * as vscode from 'vscode';
import { activateOn, type CatalogApi } from '../activation';
import type { ClientHost } from '../host';
import { registerFileSystemRequests } from './vscodeFileHost';
import { WorkerLanguageClient, type WorkerPort } from './workerLanguageClient';

export { deactivate } from '../activation';

/** The browser's Worker, Blob and URL (this project compiles without the DOM library). */
declare const Worker: new (scriptUrl: string, options?: { name?: string }) => WorkerPort;
declare const Blob: new (parts: Uint8Array[], options: { type: string }) => unknown;
declare const URL: { createObjectURL(blob: unknown): string };

/**
 * What the web build cannot do, said once in the language status (docs/web.md): a web worker has
 * no process environment, and the live comparison would send the instance's API key from the
 * browser's origin, which an instance would have to allow (CORS) for every page of that origin.
 */
export const WEB_LIMITATION = 'no process environment, no live comparison';

/** The extension's `browser` entry (vscode.dev, github.dev): the language server runs as a web worker (dist/web/server.js). */
export function activate(context: vscode.ExtensionContext): Promise<CatalogApi> {
  return activateOn(context, webHost(context));
}

/**
 * The URL the server's worker starts from: the bundle's own (vscode.dev and github.dev serve web
 * extensions over https). An extension a remote server hands to the browser (code-server, a
 * `vscode-remote:` URI) cannot start a worker from its URI — VS Code's web worker extension host
 * refuses ("Creating workers from remote extensions is currently not supported", 1.100) — so its
 * bundle is read through the file system and started from a blob of the same script.
 */
async function workerUrl(serverMain: vscode.Uri): Promise<string> {
  if (serverMain.scheme !== 'vscode-remote') return serverMain.toString(true);
  const script = await vscode.workspace.fs.readFile(serverMain);
  return URL.createObjectURL(new Blob([script], { type: 'application/javascript' }));
}

function webHost(context: vscode.ExtensionContext): ClientHost {
  return {
    kind: 'web',
    schemes: () => [...new Set([...(vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.scheme), 'untitled'])],
    live: false,
    limitation: WEB_LIMITATION,
    async createClient(id, name, options) {
      const url = await workerUrl(vscode.Uri.joinPath(context.extensionUri, 'dist/web/server.js'));
      return new WorkerLanguageClient(id, name, options, () => new Worker(url, { name: 'MCP Catalog language server' }));
    },
    beforeStart: (client) => registerFileSystemRequests(client),
  };
}
