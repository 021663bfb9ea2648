/**
 * The fast path must never change what a user sees: for any text, `checkDocument` on
 * the fast path (entry spans, JSON.parse, trees only where a rule may report) and after an
 * incremental re-check (`recheckDocument`) must give exactly the findings of the full parser
 * (`fastPath: false`) — same codes, ranges, severities, messages, data and related locations.
 * Checked on realistic generated catalogs, on the fuzzer's mutations of the corpus, and on random
 * edits inside entries.
 */
import { strict as assert } from 'node:assert';
import { generateCatalog, generateRoots } from '../../bench/generate';
import { oursFacts } from '../../bench/ours';
import { checkDocument, recheckDocument, RULES, type CheckOptions, type CheckResult } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import type { ResolvedFinding } from '../../server/src/service/findings';
import type { Rule } from '../../server/src/service/rules/rule';
import { findPlaceholders, isUpperCaseName, placeholdersAllResolved } from '../../server/src/service/placeholders';
import { parseJson } from '../../server/src/service/parse';
import { BATCH, entryParseAt } from '../../server/src/service/fastCheck';
import { completeAt } from '../../server/src/service/language/completion';
import type { LanguageDocument } from '../../server/src/service/language/document';
import { hoverAt } from '../../server/src/service/language/hover';
import { computeReadiness } from '../../server/src/service/readiness';
import { readCatalog } from '../../server/src/service/runtime';
import { loadSeeds } from '../fuzz/corpus';
import { generateCase, QUICK_LIMITS } from '../fuzz/mutators';
import { Rng } from '../fuzz/rng';
import { wasmScanPolicy } from '../../server/src/service/wasmScan';
import { applyEdit as apply, randomEdit } from '../support/typing';
import { engineWorld, FACTS_VARIANTS } from '../fuzz/workspace';

function same(actual: readonly ResolvedFinding[], expected: readonly ResolvedFinding[], what: string): void {
  // deepEqual on JSON: the LSP and the CLI only ever see findings serialised.
  assert.deepEqual(JSON.parse(JSON.stringify(actual)), JSON.parse(JSON.stringify(expected)), what);
}

function full(text: string, facts: WorkspaceFacts, options: CheckOptions = {}): CheckResult {
  return checkDocument(text, 'catalog', facts, { ...options, fastPath: false });
}

