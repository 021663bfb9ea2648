import type { DataCallback, Disposable, Message, MessageReader, MessageWriter, RequestMessage } from 'vscode-languageserver/node';
import {
  createServerPipeTransport,
  createServerSocketTransport,
  ErrorCodes,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from './protocol';

/**
 * What the protocol promises before any handler runs (SPEC §8: never crash): the library's own
 * initialize code dereferences `capabilities.workspace`, so an `initialize` whose capabilities are
 * null or not objects — or whose folders, root or process id have an odd shape — is normalised to
 * what the protocol allows before the library sees it; and after `shutdown` every further request
 * is answered `InvalidRequest` (only `exit` still counts), as LSP requires.
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `initialize` params in the shape the library and the server read: every optional part either absent or of its type. */
export function normaliseInitializeParams(raw: unknown): Json {
  const params: Json = isObject(raw) ? { ...raw } : {};
  const capabilities: Json = isObject(params.capabilities) ? { ...params.capabilities } : {};
  for (const part of ['workspace', 'textDocument', 'window', 'general', 'notebookDocument', 'experimental']) {
    if (part in capabilities && !isObject(capabilities[part])) delete capabilities[part];
  }
  params.capabilities = capabilities;
  if (typeof params.processId !== 'number') params.processId = null;
  if (typeof params.rootUri !== 'string') params.rootUri = null;
  if ('rootPath' in params && typeof params.rootPath !== 'string') delete params.rootPath;
  if ('trace' in params && typeof params.trace !== 'string') delete params.trace;
  params.workspaceFolders = Array.isArray(params.workspaceFolders)
    ? params.workspaceFolders.filter((folder): folder is Json => isObject(folder) && typeof folder.uri === 'string')
    : null;
  return params;
}

class GuardedReader implements MessageReader {
  shutDown = false;

  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
  ) {}

  get onError() {
    return this.inner.onError;
  }
  get onClose() {
    return this.inner.onClose;
  }
  get onPartialMessage() {
    return this.inner.onPartialMessage;
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      const passed = this.filter(message);
      if (passed) callback(passed);
    });
  }

  dispose(): void {
    this.inner.dispose();
  }

  private filter(message: Message): Message | undefined {
    const request = message as RequestMessage;
    if (typeof request.method !== 'string' || request.id === undefined || request.id === null) return message;
    if (this.shutDown) {
      void this.writer
        .write({
          jsonrpc: '2.0',
          id: request.id,
          error: { code: ErrorCodes.InvalidRequest, message: `The server has been shut down: "${request.method}" is not served after \`shutdown\`.` },
        } as Message)
        .catch(() => undefined);
      return undefined;
    }
    if (request.method === 'shutdown') this.shutDown = true;
    if (request.method === 'initialize') return { ...request, params: normaliseInitializeParams(request.params) } as Message;
    return message;
  }
}

const NOTHING = new Uint8Array(0);

/**
 * vscode-jsonrpc's stream reader stops at a malformed header (no Content-Length, a line without a
 * colon: `ReadableStreamMessageReader.onData` returns or throws, vscode-jsonrpc 8.2.0
 * lib/common/messageReader.js) and reads what it has already buffered only when more input
 * arrives, so the client's next message would wait for another one (SPEC §8: never hang). After
 * each error it is handed an empty chunk on the next turn, which makes it read on from there.
 */
function resumingAfterErrors(reader: StreamMessageReader): StreamMessageReader {
  const onData = (reader as unknown as { onData?: (data: Uint8Array) => void }).onData;
  if (typeof onData === 'function') reader.onError(() => setImmediate(() => onData.call(reader, NOTHING)));
  return reader;
}

/** The transport the command line names (`--stdio`, `--node-ipc`, `--socket=N`, `--pipe=NAME`), guarded. */
export function guardedTransport(argv: readonly string[]): [MessageReader, MessageWriter] | undefined {
  let reader: MessageReader | undefined;
  let writer: MessageWriter | undefined;
  const value = (name: string): string | undefined => {
    const at = argv.findIndex((arg) => arg === name || arg.startsWith(`${name}=`));
    if (at < 0) return undefined;
    return argv[at].includes('=') ? argv[at].slice(name.length + 1) : argv[at + 1];
  };
  let guarded: GuardedReader | undefined;
  if (argv.includes('--stdio')) {
    reader = resumingAfterErrors(new StreamMessageReader(process.stdin));
    writer = new StreamMessageWriter(process.stdout);
    // As the library does for its own stdio: the client went away, so does the server (0 after `shutdown`).
    const end = (): void => process.exit(guarded?.shutDown ? 0 : 1);
    process.stdin.on('end', end);
    process.stdin.on('close', end);
    // Nothing but protocol messages may reach stdout.
    console.log = console.info = (...args: unknown[]) => process.stderr.write(`${args.map(String).join(' ')}\n`);
  } else if (argv.includes('--node-ipc')) {
    reader = new IPCMessageReader(process);
    writer = new IPCMessageWriter(process);
  } else if (value('--socket')) {
    [reader, writer] = createServerSocketTransport(Number.parseInt(value('--socket')!, 10));
  } else if (value('--pipe')) {
    [reader, writer] = createServerPipeTransport(value('--pipe')!);
  }
  if (!reader || !writer) return undefined;
  guarded = new GuardedReader(reader, writer);
  return [guarded, writer];
}
