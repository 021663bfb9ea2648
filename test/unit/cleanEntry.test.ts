/**
 * The fused predicate (rules/cleanEntry.ts) may only ever say "clean" when no rule's own
 * `mayReport` would say yes and ajv accepts the entry: it replaces those calls on the fast path.
 * Checked on generated catalogs, on every seed and fixture catalog's entries, and on entries
 * mutated field by field towards every edge the rules and the schema draw (lengths, types,
 * placeholders, secrets, URLs, Zimmer-written env keys, OAuth, timeouts, roots, reasons, names),
 * under each facts variant and rule set. It must also clear the usual entry, or it saves nothing.
 */
import { strict as assert } from 'node:assert';
import { generateCatalog, generateRoots, knownVariableNames } from '../../bench/generate';
import { oursFacts } from '../../bench/ours';
import { RULES } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import { scanEntrySpans } from '../../server/src/service/entrySpans';
import { readEntry } from '../../server/src/service/fastEntries';
import { cleanEntryPredicate, NOT_CLEAN } from '../../server/src/service/rules/cleanEntry';
import { countKeys } from '../../server/src/service/entrySpans';
import type { PlainContext, PlainEntry, Rule } from '../../server/src/service/rules/rule';
import { entryValueIsValid } from '../../server/src/service/schema';
import { summariseCatalog } from '../../server/src/service/summary';
import { loadSeeds } from '../fuzz/corpus';
import { Rng } from '../fuzz/rng';
import { engineWorld, FACTS_VARIANTS, KNOWN_NAMES } from '../fuzz/workspace';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The plain entries of a catalog text the fast path can read (none when it cannot). */
function entriesOf(text: string): PlainEntry[] {
  const object = scanEntrySpans(text);
  if (!object) return [];
  const entries: PlainEntry[] = [];
  for (let index = 0; index < object.count; index++) {
    const entry = readEntry(text, object.spans, index);
    if (entry && entry.name !== '$schema') entries.push(entry);
  }
  return entries;
}

const TOKEN = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const KNOWN = KNOWN_NAMES[0];

