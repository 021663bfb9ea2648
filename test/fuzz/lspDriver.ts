import { spawn, type ChildProcess } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { CancellationTokenSource, createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { repoRoot } from './corpus';
import { processCpuMs } from './cpu';
import type { CasePlan } from './drivers';
import { describeError, LineTable, SLOW_LIMIT_SIZE, SLOW_MS, checkReported, type Failure } from './oracle';
import type { Rng } from './rng';
import { checkRequestResult, REQUESTS, type Diagnostic } from './lspRequests';
import { KNOWN_NAMES, type DiskWorld } from './workspace';
import { CLASSIFY_REQUEST, DOCUMENT_ANALYSED, type ClassifyResult } from '../../shared/src/protocol';

/**
 * The language-server driver: one long-lived `dist/server.js --stdio` process; each case is a
 * didChange (or a didOpen) of a catalog or roots index, then a wait for the diagnostics of exactly
 * that version. Optionally a request the server advertises (hover, completion, code actions,
 * symbols, navigation, rename, readiness, preview) at a random spot, half of them cancelled at
 * once: each must be answered (a result or RequestCancelled), never crash the server.
 *
 * Slim on purpose (the protocol tier's LspClient keeps every message; a 100,000-case run must not).
 */

/** What vscode-jsonrpc answers when a request handler throws (a deliberate refusal carries its own code). */
const INTERNAL_ERROR = -32603;

export interface FuzzServerOptions {
  /** Send random requests (half of them cancelled at once). */
  requests: boolean;
  /** Milliseconds before a missing publication counts as a hang. */
  hangMs?: number;
  /** The bundled server to run (default dist/server.js; the runner passes a snapshot so a rebuild mid-run cannot swap it). */
  serverScript?: string;
  /** `mcpCatalog` settings merged over the fuzzer's (validation delay 0, the known names). */
  settings?: Record<string, unknown>;
}

export class FuzzServer {
  capabilities: Record<string, unknown> = {};
  private readonly waiters = new Map<string, (diagnostics: Diagnostic[]) => void>();
  /** Per URI, the diagnostics last published: what the client shows until the next publication. */
  private readonly shown = new Map<string, Diagnostic[]>();
  private readonly versions = new Map<string, number>();
  private readonly open = new Set<string>();
  private errorLogs: string[] = [];
  private stderrTail = '';
  private exit: string | undefined;
  private exitListeners: (() => void)[] = [];

  private constructor(
    private readonly child: ChildProcess,
    private readonly connection: MessageConnection,
    private readonly disk: DiskWorld,
    private readonly options: FuzzServerOptions,
  ) {}

  static async start(disk: DiskWorld, options: FuzzServerOptions): Promise<FuzzServer> {
    const script = options.serverScript ?? path.join(repoRoot(), 'dist', 'server.js');
    if (!fs.existsSync(script)) throw new Error(`${script} is missing: run \`node scripts/build.mjs\` first`);
    const child = spawn(process.execPath, [script, '--stdio'], {
      cwd: disk.base,
      env: { PATH: process.env.PATH },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
    const server = new FuzzServer(child, connection, disk, options);
    child.stdin.on('error', () => undefined);
    child.stderr.on('data', (chunk: Buffer) => {
      server.stderrTail = (server.stderrTail + chunk.toString('utf8')).slice(-4000);
    });
    child.once('exit', (code, signal) => {
      server.exit = signal ? `killed by ${signal}` : `exited with code ${code}`;
      for (const listener of server.exitListeners.splice(0)) listener();
    });
    connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number; diagnostics: Diagnostic[] }) => {
      server.shown.set(params.uri, params.diagnostics);
      for (const key of [`${params.uri}#${params.version}`, `${params.uri}#next`]) server.settle(key, params.diagnostics);
    });
    // The server never publishes a set equal to the last one it published for a document (push
    // mode, bench/NOTES.md "Pull diagnostics"); each new analysis of a catalog or roots index ends
    // with this notification, after the publication when there was one. A version still waited for
    // then has the set the client already shows.
    connection.onNotification(DOCUMENT_ANALYSED, (params: { uri: string; version: number }) =>
      server.settle(`${params.uri}#${params.version}`, server.shown.get(params.uri) ?? []),
    );
    connection.onNotification('window/logMessage', (params: { type: number; message: string }) => {
      if (params.type === 1) server.errorLogs.push(params.message);
    });
    connection.onNotification(() => undefined);
    connection.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => null));
    connection.onRequest(() => null);
    connection.onError(() => undefined);
    connection.listen();
    const folders = [disk.catalogDir, disk.rootsDir].map((folder) => ({ uri: pathToFileURL(folder).href, name: path.basename(folder) }));
    const result = await server.bounded(
      connection.sendRequest<{ capabilities: Record<string, unknown> }>('initialize', {
        processId: process.pid,
        rootUri: folders[0].uri,
        workspaceFolders: folders,
        capabilities: {
          textDocument: {
            publishDiagnostics: { relatedInformation: true, versionSupport: true, dataSupport: true },
            hover: { contentFormat: ['markdown', 'plaintext'] },
            completion: { completionItem: { snippetSupport: true } },
            codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['', 'quickfix', 'source', 'source.fixAll'] } }, dataSupport: true },
            documentSymbol: { hierarchicalDocumentSymbolSupport: true },
            rename: { prepareSupport: true },
          },
        },
        initializationOptions: { settings: { validation: { delay: 0 }, maxFileSizeMB: 20, knownVariables: KNOWN_NAMES, ...options.settings } },
      }),
      30_000,
      'the initialize response',
    );
    server.capabilities = result.capabilities ?? {};
    void connection.sendNotification('initialized', {});
    return server;
  }

  /** Resolve whoever waits for `key` (`uri#version` or `uri#next`), once. */
  private settle(key: string, diagnostics: Diagnostic[]): void {
    const waiter = this.waiters.get(key);
    if (!waiter) return;
    this.waiters.delete(key);
    waiter(diagnostics);
  }

  get alive(): boolean {
    return this.exit === undefined;
  }

  /** What the server wrote to stderr lately, and how it ended, for failure messages. */
  describe(): string {
    return `${this.exit ? `the server ${this.exit}` : 'the server is running'}${this.stderrTail ? `; stderr: ${this.stderrTail.slice(-1500)}` : ''}`;
  }

  uriFor(kind: CasePlan['cliKind']): string {
    return pathToFileURL(this.disk.fileFor(kind)).href;
  }

  /** Error-level log lines since the last call. */
  takeErrorLogs(): string[] {
    return this.errorLogs.splice(0);
  }

  /** Open or change the document of a kind and wait for the diagnostics of that version. */
  async diagnosticsFor(kind: CasePlan['cliKind'], text: string): Promise<Diagnostic[]> {
    return (await this.publish(this.uriFor(kind), text, undefined)).diagnostics;
  }

  /** The next publication for a URI, whatever its version (a revalidation after a settings change). */
  nextPublication(kind: CasePlan['cliKind'], timeoutMs = 60_000): Promise<Diagnostic[]> {
    const uri = this.uriFor(kind);
    return this.bounded(new Promise<Diagnostic[]>((resolve) => this.waiters.set(`${uri}#next`, resolve)), timeoutMs, `a publication for ${uri}`);
  }

  /** Push `mcpCatalog` settings (for a client without workspace/configuration, they replace the initial ones). */
  pushSettings(settings: Record<string, unknown>): void {
    void this.connection.sendNotification('workspace/didChangeConfiguration', {
      settings: { mcpCatalog: { validation: { delay: 0 }, knownVariables: KNOWN_NAMES, ...settings } },
    });
  }

  /**
   * A request, optionally cancelled with $/cancelRequest right after it is sent. Resolves with the
   * result or the error's code and message; rejects only when no answer comes or the server dies.
   */
  async request(
    method: string,
    params: unknown,
    options: { cancel?: boolean; timeoutMs?: number } = {},
  ): Promise<{ result?: unknown; error?: { code?: number; message: string } }> {
    const source = new CancellationTokenSource();
    const sent = this.connection.sendRequest<unknown>(method, params, source.token);
    if (options.cancel) source.cancel();
    try {
      return { result: await this.bounded(sent, options.timeoutMs ?? 60_000, `the response to ${method}`) };
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (code === undefined) throw error;
      return { error: { code, message: String((error as Error).message) } };
    } finally {
      source.dispose();
    }
  }

  /** Run one text through the server as the plan's kind of file. */
  async check(text: string, plan: CasePlan, rng: Rng | undefined): Promise<Failure[]> {
    const failures: Failure[] = [];
    if (!this.alive) return [{ driver: 'lsp', kind: 'crash', detail: `the server had already ${this.exit}` }];
    this.errorLogs = [];
    const uri = pathToFileURL(this.disk.fileFor(plan.cliKind)).href;
    let diagnostics: Diagnostic[];
    try {
      let elapsed: number;
      ({ diagnostics, elapsed } = await this.publish(uri, text, rng));
      if (elapsed > SLOW_MS && text.length < SLOW_LIMIT_SIZE) {
        // Measure again before blaming the server: a GC pause or a busy machine can cost a second.
        ({ diagnostics, elapsed } = await this.publish(uri, text, undefined));
        if (elapsed > SLOW_MS)
          failures.push({
            driver: 'lsp',
            kind: 'slow',
            detail: `diagnostics for ${text.length} UTF-16 units took ${Math.round(elapsed)} ms of the server's CPU (twice over ${SLOW_MS} ms)`,
          });
      }
    } catch (error) {
      return [this.describeFailure(error, 'diagnostics')];
    }
    const lines = new LineTable(text);
    failures.push(...checkReported('lsp', text, diagnostics, { severities: [1, 2, 3, 4], source: 'mcp-catalog', lines }));
    if (this.options.requests && rng) {
      try {
        failures.push(...(await this.randomRequest(uri, text, lines, diagnostics, rng)));
      } catch (error) {
        failures.push(this.describeFailure(error, 'request'));
      }
    }
    try {
      // A barrier: a request nobody serves is answered after whatever the server still does for
      // this case (a cancelled handler that ignored its token, revalidating the other document),
      // so that work is charged to this case and not to the next one.
      const cpuBefore = processCpuMs(this.child.pid);
      const answer = await this.request('mcpCatalogFuzz/barrier', {}, { timeoutMs: text.length < SLOW_LIMIT_SIZE ? 60_000 : 300_000 });
      if (answer.error?.code !== -32601)
        failures.push({ driver: 'lsp', kind: 'request', key: 'barrier', detail: `an unknown request got ${JSON.stringify(answer)}, not MethodNotFound` });
      const cpuAfter = processCpuMs(this.child.pid);
      const busy = cpuBefore !== undefined && cpuAfter !== undefined ? cpuAfter - cpuBefore : 0;
      if (busy > SLOW_MS && text.length < SLOW_LIMIT_SIZE)
        failures.push({ driver: 'lsp', kind: 'slow', key: 'after', detail: `the server spent ${Math.round(busy)} ms of CPU after answering this case` });
    } catch (error) {
      failures.push(this.describeFailure(error, 'barrier'));
    }
    if (this.errorLogs.length)
      failures.push({ driver: 'lsp', kind: 'log-error', detail: `the server logged errors:\n${this.errorLogs.slice(0, 5).join('\n').slice(0, 2000)}` });
    if (!this.alive) failures.push({ driver: 'lsp', kind: 'crash', detail: `the server ${this.exit}; stderr: ${this.stderrTail.slice(-1500)}` });
    return failures;
  }

  private describeFailure(error: unknown, what: string): Failure {
    if (!this.alive) return { driver: 'lsp', kind: 'crash', detail: `the server ${this.exit} during ${what}; stderr: ${this.stderrTail.slice(-1500)}` };
    const message = describeError(error);
    return { driver: 'lsp', kind: /timed out/.test(message) ? 'hang' : 'exception', key: what, detail: message };
  }

  /**
   * didOpen or didChange with the whole text; resolves with the diagnostics of that version and
   * the server's CPU milliseconds until then (wall time where /proc cannot tell).
   */
  private async publish(uri: string, text: string, rng: Rng | undefined): Promise<{ diagnostics: Diagnostic[]; elapsed: number }> {
    // An air.json gets diagnostics but no documentAnalysed notification, so a set equal to the last
    // one would leave its version unanswered: such a text reopens the document, which the server
    // always answers with a publication (closing forgets the last set).
    const kind = await this.bounded(this.connection.sendRequest<ClassifyResult>(CLASSIFY_REQUEST, { uri, text }), 60_000, `the classification of ${uri}`);
    const started = performance.now();
    const cpuAtStart = processCpuMs(this.child.pid);
    // Another tool's file (SPEC §1), e.g. a catalog edited into a top-level `mcpServers`: the server
    // publishes no set for that version; it clears what it showed with one versionless empty set,
    // and says nothing when it showed nothing.
    const notOurs = kind?.kind === null;
    const shownBefore = this.shown.get(uri) ?? [];
    const sent = this.send(uri, text, rng, kind?.kind === 'air');
    const { version } = sent;
    const arrived = !notOurs
      ? sent.arrived
      : shownBefore.length === 0
        ? Promise.resolve<Diagnostic[]>([])
        : new Promise<Diagnostic[]>((resolve) => this.waiters.set(`${uri}#next`, resolve));
    // Wall time, generous: a loaded machine stretches it; CPU time judges slowness above.
    const hangMs = this.options.hangMs ?? (text.length < SLOW_LIMIT_SIZE ? 60_000 : 300_000);
    try {
      const diagnostics = await this.bounded(arrived, hangMs, `the diagnostics of version ${version}`);
      const cpuNow = processCpuMs(this.child.pid);
      return { diagnostics, elapsed: cpuNow !== undefined && cpuAtStart !== undefined ? cpuNow - cpuAtStart : performance.now() - started };
    } finally {
      this.waiters.delete(`${uri}#${version}`);
    }
  }

  /** didOpen or didChange with the whole text, without waiting; `arrived` resolves with that version's diagnostics. */
  private send(uri: string, text: string, rng: Rng | undefined, reopen = false): { arrived: Promise<Diagnostic[]>; version: number } {
    const version = (this.versions.get(uri) ?? 0) + 1;
    this.versions.set(uri, version);
    const arrived = new Promise<Diagnostic[]>((resolve) => this.waiters.set(`${uri}#${version}`, resolve));
    if (this.open.has(uri) && (reopen || rng?.chance(0.02))) {
      // Now and then close and reopen: the server must drop and rebuild its state for the URI.
      void this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
      this.open.delete(uri);
    }
    if (!this.open.has(uri)) {
      this.open.add(uri);
      void this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: rng?.chance(0.5) ? 'jsonc' : 'json', version, text } });
    } else {
      void this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
    }
    return { arrived, version };
  }

  /**
   * A new version without waiting for it (a burst of edits: the server may skip to the last one).
   * Returns a function that waits for the diagnostics of this version.
   */
  change(kind: CasePlan['cliKind'], text: string): (timeoutMs?: number) => Promise<Diagnostic[]> {
    const uri = this.uriFor(kind);
    const { arrived, version } = this.send(uri, text, undefined);
    return (timeoutMs = 60_000) => this.bounded(arrived, timeoutMs, `the diagnostics of version ${version}`);
  }

  private async randomRequest(uri: string, text: string, lines: LineTable, diagnostics: Diagnostic[], rng: Rng): Promise<Failure[]> {
    const available = REQUESTS.filter((r) => r.capability === undefined || this.capabilities[r.capability]);
    if (available.length === 0) return [];
    const request = rng.pick(available);
    const params = request.params(uri, rng, lines, text, diagnostics);
    const source = new CancellationTokenSource();
    const sent = this.connection.sendRequest<unknown>(request.method, params, source.token);
    const cancelled = rng.chance(0.5);
    if (cancelled) source.cancel();
    try {
      const result = await this.bounded(sent, 60_000, `the response to ${request.method}`);
      return checkRequestResult(request.method, uri, result, lines);
    } catch (error) {
      const code = (error as { code?: number }).code;
      if (!this.alive || /timed out/.test(String((error as Error).message))) throw error;
      // RequestCancelled and ContentModified are what a cancelled request may get; a handler that
      // refuses deliberately answers with its own ResponseError (rename outside a root name, a
      // custom request this build does not serve). An exception inside a handler is InternalError.
      if (code !== undefined && code !== INTERNAL_ERROR) return [];
      return [
        {
          driver: 'lsp',
          kind: 'request',
          key: request.method,
          detail: `${request.method}${cancelled ? ' (cancelled)' : ''} with ${JSON.stringify(params).slice(0, 300)} failed: ${code ?? ''} ${describeError(error)}`,
        },
      ];
    } finally {
      source.dispose();
    }
  }

  private bounded<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
      const onExit = (): void => {
        clearTimeout(timer);
        reject(new Error(`the server ${this.exit} while waiting for ${what}`));
      };
      if (!this.alive) return onExit();
      this.exitListeners.push(onExit);
      promise.then(
        (value) => {
          clearTimeout(timer);
          this.exitListeners = this.exitListeners.filter((l) => l !== onExit);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          this.exitListeners = this.exitListeners.filter((l) => l !== onExit);
          reject(error);
        },
      );
    });
  }

  async stop(): Promise<void> {
    if (this.alive) {
      try {
        await this.bounded(this.connection.sendRequest('shutdown', null), 3000, 'shutdown');
        void this.connection.sendNotification('exit');
        await this.bounded(new Promise<void>((resolve) => this.exitListeners.push(resolve)), 3000, 'exit');
      } catch {
        // Unresponsive: killed below.
      }
    }
    if (this.alive) this.child.kill('SIGKILL');
    this.connection.dispose();
  }
}
