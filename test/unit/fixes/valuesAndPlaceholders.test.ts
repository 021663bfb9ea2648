import { strict as assert } from 'node:assert';
import { ADD_KNOWN_VARIABLE_COMMAND, fixesFor } from '../../../server/src/service/fixes';
import { applyFix, contextFor, findingOf, makeFacts } from './helpers';

const stdio = (extra: string): string => `{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    ${extra}\n  }\n}`;
const remote = (url: string, extra = ''): string => `{ "r": { "type": "sse", "url": ${JSON.stringify(url)}${extra} } }`;

describe('quick fixes: startup_timeout_sec (SPEC §4.1)', () => {
  it('timeout-type: "20" → 20 (in fix-all)', () => {
    const { after, fix } = applyFix(stdio('"startup_timeout_sec": "20"'), 'timeout-type');
    assert.equal(after, stdio('"startup_timeout_sec": 20'));
    assert.equal(fix.inFixAll, true);
  });

  it('timeout-type: no fix when the string is no in-range integer', () => {
    const text = stdio('"startup_timeout_sec": "soon"');
    assert.deepEqual(fixesFor(findingOf(text, 'timeout-type'), contextFor(text)), []);
  });

  it('timeout-fractional: rounds 20.5 to 21; writes 20.0 as 20', () => {
    assert.equal(applyFix(stdio('"startup_timeout_sec": 20.5'), 'timeout-fractional').after, stdio('"startup_timeout_sec": 21'));
    const notation = applyFix(stdio('"startup_timeout_sec": 2e1'), 'timeout-fractional');
    assert.equal(notation.after, stdio('"startup_timeout_sec": 20'));
    assert.equal(notation.fix.title, 'Write 20');
  });

  it('timeout-range: clamps to 5 or 600', () => {
    assert.equal(applyFix(stdio('"startup_timeout_sec": 4'), 'timeout-range').after, stdio('"startup_timeout_sec": 5'));
    const high = applyFix(stdio('"startup_timeout_sec": 601'), 'timeout-range');
    assert.equal(high.after, stdio('"startup_timeout_sec": 600'));
    assert.equal(high.fix.inFixAll, true);
  });
});

describe('quick fixes: unavailable (SPEC §4.2)', () => {
  it('unavailable-type: true becomes a reason string', () => {
    const { after, fix } = applyFix(stdio('"unavailable": true'), 'unavailable-type');
    assert.equal(after, stdio('"unavailable": "Temporarily unavailable"'));
    assert.equal(fix.inFixAll, false);
  });

  it('unavailable-empty: removes a blank reason and a null (in fix-all)', () => {
    const blank = '{\n  "s": {\n    "type": "stdio",\n    "unavailable": "  ",\n    "command": "node"\n  }\n}';
    const { after, fix } = applyFix(blank, 'unavailable-empty');
    assert.equal(after, '{\n  "s": {\n    "type": "stdio",\n    "command": "node"\n  }\n}');
    assert.equal(fix.inFixAll, true);
    assert.equal(applyFix(stdio('"unavailable": null').replace('"node",', '"node", "title": "x",'), 'unavailable-empty').after.includes('unavailable'), false);
  });

  it("unavailable-multiline: collapses to the normalised reason, keeping the author's escapes", () => {
    const text = stdio('"unavailable": "  Vendor \\"Acme\\"\\n  outage:\\tsee caf\\u00e9 \\ud83d\\ude00\\r\\n"');
    const { after, fix } = applyFix(text, 'unavailable-multiline');
    assert.equal(after, stdio('"unavailable": "Vendor \\"Acme\\" outage: see caf\\u00e9 \\ud83d\\ude00"'));
    assert.equal(JSON.parse(after).s.unavailable, 'Vendor "Acme" outage: see café 😀');
    assert.equal(fix.inFixAll, true);
  });

  it('unavailable-too-long: shortens to 200 code points (astral characters count once)', () => {
    const reason = `${'😀'.repeat(150)} ${'x'.repeat(100)}`;
    const text = stdio(`"unavailable": ${JSON.stringify(reason)}`);
    const { after, fix } = applyFix(text, 'unavailable-too-long');
    const shortened = JSON.parse(after).s.unavailable as string;
    assert.equal([...shortened].length, 200);
    assert.equal(shortened, `${'😀'.repeat(150)} ${'x'.repeat(49)}`);
    assert.equal(fix.inFixAll, false);
  });

  it('unavailable-too-long and -multiline together: the shortened reason is one line too', () => {
    const text = stdio(`"unavailable": ${JSON.stringify(`first line\n${'y'.repeat(300)}`)}`);
    const facts = makeFacts();
    const { after } = applyFix(text, 'unavailable-too-long', { facts });
    assert.equal(JSON.parse(after).s.unavailable, `first line ${'y'.repeat(189)}`);
  });
});

