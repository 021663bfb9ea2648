import type { MessageReader, MessageWriter } from 'vscode-languageserver/node';
import { GuardedReader } from './messageGuard';
import {
  createServerPipeTransport,
  createServerSocketTransport,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageReader,
  StreamMessageWriter,
} from './protocol';

/** The Node process's transports, each behind lsp/messageGuard.ts (what the protocol promises before any handler runs). */

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
