/**
 * strictTree.ts builds the tree of a strict entry without jsonc-parser's scanner. It must be the
 * very tree `parseJson` builds — every node's type, offset, length, value, colon, children and
 * parent — or a rule's range, message or fix would move; and it must answer undefined wherever
 * `parseJson` has a finding (a duplicate key, anything JSON.parse refuses), so none is lost.
 */
import { strict as assert } from 'node:assert';
import { generateCatalog } from '../../bench/generate';
import { parseJson, scanJson, type JsonNode } from '../../server/src/service/parse';
import { strictDocument, strictEntryProperty } from '../../server/src/service/strictTree';
import { loadSeeds } from '../fuzz/corpus';
import { generateCase, QUICK_LIMITS } from '../fuzz/mutators';
import { jsonParseRejects } from '../fuzz/oracle';
import { Rng } from '../fuzz/rng';

/** The reference for one entry: jsonc-parser's scanner on the entry in a one-property object, moved to the document's offsets. */
function byParser(source: string, offset: number): { property: JsonNode; findings: number } {
  const parsed = scanJson(`{${source}}`);
  const property = parsed.root!.children![0];
  const work: JsonNode[] = [property];
  while (work.length) {
    const node = work.pop()!;
    node.offset += offset - 1;
    if (node.colonOffset !== undefined) node.colonOffset += offset - 1;
    if (node.children) work.push(...node.children);
  }
  return { property, findings: parsed.findings.length };
}

/**
 * A tree as a flat list (no recursion over 60 levels, no cycle through `parent`): each node's own
 * fields, its parent's and children's places in the list, and every own key it has.
 */
function flat(top: JsonNode): unknown[] {
  const ids = new Map<JsonNode, number>();
  const order: JsonNode[] = [];
  const work = [top];
  while (work.length) {
    const node = work.pop()!;
    ids.set(node, order.length);
    order.push(node);
    for (let i = (node.children ?? []).length - 1; i >= 0; i--) work.push(node.children![i]);
  }
  const parent = top.parent;
  return [
    parent && { type: parent.type, offset: parent.offset, length: parent.length, children: parent.children!.length, parentOfParent: parent.parent },
    ...order.map((node) => ({
      keys: Object.keys(node).sort(),
      type: node.type,
      offset: node.offset,
      length: node.length,
      value: Object.is(node.value, -0) ? '-0' : node.value,
      colonOffset: node.colonOffset,
      shadowed: node.shadowed,
      parent: node === top ? 'the top' : ids.get(node.parent!),
      children: node.children?.map((child) => ids.get(child)),
    })),
  ];
}

/** Compares the two on one entry; returns whether strictTree built it. */
function compare(source: string, offset: number, what: string): boolean {
  const strict = strictEntryProperty(source, offset);
  const parsed = byParser(source, offset);
  if (parsed.findings > 0 || jsonParseRejects(`{${source}}`) !== false) {
    assert.equal(strict, undefined, `parseJson has findings, so strictTree must leave it to it — ${what}: ${source.slice(0, 200)}`);
    return false;
  }
  assert.ok(strict, `strict JSON without a duplicate key gets a tree — ${what}: ${source.slice(0, 200)}`);
  assert.deepStrictEqual(flat(strict), flat(parsed.property), `${what}: ${source.slice(0, 200)}`);
  return true;
}

/** The whole document: parseJson's tree is the scanner's, and strictTree.ts answers only where the scanner finds nothing. */
function compareDocument(text: string, what: string): boolean {
  const scanned = scanJson(text);
  const strict = strictDocument(text);
  if (scanned.findings.length > 0 || jsonParseRejects(text) !== false) {
    assert.equal(strict, undefined, `the scanner has findings, so strictTree must leave it to it — ${what}`);
    return false;
  }
  assert.ok(strict, `strict JSON without a duplicate key gets a tree — ${what}`);
  assert.deepStrictEqual(flat(strict.root), flat(scanned.root!), what);
  assert.equal(strict.maxDepth, scanned.maxDepth, `the depth — ${what}`);
  const parsed = parseJson(text);
  assert.deepStrictEqual([parsed.findings, parsed.strictErrors, parsed.maxDepth], [[], false, scanned.maxDepth], `parseJson's answer — ${what}`);
  return true;
}

/** Every top-level property of a text, as the scanner's tree places it (an entry's source and offset). */
function entriesOf(text: string): { source: string; offset: number }[] {
  const root = scanJson(text).root;
  if (root?.type !== 'object') return [];
  return (root.children ?? []).map((property) => ({ source: text.slice(property.offset, property.offset + property.length), offset: property.offset }));
}

