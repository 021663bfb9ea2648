import { strict as assert } from 'node:assert';
import { nodeValue, parseJson } from '../../server/src/service/parse';
import { check, facts, readFixture, rootsFacts } from '../unit/helpers';
import { random } from '../support/seededRandom';

/**
 * A seeded, deterministic property test of SPEC §2: the strict parser agrees with JSON.parse on
 * every input (rejects exactly what it rejects, and otherwise yields the same value), and every
 * finding of the whole engine lies inside the document.
 */

const SEEDS: string[] = [
  readFixture('zimmer', 'mcp.json'),
  readFixture('air-example', 'mcp.json'),
  readFixture('air-example', 'roots.json'),
  '{"s": {"type": "stdio", "command": "npx", "args": ["-y", "p@1"], "env": {"A": "${A:-x}"}, "startup_timeout_sec": 20.0}}',
  '{"a\\u0062": [1, -0.5e+3, true, false, null, "\\ud83d\\ude00\\n\\t\\"\\\\\\/"], "": {}}',
  '[[], {}, [{}], "x", 0, 1E2]',
  '"just a string"',
  '  123  ',
];

/** Tokens that sit on JSON.parse's boundaries: each is valid somewhere and invalid elsewhere. */
const TOKENS = [
  '{',
  '}',
  '[',
  ']',
  ',',
  ':',
  '"',
  "'",
  '\\',
  '/',
  '//',
  '/*',
  '*/',
  ' ',
  '\n',
  '\r',
  '\t',
  '\u000b',
  '\u000c',
  '\u00a0',
  '\u2028',
  '\ufeff',
  '0',
  '01',
  '-',
  '+',
  '.',
  'e',
  'E',
  '1.',
  '.5',
  '-0',
  '1e',
  '1e+',
  'NaN',
  'Infinity',
  'true',
  'tru',
  'null',
  'nul',
  'false',
  '\\u',
  '\\u12',
  '\\x41',
  '\\n',
  '"\\u0024{X}"',
  '\u0000',
  '\u001f',
  '\u007f',
  '\ud800',
  '\udc00',
  '😀',
  '""',
  '"a"',
  '"a":',
  ',"a":1',
];

function mutate(text: string, next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const at = Math.floor(next() * (text.length + 1));
  switch (Math.floor(next() * 5)) {
    case 0:
      return text.slice(0, at) + pick(TOKENS) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 3));
    case 2:
      return text.slice(0, at) + pick(TOKENS) + text.slice(at + 1);
    case 3: {
      const from = Math.floor(next() * text.length);
      return text.slice(0, at) + text.slice(from, from + 1 + Math.floor(next() * 8)) + text.slice(at);
    }
    default:
      return text.slice(0, at);
  }
}

/** A random JSON value, serialised with random spacing. */
function generate(next: () => number, depth = 0): string {
  const r = next();
  const space = (): string => [' ', '', '\n  ', '\t', '\r\n'][Math.floor(next() * 5)];
  if (depth > 4 || r < 0.35) {
    const scalars = [
      () => JSON.stringify(Math.floor(next() * 1000) - 500),
      () => JSON.stringify(next() * 100),
      () => '1e3',
      () => '-0',
      () => 'true',
      () => 'null',
      () => JSON.stringify(`s${Math.floor(next() * 99)}`),
      () => '"\\u00e9\\ud83d\\ude00"',
    ];
    return scalars[Math.floor(next() * scalars.length)]();
  }
  const count = Math.floor(next() * 4);
  const items = Array.from({ length: count }, (_, i) =>
    r < 0.65 ? generate(next, depth + 1) : `"k${i % 3}"${space()}:${space()}${generate(next, depth + 1)}`,
  );
  return r < 0.65 ? `[${space()}${items.join(`,${space()}`)}${space()}]` : `{${space()}${items.join(`,${space()}`)}${space()}}`;
}

function inputs(count: number): string[] {
  const next = random(20240611);
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let text = i % 3 === 0 ? generate(next) : SEEDS[i % SEEDS.length];
    const mutations = i % 7 === 0 ? 0 : 1 + Math.floor(next() * 3);
    for (let m = 0; m < mutations; m++) text = mutate(text, next);
    out.push(text);
  }
  return out;
}

const CASES = inputs(600);

function jsonParseThrows(text: string): boolean {
  try {
    JSON.parse(text);
    return false;
  } catch {
    return true;
  }
}

describe('strictness property (seeded, 600 generated and mutated inputs)', () => {
  it('uses a mix of valid and invalid inputs', () => {
    const invalid = CASES.filter(jsonParseThrows).length;
    assert.ok(invalid > 100 && CASES.length - invalid > 100, `${invalid} invalid of ${CASES.length}`);
  });

  it('strictErrors is true exactly when JSON.parse throws', () => {
    const disagreements = CASES.filter((text) => parseJson(text).strictErrors !== jsonParseThrows(text));
    assert.deepEqual(
      disagreements.slice(0, 5).map((text) => JSON.stringify(text)),
      [],
    );
  });

  it('reports at least one json-* finding exactly when JSON.parse throws', () => {
    const wrong = CASES.filter((text) => {
      const strictFindings = parseJson(text).findings.filter((f) => f.code.startsWith('json-'));
      return strictFindings.length > 0 !== jsonParseThrows(text);
    });
    assert.deepEqual(
      wrong.slice(0, 5).map((text) => JSON.stringify(text)),
      [],
    );
  });

  it("yields JSON.parse's value (same keys, order and values) for every valid input", () => {
    const wrong = CASES.filter((text) => !jsonParseThrows(text) && JSON.stringify(nodeValue(parseJson(text).root)) !== JSON.stringify(JSON.parse(text)));
    assert.deepEqual(
      wrong.slice(0, 5).map((text) => JSON.stringify(text)),
      [],
    );
  });

  it('keeps every finding of the engine inside the document, start ≤ end, with data.path', function () {
    this.timeout(60_000); // 1,200 full engine runs; a guard against a hang, not a speed assertion
    for (const text of CASES) {
      for (const kind of ['catalog', 'roots'] as const) {
        for (const finding of check(text, kind, facts({ roots: rootsFacts(['zimmer']), documentPath: '/ws/mcp.json' }))) {
          const where = `${kind} ${finding.code} in ${JSON.stringify(text).slice(0, 200)}`;
          assert.ok(finding.start >= 0 && finding.start <= finding.end && finding.end <= text.length, where);
          assert.ok(Array.isArray(finding.data?.path), `data.path: ${where}`);
          for (const related of finding.related ?? []) {
            if (related.path === undefined) assert.ok(related.start >= 0 && related.start <= related.end && related.end <= text.length, `related: ${where}`);
          }
        }
      }
    }
  });
});
