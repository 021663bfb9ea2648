import type * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';

/**
 * Where the extension runs (ARCHITECTURE.md "The web build"): a desktop or remote extension host,
 * which starts the language server as a Node process (client/src/extension.ts), or a browser's
 * web worker extension host (vscode.dev, github.dev), which starts it as a web worker and answers
 * its file reads (client/src/web/extension.ts). Everything else in client/src is the same code.
 */
/** A client that stops its server and starts a new one (Node's LanguageClient; the web's WorkerLanguageClient). */
export type RestartableClient = BaseLanguageClient & { restart(): Promise<void> };

export interface ClientHost {
  kind: 'node' | 'web';
  /** The URI schemes of the documents the language server is given (file and untitled on Node; the workspace's own on the web). */
  schemes(): string[];
  /** A language client for the server, not yet started. */
  createClient(id: string, name: string, options: LanguageClientOptions): RestartableClient | Promise<RestartableClient>;
  /** Once, before the client first starts: what the server asks of the client here (the web's file reads); the handlers outlive restarts. */
  beforeStart?(client: BaseLanguageClient): vscode.Disposable[];
  /** What this build cannot do, said once in the language status (docs/web.md); undefined: nothing. */
  limitation?: string;
  /** Whether the live comparison with a Zimmer instance (SPEC §11) is offered. */
  live: boolean;
}
