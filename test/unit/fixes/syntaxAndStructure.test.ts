import { strict as assert } from 'node:assert';
import { applyEdits, fixesFor } from '../../../server/src/service/fixes';
import { applyFix, check, contextFor, findingOf, makeFacts } from './helpers';

const ENTRY = '"type": "stdio", "command": "node"';

describe('quick fixes: strict JSON (SPEC §2, §5)', () => {
  it('json-comment: a comment alone on its line goes with its line', () => {
    const text = '{\n  // the catalog\n  "a": {\n    "type": "stdio",\n    "command": "node"\n  }\n}\n';
    const { after, fix } = applyFix(text, 'json-comment');
    assert.equal(after, '{\n  "a": {\n    "type": "stdio",\n    "command": "node"\n  }\n}\n');
    assert.equal(fix.inFixAll, false, "removing comments deletes the author's text: never in fix-all");
    assert.equal(fix.isPreferred, true);
  });

  it('json-comment: a trailing comment takes the spaces before it', () => {
    const text = '{\n  "a": { "type": "stdio", "command": "node" } // main\n}';
    assert.equal(applyFix(text, 'json-comment').after, '{\n  "a": { "type": "stdio", "command": "node" }\n}');
  });

  it('json-comment: an inline block comment', () => {
    const text = '{ "a": /* x */ { "type": "stdio", "command": "node" } }';
    assert.equal(applyFix(text, 'json-comment').after, '{ "a":  { "type": "stdio", "command": "node" } }');
  });

  it('json-comment: an unterminated block comment gets no fix (it would delete the rest of the file)', () => {
    const text = '{ "a": 1 } /* open';
    const finding = check(text).find((f) => f.code === 'json-comment')!;
    assert.deepEqual(fixesFor(finding, contextFor(text)), []);
  });

  it('json-trailing-comma in an object and in an array', () => {
    const text = '{\n  "a": {\n    "type": "stdio",\n    "command": "node",\n  }\n}';
    const { after, fix } = applyFix(text, 'json-trailing-comma');
    assert.equal(after, '{\n  "a": {\n    "type": "stdio",\n    "command": "node"\n  }\n}');
    assert.equal(fix.inFixAll, true);
    const array = `{ "a": { ${ENTRY}, "args": ["x", "y", ] } }`;
    assert.equal(applyFix(array, 'json-trailing-comma').after, `{ "a": { ${ENTRY}, "args": ["x", "y" ] } }`);
  });

  it('json-bom', () => {
    const text = `\ufeff{ "a": { ${ENTRY} } }`;
    const { after, fix } = applyFix(text, 'json-bom');
    assert.equal(after, text.slice(1));
    assert.equal(fix.inFixAll, true);
  });

  it('duplicate-key at the top level: removes the earlier entry with its comma', () => {
    const text =
      '{\n  "a": {\n    "type": "sse",\n    "url": "https://old.example"\n  },\n  "b": { "type": "stdio", "command": "x" },\n  "a": {\n    "type": "stdio",\n    "command": "node"\n  }\n}\n';
    const { after, fix } = applyFix(text, 'duplicate-key');
    assert.equal(after, '{\n  "b": { "type": "stdio", "command": "x" },\n  "a": {\n    "type": "stdio",\n    "command": "node"\n  }\n}\n');
    assert.equal(fix.inFixAll, true);
    assert.deepEqual(JSON.parse(after), JSON.parse(text), 'the value JSON.parse sees is unchanged');
  });

  it('duplicate-key inside an entry, the later one last, on one line', () => {
    const text = '{"a": {"type": "stdio", "command": "old", "args": [], "command": "node"}}';
    const { after } = applyFix(text, 'duplicate-key');
    assert.equal(after, '{"a": {"type": "stdio", "args": [], "command": "node"}}');
    assert.deepEqual(JSON.parse(after), JSON.parse(text));
  });

  it('duplicate-key where the earlier one is the last-but-one and the later one last (CRLF)', () => {
    const text = '{\r\n  "a": {\r\n    "type": "stdio",\r\n    "command": "old",\r\n    "command": "node"\r\n  }\r\n}';
    assert.equal(applyFix(text, 'duplicate-key').after, '{\r\n  "a": {\r\n    "type": "stdio",\r\n    "command": "node"\r\n  }\r\n}');
  });

  it('duplicate-key compares keys decoded ("\\u0061" is "a")', () => {
    const text = '{"a": {"type": "stdio", "command": "x"}, "\\u0061": {"type": "stdio", "command": "y"}}';
    assert.equal(applyFix(text, 'duplicate-key').after, '{"\\u0061": {"type": "stdio", "command": "y"}}');
  });
});

