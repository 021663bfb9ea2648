import type { DataCallback, Disposable, Message, MessageReader, MessageWriter, RequestMessage } from 'vscode-languageserver';
import { ErrorCodes } from './protocol';

/**
 * What the protocol promises before any handler runs (SPEC §8: never crash), on any transport (the
 * Node process's: lsp/protocolGuard.ts; the web worker's: web/server.ts): the library's own
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

export class GuardedReader implements MessageReader {
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
