/**
 * The protocol tier over a browser-style transport (docs/web.md, TESTING.md "Web extension"): the
 * web worker build of the server (dist/web/server.js) runs in a `worker_threads` Worker, inside a
 * vm context that has what a browser's web worker has — `self` with `postMessage`, `onmessage` and
 * `addEventListener`, timers, `TextEncoder`/`TextDecoder`, `console` — and no `require`, `process`
 * or `Buffer`, so a Node global the bundle reached for would fail here as in a browser. Messages
 * are plain JSON-RPC objects with no Content-Length framing, as `BrowserMessageReader`/`Writer`
 * exchange them. The server's file reads (`mcpCatalog/fs/*`) are answered from disk by
 * `answerFileRequests`, with the rules the browser client keeps (client/src/web/fileSystemRequests.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AbstractMessageReader, AbstractMessageWriter, Disposable, type DataCallback, type Message, type MessageConnection } from 'vscode-jsonrpc/node';

/** What the test client needs of a running server, whatever its transport. */
export interface ServerHandle {
  readonly pid: number | undefined;
  onExit(listener: (code: number | null, signal: NodeJS.Signals | null) => void): void;
  running(): boolean;
  kill(): void;
  writeRaw(bytes: Buffer): void;
  stdout(listener: (chunk: Buffer) => void): void;
  stderr(listener: (chunk: Buffer) => void): void;
}

/** The worker's own code: a browser-like global for the bundle, and `exit` ending the worker (0 after `shutdown`, as the Node server). */
const BOOTSTRAP = `
const { parentPort, workerData } = require('node:worker_threads');
const vm = require('node:vm');
const fs = require('node:fs');
const listeners = new Set();
const write = (args) => process.stderr.write(args.map(String).join(' ') + '\\n');
const scope = {
  postMessage: (message) => parentPort.postMessage(message),
  addEventListener: (type, listener) => { if (type === 'message') listeners.add(listener); },
  removeEventListener: (type, listener) => listeners.delete(listener),
  onmessage: null,
  setTimeout, clearTimeout, setInterval, clearInterval, queueMicrotask, TextEncoder, TextDecoder, URL,
  console: { log: (...a) => write(a), info: (...a) => write(a), warn: (...a) => write(a), error: (...a) => write(a), debug: (...a) => write(a) },
};
scope.self = scope;
let shutDown = false;
parentPort.on('message', (data) => {
  if (data && data.method === 'shutdown') shutDown = true;
  if (typeof scope.onmessage === 'function') scope.onmessage({ data });
  for (const listener of listeners) listener({ data });
  if (data && data.method === 'exit') setTimeout(() => process.exit(shutDown ? 0 : 1), 0);
});
vm.runInContext(fs.readFileSync(workerData.script, 'utf8'), vm.createContext(scope), { filename: workerData.script });
`;

export function startWorkerServer(script: string): { handle: ServerHandle; reader: WorkerReader; writer: WorkerWriter } {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { script }, stdout: true, stderr: true });
  let exited = false;
  worker.once('exit', () => (exited = true));
  const handle: ServerHandle = {
    pid: undefined,
    onExit: (listener) => worker.once('exit', (code) => listener(code, null)),
    running: () => !exited,
    kill: () => void worker.terminate(),
    writeRaw: () => {
      throw new Error('a web worker takes messages, not bytes: framing tests run over stdio only');
    },
    stdout: (listener) => worker.stdout.on('data', listener),
    stderr: (listener) => worker.stderr.on('data', listener),
  };
  return { handle, reader: new WorkerReader(worker), writer: new WorkerWriter(worker) };
}

class WorkerReader extends AbstractMessageReader {
  constructor(private readonly worker: Worker) {
    super();
    worker.on('error', (error) => this.fireError(error));
    worker.once('exit', () => this.fireClose());
  }

  listen(callback: DataCallback): Disposable {
    const listener = (message: Message): void => callback(message);
    this.worker.on('message', listener);
    return Disposable.create(() => this.worker.off('message', listener));
  }
}

class WorkerWriter extends AbstractMessageWriter {
  constructor(private readonly worker: Worker) {
    super();
  }

  write(message: Message): Promise<void> {
    try {
      this.worker.postMessage(message);
      return Promise.resolve();
    } catch (error) {
      this.fireError(error, message, 1);
      return Promise.reject(error);
    }
  }

  end(): void {}
}

/**
 * The browser client's answers to `mcpCatalog/fs/*`, from disk: only inside the workspace folders,
 * no symbolic link followed, nothing over the limit the server asks with, a refusal that says why.
 */
export function answerFileRequests(connection: MessageConnection, folders: readonly string[]): void {
  const allowed = (uri: unknown): string | undefined => {
    if (typeof uri !== 'string' || !uri.startsWith('file:')) return undefined;
    const filePath = fileURLToPath(uri);
    return folders.some((folder) => {
      const relative = path.relative(folder, filePath);
      return !relative.startsWith('..') && !path.isAbsolute(relative);
    })
      ? filePath
      : undefined;
  };
  connection.onRequest('mcpCatalog/fs/readFile', (params: { uri?: unknown; limit?: unknown }) => {
    const filePath = allowed(params?.uri);
    if (!filePath) return { refused: 'is outside the workspace folders' };
    const limit = typeof params.limit === 'number' ? params.limit : 0;
    const stat = fs.lstatSync(filePath, { throwIfNoEntry: false });
    if (!stat) return { refused: 'does not exist', missing: true };
    if (stat.isSymbolicLink()) return { refused: 'is a symbolic link, which the web extension does not follow' };
    if (stat.isDirectory()) return { refused: 'is a folder' };
    if (!stat.isFile()) return { refused: 'is not a regular file' };
    if (stat.size > limit) return { refused: 'is over the size limit', tooLarge: true, size: stat.size };
    return { text: fs.readFileSync(filePath, 'utf8') };
  });
  connection.onRequest('mcpCatalog/fs/stat', (params: { uri?: unknown }) => {
    const filePath = allowed(params?.uri);
    if (!filePath) return { type: 'refused' };
    const stat = fs.lstatSync(filePath, { throwIfNoEntry: false });
    if (!stat) return { type: 'missing' };
    return { type: stat.isFile() ? 'file' : stat.isDirectory() ? 'folder' : 'other', size: stat.size, mtime: stat.mtimeMs, ctime: stat.ctimeMs };
  });
  connection.onRequest('mcpCatalog/fs/readDirectory', (params: { uri?: unknown }) => {
    const filePath = allowed(params?.uri);
    if (!filePath) return null;
    try {
      return { names: fs.readdirSync(filePath) };
    } catch {
      return null;
    }
  });
}
