import { strict as assert } from 'node:assert';
import { largeBodyPolicy, markerFor, moduleBodyBuffer, parseJsonBody } from '../../server/src/lsp/jsonBody';
import { holdsText, wasmScanPolicy } from '../../server/src/service/wasmScan';
import { random } from '../support/seededRandom';

/**
 * The message reader parses a large body with its large strings unescaped in WebAssembly
 * (lsp/jsonBody.ts). Whatever the bytes, the result must be JSON.parse's of the same bytes decoded
 * as UTF-8 — the same value, or the same kind of error — or a client's document would not be the
 * text it sent.
 */

/** What the library's reader gives for these bytes: the value, or the error's constructor. */
function plain(bytes: Buffer): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(bytes.toString('utf8')) };
  } catch (error) {
    return { error: (error as Error).constructor.name };
  }
}

/** Bodies whose large strings the module unescaped in place (their bytes changed): the fast path, not the fallback. */
let unescaped = 0;

/** parseJsonBody on the bytes, received into the module's memory as the reader receives them. */
function throughModule(bytes: Buffer): { value?: unknown; error?: string; inModule: boolean } {
  const buffer = moduleBodyBuffer(bytes.length);
  const target = buffer ?? Buffer.from(bytes);
  if (buffer) bytes.copy(buffer);
  try {
    return { value: parseJsonBody(target, bytes.length), inModule: buffer !== undefined };
  } catch (error) {
    return { error: (error as Error).constructor.name, inModule: buffer !== undefined };
  } finally {
    if (buffer && !buffer.subarray(0, bytes.length).equals(bytes)) unescaped++;
  }
}

function assertSame(bytes: Buffer, label: string): void {
  const expected = plain(bytes);
  const { inModule, ...actual } = throughModule(bytes);
  if (bytes.length >= largeBodyPolicy.minBody) assert.ok(inModule, `${label}: the body went through the module`);
  assert.deepEqual(actual, expected, label);
}

const json = (value: unknown): Buffer => Buffer.from(JSON.stringify(value), 'utf8');

