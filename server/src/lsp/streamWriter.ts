import type { Message } from 'vscode-languageserver/node';
import { AbstractMessageWriter } from './protocol';

/**
 * The server's writer of `Content-Length`-framed JSON-RPC to a byte stream (stdio), in place of
 * vscode-jsonrpc's `StreamMessageWriter` (bench/NOTES.md, "The message writer"). That one takes
 * each message in turn behind a lock: a `setImmediate` before encoding it, then the header
 * written and its callback awaited before the body, and the next message only after both. A
 * diagnostics answer sent after the notification and log lines of the same check waited a turn of
 * the event loop for each (~5 ms of a 10,000-server open). Here a message is encoded when it is
 * written, header and body in one buffer, and handed to the stream at once; the stream keeps the
 * order. The frame is the library's: `Content-Length` in bytes, then the UTF-8 JSON.
 */
export class ByteStreamMessageWriter extends AbstractMessageWriter {
  private errorCount = 0;

  constructor(private readonly writable: NodeJS.WritableStream) {
    super();
    writable.on('error', (error: unknown) => this.fireError(error));
    writable.on('close', () => this.fireClose());
  }

  write(message: Message): Promise<void> {
    let frame: Buffer;
    try {
      frame = encodeFrame(message);
    } catch (error) {
      // A message JSON cannot encode (a cycle, a BigInt): reported like a failed write, nothing sent.
      this.failed(error, message);
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    return new Promise((resolve, reject) => {
      this.writable.write(frame, (error?: Error | null) => {
        if (!error) return resolve();
        this.failed(error, message);
        reject(error);
      });
    });
  }

  end(): void {
    this.writable.end();
  }

  private failed(error: unknown, message: Message): void {
    this.errorCount++;
    this.fireError(error, message, this.errorCount);
  }
}

/** Room before the JSON for the longest header: `Content-Length: ` (16), ten digits, `\r\n\r\n` (4). */
const HEADER_ROOM = 30;
/**
 * `roomyUnits`: past this many UTF-16 code units the bytes are counted first, rather than room
 * made for three per unit (tests lower it to send every message through both ways).
 */
export const framePolicy = { roomyUnits: 1 << 24 };

/**
 * One message as its bytes on the wire: `Content-Length: N\r\n\r\n` and N bytes of UTF-8 JSON.
 * The JSON is encoded once, after room for the header (a UTF-16 code unit is at most three UTF-8
 * bytes), and the header, known only then, written just before it: no separate pass to count the
 * bytes, no copy to join the two.
 */
export function encodeFrame(message: Message): Buffer {
  const json = JSON.stringify(message);
  const room = json.length <= framePolicy.roomyUnits ? json.length * 3 : Buffer.byteLength(json, 'utf8');
  const frame = Buffer.allocUnsafe(HEADER_ROOM + room);
  const length = frame.write(json, HEADER_ROOM, 'utf8');
  const header = `Content-Length: ${length}\r\n\r\n`;
  const start = HEADER_ROOM - header.length;
  frame.write(header, start, 'latin1');
  return frame.subarray(start, HEADER_ROOM + length);
}
