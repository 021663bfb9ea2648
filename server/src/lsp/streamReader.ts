import type { DataCallback, Disposable, Message } from 'vscode-languageserver/node';
import { moduleBodyBuffer, parseJsonBody } from './jsonBody';
import { AbstractMessageReader } from './protocol';

/**
 * The server's reader of `Content-Length`-framed JSON-RPC from a byte stream (stdio), in place of
 * vscode-jsonrpc's `StreamMessageReader` (bench/NOTES.md, "The message reader"). That one keeps
 * each message's chunks, joins them into a fresh buffer and parses the whole message as a string.
 * This one copies each chunk as it arrives into a body buffer that the next message reuses (for a
 * large body, the memory of jsonBody.ts's module), so a multi-megabyte `didOpen` touches no fresh
 * memory for its bytes, and parses it with `parseJsonBody`. The framing is the library's: headers up to an empty line, `Content-Length`
 * required, names case-insensitive, `Content-Type` not read (the library decodes UTF-8 JSON
 * whatever it says); a message still incomplete after 10 s is reported as partial.
 */

/** A header block longer than this is not a header: reported, and the bytes so far dropped. */
const MAX_HEADER_BYTES = 1 << 16;
/** A body longer than this could not become a JavaScript string: reported and skipped. */
const MAX_BODY_BYTES = 1 << 30;

/** The reader's limits; tests shorten them. */
export interface ReaderLimits {
  maxBodyBytes: number;
  partialMessageMs: number;
}
/** Body buffers up to this size stay for the next message; a larger one is let go once parsed. */
const KEPT_BODY_BYTES = 1 << 26;
/** What a body buffer starts at when the message claims more: it grows as the bytes really arrive. */
const FIRST_BODY_BYTES = 1 << 24;
const PARTIAL_MESSAGE_MS = 10_000;

const HEADER_END = Buffer.from('\r\n\r\n', 'latin1');

/** A buffer of `size` bytes holding the first `used` bytes of `buffer`. */
function grownCopy(buffer: Buffer, used: number, size: number): Buffer {
  const grown = Buffer.allocUnsafeSlow(size);
  buffer.copy(grown, 0, 0, used);
  return grown;
}

export class ByteStreamMessageReader extends AbstractMessageReader {
  private callback: DataCallback | undefined;
  /** Header bytes received so far, when a header spans chunks: head[0, headLength). */
  private head: Buffer = Buffer.alloc(0);
  private headLength = 0;
  /** The body being received: its length, and how much of it is in `body`; -1 between messages. */
  private bodyLength = -1;
  private received = 0;
  /** Bytes of a body being skipped (too long to read). */
  private skipping = 0;
  private body: Buffer = Buffer.alloc(0);
  private kept: Buffer = Buffer.alloc(0);
  private partialTimer: NodeJS.Timeout | undefined;
  private messageToken = 0;

  private readonly limits: ReaderLimits;

  constructor(
    private readonly readable: NodeJS.ReadableStream,
    limits: Partial<ReaderLimits> = {},
  ) {
    super();
    this.limits = { maxBodyBytes: MAX_BODY_BYTES, partialMessageMs: PARTIAL_MESSAGE_MS, ...limits };
  }