describe('message bodies: large strings read in WebAssembly (lsp/jsonBody.ts)', () => {
  const saved = { ...largeBodyPolicy };
  const savedScan = { ...wasmScanPolicy };
  beforeEach(() => {
    largeBodyPolicy.minBody = 64;
    largeBodyPolicy.minString = 16;
    // Large strings of a text the scanner would take are decoded in its memory (service/wasmScan.ts textFromUtf8).
    wasmScanPolicy.minLength = 16;
  });
  afterEach(() => {
    Object.assign(largeBodyPolicy, saved);
    Object.assign(wasmScanPolicy, savedScan);
  });

  it('gives a didOpen the text it carries, every escape decoded', () => {
    const text = `{\n  "a": "tab\\there",\r\n  "quote \\" and slash /": "é — 𝄞 \u0001 \u001f \u007f \u2028",\n  "b": [1, 2.5e3, true, null]\n}\n`.repeat(20);
    const body = json({
      jsonrpc: '2.0',
      method: 'textDocument/didOpen',
      params: { textDocument: { uri: 'file:///x/mcp.json', languageId: 'json', version: 1, text } },
    });
    assertSame(body, 'didOpen');
    const before = unescaped;
    const parsed = throughModule(body).value as { params: { textDocument: { text: string } } };
    assert.equal(parsed.params.textDocument.text, text);
    assert.equal(unescaped, before + 1, 'the text was unescaped in the module');
    assert.ok(holdsText(text), "the text was decoded in the scanner's memory, where its scan will read it");
  });

  it('reads \\u escapes, surrogate pairs in either case, and raw multi-byte characters', () => {
    const content = '\\u0041\\u00e9\\u00E9\\u2014\\ud834\\udd1e\\uD834\\uDD1E é—𝄞 \\/\\b\\f\\n\\r\\t\\"\\\\ plain text long enough';
    assertSame(Buffer.from(`{"a":"${content}","b":["${content}"]}`), 'escapes');
  });

  it('leaves what JSON.parse alone decides to JSON.parse: lone surrogates, raw control characters, bad escapes', () => {
    const long = 'x'.repeat(40);
    for (const inner of ['\\ud834 alone', '\\udd1e first', '\\ud834\\u0041', 'raw \u0001 byte', 'raw \n line', '\\x41', '\\u12G4', '\\u12', '\\']) {
      assertSame(Buffer.from(`{"a":"${long}${inner}${long}"}`), JSON.stringify(inner));
    }
  });

  it('reports malformed bodies as JSON.parse does, wherever the damage is', () => {
    const good = `{"jsonrpc":"2.0","method":"m","params":{"text":"${'y'.repeat(100)}\\n${'z'.repeat(50)}","n":1}}`;
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const bytes = Buffer.from(good);
      const cut = Math.floor(next() * bytes.length);
      const damaged = round % 3 === 0 ? bytes.subarray(0, cut) : bytes;
      if (round % 3 !== 0) damaged[cut] = [0x22, 0x5c, 0x7b, 0x7d, 0x2c, 0x00, 0xff, 0x0a][Math.floor(next() * 8)];
      assertSame(Buffer.from(damaged), `round ${round}`);
    }
  });

  it('decodes invalid UTF-8 inside a large string as the plain decode does', () => {
    const prefix = Buffer.from('{"a":"' + 'x'.repeat(60));
    for (const bad of [[0xe2], [0xe2, 0x80], [0x80], [0xff, 0xfe], [0xf0, 0x9d, 0x84], [0xc3]]) {
      for (const after of ['', '\\n', '\\u00e9', 'é']) {
        assertSame(Buffer.concat([prefix, Buffer.from(bad), Buffer.from(after + 'y'.repeat(20) + '"}')]), `${bad} then ${after}`);
      }
    }
  });

  it('decodes every well-formed UTF-8 form as Buffer does, at every offset from a sixteen-byte boundary', () => {
    const forms = ['a', 'é', 'ß', '—', '€', '\u0800', '\uffff', '\ufeff', '𝄞', '\u{10000}', '\u{10ffff}', '\u007f', '\u0080', '\u07ff', '\ud7ff', '\ue000'];
    for (const form of forms) {
      for (let lead = 0; lead < 20; lead++) {
        const content = `${'x'.repeat(lead)}${form}${'y'.repeat(17)}${form}${form}${'z'.repeat(70)}`;
        const body = Buffer.from(`{"a":"${content}"}`);
        assertSame(body, `${JSON.stringify(form)} after ${lead}`);
        assert.equal((throughModule(body).value as { a: string }).a, content);
      }
    }
  });

  it("decodes ill-formed UTF-8 in a large string with Buffer's replacement characters (seeded random bytes)", () => {
    const next = random(4242);
    // Overlong forms, surrogates, beyond U+10FFFF, stray and missing continuations, and random bytes.
    const bad = [
      [0xc0, 0x80],
      [0xc1, 0xbf],
      [0xe0, 0x80, 0x80],
      [0xe0, 0x9f, 0xbf],
      [0xed, 0xa0, 0x80],
      [0xed, 0xbf, 0xbf],
      [0xf0, 0x80, 0x80, 0x80],
      [0xf0, 0x8f, 0xbf, 0xbf],
      [0xf4, 0x90, 0x80, 0x80],
      [0xf5, 0x80, 0x80, 0x80],
      [0xbf],
      [0xe2, 0x82],
      [0xf0, 0x9f, 0x98],
    ];
    for (const sequence of bad) {
      for (let lead = 12; lead < 20; lead++) {
        assertSame(
          Buffer.concat([Buffer.from(`{"a":"${'x'.repeat(lead)}`), Buffer.from(sequence), Buffer.from(`${'y'.repeat(70)}"}`)]),
          `${sequence} after ${lead}`,
        );
      }
    }
    for (let round = 0; round < 300; round++) {
      const noise = Buffer.from(Array.from({ length: 1 + Math.floor(next() * 40) }, () => 0x80 + Math.floor(next() * 0x80)));
      assertSame(
        Buffer.concat([Buffer.from(`{"a":"${'é'.repeat(round % 9)}${'x'.repeat(20)}`), noise, Buffer.from(`${'y'.repeat(64 + (round % 17))}"}`)]),
        `noise ${round}`,
      );
    }
  });

  it('puts several large strings back where they were, in arrays and objects, with small strings beside', () => {
    const value = { a: 'q'.repeat(30), list: ['short', 'r'.repeat(50), { deep: [['s'.repeat(17)]] }], t: 'tiny', u: '\\'.repeat(20) };
    assertSame(json(value), 'several');
    assert.deepEqual(throughModule(json(value)).value, value);
  });

  it('keeps an own "__proto__" property a property, the prototype untouched', () => {
    const body = Buffer.from(`{"__proto__":"${'p'.repeat(40)}","x":{"__proto__":["${'q'.repeat(40)}"]}}`);
    assertSame(body, '__proto__');
    const parsed = throughModule(body).value as Record<string, unknown>;
    assert.equal(Object.getPrototypeOf(parsed), Object.prototype);
    assert.equal(Object.getOwnPropertyDescriptor(parsed, '__proto__')?.value, 'p'.repeat(40));
  });

  it('reads a large key, and a message that spells the marker itself, the plain way', () => {
    assertSame(Buffer.from(`{"${'k'.repeat(40)}":"${'v'.repeat(40)}"}`), 'large key');
    for (const spelled of [markerFor(0), markerFor(1), `${markerFor(0)}0`]) {
      assertSame(json({ a: spelled, b: 'w'.repeat(40) }), `spelled ${JSON.stringify(spelled)}`);
      assertSame(json({ b: 'w'.repeat(40), a: [spelled] }), `spelled after ${JSON.stringify(spelled)}`);
    }
  });

  it('survives nesting deeper than the stack', () => {
    const depth = 200_000;
    const { value, inModule } = throughModule(Buffer.from(`${'['.repeat(depth)}"${'d'.repeat(40)}"${']'.repeat(depth)}`));
    assert.ok(inModule);
    // Unwrapped by hand: assert.deepEqual itself would recurse too deep.
    let inner = value;
    for (let level = 0; level < depth; level++) {
      assert.ok(Array.isArray(inner) && inner.length === 1, `level ${level}`);
      inner = (inner as unknown[])[0];
    }
    assert.equal(inner, 'd'.repeat(40));
  });

  it('agrees with JSON.parse on random values with random strings (seeded)', () => {
    const next = random(2026);
    const pieces = ['a', 'é', '—', '𝄞', '"', '\\', '\n', '\t', '\u0000', '\u001f', '/', ' ', '\u2028', '{', '}', '[', ']', ':', ','];
    const randomString = (short = false): string => {
      let text = '';
      const length = short || next() < 0.5 ? Math.floor(next() * 10) : 16 + Math.floor(next() * 200);
      while (text.length < length) text += pieces[Math.floor(next() * pieces.length)];
      return text;
    };
    const randomValue = (depth: number): unknown => {
      const roll = next();
      if (depth > 3 || roll < 0.4) return roll < 0.3 ? randomString() : roll < 0.35 ? Math.floor(next() * 1000) / 7 : null;
      if (roll < 0.7) return Array.from({ length: Math.floor(next() * 4) }, () => randomValue(depth + 1));
      return Object.fromEntries(Array.from({ length: Math.floor(next() * 4) }, () => [randomString(next() < 0.9), randomValue(depth + 1)]));
    };
    const before = unescaped;
    for (let round = 0; round < 300; round++) {
      // JSON.stringify's own output, and the same value with every character beyond ASCII escaped.
      const text = JSON.stringify({ v: randomValue(0), pad: 'x'.repeat(70) });
      assertSame(Buffer.from(text), `round ${round}`);
      assertSame(Buffer.from(text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)), `round ${round}, escaped`);
    }
    // About a third of the rounds have a large string with an escape in it (the seed makes it 188 of 600):
    // those must have taken the fast path, and changed the module's bytes.
    assert.ok(unescaped - before >= 150, `${unescaped - before} of 600 bodies unescaped in the module`);
  });

  it('reuses the module memory: a body after one that was unescaped in place is read afresh', () => {
    const first = json({ text: 'a\\n'.repeat(100) });
    const second = json({ text: 'b"'.repeat(60), more: 'é'.repeat(30) });
    assertSame(first, 'first');
    assertSame(second, 'second');
    assertSame(first, 'first again');
  });

  it('parses small bodies the plain way, outside the module', () => {
    largeBodyPolicy.minBody = 1 << 20;
    assert.equal(moduleBodyBuffer(1000), undefined);
    assert.deepEqual(parseJsonBody(Buffer.from('{"a":"b"}'), 9), { a: 'b' });
  });
});