describe('quick fixes: ${VAR} placeholders (SPEC §4.3)', () => {
  it('unresolved-variable: three fixes — a typo to a close known name, NAME= in the env file, declare it known', () => {
    const text = remote('https://x.example/${API_TOKN}');
    const facts = makeFacts({ known: ['API_TOKEN'], envFile: '/repo/.env' });
    const finding = findingOf(text, 'unresolved-variable', facts);
    const fixes = fixesFor(
      finding,
      contextFor(text, facts, 'catalog', () => 'OTHER=1\n'),
    );
    const titles = fixes.map((f) => f.title);
    assert.ok(titles.includes('Change to ${API_TOKEN}'), titles.join(', '));
    assert.ok(titles.includes('Add API_TOKN= to .env'));
    assert.ok(titles.includes('Declare API_TOKN known (mcpCatalog.knownVariables)'));
    assert.equal(fixes[0].title, 'Change to ${API_TOKEN}');
    assert.equal(fixes[0].isPreferred, true, 'an edit distance of 1 is most likely a typo');
    assert.equal(fixes.filter((f) => f.isPreferred).length, 1);
    assert.ok(
      fixes.every((f) => !f.inFixAll),
      'never in fix-all',
    );
    const declare = fixes.find((f) => f.command)!;
    assert.deepEqual(declare.command, { command: ADD_KNOWN_VARIABLE_COMMAND, name: 'API_TOKN' });
    assert.deepEqual(declare.edits, []);
    const { after } = applyFix(text, 'unresolved-variable', { facts, title: 'Change to ${API_TOKEN}' });
    assert.equal(after, remote('https://x.example/${API_TOKEN}'));
  });

  it('unresolved-variable: the env-file fix appends NAME= (never a value), with a newline first when missing', () => {
    const text = remote('https://${HOST_NAME}/mcp');
    const facts = makeFacts({ envFile: '/repo/.env' });
    const finding = findingOf(text, 'unresolved-variable', facts);
    const [envFix] = fixesFor(
      finding,
      contextFor(text, facts, 'catalog', () => 'A=secret-value'),
    ).filter((f) => f.files);
    assert.equal(envFix.isPreferred, true, 'no close name: adding it to the env file is preferred');
    assert.deepEqual(envFix.files, [{ path: '/repo/.env', create: false, edits: [{ start: 14, end: 14, newText: '\nHOST_NAME=\n' }] }]);
    const created = fixesFor(
      finding,
      contextFor(text, facts, 'catalog', () => undefined),
    ).find((f) => f.files)!;
    assert.deepEqual(created.files, [{ path: '/repo/.env', create: true, edits: [{ start: 0, end: 0, newText: 'HOST_NAME=\n' }] }]);
    const already = fixesFor(
      finding,
      contextFor(text, facts, 'catalog', () => 'HOST_NAME=\n'),
    );
    assert.equal(
      already.some((f) => f.files),
      false,
      'NAME= already there (blank, so unset): nothing to add',
    );
    for (const fix of [envFix, created]) assert.ok(!JSON.stringify(fix).includes('secret-value'), 'no value is ever written or shown');
  });

  it('unresolved-variable: a placeholder written with escapes is replaced on its exact raw span', () => {
    const text = '{ "r": { "type": "sse", "url": "https://x.example/\\u0024{API_TOKN}?q=\\"a\\"" } }';
    const facts = makeFacts({ known: ['API_TOKEN'] });
    const { after } = applyFix(text, 'unresolved-variable', { facts, title: 'Change to ${API_TOKEN}' });
    assert.equal(after, '{ "r": { "type": "sse", "url": "https://x.example/${API_TOKEN}?q=\\"a\\"" } }');
  });

  it('invalid-placeholder: ${FOO-bar} → ${FOO:-bar} (preferred) or ${FOO}', () => {
    const text = remote('https://${HOST-localhost}/mcp');
    const { after, fixes } = applyFix(text, 'invalid-placeholder', { facts: makeFacts({ known: ['HOST'] }) });
    assert.equal(after, remote('https://${HOST:-localhost}/mcp'));
    assert.ok(fixes.some((f) => f.title === 'Rewrite as ${HOST}' && !f.isPreferred));
  });

  it('invalid-placeholder: spaces, an unterminated one, and one written with escapes', () => {
    const facts = makeFacts({ known: ['FOO'] });
    assert.equal(applyFix(remote('https://${ FOO }/x'), 'invalid-placeholder', { facts }).after, remote('https://${FOO}/x'));
    assert.equal(applyFix(remote('https://x/${FOO'), 'invalid-placeholder', { facts }).after, remote('https://x/${FOO}'));
    const escaped = '{ "r": { "type": "sse", "url": "https://\\u0024{ FOO }/x" } }';
    assert.equal(applyFix(escaped, 'invalid-placeholder', { facts }).after, '{ "r": { "type": "sse", "url": "https://${FOO}/x" } }');
  });

  it('invalid-placeholder: a nested default loses the outer brace too', () => {
    const text = stdio('"env": { "A": "${A:-${B}}" }');
    const { after } = applyFix(text, 'invalid-placeholder', { facts: makeFacts({ known: ['A'] }) });
    assert.equal(after, stdio('"env": { "A": "${A}" }'));
  });

  it('invalid-placeholder: a default with a quote is escaped in the rewrite', () => {
    const text = stdio('"env": { "A": "${A:=say \\"hi\\"}" }');
    const { after } = applyFix(text, 'invalid-placeholder');
    assert.equal(JSON.parse(after).s.env.A, '${A:-say "hi"}');
  });

  it('lowercase-variable: upper-cases the name, keeping the default and escapes', () => {
    const facts = makeFacts({ known: ['TOKEN'] });
    assert.equal(applyFix(stdio('"env": { "T": "${token}" }'), 'lowercase-variable', { facts }).after, stdio('"env": { "T": "${TOKEN}" }'));
    assert.equal(applyFix(stdio('"env": { "T": "${token:-x}" }'), 'lowercase-variable', { facts }).after, stdio('"env": { "T": "${TOKEN:-x}" }'));
    const escaped = stdio('"env": { "T": "\\u0024{t\\u006fken}" }');
    assert.equal(applyFix(escaped, 'lowercase-variable', { facts }).after, stdio('"env": { "T": "\\u0024{TOKEN}" }'));
  });
});
