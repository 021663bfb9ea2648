import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { GuardedReader } from '../lsp/messageGuard';
import type { ServerPlatform } from '../lsp/platform';
import { startServer } from '../lsp/server';
import { ClientFileSystem } from './clientFileSystem';
import { VirtualUris } from './virtualUris';

/**
 * The language server in a browser's web worker (the extension's `browser` entry starts it from
 * dist/web/server.js; docs/web.md): the same server (lsp/server.ts) over the worker's messages,
 * reading every file through the client (web/clientFileSystem.ts). There is no process
 * environment and no folder watching (VS Code watches files for it).
 */

/** The worker's global scope: messages to and from the page that started it. */
declare const self: ConstructorParameters<typeof BrowserMessageReader>[0];

const reader = new BrowserMessageReader(self);
const writer = new BrowserMessageWriter(self);
const connection = createConnection(ProposedFeatures.all, new GuardedReader(reader, writer), writer);
const uris = new VirtualUris();
const platform: ServerPlatform = {
  name: 'web',
  files: new ClientFileSystem(connection, (filePath) => uris.toUri(filePath), { warn: (message) => connection.console.warn(message) }),
  env: undefined,
  uris,
};
startServer(connection, platform);