describe('the strict entry tree', function () {
  this.timeout(120_000);

  it('is parseJson’s tree on every entry of a generated catalog and of the corpus', () => {
    let built = 0;
    for (const { source, offset } of entriesOf(generateCatalog(1000).text)) if (compare(source, offset, 'generated')) built++;
    assert.ok(built >= 1000, `${built} generated entries`);
    for (const seed of loadSeeds()) for (const { source, offset } of entriesOf(seed.text)) compare(source, offset, seed.name);
  });

  it('is the scanner’s tree for whole documents: generated catalogs, the corpus, fuzzed catalogs', () => {
    assert.ok(compareDocument(generateCatalog(1000).text, 'generated'));
    let built = 0;
    for (const seed of loadSeeds()) if (compareDocument(seed.text, seed.name)) built++;
    assert.ok(built > 10, `${built} seeds`);
    const seeds = loadSeeds();
    let left = 0;
    for (let index = 0; index < 1000; index++) {
      const generated = generateCase(Rng.forCase(7_708, index), seeds, QUICK_LIMITS);
      if (!compareDocument(generated.text, `case ${index} (${generated.mutations.join(', ')})`)) left++;
    }
    assert.ok(left > 50 && left < 1000, `both answers occur (${left} of 1000 left to the scanner)`);
    for (const text of ['', ' ', '\uFEFF{}', '{} x', '{"a":1}\n', '  [1, {"b": [true, false, null]}]  ', '"x"', '-0', `${'['.repeat(300)}${']'.repeat(300)}`])
      compareDocument(text, JSON.stringify(text));
  });

  it('is parseJson’s tree, or leaves it to parseJson, on 2,000 fuzzed catalogs', () => {
    const seeds = loadSeeds();
    let built = 0;
    let left = 0;
    for (let index = 0; index < 2000; index++) {
      const generated = generateCase(Rng.forCase(7_707, index), seeds, QUICK_LIMITS);
      for (const { source, offset } of entriesOf(generated.text)) {
        if (compare(source, offset, `case ${index} (${generated.mutations.join(', ')})`)) built++;
        else left++;
      }
    }
    assert.ok(built > 1000 && left > 50, `both answers occur (${built} built, ${left} left to parseJson)`);
  });

  it('on every kind of token and layout JSON allows', () => {
    const values = [
      '{}',
      '[]',
      '""',
      '"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t\\u00e9\\ud83d\\ude00"',
      '"é — 😀"',
      '0',
      '-0',
      '12.5e-3',
      '1E+2',
      '-7',
      'true',
      'false',
      'null',
      '{"a":1,"b":[1,2,{"c":null}],"d":{"e":{"f":[[]]}}}',
      '{ "type" : "stdio" ,\r\n\t"args" : [ "-y" , "x" ] }',
      `${'['.repeat(60)}1${']'.repeat(60)}`,
      `${'{"a":'.repeat(60)}{}${'}'.repeat(60)}`,
      '{"\\u0061":1,"b":2}',
      '{"a":{"x":1},"b":{"x":1}}',
    ];
    for (const value of values) {
      for (const key of ['"k"', '"\\u006b"', '"a b"']) {
        for (const colon of [': ', ':', ' :\n  ']) {
          assert.ok(compare(`${key}${colon}${value}`, 17, 'token'), `${key}${colon}${value}`);
        }
      }
    }
  });

  it('takes strings of millions of characters, and leaves millions of escapes to the scanner without a stack overflow', () => {
    const long = `{"s": {"description": "${'é'.repeat(10_000_000)}"}}`;
    assert.ok(strictDocument(long), 'ten million plain characters: one token');
    const escapes = `{"s": {"description": "${'\\n'.repeat(10_000_000)}"}}`;
    const parsed = parseJson(escapes);
    assert.deepEqual(parsed.findings, []);
    assert.equal((parsed.root!.children![0].children![1].children![0].children![1].value as string).length, 10_000_000);
  });

  it('leaves to parseJson every entry it has a finding for', () => {
    const refused = [
      '{"a":1,"a":2}',
      '{"a":1,"\\u0061":2}',
      '{"x":{"a":1,"b":2,"a":3}}',
      '[{"a":1,"a":1}]',
      '{"a":1,}',
      '[1,]',
      '{"a":1 /* c */}',
      '{"a":1} // c',
      '"a\tb"',
      '"a\\x"',
      '"a\\u12"',
      '01',
      '.5',
      '+1',
      '1.',
      'NaN',
      'tru',
      '"open',
      '{"a" 1}',
      '{"a":1 "b":2}',
      "{'a':1}",
      '[1 2]',
      '{]',
      '[}',
      '{"a":[1,2}',
    ];
    for (const value of refused) assert.equal(compare(`"k": ${value}`, 3, 'refused'), false, value);
    assert.equal(strictEntryProperty('"k": 1 2', 0), undefined, 'text after the value');
    assert.equal(strictEntryProperty('k: 1', 0), undefined, 'a key without quotes');
  });
});
