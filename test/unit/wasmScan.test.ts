/**
 * The WebAssembly scanner (server/wasm/ through service/wasmScan.ts) stands in for two
 * pieces of JavaScript on the fast path, so it must agree with both exactly:
 * - where entries are: the same spans as `scanEntrySpans` in UTF-16 offsets, whatever characters
 *   beyond ASCII come before them; no scan where the JavaScript scanner has none;
 * - whether an entry is clean: a verdict other than NOT_CLEAN equals what the fused predicate's
 *   `shape` answers on the parsed value (the held bits and the keys walked), and the asked rules
 *   and the grouping rules answer the same on the value fastJudge.ts `verdictEntry` rebuilds from
 *   the verdict as on the whole value;
 * and a check with it finds what a check without it finds. On generated catalogs, every seed and
 * fixture catalog, and entries mutated towards every edge, under each facts variant and rule set.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { generateCatalog, knownVariableNames } from '../../bench/generate';
import { checkDocument } from '../../server/src/service/engine';
import { scanEntrySpans, SPAN_FIELDS } from '../../server/src/service/entrySpans';
import { verdictEntry } from '../../server/src/service/fastJudge';
import { cleanEntryPredicate, NOT_CLEAN, NPX, ROOTS, shape, TIMEOUT, UNAVAILABLE } from '../../server/src/service/rules/cleanEntry';
import { rootsRule } from '../../server/src/service/rules/roots';
import { timeoutRule } from '../../server/src/service/rules/timeout';
import { unavailableRule } from '../../server/src/service/rules/unavailable';
import { npxCacheIsolatedRule } from '../../server/src/service/rules/hygiene/npxPackages';
import { OVERWRITTEN } from '../../server/src/service/rules/ineffective';
import type { GroupKeys, PlainContext, PlainEntry } from '../../server/src/service/rules/rule';
import { LineIndex, positionsOf } from '../../server/src/service/text';
import { diskReader } from '../../server/src/node/files';
import { reportFindings } from '../../server/src/node/report';
import { QUIET, ROW, scanWithVerdicts, SPEC, VERDICT, wasmScanPolicy } from '../../server/src/service/wasmScan';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { engineWorld } from '../fuzz/workspace';
import { entriesOf, mutate, mutatedEntry, NAMES, predicateCases, written, type Json } from '../support/entryEdges';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');

function noKey(keys: GroupKeys): boolean {
  return keys === undefined || (Array.isArray(keys) && keys.length === 0);
}

/** A catalog text of these entries, laid out one way or another. */
function catalogOf(entries: readonly PlainEntry[], rng: Rng): string {
  const separator = rng.pick([',\n  ', ',', ' , ']);
  return `{${rng.pick(['\n  ', '', ' '])}${entries.map((entry) => `${JSON.stringify(entry.name)}${rng.pick([': ', ':', ' : '])}${entry.slice}`).join(separator)}\n}\n`;
}

/** The JavaScript scanner's spans against the WebAssembly one's; returns the scan (undefined when neither scans). */
function sameSpans(text: string, known: Iterable<string> = [], roots?: Iterable<string>): ReturnType<typeof scanWithVerdicts> {
  const js = scanEntrySpans(text);
  const wasm = scanWithVerdicts(text, known, OVERWRITTEN, roots);
  if (!js) {
    assert.equal(wasm, undefined, `no scan where the JavaScript scanner has none: ${JSON.stringify(text.slice(0, 200))}`);
    return undefined;
  }
  if (!wasm) return undefined;
  assert.equal(wasm.object.count, js.count, 'entries');
  assert.equal(wasm.object.start, js.start, 'object start');
  assert.equal(wasm.object.end, js.end, 'object end');
  for (let index = 0; index < js.count; index++) {
    for (let field = 0; field < 4; field++) {
      assert.equal(
        wasm.object.spans[index * SPAN_FIELDS + field],
        js.spans[index * SPAN_FIELDS + field],
        `entry ${index} field ${field} in ${JSON.stringify(text.slice(0, 200))}`,
      );
    }
  }
  return wasm;
}