/** Values at and around every edge a rule or the schema draws, per field. */
const EDGES: Record<string, Json[]> = {
  title: ['', 'x', 'x'.repeat(100), 'x'.repeat(101), 'a ${HOME}', '${' + KNOWN + '}', 5, null, ['t']],
  description: ['', 'x'.repeat(500), 'x'.repeat(501), 'uses ${' + KNOWN + '}', 'plain words', 5, null],
  type: ['stdio', 'sse', 'streamable-http', 'http', 'STDIO', '', 5, null],
  command: ['npx', 'uvx', 'node', '${' + KNOWN + '}', '${UNKNOWN_COMMAND}', '${HOME}/bin/x', '$HOME/x', '', 42, null, ['npx']],
  args: [
    [],
    ['-y', 'pkg@latest'],
    ['-y', 'pkg@1.2.3'],
    ['-y', 'pkg'],
    ['-p', 'a@1.0.0', 'b'],
    ['${' + KNOWN + '}'],
    ['${UNKNOWN_ARG}'],
    ['--token', TOKEN],
    ['--header', 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123'],
    ['${A:-default}'],
    [1],
    [null],
    'not an array',
  ],
  env: [
    {},
    { ELICITATION_TTL_MS: '1' },
    { ELICITATION_REQUEST_URL: '${' + KNOWN + '}' },
    { '${KEY}': 'v' },
    { KEY: '${UNKNOWN_VARIABLE}' },
    { KEY: '${' + KNOWN + '}' },
    { KEY: '${' + KNOWN + ':-fallback}' },
    { KEY: '${lower}' },
    { KEY: 5 },
    { KEY: 'sk-' + 'abcdefghij0123456789klmn' },
    { KEY: TOKEN },
    { KEY: 'Bearer ${' + KNOWN + '}' },
    { NPM_CONFIG_CACHE: '/tmp/cache' },
    JSON.parse('{"__proto__": "x"}') as Json,
    [],
    null,
  ],
  headers: [
    {},
    { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123' },
    { Authorization: 'Bearer ${' + KNOWN + '}' },
    { Authorization: 'bearer ${UNKNOWN_TOKEN}' },
    { 'X-${A}': 'v' },
    { 'X-API-Key': TOKEN },
    { A: 1 },
    'x',
  ],
  url: [
    'https://mcp.example.com/mcp',
    'https://mcp.example.com/mcp?workspace=team-1&x=y',
    'https://mcp.example.com:8443/sse',
    'http://mcp.example.com/mcp',
    'http://localhost:3000/mcp',
    'HTTPS://MCP.EXAMPLE.COM/',
    'https://${HOST}/mcp',
    'https://exa mple.com/',
    'https://example.com:99999/',
    'https://[::1]/mcp',
    'https://example.com/' + TOKEN,
    'https://example.com/#frag',
    'mailto:someone@example.com',
    'not a url',
    '',
    5,
    null,
  ],
  oauth: [
    {},
    { clientId: 'abc', scopes: ['read', 'write'], redirectUri: 'http://localhost:8976/callback' },
    { clientId: '' },
    { clientSecret: '' },
    { clientId: '${' + KNOWN + '}', clientSecret: '${UNKNOWN_SECRET}' },
    { client_id: 'a' },
    { clientid: 'a' },
    { extra: 'a' },
    { scopes: [''] },
    { scopes: 'read' },
    { redirectUri: 'not a uri' },
    { redirectUri: 'https://${HOST}/cb' },
    { authServerMetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server' },
    { clientId: 5 },
    5,
    null,
  ],
  startup_timeout_sec: [4, 5, 30, 600, 601, 20.5, -5, '30', null, 1e21, true],
  default_in_roots: [[], ['*'], ['zimmer'], ['fleet-maintenance', 'zimmer'], ['not-a-root'], ['@remote/zimmer'], ['${ROOT}'], [5], 'zimmer', null],
  unavailable: ['', ' ', 'Token expired — rotate it.', 'line\nbreak', 'x'.repeat(199), 'x'.repeat(201), '${REASON}', null, true, 5],
  comand: ['npx'],
  startupTimeoutSec: [30],
  extra: [1],
  $comment: ['a note'],
};

const NAMES = ['plain', 'with__double', 'with space', 'a.b', 'ÜBER', 'zimmer', 'x'.repeat(70), '$name', '[bracketed]', 'dup-elsewhere'];

/** A copy of `value` with 1–3 fields set to an edge value, deleted, or renamed. */
function mutate(value: Json, rng: Rng): Json {
  const record: Record<string, Json> = value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.parse(JSON.stringify(value)) : {};
  const fields = Object.keys(EDGES);
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const roll = rng.float();
    if (roll < 0.15 && Object.keys(record).length > 0) delete record[rng.pick(Object.keys(record))];
    else {
      const field = rng.pick(fields);
      record[field] = JSON.parse(JSON.stringify(rng.pick(EDGES[field])));
    }
  }
  return rng.chance(0.03) ? rng.pick<Json>([null, [], 'x', 5]) : record;
}

/** How the value is written: layout varies, and a timeout may be written `30.0` or `3e1`. */
function written(name: string, value: Json, rng: Rng): PlainEntry {
  let slice = JSON.stringify(value, null, rng.pick([0, 2, '\t']));
  if (rng.chance(0.3))
    slice = slice.replace(
      /("startup_timeout_sec":\s*)(\d+)(?=[,\s}])/,
      (_, key: string, digits: string) => key + rng.pick([`${digits}.0`, `${digits}e0`, digits]),
    );
  return { name, value: JSON.parse(slice) as unknown, slice };
}

describe('the fused predicate', function () {
  this.timeout(120_000);
  const world = engineWorld();
  const benchFacts = oursFacts('/bench/catalog-mcp.json', '/bench/catalog-roots.json', generateRoots(), '/bench/.env');
  const composed: WorkspaceFacts = {
    ...world.factsFor('catalog', 'full'),
    composition: {
      airPath: '/fuzz/air.json',
      catalogs: [{ ...summariseCatalog('/fuzz/other-mcp.json', '{"dup-elsewhere": {"type": "stdio", "command": "x"}}'), listing: { start: 0, end: 1 } }],
    },
  };
  const factsVariants: [string, WorkspaceFacts][] = [
    ['the benchmark', benchFacts],
    ['composed', composed],
    ...FACTS_VARIANTS.map((variant): [string, WorkspaceFacts] => [variant, world.factsFor('catalog', variant)]),
  ];
  const defaultRules = RULES.filter((rule) => rule.id !== 'unpinned-package');
  const ruleSets: [string, readonly Rule[]][] = [
    ['default', defaultRules],
    ['every rule', RULES],
    ['without the timeout and roots rules', RULES.filter((rule) => rule.id !== 'timeout' && rule.id !== 'roots')],
  ];

  /** Asserts the implication for each entry, facts variant and rule set; returns [clean, not clean]. */
  function check(entries: readonly PlainEntry[], what: string): [number, number] {
    let clean = 0;
    let notClean = 0;
    for (const [factsName, facts] of factsVariants) {
      const context: PlainContext = { kind: 'catalog', facts };
      for (const [rulesName, rules] of ruleSets) {
        const predicate = cleanEntryPredicate(rules, context)!;
        assert.ok(predicate, `a predicate for ${rulesName}`);
        for (const entry of entries) {
          const keys = predicate(entry);
          if (keys === NOT_CLEAN) {
            notClean++;
            continue;
          }
          clean++;
          const where = `${what}, ${factsName} facts, ${rulesName}: ${JSON.stringify(entry.name)} ${entry.slice.slice(0, 400)}`;
          // The fast path finds a duplicate key by this count: one too many or too few would hide one or cost a tree.
          assert.equal(keys, countKeys(entry.value), `the keys counted on the way — ${where}`);
          assert.ok(entryValueIsValid('catalog', entry.value), `ajv accepts what is clean — ${where}`);
          for (const rule of rules) assert.equal(rule.mayReport!(entry, context), false, `${rule.id} may report on what is clean — ${where}`);
        }
      }
    }
    return [clean, notClean];
  }

  it('clears almost every entry of a generated catalog, and only entries no rule may report on', () => {
    const entries = entriesOf(generateCatalog(1000).text);
    const context: PlainContext = { kind: 'catalog', facts: benchFacts };
    const predicate = cleanEntryPredicate(defaultRules, context)!;
    const cleared = entries.filter((entry) => predicate(entry) !== NOT_CLEAN).length;
    assert.ok(cleared >= entries.length * 0.95, `${cleared} of ${entries.length} generated entries are clean`);
    // Every generated entry some rule may report on is refused (it carries a deliberate mistake or a finding).
    for (const entry of entries) {
      const reported = defaultRules.some((rule) => rule.mayReport!(entry, context));
      if (reported) assert.equal(predicate(entry), NOT_CLEAN, entry.name);
    }
    check(entries, 'generated');
  });

  it('holds on every seed and fixture catalog', () => {
    const entries = loadSeeds().flatMap((seed) => entriesOf(seed.text));
    assert.ok(entries.length > 100, `${entries.length} entries from the seeds and fixtures`);
    const [clean, notClean] = check(entries, 'seeds');
    assert.ok(clean > 0 && notClean > 0, `both answers occur (${clean} clean, ${notClean} not)`);
  });

  it('holds on entries mutated towards every edge of the schema and the rules', () => {
    const bases = [...entriesOf(generateCatalog(200).text), ...entriesOf(world.catalogText)];
    const variables = knownVariableNames();
    const rng = new Rng(0x5eed);
    const entries: PlainEntry[] = [];
    for (let i = 0; i < 6000; i++) {
      const base = rng.pick(bases);
      let value = mutate(base.value as Json, rng);
      // Placeholders the bench's facts know, too.
      if (rng.chance(0.1) && value !== null && typeof value === 'object' && !Array.isArray(value))
        value = { ...value, env: { K: '${' + rng.pick(variables) + '}' } };
      entries.push(written(rng.chance(0.8) ? base.name : rng.pick(NAMES), value, rng));
    }
    const [clean, notClean] = check(entries, 'mutated');
    assert.ok(clean > 3000 && notClean > 3000, `both answers are common (${clean} clean, ${notClean} not)`);
  });

  it('answers only for rule sets it knows, on catalogs', () => {
    const context: PlainContext = { kind: 'catalog', facts: benchFacts };
    const injected: Rule = { id: 'injected', appliesTo: ['catalog'], mayReport: () => true, checkEntry: () => undefined };
    assert.equal(cleanEntryPredicate([...defaultRules, injected], context), undefined, 'an unknown rule: every mayReport runs');
    assert.equal(cleanEntryPredicate(defaultRules, { kind: 'roots', facts: benchFacts }), undefined, 'a roots index');
    assert.ok(cleanEntryPredicate([], context), 'no rules at all');
  });
});
