/**
 * The protocol tier over a browser-style transport (docs/web.md, TESTING.md "Web extension"): the
 * web worker build of the server (dist/web/server.js) runs in a `worker_threads` Worker, inside a
 * vm context that has what a browser's web worker has — `self` with `postMessage`, `onmessage` and
 * `addEventListener`, timers, `TextEncoder`/`TextDecoder`, `console` — and no `require`, `process`
 * or `Buffer`, so a Node global the bundle reached for would fail here as in a browser. Messages
 * are plain JSON-RPC objects with no Content-Length framing, as `BrowserMessageReader`/`Writer`
 * exchange them. The server's file reads (`mcpCatalog/fs/*`) are answered from disk by
 * `answerFileRequests`, through the browser client's own rules (client/src/web/fileSystemRequests.ts).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { FileRequests, type FileHost } from '../../client/src/web/fileSystemRequests';
import type { FsReadDirectoryParams, FsReadFileParams, FsStatParams } from '../../shared/src/protocol';
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
 * The browser client's answers to `mcpCatalog/fs/*`, by the client's own rules
 * (client/src/web/fileSystemRequests.ts) over the disk: the same refusals as in the editor.
 */
export function answerFileRequests(connection: MessageConnection, folders: readonly string[], isTrusted: () => boolean = () => true): void {
  const requests = new FileRequests(nodeFileHost(folders, isTrusted));
  connection.onRequest('mcpCatalog/fs/readFile', (params: FsReadFileParams) => requests.readFile(params));
  connection.onRequest('mcpCatalog/fs/stat', (params: FsStatParams) => requests.stat(params));
  connection.onRequest('mcpCatalog/fs/readDirectory', (params: FsReadDirectoryParams) => requests.readDirectory(params));
}

/** `file:` URIs over the disk: an entry's own type (`lstat`, a link is never followed), errors in `vscode.FileSystemError`'s words. */
export function nodeFileHost(folders: readonly string[], isTrusted: () => boolean): FileHost<string> {
  return {
    parse(raw) {
      // By hand, not `new URL`: that would resolve a `..` away before the rules could see it.
      const match = /^file:\/\/[^/?#]*([^?#]*)(\?[^#]*)?(#.*)?$/.exec(raw);
      if (!match) return undefined;
      const filePath = decodeURIComponent(match[1]);
      return { uri: filePath, path: filePath, query: match[2] ?? '', fragment: match[3] ?? '' };
    },
    folderOf(filePath) {
      const folder = folders.find((candidate) => {
        const relative = path.relative(candidate, filePath);
        return !relative.startsWith('..') && !path.isAbsolute(relative);
      });
      return folder === undefined ? undefined : { uri: folder, path: folder };
    },
    join: (folder, name) => path.join(folder, name),
    async stat(filePath) {
      const found = await fs.promises.lstat(filePath);
      return {
        type: found.isFile() ? 'file' : found.isDirectory() ? 'folder' : 'other',
        symbolicLink: found.isSymbolicLink(),
        size: found.size,
        mtime: found.mtimeMs,
        ctime: found.ctimeMs,
      };
    },
    readFile: (filePath) => fs.promises.readFile(filePath),
    readDirectory: (filePath) => fs.promises.readdir(filePath),
    isTrusted,
    errorCode(error) {
      const code = (error as NodeJS.ErrnoException | undefined)?.code;
      return code === 'ENOENT'
        ? 'FileNotFound'
        : code === 'ENOTDIR'
          ? 'FileNotADirectory'
          : code === 'EACCES' || code === 'EPERM'
            ? 'NoPermissions'
            : code === 'EISDIR'
              ? 'FileIsADirectory'
              : code;
    },
  };
}