describe('the WebAssembly scanner', function () {
  this.timeout(120_000);
  const world = engineWorld();
  const { factsVariants, ruleSets } = predicateCases(world);

  /** Asserts the verdicts of the entries' catalog, per facts variant and rule set; returns [verdicts, JavaScript-clean entries]. */
  /** Clean npx entries and those the scanner read the spec of, over every check. */
  let npx = 0;
  let specs = 0;
  let timeouts = 0;
  let quietTimeouts = 0;
  /** Under the benchmark's facts (its roots index read): entries with roots, and those the scanner found all known. */
  let benchRoots = 0;
  let quietRoots = 0;

  function check(given: readonly PlainEntry[], what: string, rng: Rng): [number, number] {
    let verdicts = 0;
    let jsClean = 0;
    // Names made unique (a name twice is a duplicate key: no scan), keeping what makes them valid or not.
    const seen = new Set<string>();
    const entries = given.map((entry, i) => (seen.has(entry.name) ? { ...entry, name: `${entry.name}-${i}` } : (seen.add(entry.name), entry)));
    const text = catalogOf(entries, rng);
    for (const [factsName, facts] of factsVariants) {
      const context: PlainContext = { kind: 'catalog', facts };
      const known = (name: string): boolean => facts.variables.find(name) !== undefined;
      for (const [rulesName, rules] of ruleSets) {
        const predicate = cleanEntryPredicate(rules, context)!;
        const scan = sameSpans(text, predicate.knownNames(), predicate.rootNames());
        assert.ok(scan, `the catalog of ${what} scans`);
        entries.forEach((entry, index) => {
          const verdict = scan.rows[index * ROW + VERDICT];
          const expected = shape(entry, known);
          if (expected !== NOT_CLEAN) jsClean++;
          if (verdict === NOT_CLEAN) return;
          verdicts++;
          const where = `${what}, ${factsName} facts, ${rulesName}: ${JSON.stringify(entry.name)} ${entry.slice.slice(0, 400)}`;
          assert.equal(verdict, expected, `the verdict is shape's — ${where}`);
          const rebuilt = verdictEntry(text, scan.rows, index, verdict);
          assert.equal(rebuilt.name, entry.name, `the name — ${where}`);
          assert.equal(rebuilt.slice, entry.slice, `the text — ${where}`);
          assert.equal(predicate.asks(rebuilt, verdict), predicate.asks(entry, verdict), `the asked rules — ${where}`);
          for (const rule of rules) {
            if (rule.groupKeys) assert.deepEqual(rule.groupKeys(rebuilt, context), rule.groupKeys(entry, context), `${rule.id}'s group keys — ${where}`);
          }
          // What fastJudge.ts skips on the verdict alone.
          if ((verdict & predicate.askedReads) === 0) assert.equal(predicate.asks(entry, verdict), false, `no asked rule reads what it holds — ${where}`);
          const grouped = predicate.grouped(verdict);
          rules.forEach((rule, r) => {
            if (rule.groupKeys && ((grouped >> r) & 1) === 0)
              assert.ok(noKey(rule.groupKeys(entry, context)), `${rule.id} gives no key to what it does not read — ${where}`);
          });
          if ((verdict & predicate.reads) === 0) assert.equal(grouped, 0, `no grouping rule reads what it holds — ${where}`);
          // What the scanner proved quiet (fastJudge.ts does not ask): held, and its rule does not report on the whole value.
          const quiet = scan.rows[index * ROW + QUIET];
          assert.equal(quiet & ~verdict, 0, `only held bits are quiet — ${where}`);
          if ((quiet & TIMEOUT) !== 0) assert.equal(timeoutRule.mayReport!(entry, context), false, `a quiet timeout — ${where}`);
          if ((quiet & UNAVAILABLE) !== 0) assert.equal(unavailableRule.mayReport!(entry, context), false, `a quiet reason — ${where}`);
          if ((quiet & ROOTS) !== 0) assert.equal(rootsRule.mayReport!(entry, context), false, `quiet roots — ${where}`);
          if ((verdict & ROOTS) !== 0 && factsName === 'the benchmark') benchRoots++;
          if ((quiet & ROOTS) !== 0 && factsName === 'the benchmark') quietRoots++;
          if ((verdict & TIMEOUT) !== 0) timeouts++;
          if ((quiet & TIMEOUT) !== 0) quietTimeouts++;
          const spec = scan.rows[index * ROW + SPEC];
          if ((verdict & NPX) !== 0) npx++;
          if (spec !== 0) {
            specs++;
            assert.equal(
              text.slice(spec, scan.rows[index * ROW + SPEC + 1]),
              npxCacheIsolatedRule.groupKeys!(entry, context),
              `the spec is the npx-cache key — ${where}`,
            );
          }
        });
      }
    }
    return [verdicts, jsClean];
  }

  it('finds the entries of a generated catalog where the JavaScript scanner does, and clears nearly all it clears', () => {
    const text = generateCatalog(2000).text;
    const entries = entriesOf(text);
    const rng = new Rng(7);
    [npx, specs, timeouts, quietTimeouts, benchRoots, quietRoots] = [0, 0, 0, 0, 0, 0];
    const [verdicts, jsClean] = check(entries, 'generated', rng);
    assert.ok(verdicts >= jsClean * 0.95, `${verdicts} verdicts for ${jsClean} entries shape clears`);
    // The generated npx entries are `["-y", spec, …]`: the scanner reads every spec.
    assert.ok(npx > 0 && specs === npx, `${specs} specs read of ${npx} clean npx entries`);
    // And its timeouts are digits beside no map key spelled like one: every one is quiet.
    assert.ok(timeouts > 0 && quietTimeouts === timeouts, `${quietTimeouts} quiet timeouts of ${timeouts}`);
    // Its roots are the roots index's but for the deliberate mistakes (one entry in 200).
    assert.ok(benchRoots > 0 && quietRoots >= benchRoots * 0.95, `${quietRoots} quiet roots of ${benchRoots}`);
    sameSpans(text, knownVariableNames());
  });

  it('agrees on every seed and fixture catalog', () => {
    const rng = new Rng(11);
    let verdicts = 0;
    for (const seed of loadSeeds()) {
      sameSpans(seed.text);
      const entries = entriesOf(seed.text);
      if (entries.length > 0) verdicts += check(entries, seed.name, rng)[0];
    }
    assert.ok(verdicts > 0, `${verdicts} verdicts`);
  });

  it('agrees on entries mutated towards every edge of the schema and the rules', () => {
    const bases = [...entriesOf(generateCatalog(200).text), ...entriesOf(world.catalogText)];
    const variables = knownVariableNames();
    const rng = new Rng(0x5ca1);
    let verdicts = 0;
    let jsClean = 0;
    for (let round = 0; round < 30; round++) {
      const entries: PlainEntry[] = [];
      for (let i = 0; i < 200; i++) entries.push(mutatedEntry(bases, variables, rng));
      const [v, j] = check(entries, `mutated round ${round}`, rng);
      verdicts += v;
      jsClean += j;
    }
    assert.ok(verdicts > 1000 && verdicts < jsClean, `${verdicts} verdicts, ${jsClean} entries shape clears`);
  });

  it('refuses a duplicate key, which JSON.parse would drop', () => {
    const rng = new Rng(13);
    const slices = [
      '{"type": "stdio", "command": "a", "command": "b"}',
      '{"type": "stdio", "type": "stdio", "command": "a"}',
      '{"type": "stdio", "command": "a", "env": {"A": "x", "A": "y"}}',
      '{"type": "sse", "url": "https://a.example.com/", "headers": {"X": "1", "Y": "2", "X": "3"}}',
      '{"type": "sse", "url": "https://a.example.com/", "oauth": {"clientId": "a", "clientId": "b"}}',
      '{"type": "stdio", "command": "a", "startup_timeout_sec": 30, "startup_timeout_sec": 40}',
    ];
    const entries = slices.map((slice, i): PlainEntry => ({ name: `dup-${i}`, value: JSON.parse(slice) as unknown, slice }));
    check(entries, 'duplicate keys', rng);
    const scan = scanWithVerdicts(catalogOf(entries, rng), [], OVERWRITTEN)!;
    entries.forEach((entry, index) => assert.equal(scan.rows[index * ROW + VERDICT], NOT_CLEAN, entry.slice));
  });

  it('refuses a name written twice, and finds an entry by its name', () => {
    const facts = factsVariants[0][1];
    const entry = '{"type": "stdio", "command": "x"}';
    assert.equal(scanWithVerdicts(`{"a": ${entry}, "b": ${entry}, "a": ${entry}}`, [], OVERWRITTEN), undefined, 'the same bytes twice');
    const scan = scanWithVerdicts(`{"a": ${entry}, "b\u0062": ${entry}, "é😀": ${entry}}`, [], OVERWRITTEN)!;
    assert.equal(scan.indexOfName('a'), 0);
    assert.equal(scan.indexOfName('é😀'), 2);
    assert.equal(scan.indexOfName('b'), -1);
    assert.equal(scan.indexOfName('x'.repeat(5000)), -1, 'a name longer than the room');
    // Written with an escape, a name may repeat another: the full parser reports it.
    for (const text of [
      `{"a": ${entry}, "\u0061": ${entry}}`,
      `{"\u0061": ${entry}, "a": ${entry}}`,
      `{"\u0061": ${entry}, "\u0061": ${entry}}`,
      `{"\u0061": ${entry}, "\u0041": ${entry}, "\u0061": ${entry}}`,
      `{"\\": ${entry}, "\\\\": ${entry}, "\u005c": ${entry}}`,
    ]) {
      const withWasm = checkDocument(text, 'catalog', facts, { wasm: true });
      assert.deepEqual(withWasm.findings, checkDocument(text, 'catalog', facts, { fastPath: false }).findings, text);
      assert.ok(
        withWasm.findings.some((finding) => finding.code === 'duplicate-key' || finding.code === 'json-syntax' || finding.message.includes('twice')),
        text,
      );
    }
  });

  it('refuses a raw control character, which JSON.parse would refuse', () => {
    const raw = [0x09, 0x00, 0x1f, 0x0a].map((code) => String.fromCharCode(code));
    const texts = raw.flatMap((character) => [
      `{"a": {"type": "stdio", "command": "x", "title": "a${character}b"}}`,
      `{"a": {"type": "stdio", "command": "x", "description": "${'long enough to be scanned sixteen at a time'.repeat(2)}${character}"}}`,
      `{"a": {"type": "stdio", "command": "x", "env": {"K${character}": "v"}}}`,
      `{"a": {"type": "sse", "url": "https://a.example.com/", "headers": {"K": "v${character}"}}}`,
    ]);
    for (const text of texts) {
      const scan = scanWithVerdicts(text, [], OVERWRITTEN);
      if (scan) assert.equal(scan.rows[VERDICT], NOT_CLEAN, JSON.stringify(text));
      const facts = factsVariants[0][1];
      assert.deepEqual(
        checkDocument(text, 'catalog', facts, { wasm: true }).findings,
        checkDocument(text, 'catalog', facts, { wasm: false }).findings,
        JSON.stringify(text),
      );
    }
  });

  it('clears placeholders whose names look like hints (they are blanked before secrets are sought)', () => {
    const known = ['GITHUB_PAT_TOKEN', 'AKIA_ID', 'SK_KEY', 'BEARER_TOKEN'];
    const text = `{"a": {"type": "stdio", "command": "x", "env": {"A": "\${GITHUB_PAT_TOKEN}", "B": "\${AKIA_ID}-\${SK_KEY}-and-more", "C": "Bearer \${BEARER_TOKEN}"}}}`;
    const scan = scanWithVerdicts(text, known, OVERWRITTEN)!;
    assert.notEqual(scan.rows[VERDICT], NOT_CLEAN);
  });

  it('counts offsets in UTF-16 code units past characters beyond ASCII, escapes and lone surrogates', () => {
    const values = ['é', '—', '😀', '\ud800', '\udfff', 'a\\"b', '\\u00e9', '\\\\', 'plain'];
    const rng = new Rng(3);
    for (let i = 0; i < 300; i++) {
      const entries: string[] = [];
      for (let n = 1 + rng.int(6); n > 0; n--) {
        const name = `s${n}${rng.chance(0.3) ? rng.pick(values) : ''}`;
        const value = rng.pick([
          `{"type": "stdio", "command": "x${rng.pick(values)}", "title": "T"}`,
          `{"type": "stdio", "command": "x"}`,
          `"${rng.pick(values)}"`,
          `[${rng.int(9)}, "${rng.pick(values)}"]`,
          `${rng.int(100)}`,
          `{"a": {"b": ["${rng.pick(values)}", {"c": null}]}}`,
        ]);
        entries.push(`"${name}": ${value}`);
      }
      sameSpans(`{${entries.join(', ')}}`);
    }
  });

  it('refuses what the JavaScript scanner refuses, and never fails on broken text', () => {
    const base = generateCatalog(20).text;
    const rng = new Rng(5);
    const breakers = ['', '"', '\\', '{', '}', '[', ']', ',', ':', ' ', '\u0000', '\n', 'é', '😀', '\ud800', '/*', 'x'];
    for (let i = 0; i < 2000; i++) {
      let text = base;
      for (let n = 1 + rng.int(3); n > 0; n--) {
        const at = rng.int(text.length + 1);
        const cut = rng.chance(0.5) ? rng.int(8) : 0;
        text = text.slice(0, at) + rng.pick(breakers) + text.slice(at + cut);
      }
      if (rng.chance(0.05)) text = text.slice(0, rng.int(text.length));
      sameSpans(text, knownVariableNames());
    }
    for (const text of ['', ' ', '{', '}', '{}', ' {} ', '[]', '{"a"}', '{"a":}', '{"a":1,}', '{"a":1}x', '\ufeff{}', '{"a":1}', '{"a":{"b":[1,2,{"c":3}]}}'])
      sameSpans(text);
  });

  it('anchors each entry at its line, from which positions are counted as the line index counts them', () => {
    const rng = new Rng(19);
    const base = generateCatalog(60).text;
    const values = ['é', '😀', '\ud800', 'plain'];
    for (let round = 0; round < 200; round++) {
      // Line breaks of every kind between tokens, characters beyond ASCII inside strings.
      let text = base.replace(/\n/g, () => rng.pick(['\n', '\r\n', '\r', '\n\n', ' \r\n ', '\n\t']));
      if (rng.chance(0.5)) text = text.replace(/"title": "/g, () => `"title": "${rng.pick(values)}`);
      const scan = scanWithVerdicts(text, knownVariableNames(), OVERWRITTEN);
      assert.ok(scan, 'scans');
      const spans: [number, number][] = [];
      for (let n = 0; n < 30; n++) {
        const start = rng.int(text.length + 1);
        spans.push([start, Math.min(text.length, start + rng.int(40))]);
      }
      const anchored = positionsOf(text, spans, scan.lineAnchors);
      const index = new LineIndex(text);
      for (const [start, end] of spans) assert.deepEqual(anchored.rangeOf(start, end), index.rangeOf(start, end), `[${start}, ${end}) in round ${round}`);
    }
  });

  it('takes a catalog of a megabyte and more by default, and reports it as the full parser does', () => {
    const { text } = generateCatalog(3600);
    assert.ok(text.length >= wasmScanPolicy.minLength, `${text.length} characters`);
    const facts = factsVariants[0][1];
    const fast = checkDocument(text, 'catalog', facts);
    assert.ok(fast.fast?.lineAnchors, 'checked through the WebAssembly scanner');
    const full = checkDocument(text, 'catalog', facts, { fastPath: false });
    assert.deepEqual(
      reportFindings(text, fast.findings, diskReader, undefined, undefined, fast.fast.lineAnchors),
      reportFindings(text, full.findings, diskReader),
    );
  });

  it('leaves a text of tiny entries to the JavaScript scanner (its rows would outweigh the text)', () => {
    const text = `{${Array.from({ length: 500 }, (_, i) => `"${i}":0`).join(',')}}`;
    assert.equal(scanWithVerdicts(text, [], OVERWRITTEN), undefined);
    const facts = factsVariants[0][1];
    assert.deepEqual(checkDocument(text, 'catalog', facts, { wasm: true }).findings, checkDocument(text, 'catalog', facts, { wasm: false }).findings);
  });

  it('leaves the findings of a check as they are without it', () => {
    const bases = [...entriesOf(generateCatalog(300).text), ...entriesOf(world.catalogText)];
    const rng = new Rng(0xfeed);
    for (let round = 0; round < 20; round++) {
      const entries: PlainEntry[] = [];
      for (let i = 0; i < 120; i++) {
        const base = rng.pick(bases);
        const value = rng.chance(0.3) ? mutate(base.value as Json, rng) : (base.value as Json);
        entries.push(written(`${rng.chance(0.9) ? base.name : rng.pick(NAMES)}-${i}`, value, rng));
      }
      const text = catalogOf(entries, rng);
      for (const [factsName, facts] of factsVariants) {
        const withWasm = checkDocument(text, 'catalog', facts, { wasm: true });
        const without = checkDocument(text, 'catalog', facts, { wasm: false });
        assert.deepEqual(withWasm.findings, without.findings, `round ${round}, ${factsName} facts`);
      }
    }
  });

  for (const [name, generated] of [
    ['entryScan', 'server/src/service/generated/entryScanWasm.ts'],
    ['jsonStrings', 'server/src/lsp/generated/jsonStringsWasm.ts'],
  ]) {
    it(`${name} is compiled from its source as committed (scripts/generate-wasm.mjs)`, () => {
      const run = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'generate-wasm.mjs'), '--stdout', name], { encoding: 'utf8' });
      assert.equal(run.status, 0, run.stderr);
      const committed = readFileSync(path.join(REPO_ROOT, generated), 'utf8').replace(/\r\n/g, '\n');
      assert.ok(committed === run.stdout, `${generated} is stale: run \`node scripts/generate-wasm.mjs\``);
    });
  }
});
