import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateOn, type CatalogApi } from '../activation';
import type { ClientHost } from '../host';
import { registerFileSystemRequests } from './fileSystemRequests';

export { deactivate } from '../activation';

/** The browser's Worker constructor (this project compiles without the DOM library). */
declare const Worker: new (scriptUrl: string, options?: { name?: string }) => ConstructorParameters<typeof LanguageClient>[3];

/**
 * What the web build cannot do, said once in the language status (docs/web.md): a web worker has
 * no process environment, and the live comparison would send the instance's API key from the
 * browser's origin, which an instance would have to allow (CORS) for every page of that origin.
 */
export const WEB_LIMITATION =
  'Web extension: the process environment is not read (there is none) and there is no live comparison with a Zimmer instance; files are read through the editor.';

/** The extension's `browser` entry (vscode.dev, github.dev): the language server runs as a web worker (dist/web/server.js). */
export function activate(context: vscode.ExtensionContext): Promise<CatalogApi> {
  return activateOn(context, webHost(context));
}

function webHost(context: vscode.ExtensionContext): ClientHost {
  return {
    kind: 'web',
    schemes: () => [...new Set([...(vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.scheme), 'untitled'])],
    live: false,
    limitation: WEB_LIMITATION,
    createClient(id, name, options) {
      const serverMain = vscode.Uri.joinPath(context.extensionUri, 'dist/web/server.js');
      return new LanguageClient(id, name, options, new Worker(serverMain.toString(true), { name: 'MCP Catalog language server' }));
    },
    onStarted: (client) => registerFileSystemRequests(client),
  };
}
