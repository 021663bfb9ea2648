import type * as vscode from 'vscode';
import { activateOn, type CatalogApi } from './activation';
import type { LiveController } from './live/liveController';
import { nodeHost } from './nodeHost';

export { deactivate } from './activation';

/** What activation returns on Node (the extension-host tests reach the live objects through it); the live comparison is there. */
export type McpCatalogApi = CatalogApi & { live: LiveController };

/** The extension's `main` entry: the desktop (or remote) extension host, with the server as a Node process. */
export async function activate(context: vscode.ExtensionContext): Promise<McpCatalogApi> {
  const api = await activateOn(context, nodeHost(context));
  return { ...api, live: api.live! };
}
