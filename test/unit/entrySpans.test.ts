/**
 * The fast path's entry scanner (server/src/service/entrySpans.ts) matches most entry values with
 * one regular expression and falls back to a character loop. Whatever the text, each value must
 * end where the character loop ends it, with at least the keys and the depth the loop counts (a
 * key too many only gives the entry a tree; one too few would hide a duplicate key), and a hostile
 * value must cost no more than linear time.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { generateCatalog } from '../../bench/generate';
import {
  KEY_COUNT,
  DEPTH,
  PATTERN_DEPTH,
  scanEntrySpans,
  skipValue,
  skipValueByCharacter,
  SPAN_FIELDS,
  VALUE_END,
  VALUE_START,
} from '../../server/src/service/entrySpans';
import { loadSeeds } from '../fuzz/corpus';
import { generateCase, QUICK_LIMITS } from '../fuzz/mutators';
import { Rng } from '../fuzz/rng';
import { assertScalesLinearly, ownCpuMsOf } from '../support/complexity';

/** Every scanned entry against the character loop; the number of entries whose key count was above it. */
function agree(text: string, what: string): { entries: number; overcounted: number } {
  const object = scanEntrySpans(text);
  if (!object) return { entries: 0, overcounted: 0 };
  let overcounted = 0;
  for (let index = 0; index < object.count; index++) {
    const at = index * SPAN_FIELDS;
    const counter = { keys: 0, depth: 0 };
    const end = skipValueByCharacter(text, object.spans[at + VALUE_START], counter);
    const where = `${what}, entry ${index}`;
    assert.equal(object.spans[at + VALUE_END], end, `${where}: value end`);
    assert.ok(object.spans[at + KEY_COUNT] >= counter.keys, `${where}: ${object.spans[at + KEY_COUNT]} keys counted, ${counter.keys} written`);
    assert.ok(object.spans[at + DEPTH] >= counter.depth, `${where}: depth ${object.spans[at + DEPTH]} below ${counter.depth}`);
    if (object.spans[at + KEY_COUNT] > counter.keys) overcounted++;
  }
  return { entries: object.count, overcounted };
}

/** Values the pattern must hand to the character loop or match exactly like it. */
const VALUES = [
  '{}',
  '[]',
  '{"a":{}}',
  '[[[[]]]]',
  '[[[[[]]]]]',
  '{"a":{"b":{"c":{"d":1}}}}',
  '{"a":{"b":{"c":{"d":{"e":1}}}}}',
  '{"a" : 1, "b"\n:\t2}',
  '{"a": ":x", "b": "\\":"}',
  '{"a": "\\\\", "b": "\\"}{["}',
  '{"a": "}"}',
  '{"a": "x\\\ny"}',
  '{"a": "\u2028\\\u2028"}',
  '{"a": [1, 2}',
  '{"a": [1, 2]]',
  '{"a": "never closed}',
  '{"a": 1',
  '{]',
  '{"a": "\\u0022:"}',
  '{"k": "v", "k": "w"}',
];

describe('entry scanner: the pattern ends every value where the character loop does', () => {
  it('on generated catalogs, counting exactly what the loop counts', () => {
    for (const size of [16, 1000]) {
      const { entries, overcounted } = agree(generateCatalog(size).text, `${size} servers`);
      assert.equal(entries, size + 1);
      assert.equal(overcounted, 0, 'no key counted twice in a generated catalog');
    }
  });

  it('on the corpus and 3,000 of its fuzzed variants', () => {
    const seeds = loadSeeds();
    let scanned = 0;
    for (const seed of seeds) scanned += agree(seed.text, seed.name).entries > 0 ? 1 : 0;
    for (let index = 0; index < 3000; index++) {
      const generated = generateCase(Rng.forCase(52_017, index), seeds, QUICK_LIMITS);
      if (agree(generated.text, `case ${index} (${generated.seedName}: ${generated.mutations.join(', ')})`).entries > 0) scanned++;
    }
    assert.ok(scanned > 1000, `only ${scanned} texts scanned to the end`);
  });

  it('on values built to trip the pattern: depth, escapes, keys spaced from their colon, brackets of the wrong kind', () => {
    for (const [i, value] of VALUES.entries()) {
      agree(`{"s": ${value}}`, `value ${i} ${JSON.stringify(value)}`);
      agree(`{"s": ${value}, "t": {"u": [1]}}`, `value ${i} before another`);
      const counter = { keys: 0, depth: 0 };
      const exact = { keys: 0, depth: 0 };
      assert.equal(skipValue(value, 0, counter), skipValueByCharacter(value, 0, exact), `value ${i} alone`);
    }
  });

  it('counts a key spaced from its colon, and every key of a duplicate', () => {
    const counter = { keys: 0, depth: 0 };
    skipValue('{"a" : {"b": 1}, "a": 2}', 0, counter);
    assert.equal(counter.keys, 3);
    const matched = { keys: 0, depth: 0 };
    skipValue('{"k": "v", "k": {"x": [1]}}', 0, matched);
    assert.deepEqual(matched, { keys: 3, depth: PATTERN_DEPTH });
  });

  /** A value the pattern matches up to its last element, which nests one level too deep. */
  const lateFailure = (n: number): string => `{"s": {"a": [${'{"b": [1, "x"]}, '.repeat(n)}{"c": {"d": {"e": [1]}}}]}}`;

  it('scans in linear time a value that fails the pattern only at its end, and a long flat array', async () => {
    const flat = (n: number): string => `{"s": {"args": [${'"x", '.repeat(n)}"x"]}}`;
    for (const [label, build, n] of [
      ['fails late', lateFailure, 100_000],
      ['flat array', flat, 1_000_000],
    ] as const) {
      await assertScalesLinearly(`scanner, ${label}`, n, (size) => {
        const text = build(size);
        return ownCpuMsOf(() => assert.ok(scanEntrySpans(text)));
      });
    }
  });

  it('scans a multi-megabyte value that fails the pattern only at its end without growing the process by its size', function () {
    // The expression's backtracking stack grew with the value (V8 throws past 64 MB): 24 MB more
    // peak memory for this 3.4 MB value than for one a quarter its size. In a fresh process, after
    // the smaller value (which pays for compiling the scanner), its peak read from VmHWM: a forked
    // child's getrusage maximum starts at its parent's.
    if (process.platform !== 'linux') this.skip();
    const script = `
      const { readFileSync } = require('node:fs');
      const { scanEntrySpans } = require(${JSON.stringify(path.join(__dirname, '../../server/src/service/entrySpans.js'))});
      const peakKb = () => Number(/VmHWM:\\s*(\\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))[1]);
      const late = ${lateFailure.toString()};
      const first = late(50000);
      const text = late(200000);
      first.charCodeAt(0);
      text.charCodeAt(0);
      if (!scanEntrySpans(first)) throw new Error('not scanned');
      const before = peakKb();
      if (!scanEntrySpans(text)) throw new Error('not scanned');
      process.stdout.write(String((peakKb() - before) / 1024));`;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
    assert.equal(run.status, 0, run.stderr);
    const grewMb = Number(run.stdout);
    assert.ok(grewMb < 8, `the scan grew the process's peak memory by ${grewMb.toFixed(1)} MB`);
  });
});