// Every test twice: the catalogs here are smaller than what the WebAssembly scanner takes by default.
for (const scanner of ['JavaScript', 'WebAssembly'] as const)
  describe(`fast path (${scanner} scanner): same findings as the full parser`, function () {
    this.timeout(120_000);
    const world = engineWorld();
    const seeds = loadSeeds();
    const defaultMinLength = wasmScanPolicy.minLength;
    before(() => {
      wasmScanPolicy.minLength = scanner === 'WebAssembly' ? 0 : Number.POSITIVE_INFINITY;
    });
    after(() => {
      wasmScanPolicy.minLength = defaultMinLength;
    });

    it('on generated catalogs of 1,000 servers with every kind of deliberate mistake, and skips trees for clean entries', () => {
      const generated = generateCatalog(1000);
      const facts = oursFacts('/bench/catalog-mcp.json', '/bench/catalog-roots.json', generateRoots(), '/bench/.env');
      const fast = checkDocument(generated.text, 'catalog', facts);
      assert.ok(fast.fast, 'the generated catalog takes the fast path');
      assert.ok(fast.fast.trees.size < 200, `only entries a rule may report on get a tree (${fast.fast.trees.size} of 1000)`);
      assert.ok(fast.findings.length > 5);
      same(fast.findings, full(generated.text, facts).findings, 'generated catalog');
      assert.equal(fast.entryCount, 1000);
      // With unpinned-package on (it is off by default) and another code off.
      const options: CheckOptions = { severities: { 'unpinned-package': 'warning', 'unresolved-variable': 'off' } };
      same(checkDocument(generated.text, 'catalog', facts, options).findings, full(generated.text, facts, options).findings, 'with severities');
    });

    it('on duplicate top-level names within one batch of entries and across batches', () => {
      const facts = oursFacts('/bench/catalog-mcp.json', '/bench/catalog-roots.json', generateRoots(), '/bench/.env');
      const entries = (names: (i: number) => string) =>
        `{\n${Array.from({ length: BATCH * 3 - 5 }, (_, i) => `  "${names(i)}": {"type": "stdio", "command": "c${i}", "startup_timeout_sec": ${i % 3 === 0 ? 4 : 30}}`).join(',\n')}\n}\n`;
      const cases: [string, string][] = [
        ['no duplicates (three batches)', entries((i) => `s${i}`)],
        ['a duplicate inside the first batch', entries((i) => (i === BATCH - 1 ? 's3' : `s${i}`))],
        ['a duplicate across batches', entries((i) => (i === BATCH * 2 + 3 ? 's10' : `s${i}`))],
        ['the last of a batch named again by the first of the next', entries((i) => (i === BATCH ? `s${BATCH - 1}` : `s${i}`))],
        ['a duplicate written with an escape', entries((i) => (i === BATCH + 7 ? `\\u0073${BATCH * 2 + 1}` : `s${i}`))],
        // Names are parsed with their batch's values: a name JSON refuses must not pass for a name.
        ['a name holding a raw tab', entries((i) => (i === BATCH + 2 ? `s\t${i}` : `s${i}`))],
        ['a name with an escape JSON refuses', entries((i) => (i === 5 ? `s\\x${i}` : `s${i}`))],
        ['a name with an escaped quote', entries((i) => (i === BATCH * 2 ? `s\\"${i}` : `s${i}`))],
      ];
      for (const [what, text] of cases) same(checkDocument(text, 'catalog', facts).findings, full(text, facts).findings, what);
      assert.ok(checkDocument(cases[0][1], 'catalog', facts).fast, 'a clean catalog of three batches takes the fast path');
    });

    it('finds literal credentials however their text is written: escapes, any case of Bearer, in env, headers, args and url', () => {
      const facts = oursFacts('/bench/catalog-mcp.json', '/bench/catalog-roots.json', generateRoots(), '/bench/.env');
      const token = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
      const entries = [
        `"escaped": {"type": "stdio", "command": "x", "env": {"GITHUB_TOKEN": "gh\\u0070_${token.slice(4)}"}}`,
        `"escaped-bearer": {"type": "http", "url": "https://a.example", "headers": {"Authorization": "\\u0042earer abcdefghijklmnopqrstuvwxyz0123"}}`,
        `"mixed-case": {"type": "http", "url": "https://a.example", "headers": {"Authorization": "bEaReR abcdefghijklmnopqrstuvwxyz0123"}}`,
        `"in-args": {"type": "stdio", "command": "x", "args": ["--token", "${token}"]}`,
        `"in-url": {"type": "http", "url": "https://a.example/mcp?key=${token}"}`,
        `"clean": {"type": "stdio", "command": "x", "env": {"GITHUB_TOKEN": "\${GITHUB_TOKEN}"}}`,
      ];
      const text = `{\n  ${entries.join(',\n  ')}\n}\n`;
      const fast = checkDocument(text, 'catalog', facts);
      assert.ok(fast.fast, 'the fast path judged it');
      same(fast.findings, full(text, facts).findings, 'credentials');
      const flagged = fast.findings.filter((finding) => finding.code === 'hardcoded-secret').map((finding) => JSON.stringify(finding.data?.path?.[0]));
      assert.deepEqual(flagged, ['"escaped"', '"escaped-bearer"', '"mixed-case"', '"in-args"', '"in-url"']);
    });

    it('on 1,500 fuzzed variants of the corpus, under every facts variant', () => {
      let fastCount = 0;
      for (let index = 0; index < 1500; index++) {
        const rng = Rng.forCase(61_106, index);
        const generated = generateCase(rng, seeds, QUICK_LIMITS);
        const facts = world.factsFor('catalog', FACTS_VARIANTS[index % FACTS_VARIANTS.length]);
        const fast = checkDocument(generated.text, 'catalog', facts);
        if (fast.fast) fastCount++;
        same(fast.findings, full(generated.text, facts).findings, `case ${index} (${generated.seedName}: ${generated.mutations.join(', ')})`);
      }
      assert.ok(fastCount > 300, `the fast path was taken ${fastCount} times`);
    });

    it('after random edits inside entries, re-checking only the edited entry', () => {
      let incremental = 0;
      const generated = generateCatalog(300);
      const texts = [world.catalogText, generated.text, ...seeds.filter((seed) => seed.name.endsWith('mcp.json')).map((seed) => seed.text)];
      for (const [t, start] of texts.entries()) {
        const facts = world.factsFor('catalog', 'full');
        let text = start;
        let previous = checkDocument(text, 'catalog', facts);
        const rng = Rng.forCase(4242, t);
        for (let step = 0; step < 150; step++) {
          const edits = [randomEdit(rng, text)];
          let next = apply(text, edits[0]);
          if (rng.chance(0.3)) {
            edits.push(randomEdit(rng, next));
            next = apply(next, edits[1]);
          }
          previous = recheckDocument(previous, edits, next, 'catalog', facts);
          if (previous.incremental) incremental++;
          same(previous.findings, full(next, facts).findings, `text ${t}, step ${step}: ${JSON.stringify(edits)}`);
          text = next;
          // Keep the text usable: start again from the original once it stops being a catalog.
          if (!previous.fast && rng.chance(0.5)) {
            text = start;
            previous = checkDocument(text, 'catalog', facts);
          }
        }
      }
      assert.ok(incremental > 100, `incremental re-checks: ${incremental}`);
    });

    it('takes the full parser for what it cannot judge: a rule without mayReport, a non-string $schema, syntax problems', () => {
      const facts = world.factsFor('catalog', 'full');
      const text = '{"a": {"type": "stdio", "command": "x"}}';
      assert.ok(checkDocument(text, 'catalog', facts).fast);
      const slowRule: Rule = { id: 'slow', appliesTo: ['catalog'], checkEntry: () => undefined };
      assert.equal(checkDocument(text, 'catalog', facts, { rules: [...RULES, slowRule] }).fast, undefined);
      for (const other of [
        '{"$schema": 1, "a": {"type": "stdio", "command": "x"}}',
        '{"a": {"type": "stdio", "command": "x"},}',
        '\ufeff{}',
        '{"a": 1, "a": 2}',
        '{"a": {} // c\n}',
        // What the scanner lets through and only JSON.parse of the batch or of the key rejects.
        '{"a\tb": {"type": "stdio", "command": "x"}}',
        '{"a": {"type": "stdio", "command": "x\ty"}}',
        '{"a\\qb": {"type": "stdio", "command": "x"}}',
        '{"a": {"type": "stdio", "command": "x", "args": [1}]}',
        '{"a": {"type": "stdio", "command": "x"}, "b": tru}',
      ]) {
        const result = checkDocument(other, 'catalog', facts);
        assert.equal(result.fast, undefined, other);
        same(result.findings, full(other, facts).findings, other);
      }
    });

    it('groups what compares entries: names Codex rewrites alike, shared npx packages, also after an edit moves an entry between groups', () => {
      const facts = world.factsFor('catalog', 'full');
      const npx = (spec: string): Record<string, unknown> => ({ type: 'stdio', command: 'npx', args: ['-y', spec] });
      const catalog = {
        'a[1]': npx('x@1.0.0'),
        a_1_: npx('y@1.0.0'),
        'a 1 ': npx('z@1.0.0'),
        b: npx('x@1.0.0'),
        c: npx('w@1.0.0'),
        my__server: npx('v@1.0.0'),
      };
      let text = JSON.stringify(catalog, null, 2);
      let result = checkDocument(text, 'catalog', facts);
      assert.ok(result.fast);
      assert.deepEqual([...new Set(result.findings.map((f) => f.code))].sort(), ['invalid-name', 'npx-cache-isolated', 'tool-name-collision']);
      same(result.findings, full(text, facts).findings, 'groups');
      // c joins x's group, then b leaves it: both through the incremental path.
      for (const [name, from, to] of [
        ['c', 'w@1.0.0', 'x@1.0.0'],
        ['b', 'x@1.0.0', 'q@1.0.0'],
      ]) {
        const at = text.indexOf(from, text.indexOf(`"${name}": {`));
        const next = text.slice(0, at) + to + text.slice(at + from.length);
        result = recheckDocument(result, [{ start: at, end: at + from.length, text: to }], next, 'catalog', facts);
        assert.ok(result.incremental, `${name}: ${from} → ${to} is re-checked entry by entry`);
        same(result.findings, full(next, facts).findings, `${name}: ${from} → ${to}`);
        text = next;
      }
    });

    it('finds a duplicate key inside an entry (JSON.parse would hide it) and builds the tree lazily', () => {
      const facts = world.factsFor('catalog', 'full');
      const text = '{"a": {"type": "stdio", "command": "x", "env": {"K": "1", "K": "2"}}}';
      const result = checkDocument(text, 'catalog', facts);
      assert.ok(result.fast);
      assert.deepEqual(
        result.findings.map((f) => f.code),
        ['duplicate-key'],
      );
      assert.equal(result.parsed?.root?.type, 'object');
    });
  });

