/**
 * A small, reusable LSP test client for the protocol tier (TESTING.md tier 2): it spawns the
 * bundled `dist/server.js --stdio` in its own process and talks to it with vscode-jsonrpc.
 *
 * Everything that waits is bounded: a wait that times out (or a server that dies) rejects with a
 * description of what did arrive, so a broken server fails a test instead of hanging it. Every
 * client started here is tracked and `stopAllClients()` (call it in `afterEach`) ends them all,
 * also when the test failed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type {
  ClientCapabilities,
  ConfigurationParams,
  Diagnostic,
  FileEvent,
  InitializeParams,
  InitializeResult,
  PublishDiagnosticsParams,
  Range,
  Registration,
  RegistrationParams,
  TraceValues,
} from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { TRUST_CHANGED } from '../../shared/src/protocol';
import { answerFileRequests, startWorkerServer, type ServerHandle } from './workerTransport';

/** The repository root (this file runs from out/test/protocol/). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
/** The bundled server; MCP_CATALOG_SERVER_SCRIPT points the tier at another build (a packaged one, a patched one). */
export const SERVER_SCRIPT = process.env.MCP_CATALOG_SERVER_SCRIPT || path.join(REPO_ROOT, 'dist', 'server.js');
/**
 * `worker`: the tier drives the web worker build (dist/web/server.js) over a browser-style
 * transport instead (test/protocol/workerTransport.ts); the web tier runs the selected suites so
 * (test/harness/runWebTier.ts). Default: the Node server over stdio.
 */
export const TRANSPORT: 'stdio' | 'worker' = process.env.MCP_CATALOG_PROTOCOL_TRANSPORT === 'worker' ? 'worker' : 'stdio';
/** The web client's view of workspace trust, per worker connection (its reads follow Restricted Mode). */
const trusts = new WeakMap<MessageConnection, { trusted: boolean }>();
export const WEB_SERVER_SCRIPT = path.join(REPO_ROOT, 'dist', 'web', 'server.js');

/** LSP's FileChangeType. */
export const FileChange = { Created: 1, Changed: 2, Deleted: 3 } as const;

/** Capability presets; tests combine them or pass their own object. */
export const Capabilities = {
  /** What VS Code advertises for the parts this server uses. */
  vscodeLike(): ClientCapabilities {
    return {
      workspace: {
        configuration: true,
        workspaceFolders: true,
        didChangeConfiguration: { dynamicRegistration: true },
        didChangeWatchedFiles: { dynamicRegistration: true, relativePatternSupport: true },
        applyEdit: true,
        workspaceEdit: { documentChanges: true },
      },
      textDocument: {
        synchronization: { dynamicRegistration: true, didSave: true },
        publishDiagnostics: {
          relatedInformation: true,
          versionSupport: true,
          codeDescriptionSupport: true,
          dataSupport: true,
          tagSupport: { valueSet: [1, 2] },
        },
        hover: { contentFormat: ['markdown', 'plaintext'] },
        completion: { completionItem: { snippetSupport: true } },
        codeAction: {
          codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'source', 'source.fixAll'] } },
          isPreferredSupport: true,
          dataSupport: true,
        },
      },
      window: { workDoneProgress: true, showDocument: { support: true } },
    };
  },
  /** A client that cannot watch files for the server (like Neovim 0.7): the server must fall back to fs.watch. */
  withoutFileWatching(): ClientCapabilities {
    const capabilities = Capabilities.vscodeLike();
    delete capabilities.workspace!.didChangeWatchedFiles;
    return capabilities;
  },
  /** A client without `workspace/configuration`: settings come from initializationOptions or pushes. */
  withoutConfiguration(): ClientCapabilities {
    const capabilities = Capabilities.vscodeLike();
    delete capabilities.workspace!.configuration;
    return capabilities;
  },
  /** Nothing at all. */
  none(): ClientCapabilities {
    return {};
  },
};

