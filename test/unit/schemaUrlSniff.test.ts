import { strict as assert } from 'node:assert';
import { schemaUrlOf, sniffAfterEdit, sniffSchemaUrl } from '../../server/src/service/schemaUrl';
import { random } from '../support/seededRandom';

/**
 * The editor carries a document's `$schema` through a keystroke instead of searching the whole
 * text again (service/schemaUrl.ts): whenever it does, the answer must be the one a fresh search
 * gives — including keystrokes that write, complete or break a key spelled `$schema`.
 */
describe('$schema carried through an edit', () => {
  const BASES = [
    '{\n  "$schema": "https://example.com/mcp.schema.json",\n  "a": {"type": "stdio", "command": "x", "description": "sch"}\n}\n',
    '{\n  "a": {"type": "stdio", "command": "x", "description": "$sch ema"},\n  "b": {"type": "stdio", "command": "y"}\n}\n',
    '{"$schema": "https://example.com/roots.schema.json", "r": {"path": "/x", "note": "\\u0024schem"}}',
    '{"a": 1, "$schema": "https://example.com/mcp.schema.json"}',
    // Another tool's envelope (SPEC §1), and a catalog with a nested key of that spelling.
    '{"mcpServers": {"a": {"command": "x"}}}',
    '{"a": {"type": "stdio", "command": "x", "env": {"servers": "1"}}}',
  ];
  const PIECES = [
    '"$schema"',
    '"',
    '$',
    's',
    'a',
    ':',
    '\\u0024',
    '\\u0073',
    '"\\u0024schema": "https://x/roots.schema.json", ',
    ' ',
    ',',
    '{',
    '}',
    '',
    '"servers": 1, ',
    'mcp',
  ];

  it('agrees with a fresh search after 4,000 random single edits', () => {
    const next = random(20261201);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
    let carried = 0;
    for (let round = 0; round < 4000; round++) {
      let text = pick(BASES);
      let sniff = sniffSchemaUrl(text);
      // A few keystrokes in a row, each carried from the last.
      for (let step = 0; step < 5; step++) {
        const start = Math.floor(next() * (text.length + 1));
        const end = Math.min(text.length, start + (next() < 0.3 ? Math.floor(next() * 4) : 0));
        const edit = { start, end, text: pick(PIECES) };
        const after = text.slice(0, start) + edit.text + text.slice(end);
        const fresh = sniffSchemaUrl(after);
        const kept = sniffAfterEdit(sniff, edit, after);
        if (kept) {
          carried++;
          assert.equal(kept.url, fresh.url, `after writing ${JSON.stringify(edit.text)} at ${start} in ${JSON.stringify(text)}`);
          assert.equal(kept.envelope, fresh.envelope, `envelope after writing ${JSON.stringify(edit.text)} at ${start} in ${JSON.stringify(text)}`);
        }
        text = after;
        sniff = kept ?? fresh;
      }
    }
    assert.ok(carried > 4000, `most keystrokes are carried (${carried} of 20,000)`);
  });

  it('searches again when a keystroke completes a key spelled $schema, escaped or not', () => {
    const text = '{"a": {"type": "stdio", "command": "x"}, "$schem": "https://x/roots.schema.json"}';
    const sniff = sniffSchemaUrl(text);
    assert.equal(sniff.url, undefined);
    const at = text.indexOf('": "https');
    const after = text.slice(0, at) + 'a' + text.slice(at);
    assert.equal(sniffAfterEdit(sniff, { start: at, end: at, text: 'a' }, after), undefined);
    assert.equal(schemaUrlOf(after), 'https://x/roots.schema.json');
  });

  it('searches again when a keystroke lands inside the leading $schema', () => {
    const text = '{"$schema": "https://x/mcp.schema.json", "a": {}}';
    const sniff = sniffSchemaUrl(text);
    assert.equal(sniff.how, 'lead');
    assert.equal(sniffAfterEdit(sniff, { start: 20, end: 20, text: 'y' }, `${text.slice(0, 20)}y${text.slice(20)}`), undefined);
  });
});
