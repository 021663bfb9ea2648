/**
 * A small LSP client for the benchmark, driving a language server over stdio the way VS Code 1.100's
 * LanguageClient 9 does (bench/NOTES.md): it announces pull diagnostics (`textDocument.diagnostic`),
 * and when the server offers them — statically or by `client/registerCapability` — it sends
 * `textDocument/diagnostic` after every didOpen and didChange, as VS Code does; otherwise it waits
 * for the `publishDiagnostics` of exactly that version. The same client drives our server and the
 * peer (VS Code's JSON server, bench/peerServer.ts), so both pay the same protocol costs.
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
  timer: NodeJS.Timeout;
}

const TIMEOUT_MS = 300_000;

/** How to start a server and what to tell it. */
export interface ServerSpec {
  /** The program and its arguments (a node script, possibly under `unshare -n`). */
  command: string;
  args: readonly string[];
  initializationOptions?: unknown;
  /** Sent right after `initialized`, as a client configures the server. */
  afterInitialized?: (connection: MessageConnection) => Promise<void>;
  /** Server → client requests the client answers (`workspace/configuration`, `vscode/content`). */
  requests?: Record<string, (params: unknown) => unknown>;
  env?: NodeJS.ProcessEnv;
  /** Requests this server's own VS Code client sends after every version besides the standard ones (ours: readiness). */
  versionRequests?: (uri: string) => [method: string, params: unknown][];
}

/** What VS Code 1.100's LanguageClient 9.0.1 announces that matters here. */
const CLIENT_CAPABILITIES = {
  textDocument: {
    synchronization: { dynamicRegistration: true, didSave: true },
    publishDiagnostics: { relatedInformation: true, versionSupport: false, tagSupport: { valueSet: [1, 2] }, codeDescriptionSupport: true, dataSupport: true },
    documentSymbol: { dynamicRegistration: true, hierarchicalDocumentSymbolSupport: true, labelSupport: true },
    foldingRange: { dynamicRegistration: true, rangeLimit: 5000, lineFoldingOnly: true },
    colorProvider: { dynamicRegistration: true },
    diagnostic: {
      dynamicRegistration: true,
      relatedDocumentSupport: false,
      relatedInformation: true,
      tagSupport: { valueSet: [1, 2] },
      codeDescriptionSupport: true,
      dataSupport: true,
    },
  },
  workspace: {
    configuration: true,
    workspaceFolders: true,
    didChangeConfiguration: { dynamicRegistration: true },
    didChangeWatchedFiles: { dynamicRegistration: true },
    diagnostics: { refreshSupport: true },
  },
};

export class LspSession {
  private readonly waiters: Waiter[] = [];
  private exited = false;
  /** What the server answered `initialize` with. */
  capabilities: Record<string, unknown> = {};
  /** The server offers pull diagnostics (in its capabilities or by a registration). */
  pulls = false;
  private readonly resultIds = new Map<string, string>();
  private onRegistered: (() => void) | undefined;
  /** Resolves when the server registers pull diagnostics (or at once when it declared them). */
  private readonly registered = new Promise<void>((resolve) => (this.onRegistered = resolve));

  private constructor(
    readonly child: ChildProcess,
    readonly connection: MessageConnection,
    /** performance.now() just before the spawn. */
    readonly spawnedAt: number,
  ) {}

  /** Our server (`node SERVER --stdio`), settings through initializationOptions: the old harness's entry point. */
  static async start(
    serverPath: string,
    folder: string,
    nodeArgs: readonly string[] = [],
    initializationOptions: unknown = { settings: { validation: { delay: 0 }, readProcessEnv: false } },
    env?: NodeJS.ProcessEnv,
  ): Promise<{ session: LspSession; initializedAt: number }> {
    return LspSession.launch({ command: process.execPath, args: [...nodeArgs, serverPath, '--stdio'], initializationOptions, env }, folder);
  }