export interface StartOptions {
  /** Default: `Capabilities.vscodeLike()`. */
  capabilities?: ClientCapabilities;
  initializationOptions?: unknown;
  /**
   * What `workspace/configuration` answers, looked up by section (`{ mcpCatalog: {…} }`); a
   * function receives the scope URI. Default: `{}`, so every section is null (defaults apply).
   */
  settings?: Record<string, unknown> | ((scopeUri: string | undefined) => Record<string, unknown>);
  /** Workspace folders (paths); also sent as rootUri (the first). */
  workspaceFolders?: string[];
  trace?: TraceValues;
  /**
   * The server's environment. Default: only PATH, so the test runner's variables never leak into
   * "the process environment" a test reasons about. Set `inheritEnv` to pass everything.
   */
  env?: NodeJS.ProcessEnv;
  inheritEnv?: boolean;
  cwd?: string;
  /** Default timeout of every wait and request, in ms. */
  timeoutMs?: number;
  /** Extra arguments after `--stdio`. */
  args?: string[];
  /** Start the server through another program (e.g. under strace): gets node's path and its arguments. */
  wrap?: (node: string, args: string[]) => { file: string; args: string[] };
}

export interface DiagnosticsWait {
  /** Only a publication for this document version. */
  version?: number;
  /** Only a publication whose diagnostics satisfy this. */
  match?: (diagnostics: Diagnostic[], publication: PublishDiagnosticsParams) => boolean;
  /** Only publications that arrived after this `mark()`. */
  since?: number;
  timeoutMs?: number;
}

export interface Publication extends PublishDiagnosticsParams {
  /** Arrival order over every message this client received. */
  seq: number;
}

export interface LogLine {
  type: number;
  message: string;
  seq: number;
}

export interface Notification {
  method: string;
  params: unknown;
  seq: number;
}

const live = new Set<LspClient>();

/** Stop every client still running (call from `afterEach`). */
export async function stopAllClients(): Promise<void> {
  await Promise.all([...live].map((client) => client.stop()));
}

process.on('exit', () => {
  for (const client of live) client.kill();
});

export function fileUri(filePath: string): string {
  return pathToFileURL(filePath).href;
}

export class LspClient {
  readonly publications: Publication[] = [];
  readonly logs: LogLine[] = [];
  /** Every notification from the server, publishDiagnostics and logMessage included. */
  readonly notifications: Notification[] = [];
  readonly registrations: Registration[] = [];
  /** Every workspace/configuration request the server made. */
  readonly configurationRequests: ConfigurationParams[] = [];
  /** Every workspace/applyEdit the server asked for (answered "applied"). */
  readonly appliedEdits: unknown[] = [];
  /** Every window/showDocument the server asked for (answered "success"). */
  readonly shownDocuments: unknown[] = [];
  /** How many times the server asked a pulling client to pull diagnostics again. */
  diagnosticRefreshes = 0;
  initializeResult!: InitializeResult;

  private readonly documents = new Map<string, TextDocument>();
  private readonly events = new EventEmitter();
  private readonly stdoutChunks: Buffer[] = [];
  private readonly stderrChunks: Buffer[] = [];
  private seq = 0;
  private exitInfo: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  private stopping = false;
  private settings: StartOptions['settings'];
  private readonly exited: Promise<void>;

  private constructor(
    private readonly child: ServerHandle,
    private readonly connection: MessageConnection,
    private readonly options: StartOptions,
  ) {
    this.events.setMaxListeners(0);
    this.settings = options.settings ?? {};
    this.exited = new Promise((resolve) => {
      child.onExit((code, signal) => {
        this.exitInfo = { code, signal };
        live.delete(this);
        this.events.emit('event');
        resolve();
      });
    });
  }

