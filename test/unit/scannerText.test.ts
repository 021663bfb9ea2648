import { strict as assert } from 'node:assert';
import { generateCatalog, knownVariableNames } from '../../bench/generate';
import { ENTRY_SCAN_WASM } from '../../server/src/service/generated/entryScanWasm';
import { OVERWRITTEN } from '../../server/src/service/rules/ineffective';
import { lazyModule } from '../../server/src/service/wasmModule';
import { forgetPlacedText, holdsText, scanWithVerdicts, textFromUtf8, wasmScanPolicy } from '../../server/src/service/wasmScan';
import { random } from '../support/seededRandom';

/**
 * A large `didOpen`'s text is decoded in the scanner's memory (service/wasmScan.ts `textFromUtf8`),
 * where its UTF-8 then stays for the scan, and a text scanned again is not encoded again. Whatever
 * was placed before, a scan must read the bytes of the text it is given.
 */

/** What a scan reports: the rows and the object's span, copied (they are valid until the next scan). */
function scanned(text: string): { rows: number[]; start: number; end: number } | undefined {
  const scan = scanWithVerdicts(text, knownVariableNames(), OVERWRITTEN);
  return scan && { rows: [...scan.rows], start: scan.object.start, end: scan.object.end };
}

describe('texts decoded in the scanner’s memory (service/wasmScan.ts textFromUtf8)', () => {
  const saved = { ...wasmScanPolicy };
  afterEach(() => Object.assign(wasmScanPolicy, saved));
  // Non-ASCII: the generated descriptions carry dashes; and an ASCII-only one.
  const catalog = generateCatalog(300).text;
  const ascii = catalog.replace(/[^\x00-\x7f]/g, '-');
  const sameLength = catalog.replace('"command": "npx"', '"command": "npy"');

  beforeEach(() => {
    wasmScanPolicy.minLength = 1024;
  });

  it('gives the text Buffer decodes, with and without characters beyond ASCII', () => {
    assert.notEqual(catalog, ascii);
    for (const text of [catalog, ascii]) assert.equal(textFromUtf8(Buffer.from(text, 'utf8')), text);
  });

  it('decodes random well-formed text as Buffer does: every plane, runs of ASCII between (seeded)', () => {
    const next = random(1717);
    // Code points from each UTF-8 length's range, with their edges, and ASCII runs of 0–40 between.
    const ranges = [
      [0x80, 0x7ff],
      [0x800, 0xd7ff],
      [0xe000, 0xffff],
      [0x10000, 0x10ffff],
    ];
    for (let round = 0; round < 200; round++) {
      let text = '';
      while (text.length < 1100) {
        text += 'a'.repeat(Math.floor(next() * 41));
        const [low, high] = ranges[Math.floor(next() * ranges.length)];
        const roll = next();
        text += String.fromCodePoint(roll < 0.1 ? low : roll < 0.2 ? high : low + Math.floor(next() * (high - low + 1)));
      }
      const bytes = Buffer.from(text, 'utf8');
      assert.equal(textFromUtf8(bytes), bytes.toString('utf8'), `round ${round}`);
    }
  });

  it('leaves a text whose copies would outgrow the memory the scanner keeps to Buffer', () => {
    wasmScanPolicy.minLength = saved.minLength;
    const big = Buffer.from(`"é${'x'.repeat(6 << 20)}"`, 'utf8');
    assert.equal(textFromUtf8(big), undefined);
    const fits = Buffer.from(`"é${'x'.repeat(2 << 20)}"`, 'utf8');
    const decoded = textFromUtf8(fits);
    assert.equal(decoded, fits.toString('utf8'));
    assert.ok(decoded !== undefined && holdsText(decoded), 'the scanner holds the text it decoded');
  });

  it('leaves ill-formed UTF-8 and texts shorter than the scanner takes to the caller', () => {
    const bytes = Buffer.from(catalog, 'utf8');
    for (const bad of [[0xed, 0xa0, 0x80], [0xc0, 0xaf], [0xff], [0xe2, 0x80]]) {
      const broken = Buffer.concat([bytes.subarray(0, 500), Buffer.from(bad), bytes.subarray(500)]);
      assert.equal(textFromUtf8(broken), undefined, `${bad}`);
    }
    assert.equal(textFromUtf8(Buffer.from('{"a": "é"}')), undefined);
  });

  it('scans a decoded text as it scans the same text encoded afresh', () => {
    const expected = scanned(`${catalog}`);
    assert.ok(expected && expected.rows.length > 0);
    const decoded = textFromUtf8(Buffer.from(catalog, 'utf8'))!;
    assert.ok(holdsText(decoded));
    assert.deepEqual(scanned(decoded), expected);
    assert.ok(holdsText(decoded), 'the scan read the bytes in place and left them');
    // Scanned again from what is placed.
    assert.deepEqual(scanned(decoded), expected);
    // Forgotten (its document closed): placed and scanned afresh.
    forgetPlacedText();
    assert.ok(!holdsText(decoded));
    assert.deepEqual(scanned(decoded), expected);
  });

  it('never scans the bytes placed for another text: one decoded after it, or one of the same length', () => {
    const expected = scanned(catalog);
    const other = scanned(sameLength);
    assert.notDeepEqual(other, expected);
    textFromUtf8(Buffer.from(catalog, 'utf8'));
    assert.deepEqual(scanned(sameLength), other, 'another text of the same length, after a decode');
    assert.ok(holdsText(sameLength) && !holdsText(catalog), 'the scan placed its own text');
    assert.deepEqual(scanned(catalog), expected, 'the first text, after the other was scanned');
    textFromUtf8(Buffer.from(ascii, 'utf8'));
    assert.deepEqual(scanned(catalog), expected, 'after another text was decoded');
    const broken = Buffer.concat([Buffer.from(catalog.slice(0, 400), 'utf8'), Buffer.from([0xff]), Buffer.from(catalog.slice(400), 'utf8')]);
    assert.equal(textFromUtf8(broken), undefined);
    assert.deepEqual(scanned(catalog), expected, 'after a decode that failed');
  });
});

describe('WebAssembly instances that cannot be made (service/wasmModule.ts lazyModule)', () => {
  it('gives undefined rather than throwing, so the caller takes its JavaScript path; and an instance once one can be made', () => {
    const wasm = (globalThis as unknown as { WebAssembly: { Instance: unknown } }).WebAssembly;
    const realInstance = wasm.Instance;
    const newInstance = lazyModule<{ heapBase(): number }>(ENTRY_SCAN_WASM);
    try {
      wasm.Instance = function failing(): never {
        throw new RangeError('WebAssembly.Instance(): Out of memory');
      };
      assert.equal(newInstance(), undefined);
    } finally {
      wasm.Instance = realInstance;
    }
    assert.equal(typeof newInstance()?.heapBase(), 'number');
  });
});