  /** Spawn the server and send initialize + initialized for `folder`, then the spec's configuration. */
  static async launch(spec: ServerSpec, folder: string): Promise<{ session: LspSession; initializedAt: number }> {
    const spawnedAt = now();
    const child = spawn(spec.command, [...spec.args], {
      cwd: folder,
      env: spec.env ?? { PATH: process.env.PATH ?? '' },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const session = new LspSession(child, connection, spawnedAt);
    child.on('exit', () => (session.exited = true));
    connection.onNotification('textDocument/publishDiagnostics', (params: PublishedDiagnostics) => session.published(params));
    connection.onRequest('client/registerCapability', (params: { registrations: { method: string }[] }) => {
      if (params.registrations.some((registration) => registration.method === 'textDocument/diagnostic')) {
        session.pulls = true;
        session.onRegistered?.();
      }
      return null;
    });
    for (const [method, answer] of Object.entries(spec.requests ?? {})) connection.onRequest(method, answer);
    // Anything else the server asks (progress, refresh): accept and move on.
    connection.onRequest(() => null);
    connection.onNotification(() => undefined);
    connection.listen();
    const folderUri = pathToFileURL(folder).toString();
    const result = await connection.sendRequest<{ capabilities?: Record<string, unknown> }>('initialize', {
      processId: process.pid,
      clientInfo: { name: 'Visual Studio Code', version: '1.100.3' },
      rootUri: folderUri,
      workspaceFolders: [{ uri: folderUri, name: path.basename(folder) }],
      capabilities: CLIENT_CAPABILITIES,
      initializationOptions: spec.initializationOptions,
    });
    session.capabilities = result.capabilities ?? {};
    if (result.capabilities?.diagnosticProvider) {
      session.pulls = true;
      session.onRegistered?.();
    }
    const initializedAt = now();
    await connection.sendNotification('initialized', {});
    await spec.afterInitialized?.(connection);
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
        timer,
        resolve: (params) => {
          clearTimeout(timer);
          resolve(params);
        },
      });
    });
  }

  private dropWaiters(uri: string): void {
    for (let i = this.waiters.length - 1; i >= 0; i--) {
      if (this.waiters[i].uri !== uri) continue;
      clearTimeout(this.waiters[i].timer);
      this.waiters.splice(i, 1);
    }
  }

  /** A `textDocument/diagnostic` pull, with the previous result id as VS Code sends it; the number of diagnostics (undefined: unchanged). */
  async pull(uri: string): Promise<number | undefined> {
    const previousResultId = this.resultIds.get(uri);
    const report = await this.connection.sendRequest<{ kind: string; resultId?: string; items?: unknown[] }>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId,
    });
    if (report.resultId !== undefined) this.resultIds.set(uri, report.resultId);
    return report.kind === 'full' ? (report.items?.length ?? 0) : undefined;
  }

  /** Pulled or pushed, whichever the server does: resolves when the diagnostics of `version` are in. */
  private async diagnosticsAfter(uri: string, version: number, send: () => Promise<void>): Promise<{ ms: number; diagnostics: number | undefined }> {
    const started = now();
    if (this.pulls) {
      await send();
      const diagnostics = await this.pull(uri);
      return { ms: now() - started, diagnostics };
    }
    // Not (yet) registered: whichever comes first, a push of this version or the registration of
    // pull diagnostics (VS Code then pulls every open document).
    const pushed = this.diagnosticsFor(uri, version).then((params) => params.diagnostics.length);
    await send();
    const first = await Promise.race([pushed, this.registered.then(() => 'registered' as const)]);
    if (first === 'registered') this.dropWaiters(uri);
    const diagnostics = first === 'registered' ? await this.pull(uri) : first;
    return { ms: now() - started, diagnostics };
  }

  async open(uri: string, text: string, version = 1): Promise<{ ms: number; diagnostics: number | undefined }> {
    this.resultIds.delete(uri);
    return this.diagnosticsAfter(uri, version, () =>
      this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version, text } }),
    );
  }

  async close(uri: string): Promise<void> {
    this.resultIds.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** Replace one character at (line, character) and time the fresh diagnostics of that version. */
  async replaceCharacter(
    uri: string,
    version: number,
    line: number,
    character: number,
    replacement: string,
  ): Promise<{ ms: number; diagnostics: number | undefined }> {
    return this.diagnosticsAfter(uri, version, () =>
      this.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ range: { start: { line, character }, end: { line, character: character + 1 } }, text: replacement }],
      }),
    );
  }

  /**
   * A one-character edit and then what VS Code asks when typing pauses, all at once: the
   * diagnostics, the outline (breadcrumbs), folding and colours where the server offers them, and
   * `extra` (its own client's requests). Milliseconds until every answer is in.
   */
  async typingPause(uri: string, version: number, line: number, character: number, replacement: string, extra: [string, unknown][]): Promise<number> {
    const started = now();
    const textDocument = { uri };
    const requests: [string, unknown][] = [...extra];
    if (this.capabilities.documentSymbolProvider) requests.push(['textDocument/documentSymbol', { textDocument }]);
    if (this.capabilities.foldingRangeProvider) requests.push(['textDocument/foldingRange', { textDocument }]);
    if (this.capabilities.colorProvider) requests.push(['textDocument/documentColor', { textDocument }]);
    // The change goes out first (replaceCharacter writes it before its first await), then the rest.
    const diagnostics = this.replaceCharacter(uri, version, line, character, replacement);
    const answers = requests.map(([method, params]) => this.connection.sendRequest(method, params).catch(() => undefined));
    await Promise.all([diagnostics, ...answers]);
    return now() - started;
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