  /** Spawn the bundled server, initialize it and send `initialized`. */
  static async start(options: StartOptions = {}): Promise<LspClient> {
    const script = TRANSPORT === 'worker' ? WEB_SERVER_SCRIPT : SERVER_SCRIPT;
    if (!existsSync(script)) throw new Error(`${script} is missing: run \`node scripts/build.mjs\` first.`);
    let handle: ServerHandle;
    let connection: MessageConnection;
    if (TRANSPORT === 'worker') {
      const worker = startWorkerServer(script);
      handle = worker.handle;
      connection = createMessageConnection(worker.reader, worker.writer);
      // Trusted unless the client says otherwise, at start or later (`mcpCatalog/trustChanged`), as the server takes it.
      const trust = { trusted: (options.initializationOptions as { workspaceTrusted?: unknown } | undefined)?.workspaceTrusted !== false };
      answerFileRequests(connection, options.workspaceFolders ?? [], () => trust.trusted);
      trusts.set(connection, trust);
    } else {
      const env = options.inheritEnv ? { ...process.env, ...options.env } : { PATH: process.env.PATH, ...options.env };
      const command = (options.wrap ?? ((file, args) => ({ file, args })))(process.execPath, [script, '--stdio', ...(options.args ?? [])]);
      const child = spawn(command.file, command.args, {
        cwd: options.cwd ?? REPO_ROOT,
        env,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
      child.stdin.on('error', () => undefined); // EPIPE after the server died; the exit handler reports it.
      handle = childHandle(child);
    }
    const client = new LspClient(handle, connection, options);
    live.add(client);
    handle.stdout((chunk: Buffer) => client.stdoutChunks.push(chunk));
    handle.stderr((chunk: Buffer) => client.stderrChunks.push(chunk));
    client.wire();
    connection.listen();
    try {
      await client.initialize();
    } catch (error) {
      client.kill();
      throw error;
    }
    return client;
  }

  // ---- wiring ---------------------------------------------------------------------------------

  private next(): number {
    return ++this.seq;
  }

  private wire(): void {
    const c = this.connection;
    c.onNotification('textDocument/publishDiagnostics', (params: PublishDiagnosticsParams) => {
      const seq = this.next();
      this.publications.push({ ...params, seq });
      this.notifications.push({ method: 'textDocument/publishDiagnostics', params, seq });
      this.events.emit('event');
    });
    c.onNotification('window/logMessage', (params: { type: number; message: string }) => {
      const seq = this.next();
      this.logs.push({ ...params, seq });
      this.notifications.push({ method: 'window/logMessage', params, seq });
      this.events.emit('event');
    });
    c.onNotification((method: string, params: unknown) => {
      this.notifications.push({ method, params, seq: this.next() });
      this.events.emit('event');
    });
    c.onRequest('workspace/configuration', (params: ConfigurationParams) => {
      this.configurationRequests.push(params);
      this.events.emit('event');
      return params.items.map((item) => {
        const settings = typeof this.settings === 'function' ? this.settings(item.scopeUri) : (this.settings ?? {});
        return lookupSection(settings, item.section);
      });
    });
    c.onRequest('client/registerCapability', (params: RegistrationParams) => {
      this.registrations.push(...params.registrations);
      this.events.emit('event');
      return null;
    });
    c.onRequest('client/unregisterCapability', () => null);
    c.onRequest('workspace/diagnostic/refresh', () => {
      this.diagnosticRefreshes++;
      this.events.emit('event');
      return null;
    });
    c.onRequest('window/workDoneProgress/create', () => null);
    c.onRequest('window/showMessageRequest', () => null);
    c.onRequest('workspace/workspaceFolders', () =>
      (this.options.workspaceFolders ?? []).map((folder) => ({ uri: fileUri(folder), name: path.basename(folder) })),
    );
    c.onRequest('window/showDocument', (params: unknown) => {
      this.shownDocuments.push(params);
      this.events.emit('event');
      return { success: true };
    });
    c.onRequest('workspace/applyEdit', (params: unknown) => {
      this.appliedEdits.push(params);
      this.events.emit('event');
      return { applied: true };
    });
    for (const refresh of ['workspace/semanticTokens/refresh', 'workspace/codeLens/refresh', 'workspace/inlayHint/refresh']) {
      c.onRequest(refresh, () => null);
    }
    c.onError(() => undefined);
    c.onClose(() => this.events.emit('event'));
  }

  private async initialize(): Promise<void> {
    const folders = this.options.workspaceFolders ?? [];
    const params: InitializeParams = {
      processId: process.pid,
      clientInfo: { name: 'mcp-catalog-protocol-tests' },
      rootUri: folders.length > 0 ? fileUri(folders[0]) : null,
      workspaceFolders: folders.length > 0 ? folders.map((folder) => ({ uri: fileUri(folder), name: path.basename(folder) })) : null,
      // null is sent as null: a client may send any shape (the hostile tests do).
      capabilities: this.options.capabilities === undefined ? Capabilities.vscodeLike() : this.options.capabilities,
      initializationOptions: this.options.initializationOptions,
      trace: this.options.trace,
    };
    this.initializeResult = await this.request<InitializeResult>('initialize', params);
    this.notify('initialized', {});
  }

  // ---- documents --------------------------------------------------------------------------------

  /** didOpen; the text defaults to the file's content on disk. Returns the URI. */
  open(filePath: string, text?: string, languageId = 'json', version = 1): string {
    const uri = fileUri(filePath);
    return this.openUri(uri, text ?? readFileSync(filePath, 'utf8'), languageId, version);
  }

  openUri(uri: string, text: string, languageId = 'json', version = 1): string {
    this.documents.set(uri, TextDocument.create(uri, languageId, version, text));
    this.notify('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    return uri;
  }

  /** Replace the whole text (a range-less change). Returns the new version. */
  change(uri: string, text: string, version?: number): number {
    const document = this.document(uri);
    const next = version ?? document.version + 1;
    this.documents.set(uri, TextDocument.update(document, [{ text }], next));
    this.notify('textDocument/didChange', { textDocument: { uri, version: next }, contentChanges: [{ text }] });
    return next;
  }

  /** Incremental edits (applied in order, each against the text the previous one left). Returns the new version. */
  edit(uri: string, edits: { range: Range; text: string }[], version?: number): number {
    const document = this.document(uri);
    const next = version ?? document.version + 1;
    this.documents.set(uri, TextDocument.update(document, edits, next));
    this.notify('textDocument/didChange', { textDocument: { uri, version: next }, contentChanges: edits });
    return next;
  }

  save(uri: string): void {
    this.notify('textDocument/didSave', { textDocument: { uri } });
  }

  close(uri: string): void {
    this.documents.delete(uri);
    this.notify('textDocument/didClose', { textDocument: { uri } });
  }

  /** The client's copy of an open document. */
  document(uri: string): TextDocument {
    const document = this.documents.get(uri);
    if (!document) throw new Error(`${uri} is not open in the test client`);
    return document;
  }

  // ---- workspace --------------------------------------------------------------------------------

  didChangeWatchedFiles(changes: { path: string; type: FileEvent['type'] }[]): void {
    this.notify('workspace/didChangeWatchedFiles', { changes: changes.map((change) => ({ uri: fileUri(change.path), type: change.type })) });
  }

  /** New answers for workspace/configuration; `notify` also tells the server (with `pushed` as the payload). */
  setSettings(settings: StartOptions['settings'], notify = true, pushed: unknown = null): void {
    this.settings = settings;
    if (notify) this.notify('workspace/didChangeConfiguration', { settings: pushed });
  }

  // ---- messages ---------------------------------------------------------------------------------

  notify(method: string, params?: unknown): void {
    if (this.exitInfo) throw new Error(`cannot send ${method}: ${this.describeExit()}`);
    const trust = trusts.get(this.connection);
    if (trust && method === TRUST_CHANGED) trust.trusted = (params as { trusted?: unknown } | undefined)?.trusted !== false;
    void this.connection.sendNotification(method, params).catch(() => undefined);
  }

  /** Answer a request the server sends to the client (as an editor extension would). */
  onRequest(method: string, handler: (params: unknown) => unknown): void {
    this.connection.onRequest(method, handler);
  }

  /** A request that rejects on timeout or when the server exits, instead of hanging. */
  async request<R>(method: string, params?: unknown, timeoutMs = this.timeout): Promise<R> {
    if (this.exitInfo) throw new Error(`cannot send ${method}: ${this.describeExit()}`);
    const sent = this.connection.sendRequest<R>(method, params);
    return this.bounded(sent, `the response to ${method}`, timeoutMs);
  }

  /**
   * Proof that the server's message loop is alive: a request nobody handles must come back as a
   * MethodNotFound error (any answer counts; silence or a dead process fails).
   */
  async roundTrip(timeoutMs = this.timeout): Promise<void> {
    try {
      await this.request('mcpCatalogTest/ping', {}, timeoutMs);
    } catch (error) {
      if ((error as { code?: number }).code !== -32601) throw error;
    }
  }

  /** A position in the arrival order, for `since`. */
  mark(): number {
    return this.seq;
  }

  // ---- waiting ----------------------------------------------------------------------------------

  private get timeout(): number {
    return this.options.timeoutMs ?? 10_000;
  }

  /**
   * Resolve once `check` returns something other than undefined; it runs now and after every
   * message from the server. Rejects after the timeout or when the server exits.
   */
  waitFor<T>(description: string, check: () => T | undefined, timeoutMs = this.timeout, explain?: () => string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let timer: NodeJS.Timeout | undefined;
      const done = (): void => {
        this.events.off('event', test);
        if (timer) clearTimeout(timer);
      };
      const test = (): void => {
        let value: T | undefined;
        try {
          value = check();
        } catch (error) {
          done();
          reject(error);
          return;
        }
        if (value !== undefined) {
          done();
          resolve(value);
        } else if (this.exitInfo) {
          done();
          reject(new Error(`gave up waiting for ${description}: ${this.describeExit()}${explain ? `\n${explain()}` : ''}`));
        }
      };
      timer = setTimeout(() => {
        done();
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description}${explain ? `\n${explain()}` : ''}`));
      }, timeoutMs);
      this.events.on('event', test);
      test();
    });
  }

  /** Every publication for a URI, in arrival order. */
  publicationsFor(uri: string): Publication[] {
    return this.publications.filter((publication) => publication.uri === uri);
  }

  /** The diagnostics the client currently shows for a URI (the latest publication), if any. */
  latest(uri: string): Publication | undefined {
    const all = this.publicationsFor(uri);
    const last = all[all.length - 1];
    if (!last) return undefined;
    // The server publishes only when the diagnostics change (server/src/lsp/diagnosticsChannel.ts).
    // Each analysis sends its publication, if any, then its summary: the summary right after the
    // publication is its pair; any later one is an analysis that confirmed the same diagnostics.
    const summaries = this.notifications.filter(
      (n) => n.seq > last.seq && n.method === 'mcpCatalog/documentAnalysed' && (n.params as { uri?: string }).uri === uri,
    );
    const confirmation = summaries.length > 1 ? summaries[summaries.length - 1] : undefined;
    return confirmation ? { ...last, version: (confirmation.params as { version?: number }).version, seq: confirmation.seq } : last;
  }

  /**
   * Wait until the client's current diagnostics for `uri` (its latest publication) satisfy the
   * conditions: a given version, a predicate, arrival after a mark.
   */
  waitForDiagnostics(uri: string, wait: DiagnosticsWait = {}): Promise<Publication> {
    const parts = [
      wait.version !== undefined ? `version ${wait.version}` : '',
      wait.match ? 'matching the predicate' : '',
      wait.since !== undefined ? `after mark ${wait.since}` : '',
    ].filter(Boolean);
    return this.waitFor(
      `diagnostics of ${path.basename(uri)}${parts.length ? ` (${parts.join(', ')})` : ''}`,
      () => {
        const latest = this.latest(uri);
        if (!latest) return undefined;
        if (wait.since !== undefined && latest.seq <= wait.since) return undefined;
        if (wait.version !== undefined && latest.version !== wait.version) return undefined;
        if (wait.match && !wait.match(latest.diagnostics, latest)) return undefined;
        return latest;
      },
      wait.timeoutMs,
      () => `publications for that URI: ${describePublications(this.publicationsFor(uri))}`,
    );
  }

  waitForNotification<P>(method: string, match: (params: P) => boolean = () => true, timeoutMs?: number): Promise<P> {
    return this.waitFor(
      `a ${method} notification`,
      () => this.notifications.find((n) => n.method === method && match(n.params as P))?.params as P | undefined,
      timeoutMs,
    );
  }

  waitForLog(match: (line: LogLine) => boolean, timeoutMs?: number): Promise<LogLine> {
    return this.waitFor(
      'a matching log line',
      () => this.logs.find(match),
      timeoutMs,
      () => `log lines:\n${this.logs.map((l) => `  ${l.message}`).join('\n')}`,
    );
  }

  waitForRegistration(method: string, timeoutMs?: number): Promise<Registration> {
    return this.waitFor(`a registration of ${method}`, () => this.registrations.find((registration) => registration.method === method), timeoutMs);
  }

  // ---- output -----------------------------------------------------------------------------------

  /** Bytes written to the server's stdin as they are, between the connection's messages (framing tests). */
  writeRaw(bytes: Buffer): void {
    this.child.writeRaw(bytes);
  }

  /** Everything the server wrote to stdout (every LSP message, raw). */
  rawStdout(): string {
    return Buffer.concat(this.stdoutChunks).toString('utf8');
  }

  stderr(): string {
    return Buffer.concat(this.stderrChunks).toString('utf8');
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get hasExited(): boolean {
    return this.exitInfo !== undefined;
  }

  private describeExit(): string {
    const info = this.exitInfo;
    const how = info ? (info.signal ? `killed by ${info.signal}` : `exited with code ${info.code}`) : 'still running';
    const stderr = this.stderr().trim();
    return `the server ${how}${stderr ? `; stderr:\n${stderr.slice(-2000)}` : ''}`;
  }

  private bounded<T>(promise: Promise<T>, description: string, timeoutMs: number): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    let onExit: (() => void) | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description}`)), timeoutMs);
      onExit = () => {
        if (this.exitInfo) reject(new Error(`gave up waiting for ${description}: ${this.describeExit()}`));
      };
      this.events.on('event', onExit);
    });
    return Promise.race([promise, guard]).finally(() => {
      clearTimeout(timer);
      this.events.off('event', onExit!);
    });
  }

  // ---- ending -----------------------------------------------------------------------------------

  /** shutdown + exit, then a kill if the process is still there after a short grace period. */
  async stop(): Promise<void> {
    if (this.stopping || this.exitInfo) {
      await this.exited;
      return;
    }
    this.stopping = true;
    try {
      await this.request('shutdown', null, 2000);
      this.notify('exit');
      await this.bounded(this.exited, 'the server to exit', 2000);
    } catch {
      // Unresponsive or already gone: kill it below.
    }
    this.kill();
    await this.exited;
    this.connection.dispose();
  }

  /** SIGKILL this client's server process (only it: the server starts no children). */
  kill(): void {
    if (!this.exitInfo && this.child.running()) this.child.kill();
  }
}

