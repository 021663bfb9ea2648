import { strict as assert } from 'node:assert';
import Module from 'node:module';
import type { LanguageClientOptions } from 'vscode-languageclient/browser';
import type { WorkerPort } from '../../client/src/web/workerLanguageClient';

/**
 * The web client's worker (client/src/web/workerLanguageClient.ts): a browser Worker never says it
 * closed, so its `error` counts as the connection closing; stopping the client ends its worker.
 * vscode-languageclient needs `vscode` only for what these cases never reach: a stand-in answers it.
 */
const moduleLoader = Module as unknown as { _load: (request: string, ...rest: unknown[]) => unknown };
const realLoad = moduleLoader._load;
const standIn: unknown = new Proxy(function () {}, {
  get: (_target, key) => (key === 'then' ? undefined : standIn),
  construct: () => standIn as object,
  apply: () => standIn,
});
moduleLoader._load = (request, ...rest) => (request === 'vscode' ? standIn : realLoad(request, ...rest));
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { WorkerLanguageClient } = require('../../client/src/web/workerLanguageClient') as typeof import('../../client/src/web/workerLanguageClient');
moduleLoader._load = realLoad;

type Message = { id?: number; method?: string };

/** A worker that answers like the server, or fails to load (an `error`, never an answer). */
class FakeWorker implements WorkerPort {
  onmessage: unknown;
  terminated = false;
  private readonly errorListeners: ((event: unknown) => void)[] = [];

  constructor(private readonly fails: boolean) {}

  postMessage(message: unknown): void {
    const { id, method } = message as Message;
    if (this.fails) {
      setImmediate(() => this.errorListeners.forEach((listener) => listener({ message: 'the script could not be loaded' })));
      return;
    }
    const result = method === 'initialize' ? { capabilities: {} } : null;
    if (id !== undefined) setImmediate(() => (this.onmessage as (event: { data: unknown }) => void)({ data: { jsonrpc: '2.0', id, result } }));
  }

  addEventListener(type: string, listener: (event: unknown) => void): void {
    if (type === 'error') this.errorListeners.push(listener);
  }

  terminate(): void {
    this.terminated = true;
  }
}

function client(fails: (started: number) => boolean, restarts: number): { client: InstanceType<typeof WorkerLanguageClient>; workers: FakeWorker[] } {
  const workers: FakeWorker[] = [];
  let closes = 0;
  const options: LanguageClientOptions = {
    errorHandler: {
      error: () => ({ action: 1 /* Continue */ }),
      closed: () => ({ action: ++closes <= restarts ? 2 /* Restart */ : 1 /* DoNotRestart */ }),
    },
  };
  const started = new WorkerLanguageClient('mcpCatalog', 'MCP Catalog', options, () => {
    const worker = new FakeWorker(fails(workers.length));
    workers.push(worker);
    return worker;
  });
  return { client: started, workers };
}

describe('the web client\u2019s worker (client/src/web/workerLanguageClient.ts)', () => {
  it('a worker that fails to load closes the connection: the start fails instead of waiting, and the worker is ended', async () => {
    const { client: failing, workers } = client(() => true, 0);
    await assert.rejects(failing.start());
    assert.equal(workers.length, 1);
    assert.ok(workers[0].terminated);
  });

  it('a worker that fails is restarted within the restart limit, each failed one ended', async () => {
    const { client: failing, workers } = client(() => true, 2);
    await assert.rejects(failing.start());
    // Restarts run after the failed start: let them, a bounded number of turns, until the limit stops them.
    for (let turn = 0; turn < 1000 && !(workers.length >= 3 && workers[2].terminated); turn++) await new Promise((resolve) => setImmediate(resolve));
    assert.equal(workers.length, 3, 'the first worker and two restarts');
    assert.ok(workers.every((worker) => worker.terminated));
  });

  it('stop ends the worker; restart ends the old one and starts another', async () => {
    const { client: working, workers } = client(() => false, 0);
    await working.start();
    await working.restart();
    assert.equal(workers.length, 2);
    assert.deepEqual(
      workers.map((worker) => worker.terminated),
      [true, false],
    );
    await working.stop();
    assert.ok(workers[1].terminated);
  });
});
