import { strict as assert } from 'node:assert';
import { PassThrough, Writable } from 'node:stream';
import { StreamMessageReader, type Message } from 'vscode-jsonrpc/node';
import { ByteStreamMessageWriter, encodeFrame, framePolicy } from '../../server/src/lsp/streamWriter';

/**
 * The server's stdio writer (lsp/streamWriter.ts) in place of vscode-jsonrpc's: the same frames,
 * read back by the library's own reader in the order written, and a message that cannot be sent
 * reported without a byte of it on the wire.
 */

const MESSAGES: Message[] = [
  { jsonrpc: '2.0', id: 1, result: { capabilities: {} } } as Message,
  { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 4, message: 'Checked mcp.json — 2 finding(s): "é", 𝄞, \u2028' } } as Message,
  {
    jsonrpc: '2.0',
    id: 2,
    result: { kind: 'full', resultId: '7', items: Array.from({ length: 2000 }, (_, i) => ({ message: `entry ${i} — ünïcode`, range: i })) },
  } as Message,
];

/** Everything the library's reader reads from `stream` until it has `count` messages. */
function readBack(stream: PassThrough, count: number): Promise<Message[]> {
  const reader = new StreamMessageReader(stream);
  const read: Message[] = [];
  return new Promise((resolve, reject) => {
    reader.onError(reject);
    reader.listen((message) => {
      read.push(message);
      if (read.length === count) resolve(read);
    });
  });
}

describe('the stdio message writer (lsp/streamWriter.ts)', () => {
  it('frames each message as Content-Length in UTF-8 bytes, then the JSON', () => {
    const message = { jsonrpc: '2.0', method: 'x', params: { text: 'é—𝄞' } } as Message;
    const frame = encodeFrame(message);
    const json = JSON.stringify(message);
    const header = `Content-Length: ${Buffer.byteLength(json)}\r\n\r\n`;
    assert.equal(frame.toString('latin1', 0, header.length), header);
    assert.equal(frame.length, header.length + Buffer.byteLength(json));
    assert.equal(frame.toString('utf8', header.length), json);
    // The length counts bytes, not characters: "é—𝄞" is 3 characters (4 code units) and 9 bytes.
    assert.notEqual(Buffer.byteLength(json), json.length);
  });

  const saved = { ...framePolicy };
  afterEach(() => Object.assign(framePolicy, saved));

  for (const counted of [false, true])
    it(`frames a message of every kind of character exactly, header and JSON back to back (${counted ? 'bytes counted first' : 'room for three bytes a unit'})`, () => {
      if (counted) framePolicy.roomyUnits = 0;
      for (const text of ['', 'plain ascii', 'é'.repeat(5000), '—'.repeat(3000), '𝄞'.repeat(2000), 'a\ud800b\udc00c', 'x'.repeat(100_000)]) {
        const message = { jsonrpc: '2.0', method: 'm', params: { text } } as Message;
        const frame = encodeFrame(message);
        const json = JSON.stringify(message);
        const expected = Buffer.concat([Buffer.from(`Content-Length: ${Buffer.byteLength(json)}\r\n\r\n`, 'latin1'), Buffer.from(json, 'utf8')]);
        assert.ok(frame.equals(expected), `the frame of a ${text.length}-unit text`);
      }
    });

  it("writes messages the library's reader reads back, whole and in the order written", async () => {
    const stream = new PassThrough();
    const writer = new ByteStreamMessageWriter(stream);
    const read = readBack(stream, MESSAGES.length * 3);
    const writes: Promise<void>[] = [];
    for (let round = 0; round < 3; round++) for (const message of MESSAGES) writes.push(writer.write(message));
    await Promise.all(writes);
    assert.deepEqual(await read, [...MESSAGES, ...MESSAGES, ...MESSAGES]);
  });

  it('rejects a message JSON cannot encode, reports it, and sends none of it', async () => {
    const stream = new PassThrough();
    const writer = new ByteStreamMessageWriter(stream);
    const errors: unknown[] = [];
    writer.onError(([, message, count]) => errors.push({ method: (message as { method?: string } | undefined)?.method, count }));
    const cyclic: Record<string, unknown> = { jsonrpc: '2.0', method: 'cyclic' };
    cyclic.params = cyclic;
    await assert.rejects(writer.write(cyclic as unknown as Message), TypeError);
    await writer.write(MESSAGES[0]);
    assert.deepEqual(await readBack(stream, 1), [MESSAGES[0]]);
    assert.deepEqual(errors, [{ method: 'cyclic', count: 1 }]);
  });

  it('rejects a write the stream fails, and reports it with a running count', async () => {
    const failing = new Writable({ write: (_chunk, _encoding, callback) => callback(new Error('EPIPE: the client went away')) });
    failing.on('error', () => undefined);
    const writer = new ByteStreamMessageWriter(failing);
    const counts: (number | undefined)[] = [];
    writer.onError(([, , count]) => counts.push(count));
    await assert.rejects(writer.write(MESSAGES[0]), /EPIPE/);
    assert.ok(counts.includes(1), `reported with count 1: ${JSON.stringify(counts)}`);
  });

  it('reports the stream closing', async () => {
    const stream = new PassThrough();
    const writer = new ByteStreamMessageWriter(stream);
    let closed = false;
    writer.onClose(() => (closed = true));
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(closed, true);
  });
});
