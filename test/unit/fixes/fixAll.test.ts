import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { applyEdits, computeFixAll, FIX_ALL_CODES } from '../../../server/src/service/fixes';
import { assertStrictJson, check, fixture, makeFacts } from './helpers';

const codes = (text: string): string[] => [...new Set(check(text).map((f) => f.code))].sort();

describe('fix-all: source.fixAll.mcp-catalog (SPEC §5)', () => {
  it('is exactly the unambiguous codes of the SPEC', () => {
    assert.deepEqual([...FIX_ALL_CODES].sort(), [
      'duplicate-key',
      'ineffective-field',
      'json-bom',
      'json-trailing-comma',
      'timeout-fractional',
      'timeout-range',
      'timeout-type',
      'unavailable-empty',
      'unavailable-multiline',
      'unknown-type',
    ]);
  });

  it('on a catalog with one of each fix-all-able problem, leaves only the unfixable ones', () => {
    const text = fs.readFileSync(fixture('fix-all-mcp.json'), 'utf8');
    const before = codes(text);
    for (const code of FIX_ALL_CODES) assert.ok(before.includes(code), `the fixture lacks ${code}: ${before.join(', ')}`);
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.equal(applyEdits(text, result.edits), result.text, 'the edits are on the original text');
    assert.deepEqual(codes(result.text), ['json-comment', 'lowercase-variable', 'unknown-type']);
    const typo = check(result.text).find((f) => f.code === 'unknown-type')!;
    assert.equal(typo.data?.value, 'stdoi', 'only `http` is fixed: a closest-value guess is not');
    // Without the comment (which fix-all leaves alone) the result is strict JSON with the values JSON.parse kept.
    const withoutComment = result.text.replace(/^\s*\/\/.*\n/m, '');
    assertStrictJson(withoutComment);
    const value = JSON.parse(withoutComment);
    assert.deepEqual(value.dup, { type: 'stdio', command: 'node', args: ['x', 'y'] });
    assert.deepEqual(value['http-server'], { type: 'streamable-http', url: 'https://example.com/mcp' });
    assert.equal(value['timeout-string'].startup_timeout_sec, 20);
    assert.equal(value['timeout-fraction'].startup_timeout_sec, 21);
    assert.equal(value['timeout-notation-and-range'].startup_timeout_sec, 5);
    assert.equal(value['timeout-range'].startup_timeout_sec, 600);
    assert.equal(value.multiline.unavailable, 'Down for maintenance é');
    assert.ok(result.text.includes('"Down for maintenance \\u00e9"'), "the author's escapes survive");
    assert.deepEqual(value.empty, { type: 'stdio', command: 'node' });
    assert.deepEqual(value['remote-env'], { type: 'sse', url: 'https://example.com/sse' });
    assert.equal(value.lower.env.T, '${token:-x}', 'case changes are never in fix-all');
  });

  it('applies nothing and returns no edit when nothing is fixable', () => {
    const text = '{ "s": { "type": "stdio", "command": "node", "env": { "T": "${token}" } } }';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.deepEqual(result.edits, []);
    assert.equal(result.text, text);
  });

  it('several trailing commas, nested', () => {
    const text = '{"s": {"type": "stdio", "command": "node", "args": [["a",],],},}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.equal(result.text, '{"s": {"type": "stdio", "command": "node", "args": [["a"]]}}');
    assertStrictJson(result.text);
  });

  it('a key three times: keeps the last, like JSON.parse', () => {
    const text = '{\n  "s": {\n    "type": "stdio",\n    "command": "a",\n    "command": "b",\n    "command": "c"\n  }\n}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.equal(result.text, '{\n  "s": {\n    "type": "stdio",\n    "command": "c"\n  }\n}');
  });

  it('neighbouring duplicates of different keys at the end of an object', () => {
    const text = '{"s": {"type": "stdio", "command": "a", "args": [], "command": "b", "args": ["x"]}}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.deepEqual(JSON.parse(result.text), JSON.parse(text));
    assert.deepEqual(codes(result.text), []);
  });

  it('two timeout fixes on one value (2e3: notation and range) make one edit', () => {
    const text = '{"s": {"type": "stdio", "command": "node", "startup_timeout_sec": 2e3}}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.equal(result.text, '{"s": {"type": "stdio", "command": "node", "startup_timeout_sec": 600}}');
    assert.equal(result.edits.length, 1);
  });

  it('removing a property whose value has its own fix (a duplicate whose value has a trailing comma and a bad timeout)', () => {
    const text =
      '{\n  "s": { "type": "stdio", "command": "x", "startup_timeout_sec": "30", "args": ["a",] },\n  "s": { "type": "stdio", "command": "node" }\n}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.equal(result.text, '{\n  "s": { "type": "stdio", "command": "node" }\n}');
  });

  it('the only property of an entry removed, and a trailing comma after it', () => {
    const text = '{"r": {"type": "sse", "url": "https://e.example", "env": {"A": "1",},}}';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assertStrictJson(result.text);
    assert.deepEqual(JSON.parse(result.text), { r: { type: 'sse', url: 'https://e.example' } });
  });

  it('codes switched off are not fixed (it fixes what the user sees)', () => {
    const text = '{"s": {"type": "stdio", "command": "node", "startup_timeout_sec": 601}}';
    assert.deepEqual(computeFixAll(text, 'catalog', makeFacts(), { severities: { 'timeout-range': 'off' } }).edits, []);
  });

  it('never touches a catalog that is broken beyond strict-JSON fixes in a way that adds syntax errors', () => {
    const text = '{"s": {"type": "stdio", "command": "node", "startup_timeout_sec": 601,}, "x": }';
    const result = computeFixAll(text, 'catalog', makeFacts());
    assert.ok(check(result.text).filter((f) => f.code === 'json-syntax').length <= check(text).filter((f) => f.code === 'json-syntax').length);
  });
});
