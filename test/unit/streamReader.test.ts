import { strict as assert } from 'node:assert';
import { PassThrough } from 'node:stream';
import { largeBodyPolicy } from '../../server/src/lsp/jsonBody';
import { ByteStreamMessageReader, type ReaderLimits } from '../../server/src/lsp/streamReader';

/**
 * The server's stdio reader (lsp/streamReader.ts) in place of vscode-jsonrpc's: the same framing,
 * the same messages in the same order however the bytes are cut into chunks, and bad framing
 * reported without losing the messages after it.
 */

const frame = (body: string | Buffer, header = 'Content-Length'): Buffer => {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  return Buffer.concat([Buffer.from(`${header}: ${bytes.length}\r\n\r\n`, 'latin1'), bytes]);
};

function reader(limits: Partial<ReaderLimits> = {}): { stream: PassThrough; messages: unknown[]; errors: string[]; partial: number[]; closed: () => boolean } {
  const stream = new PassThrough();
  const subject = new ByteStreamMessageReader(stream, limits);
  const messages: unknown[] = [];
  const errors: string[] = [];
  const partial: number[] = [];
  let closed = false;
  subject.onError((error) => errors.push(error.message));
  subject.onPartialMessage((info) => partial.push(info.waitingTime));
  subject.onClose(() => (closed = true));
  subject.listen((message) => messages.push(message));
  return { stream, messages, errors, partial, closed: () => closed };
}

/** Writes each chunk in its own turn of the event loop, as a pipe delivers them. */
async function feed(stream: PassThrough, chunks: readonly Buffer[]): Promise<void> {
  for (const chunk of chunks) {
    stream.write(chunk);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

const MESSAGES = [
  { jsonrpc: '2.0', id: 1, method: 'initialize', params: { capabilities: {} } },
  { jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri: 'file:///a/mcp.json', text: `{\n  "é": "—\\"𝄞\\n"\n}\n`.repeat(8) } } },
  { jsonrpc: '2.0', id: 2, result: null },
];

describe('the stdio message reader (lsp/streamReader.ts)', () => {
  const saved = { ...largeBodyPolicy };
  afterEach(() => Object.assign(largeBodyPolicy, saved));

  for (const large of [false, true]) {
    it(`delivers every message, in order, wherever the chunks are cut (${large ? 'bodies through the module' : 'ordinary bodies'})`, async () => {
      if (large) Object.assign(largeBodyPolicy, { minBody: 32, minString: 16 });
      const bytes = Buffer.concat(MESSAGES.map((message) => frame(JSON.stringify(message))));
      for (let cut = 1; cut < bytes.length; cut += 7) {
        const { stream, messages, errors } = reader();
        await feed(stream, [bytes.subarray(0, cut), bytes.subarray(cut, cut + 13), bytes.subarray(cut + 13)]);
        assert.deepEqual(errors, [], `cut at ${cut}`);
        assert.deepEqual(messages, MESSAGES, `cut at ${cut}`);
      }
      const { stream, messages } = reader();
      await feed(
        stream,
        [...bytes].map((byte) => Buffer.from([byte])),
      );
      assert.deepEqual(messages, MESSAGES, 'one byte at a time');
    });
  }

  it('reads header names in any case, with other headers beside, and ignores Content-Type as the library does', async () => {
    const { stream, messages } = reader();
    const body = JSON.stringify(MESSAGES[0]);
    await feed(stream, [
      Buffer.from(`content-length: ${body.length}\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`),
      Buffer.from(`Content-Type: text/x\r\nCONTENT-LENGTH:${body.length}\r\n\r\n${body}`),
    ]);
    assert.deepEqual(messages, [MESSAGES[0], MESSAGES[0]]);
  });

  it('reports bad framing and malformed bodies, and reads the messages after them', async () => {
    const { stream, messages, errors } = reader();
    const good = frame(JSON.stringify(MESSAGES[2]));
    await feed(stream, [
      Buffer.from('X-Other: 1\r\n\r\n'),
      good,
      Buffer.from('no colon here\r\n\r\n'),
      good,
      Buffer.from('Content-Length: twelve\r\n\r\n'),
      good,
      frame('{"jsonrpc": "2.0", "id": '),
      good,
      frame(''),
      good,
    ]);
    assert.equal(errors.length, 5, errors.join('\n'));
    assert.match(errors[0], /Content-Length/);
    assert.match(errors[1], /separate key and value/);
    assert.match(errors[2], /must be a number/);
    assert.deepEqual(messages, [MESSAGES[2], MESSAGES[2], MESSAGES[2], MESSAGES[2], MESSAGES[2]]);
  });

  it('drops a header that never ends instead of keeping it in memory', async () => {
    const { stream, messages, errors } = reader();
    await feed(stream, [Buffer.alloc(40_000, 0x61), Buffer.alloc(40_000, 0x62), Buffer.from('\r\n\r\n'), frame(JSON.stringify(MESSAGES[2]))]);
    assert.ok(
      errors.some((message) => /longer than 65536 bytes/.test(message)),
      errors.join('\n'),
    );
    assert.deepEqual(messages, [MESSAGES[2]]);
  });

  it('reads the message after an overlong header that ends in the same chunk', async () => {
    const { stream, messages, errors } = reader();
    const good = frame(JSON.stringify(MESSAGES[0]));
    await feed(stream, [Buffer.alloc(30_000, 0x61), Buffer.concat([Buffer.alloc(40_000, 0x62), Buffer.from('\r\n\r\n'), good])]);
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.deepEqual(messages, [MESSAGES[0]]);
  });

  it('reads a header sent a byte at a time, searching only the bytes that could end it', async () => {
    const { stream, messages, errors } = reader();
    // 60 KB of header lines, a byte per chunk (rescanning every kept byte each time would be 1.8 G comparisons).
    const header = Buffer.from('X-Pad: y\r\n'.repeat(6000));
    for (let i = 0; i < header.length; i++) stream.write(header.subarray(i, i + 1));
    await feed(stream, [frame(JSON.stringify(MESSAGES[2]))]);
    assert.deepEqual(errors, []);
    assert.deepEqual(messages, [MESSAGES[2]]);
  });

  it('skips a body longer than a message may be, and reads the next', async () => {
    const { stream, messages, errors } = reader({ maxBodyBytes: 100 });
    const huge = JSON.stringify({ jsonrpc: '2.0', method: 'm', params: { text: 'z'.repeat(300) } });
    await feed(stream, [frame(huge).subarray(0, 120), frame(huge).subarray(120), frame(JSON.stringify(MESSAGES[0]))]);
    assert.equal(errors.length, 1);
    assert.match(errors[0], /longer than the 100 bytes/);
    assert.deepEqual(messages, [MESSAGES[0]]);
  });

  it('reports a message still incomplete after the wait, then reads it when it completes', async () => {
    const { stream, messages, partial } = reader({ partialMessageMs: 20 });
    const bytes = frame(JSON.stringify(MESSAGES[1]));
    await feed(stream, [bytes.subarray(0, 50)]);
    await new Promise((resolve) => setTimeout(resolve, 70));
    assert.ok(partial.length >= 1, 'reported as partial');
    assert.equal(partial[0], 20);
    await feed(stream, [bytes.subarray(50)]);
    assert.deepEqual(messages, [MESSAGES[1]]);
  });

  it('passes on the stream closing', async () => {
    const { stream, closed } = reader();
    stream.end();
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 10));
    assert.ok(closed());
  });
});