  listen(callback: DataCallback): Disposable {
    this.callback = callback;
    const onData = (chunk: Buffer | string): void => this.onData(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
    const onError = (error: unknown): void => this.fireError(error);
    const onClose = (): void => this.fireClose();
    this.readable.on('data', onData);
    this.readable.on('error', onError);
    this.readable.on('close', onClose);
    return {
      dispose: () => {
        this.readable.off('data', onData);
        this.readable.off('error', onError);
        this.readable.off('close', onClose);
        this.clearPartialTimer();
      },
    };
  }

  private onData(chunk: Buffer): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.skipping > 0) {
        const skipped = Math.min(this.skipping, chunk.length - at);
        this.skipping -= skipped;
        at += skipped;
      } else if (this.bodyLength < 0) {
        at = this.readHeader(chunk, at);
      } else {
        at = this.readBody(chunk, at);
      }
    }
    if (this.bodyLength >= 0) this.armPartialTimer();
  }

  /**
   * Reads header bytes from chunk[at]; returns where in the chunk the body starts, or the chunk's
   * length when the block goes on in a later chunk (its bytes so far kept in `head`, searched
   * only where the new bytes could end it: a header sent a byte at a time costs no more than one).
   */
  private readHeader(chunk: Buffer, at: number): number {
    const kept = this.headLength;
    if (kept === 0) {
      const end = chunk.indexOf(HEADER_END, at);
      if (end >= 0) return this.headerRead(chunk.toString('latin1', at, end), end + HEADER_END.length);
    }
    const count = chunk.length - at;
    if (kept + count > MAX_HEADER_BYTES + HEADER_END.length) {
      this.headLength = 0;
      this.fireError(new Error(`A message header longer than ${MAX_HEADER_BYTES} bytes: its bytes were dropped.`));
      // What follows its empty line, if this chunk has it, is the next message.
      const end = chunk.indexOf(HEADER_END, at);
      return end < 0 ? chunk.length : end + HEADER_END.length;
    }
    if (kept + count > this.head.length) this.head = grownCopy(this.head, kept, Math.max(this.head.length * 2, kept + count, 256));
    chunk.copy(this.head, kept, at);
    this.headLength = kept + count;
    const end = this.head.subarray(0, this.headLength).indexOf(HEADER_END, Math.max(0, kept - HEADER_END.length + 1));
    if (end < 0) return chunk.length;
    this.headLength = 0;
    // The body starts after the empty line: in this chunk, as the kept bytes came before it.
    return this.headerRead(this.head.toString('latin1', 0, end), at + end + HEADER_END.length - kept);
  }

  /** A complete header block read: start its body (or report the block); returns `next`, where the body starts. */
  private headerRead(block: string, next: number): number {
    const length = this.contentLength(block);
    if (length === undefined) return next;
    if (length > this.limits.maxBodyBytes) {
      this.skipping = length;
      this.fireError(new Error(`A message of ${length} bytes is longer than the ${this.limits.maxBodyBytes} bytes a message may have: it was skipped.`));
      return next;
    }
    this.startBody(length);
    return next;
  }

  /** Content-Length of a header block, or undefined (reported) when it has none or it is not a number. */
  private contentLength(block: string): number | undefined {
    let value: string | undefined;
    for (const line of block.split('\r\n')) {
      const colon = line.indexOf(':');
      if (colon < 0) {
        this.fireError(new Error(`Message header must separate key and value using ':'\n${line.slice(0, 200)}`));
        return undefined;
      }
      if (line.slice(0, colon).trim().toLowerCase() === 'content-length') value = line.slice(colon + 1).trim();
    }
    if (value === undefined) {
      this.fireError(new Error('Header must provide a Content-Length property.'));
      return undefined;
    }
    const length = /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isSafeInteger(length)) {
      this.fireError(new Error(`Content-Length value must be a number. Got ${value.slice(0, 40)}`));
      return undefined;
    }
    return length;
  }

  private startBody(length: number): void {
    this.bodyLength = length;
    this.received = 0;
    this.body = moduleBodyBuffer(length) ?? (length <= this.kept.length ? this.kept : Buffer.allocUnsafeSlow(Math.min(length, FIRST_BODY_BYTES)));
    if (length === 0) this.finishBody();
  }

  private readBody(chunk: Buffer, at: number): number {
    const count = Math.min(this.bodyLength - this.received, chunk.length - at);
    if (this.received + count > this.body.length)
      this.body = grownCopy(this.body, this.received, Math.min(this.bodyLength, Math.max(this.body.length * 2, this.received + count)));
    chunk.copy(this.body, this.received, at, at + count);
    this.received += count;
    if (this.received === this.bodyLength) this.finishBody();
    return at + count;
  }

  private finishBody(): void {
    const { body, bodyLength } = this;
    this.bodyLength = -1;
    this.messageToken++;
    this.clearPartialTimer();
    // The module's memory is jsonBody.ts's to keep; an ordinary buffer is kept here.
    if (body.length <= KEPT_BODY_BYTES && body.length > this.kept.length && body.buffer.byteLength === body.length) this.kept = body;
    this.body = this.kept;
    let message: Message;
    try {
      message = parseJsonBody(body, bodyLength) as Message;
    } catch (error) {
      this.fireError(error);
      return;
    }
    try {
      this.callback?.(message);
    } catch (error) {
      this.fireError(error);
    }
  }

  /** Armed once per message (not per chunk: a multi-megabyte body arrives in dozens). */
  private armPartialTimer(): void {
    if (this.partialTimer) return;
    const token = this.messageToken;
    this.partialTimer = setTimeout(() => {
      this.partialTimer = undefined;
      if (token !== this.messageToken || this.bodyLength < 0) return;
      this.firePartialMessage({ messageToken: token, waitingTime: this.limits.partialMessageMs });
      // Reported again after each further wait, as the library does.
      this.armPartialTimer();
    }, this.limits.partialMessageMs);
    this.partialTimer.unref();
  }

  private clearPartialTimer(): void {
    if (this.partialTimer) clearTimeout(this.partialTimer);
    this.partialTimer = undefined;
  }
}