describe('quick fixes: structure (SPEC §3, §5)', () => {
  it('invalid-name: renames to a valid name', () => {
    const text = `{\n  "my server": { ${ENTRY} }\n}`;
    const { after, fix } = applyFix(text, 'invalid-name');
    assert.equal(after, `{\n  "my-server": { ${ENTRY} }\n}`);
    assert.equal(fix.inFixAll, false);
  });

  it('tool-name-collision: renames to a name whose Codex tool prefix is its own (not preferred, not in fix-all)', () => {
    const text = `{ "a[1]": { ${ENTRY} }, "a_1_": { ${ENTRY} } }`;
    const facts = makeFacts();
    // Both names collide, so both are reported; renaming the first clears both.
    const first = check(text, facts, 'catalog').find((f) => f.code === 'tool-name-collision' && text.slice(f.start, f.end) === '"a[1]"')!;
    const [fix] = fixesFor(first, contextFor(text, facts, 'catalog'));
    assert.equal(fix.title, 'Rename to "a-1"');
    assert.equal(fix.isPreferred, false);
    assert.equal(fix.inFixAll, false);
    const after = applyEdits(text, fix.edits);
    assert.equal(after, `{ "a-1": { ${ENTRY} }, "a_1_": { ${ENTRY} } }`);
    assert.deepEqual(
      check(after, facts, 'catalog').filter((f) => f.code === 'tool-name-collision'),
      [],
    );
  });

  it('tool-name-collision: a name with `__` loses the separator', () => {
    const text = `{ "my__server": { ${ENTRY} } }`;
    assert.equal(applyFix(text, 'tool-name-collision', { title: /^Rename to/ }).after, `{ "my_server": { ${ENTRY} } }`);
  });

  it('invalid-name: never renames onto an existing name', () => {
    const text = `{ "a.b": { ${ENTRY} }, "a-b": { ${ENTRY} } }`;
    assert.equal(applyFix(text, 'invalid-name').after, `{ "a-b-2": { ${ENTRY} }, "a-b": { ${ENTRY} } }`);
  });

  it('unknown-type: http → streamable-http, preferred and in fix-all; the other values offered too', () => {
    const text = '{\n  "r": {\n    "type": "http",\n    "url": "https://example.com/mcp"\n  }\n}';
    const { after, fix, fixes } = applyFix(text, 'unknown-type');
    assert.equal(after, text.replace('"http"', '"streamable-http"'));
    assert.equal(fix.inFixAll, true);
    assert.ok(fixes.some((f) => f.title === 'Change type to "sse"' && !f.isPreferred && !f.inFixAll));
  });

  it('unknown-type: the closest value for a typo (not in fix-all)', () => {
    const text = '{ "s": { "type": "stdoi", "command": "node" } }';
    const { after, fix } = applyFix(text, 'unknown-type');
    assert.equal(after, '{ "s": { "type": "stdio", "command": "node" } }');
    assert.equal(fix.inFixAll, false);
  });

  it('unknown-type: a missing type is inserted first, the transport the fields imply preferred', () => {
    const text = '{\n  "s": {\n    "command": "node",\n    "args": []\n  },\n  "r": {\n    "url": "https://example.com"\n  }\n}';
    const facts = makeFacts();
    const findings = check(text, facts).filter((f) => f.code === 'unknown-type');
    assert.equal(findings.length, 2);
    const stdio = fixesFor(findings[0], contextFor(text, facts));
    assert.equal(stdio[0].title, 'Add "type": "stdio"');
    assert.equal(stdio[0].isPreferred, true);
    const afterStdio = applyEdits(text, stdio[0].edits);
    assert.equal(
      afterStdio,
      '{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    "args": []\n  },\n  "r": {\n    "url": "https://example.com"\n  }\n}',
    );
    const remote = fixesFor(findings[1], contextFor(text, facts));
    assert.equal(remote[0].title, 'Add "type": "streamable-http"');
    const afterRemote = applyEdits(text, remote[0].edits);
    assert.equal(check(afterRemote, facts).filter((f) => f.code === 'unknown-type').length, 1, 'only the other entry is left');
    JSON.parse(afterRemote);
  });

  it('missing-field: stdio without command gets "command": "" after type, with the entry\'s indentation', () => {
    const text = '{\n\t"s": {\n\t\t"type": "stdio",\n\t\t"args": ["x"]\n\t}\n}';
    const { after } = applyFix(text, 'missing-field');
    assert.equal(after, '{\n\t"s": {\n\t\t"type": "stdio",\n\t\t"command": "",\n\t\t"args": ["x"]\n\t}\n}');
  });

  it('missing-field: remote without url gets "url": "https://" (type last)', () => {
    const text = '{ "r": { "title": "R", "type": "sse" } }';
    assert.equal(applyFix(text, 'missing-field').after, '{ "r": { "title": "R", "type": "sse", "url": "https://" } }');
  });

  it('missing-field: a root without description (roots index)', () => {
    const text = '{\n  "main": {\n    "display_name": "Main"\n  }\n}';
    const { after } = applyFix(text, 'missing-field', { kind: 'roots', facts: makeFacts({ documentPath: '/repo/roots.json' }) });
    assert.equal(after, '{\n  "main": {\n    "display_name": "Main",\n    "description": "TODO: describe this root"\n  }\n}');
  });

  it('forbidden-field: removes the field with one comma, in the middle, last and only', () => {
    const middle = '{\n  "s": {\n    "type": "stdio",\n    "url": "https://x.example",\n    "command": "node"\n  }\n}';
    assert.equal(applyFix(middle, 'forbidden-field').after, '{\n  "s": {\n    "type": "stdio",\n    "command": "node"\n  }\n}');
    const last = '{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    "headers": {\n      "A": "b"\n    }\n  }\n}';
    assert.equal(applyFix(last, 'forbidden-field').after, '{\n  "s": {\n    "type": "stdio",\n    "command": "node"\n  }\n}');
    const inline = '{"r": {"type": "sse", "command": "x", "url": "https://e.example"}}';
    assert.equal(applyFix(inline, 'forbidden-field').after, '{"r": {"type": "sse", "url": "https://e.example"}}');
  });

  it('invalid-value: a number where a string belongs is quoted', () => {
    const text = '{ "s": { "type": "stdio", "command": "node", "args": ["--port", 8080] } }';
    assert.equal(applyFix(text, 'invalid-value').after, '{ "s": { "type": "stdio", "command": "node", "args": ["--port", "8080"] } }');
  });

  it('invalid-value: a single name where a list belongs becomes a list', () => {
    const roots = { path: '/repo/roots.json', text: '{ "zimmer": { "description": "Z" } }' };
    const text = '{ "s": { "type": "stdio", "command": "node", "default_in_roots": "zimmer" } }';
    assert.equal(
      applyFix(text, 'invalid-value', { facts: makeFacts({ roots }) }).after,
      '{ "s": { "type": "stdio", "command": "node", "default_in_roots": ["zimmer"] } }',
    );
  });

  it('invalid-value: "true" where a boolean belongs (roots index)', () => {
    const text = '{ "main": { "description": "Main", "user_invocable": "true" } }';
    const facts = makeFacts({ documentPath: '/repo/roots.json' });
    assert.equal(applyFix(text, 'invalid-value', { kind: 'roots', facts }).after, '{ "main": { "description": "Main", "user_invocable": true } }');
  });

  it('invalid-value: no fix where nothing is obvious (a bad URI)', () => {
    const text = '{ "r": { "type": "sse", "url": "not a uri" } }';
    const finding = findingOf(text, 'invalid-value');
    assert.deepEqual(fixesFor(finding, contextFor(text)), []);
  });

  it('unknown-field: renames to the known field', () => {
    const text = '{ "s": { "type": "stdio", "command": "node", "startupTimeoutSec": 30 } }';
    assert.equal(applyFix(text, 'unknown-field').after, '{ "s": { "type": "stdio", "command": "node", "startup_timeout_sec": 30 } }');
  });

  it('unknown-field: no rename onto a field that is already there', () => {
    const text = '{ "s": { "type": "stdio", "command": "node", "startup_timeout_sec": 30, "startupTimeoutSec": 30 } }';
    const finding = findingOf(text, 'unknown-field');
    assert.deepEqual(fixesFor(finding, contextFor(text)), []);
  });

  it('ineffective-field: removes env from a remote entry (in fix-all)', () => {
    const text = '{\n  "r": {\n    "type": "streamable-http",\n    "env": {\n      "A": "b"\n    },\n    "url": "https://example.com/mcp"\n  }\n}';
    const { after, fix } = applyFix(text, 'ineffective-field');
    assert.equal(after, '{\n  "r": {\n    "type": "streamable-http",\n    "url": "https://example.com/mcp"\n  }\n}');
    assert.equal(fix.inFixAll, true);
  });
});

describe('quick fixes: stale diagnostics', () => {
  it('a finding from an older version gets no fix once the document moved on', () => {
    const old = '{ "s": { "type": "stdio", "command": "node", "url": "https://x.example" } }';
    const finding = findingOf(old, 'forbidden-field');
    const edited = '{ "s": { "type": "stdio", "command": "node", "title": "T", "url": "https://x.example" } }';
    assert.deepEqual(fixesFor(finding, contextFor(edited)), []);
  });

  it('a timeout finding whose value changed in place gets no fix', () => {
    const old = '{ "s": { "type": "stdio", "command": "node", "startup_timeout_sec": 4 } }';
    const finding = findingOf(old, 'timeout-range');
    const edited = '{ "s": { "type": "stdio", "command": "node", "startup_timeout_sec": 400 } }';
    assert.deepEqual(fixesFor(finding, contextFor(edited)), []);
  });
});
