import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { addedServerEnvironment, SERVER_NODE_FLAGS } from '../../shared/src/serverProcess';
import type { ClientHost } from './host';

/** The desktop (or remote) extension host: the language server is a Node process (dist/server.js). */
export function nodeHost(context: vscode.ExtensionContext): ClientHost {
  return {
    kind: 'node',
    schemes: () => ['file', 'untitled'],
    live: true,
    createClient(id, name, options) {
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
      return new LanguageClient(id, name, serverOptions, options);
    },
  };
}