describe('placeholdersAllResolved: the fast path judges placeholders like findPlaceholders', () => {
  const known = new Set(['TOKEN', 'A_1', '_X']);
  const slow = (value: string): boolean =>
    findPlaceholders(value).every((p) => p.kind === 'variable' && isUpperCaseName(p.name!) && (p.hasDefault || known.has(p.name!)));
  const PARTS = ['${', '}', 'TOKEN', 'token', 'A_1', '_X', 'NOPE', ':-', ':-x', '-', ':', '1', '\n', '\u2028', 'x', ' ', '$', '{', '${TOKEN}', '${A:-${B}}'];

  it('agrees on 20,000 random strings and on the edge cases', () => {
    const rng = Rng.forCase(5150, 0);
    const cases = [
      '',
      '${TOKEN}',
      '${TOKEN:-}',
      '${NOPE}',
      '${NOPE:-x}',
      '${token}',
      '${Token}',
      '${1A}',
      '${}',
      '${TOKEN',
      '${A:-${B}}',
      '${A:-a\nb}',
      '$${TOKEN}',
      '${TOKEN}}',
      'x${_X}y${A_1:-z}',
    ];
    for (let i = 0; i < 20_000; i++) {
      let value = '';
      const parts = rng.between(1, 6);
      for (let j = 0; j < parts; j++) value += rng.pick(PARTS);
      cases.push(value);
    }
    for (const value of cases) {
      assert.equal(
        placeholdersAllResolved(value, (name) => known.has(name)),
        slow(value),
        JSON.stringify(value),
      );
    }
  });
});

