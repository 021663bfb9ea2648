import {
  BaseLanguageClient,
  BrowserMessageReader,
  BrowserMessageWriter,
  type LanguageClientOptions,
  type MessageTransports,
} from 'vscode-languageclient/browser';

/** What the client uses of a browser Worker (this project compiles without the DOM library). */
export interface WorkerPort {
  postMessage(message: unknown): void;
  addEventListener(type: string, listener: (event: unknown) => void): void;
  onmessage: unknown;
  terminate(): void;
}

/**
 * vscode-languageclient/browser's client, with a worker of its own per start: a server that was
 * shut down serves nothing more (lsp/messageGuard.ts), so a restart (MCP Catalog: Restart Server)
 * ends the old worker and starts a new one. A browser worker never reports that it closed, only an
 * `error` (a script that failed to load, an uncaught exception): that is taken as the connection
 * closing, so the client's restart limit applies (client/src/languageClient.ts) instead of the
 * client waiting on a worker that will never answer. Stopping the client ends its worker.
 */
export class WorkerLanguageClient extends BaseLanguageClient {
  private worker: WorkerPort | undefined;

  constructor(
    id: string,
    name: string,
    options: LanguageClientOptions,
    private readonly startWorker: () => WorkerPort,
  ) {
    super(id, name, options);
  }

  async restart(): Promise<void> {
    await this.stop();
    await this.start();
  }

  override stop(timeout?: number): Promise<void> {
    return super.stop(timeout).finally(() => this.endWorker());
  }

  /** The connection is gone: so is its worker (a restart starts another). */
  protected override handleConnectionClosed(): Promise<void> {
    this.endWorker();
    return super.handleConnectionClosed();
  }

  protected createMessageTransports(): Promise<MessageTransports> {
    this.endWorker();
    const worker = this.startWorker();
    this.worker = worker;
    return Promise.resolve({ reader: new WorkerMessageReader(worker), writer: new BrowserMessageWriter(worker) });
  }

  private endWorker(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }
}

/** The browser reader, closing on the worker's first `error`. */
class WorkerMessageReader extends BrowserMessageReader {
  constructor(worker: WorkerPort) {
    super(worker);
    let closed = false;
    worker.addEventListener('error', () => {
      if (closed) return;
      closed = true;
      this.fireClose();
    });
  }
}