/** A server process as the test client drives it. */
function childHandle(child: ChildProcess): ServerHandle {
  return {
    get pid() {
      return child.pid;
    },
    onExit: (listener) => child.once('exit', listener),
    running: () => child.exitCode === null && child.signalCode === null,
    kill: () => child.kill('SIGKILL'),
    writeRaw: (bytes) => child.stdin?.write(bytes),
    stdout: (listener) => child.stdout?.on('data', listener),
    stderr: (listener) => child.stderr?.on('data', listener),
  };
}

/** `a.b.c` in a settings object; null when absent (what VS Code answers for unknown sections). */
export function lookupSection(settings: Record<string, unknown>, section: string | undefined): unknown {
  if (!section) return settings;
  let current: unknown = settings;
  for (const part of section.split('.')) {
    if (!current || typeof current !== 'object' || !(part in (current as Record<string, unknown>))) return null;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** One line per publication: version and codes, for failure messages. */
export function describePublications(publications: readonly Publication[]): string {
  if (publications.length === 0) return 'none';
  return publications
    .slice(-8)
    .map((p) => `\n  #${p.seq} v${p.version ?? '-'}: [${p.diagnostics.map((d) => `${d.code}@${d.range.start.line}:${d.range.start.character}`).join(', ')}]`)
    .join('');
}
