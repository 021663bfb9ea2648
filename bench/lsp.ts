/**
 * A minimal LSP client for the benchmark: spawns dist/server.js --stdio, opens a document, sends
 * one-character edits and waits for the publishDiagnostics of exactly that version. Settings go in
 * through initializationOptions (no workspace/configuration capability), with validation.delay 0
 * so the measurement is the server's work, not its debounce.
 */

import { spawn, type ChildProcess } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { now, procStatusBytes } from './util';

export interface PublishedDiagnostics {
  uri: string;
  version?: number;
  diagnostics: unknown[];
}

interface Waiter {
  uri: string;
  version: number;
  resolve: (params: PublishedDiagnostics) => void;
}

const TIMEOUT_MS = 120_000;

export class LspSession {
  private readonly waiters: Waiter[] = [];
  private exited = false;

  private constructor(
    readonly child: ChildProcess,
    readonly connection: MessageConnection,
    /** performance.now() just before the spawn. */
    readonly spawnedAt: number,
  ) {}

  /** Spawn the server and send initialize + initialized for `folder`. */
  static async start(serverPath: string, folder: string, nodeArgs: readonly string[] = []): Promise<{ session: LspSession; initializedAt: number }> {
    const spawnedAt = now();
    const child = spawn(process.execPath, [...nodeArgs, serverPath, '--stdio'], {
      cwd: folder,
      // A small, fixed environment: the process environment is switched off in the settings anyway.
      env: { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    const session = new LspSession(child, connection, spawnedAt);
    child.on('exit', () => (session.exited = true));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishedDiagnostics) => session.published(params));
    // Anything the server asks (registrations, progress): accept and move on.
    connection.onRequest(() => null);
    connection.onNotification(() => undefined);
    connection.listen();
    const folderUri = pathToFileURL(folder).toString();
    await connection.sendRequest('initialize', {
      processId: process.pid,
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: path.basename(folder) }],
      capabilities: {
        textDocument: {
          synchronization: { dynamicRegistration: false },
          publishDiagnostics: { relatedInformation: true, versionSupport: true },
        },
        workspace: { configuration: false, workspaceFolders: false, didChangeWatchedFiles: { dynamicRegistration: false } },
      },
      initializationOptions: { settings: { validation: { delay: 0 }, readProcessEnv: false } },
    });
    const initializedAt = now();
    await connection.sendNotification('initialized', {});
    return { session, initializedAt };
  }

  private published(params: PublishedDiagnostics): void {
    for (let i = 0; i < this.waiters.length; i++) {
      const waiter = this.waiters[i];
      // Without versionSupport a server may omit the version: then the next publish counts.
      if (waiter.uri === params.uri && (params.version === undefined || params.version >= waiter.version)) {
        this.waiters.splice(i, 1);
        waiter.resolve(params);
        return;
      }
    }
  }

  /** Resolves with the first publishDiagnostics for `uri` at `version` or later. */
  diagnosticsFor(uri: string, version: number): Promise<PublishedDiagnostics> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no diagnostics for ${uri} version ${version} within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
      this.waiters.push({
        uri,
        version,
        resolve: (params) => {
          clearTimeout(timer);
          resolve(params);
        },
      });
    });
  }

  async open(uri: string, text: string): Promise<{ ms: number; diagnostics: number }> {
    const started = now();
    const pending = this.diagnosticsFor(uri, 1);
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
    const published = await pending;
    return { ms: now() - started, diagnostics: published.diagnostics.length };
  }

  /** Replace one character at (line, character) and time the fresh diagnostics of that version. */
  async replaceCharacter(uri: string, version: number, line: number, character: number, replacement: string): Promise<{ ms: number; diagnostics: number }> {
    const pending = this.diagnosticsFor(uri, version);
    const started = now();
    await this.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version },
      contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: replacement }],
    });
    const published = await pending;
    return { ms: now() - started, diagnostics: published.diagnostics.length };
  }

  /** The server's peak resident memory so far (Linux), in bytes. */
  peakRss(): number | undefined {
    return this.child.pid === undefined ? undefined : procStatusBytes(this.child.pid, 'VmHWM');
  }

  /** shutdown + exit; SIGKILL when the server has not exited `killAfterMs` later (a profiled server needs longer). */
  async stop(killAfterMs = 3000): Promise<void> {
    if (this.exited) return;
    const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
    try {
      await Promise.race([this.connection.sendRequest('shutdown'), new Promise((resolve) => setTimeout(resolve, 2000))]);
      await this.connection.sendNotification('exit');
    } catch {
      // Already gone.
    }
    const killer = setTimeout(() => this.child.kill('SIGKILL'), killAfterMs);
    await exited;
    clearTimeout(killer);
    this.connection.dispose();
  }
}

/** 0-based line and character of a UTF-16 offset. */
export function positionOf(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, character: offset - lineStart };
}
