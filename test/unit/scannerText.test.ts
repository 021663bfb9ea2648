import { strict as assert } from 'node:assert';
import { generateCatalog, knownVariableNames } from '../../bench/generate';
import { OVERWRITTEN } from '../../server/src/service/rules/ineffective';
import { scanWithVerdicts, textFromUtf8, wasmScanPolicy } from '../../server/src/service/wasmScan';

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
    assert.deepEqual(scanned(decoded), expected);
    // Scanned again from what is placed.
    assert.deepEqual(scanned(decoded), expected);
  });

  it('never scans the bytes placed for another text: one decoded after it, or one of the same length', () => {
    const expected = scanned(catalog);
    const other = scanned(sameLength);
    assert.notDeepEqual(other, expected);
    textFromUtf8(Buffer.from(catalog, 'utf8'));
    assert.deepEqual(scanned(sameLength), other, 'another text of the same length, after a decode');
    assert.deepEqual(scanned(catalog), expected, 'the first text, after the other was scanned');
    textFromUtf8(Buffer.from(ascii, 'utf8'));
    assert.deepEqual(scanned(catalog), expected, 'after another text was decoded');
    const broken = Buffer.concat([Buffer.from(catalog.slice(0, 400), 'utf8'), Buffer.from([0xff]), Buffer.from(catalog.slice(400), 'utf8')]);
    assert.equal(textFromUtf8(broken), undefined);
    assert.deepEqual(scanned(catalog), expected, 'after a decode that failed');
  });
});