describe('readCatalog on the fast path: the same catalog view without a tree', () => {
  const world = engineWorld();
  const seeds = loadSeeds();
  const view = (text: string, facts: WorkspaceFacts, parsed?: ReturnType<typeof parseJson>): unknown =>
    JSON.parse(JSON.stringify(readCatalog(text, facts, parsed)));

  it('gives the entries, values, key spans and problems the tree gives, on generated and fuzzed catalogs', () => {
    const facts = world.factsFor('catalog', 'full');
    const texts = [generateCatalog(300).text];
    for (let index = 0; index < 600; index++) texts.push(generateCase(Rng.forCase(8080, index), seeds, QUICK_LIMITS).text);
    let fast = 0;
    for (const [i, text] of texts.entries()) {
      if (checkDocument(text, 'catalog', facts).fast) fast++;
      assert.deepEqual(view(text, facts), view(text, facts, parseJson(text)), `text ${i}`);
    }
    assert.ok(fast > 100, `fast path taken ${fast} times`);
  });
});

describe('hover and completion inside one entry parse only that entry', () => {
  const world = engineWorld();

  it('give what the whole tree gives, at every offset of the Zimmer catalog and of a generated one (root hovers list servers from every entry)', () => {
    const facts = world.factsFor('catalog', 'full');
    let served = 0;
    for (const text of [world.catalogText, generateCatalog(300).text]) {
      const result = checkDocument(text, 'catalog', facts);
      assert.ok(result.fast);
      const whole: LanguageDocument = { kind: 'catalog', text, parsed: parseJson(text), facts };
      const readinessView = computeReadiness(readCatalog(text, facts), facts);
      const options = { readiness: () => readinessView };
      // Every offset of the small catalog; every 5th of the generated one (100 kB).
      const step = text.length > 50_000 ? 5 : 1;
      for (let offset = 0; offset <= text.length; offset += step) {
        const forHover = entryParseAt(result.fast, offset, true);
        if (forHover) {
          served++;
          assert.deepEqual(hoverAt({ ...whole, parsed: forHover, whole: () => whole }, offset, options), hoverAt(whole, offset, options), `hover at ${offset}`);
        }
        const forCompletion = entryParseAt(result.fast, offset, false);
        if (forCompletion) {
          for (const snippets of [true, false]) {
            assert.deepEqual(
              completeAt({ ...whole, parsed: forCompletion, whole: () => whole }, offset, { snippets }),
              completeAt(whole, offset, { snippets }),
              `completion at ${offset}`,
            );
          }
        }
      }
    }
    assert.ok(served > 20_000, `offsets served by one entry: ${served}`);
  });
});
