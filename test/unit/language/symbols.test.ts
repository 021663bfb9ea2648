import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { documentSymbols, MAX_SYMBOLS } from '../../../server/src/service/language/symbols';
import { languageDocument } from './helpers';

const FIXTURES = path.resolve(__dirname, '../../../../test/fixtures/language');

describe('language: document symbols', () => {
  it('lists servers with their type and their fields, and the keys of map fields', () => {
    const text = JSON.stringify(
      {
        $schema: 'x',
        github: { type: 'stdio', command: 'npx', args: ['-y', 'p'], env: { TOKEN: 'secret-looking-literal' } },
        figma: { type: 'sse', url: 'https://x' },
      },
      null,
      2,
    );
    const symbols = documentSymbols(languageDocument(text));
    assert.deepEqual(
      symbols.map((s) => [s.name, s.kind, s.detail]),
      [
        ['$schema', 'schema', undefined],
        ['github', 'server', 'stdio'],
        ['figma', 'server', 'sse'],
      ],
    );
    const github = symbols[1];
    assert.deepEqual(
      github.children!.map((c) => c.name),
      ['type', 'command', 'args', 'env'],
    );
    assert.equal(github.children![2].detail, '2 items');
    assert.deepEqual(
      github.children![3].children!.map((c) => [c.name, c.detail]),
      [['TOKEN', undefined]],
    );
    // Ranges: the whole property, the key as the selection.
    assert.equal(text.slice(github.selectionRange.start, github.selectionRange.end), '"github"');
    assert.ok(text.slice(github.range.start, github.range.end).startsWith('"github": {'));
    assert.ok(text.slice(github.range.start, github.range.end).endsWith('}'));
    assert.ok(!JSON.stringify(symbols).includes('secret-looking-literal'), 'no env value in the outline');
  });

  it('lists roots with their display name and fields', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'zimmer-roots.json'), 'utf8');
    const symbols = documentSymbols(languageDocument(text, 'roots'));
    const zimmer = symbols.find((s) => s.name === 'zimmer')!;
    assert.equal(zimmer.kind, 'root');
    assert.equal(zimmer.detail, 'Zimmer');
    assert.ok(zimmer.children!.some((c) => c.name === 'description'));
  });

  it('lists the 16 servers of the zimmer catalog, in order', () => {
    const text = fs.readFileSync(path.join(FIXTURES, 'zimmer-mcp.json'), 'utf8');
    const servers = documentSymbols(languageDocument(text)).filter((s) => s.kind === 'server');
    assert.equal(servers.length, 16);
    assert.equal(servers[0].name, 'playwright-custom');
  });

  it('copes with broken documents', () => {
    for (const text of ['', '[', '{"a": ', '{"a": {"type": "stdio",', '[1, 2]']) assert.doesNotThrow(() => documentSymbols(languageDocument(text)), text);
    assert.deepEqual(
      documentSymbols(languageDocument('{"a": {"type": "stdio", "command": ')).map((s) => s.name),
      ['a'],
    );
  });

  it('lists every server of a big catalog, with fields and then their keys only while 5,000 symbols in all last', () => {
    const servers: Record<string, unknown> = {};
    for (let i = 0; i < 1500; i++) servers[`s${i}`] = { type: 'stdio', command: 'npx', args: ['-y', `p${i}`], env: { A: '${A}', B: '${B}' } };
    const symbols = documentSymbols(languageDocument(JSON.stringify(servers, null, 2)));
    assert.equal(symbols.length, 1500, 'every server is listed');
    const nested = (list: readonly { children?: readonly unknown[] }[]): number =>
      list.reduce((sum, symbol) => sum + (symbol.children?.length ?? 0) + nested((symbol.children ?? []) as { children?: unknown[] }[]), 0);
    assert.equal(nested(symbols), MAX_SYMBOLS - 1500);
    // Fields first, in document order: 4 per server fill the 3,500 left at server 875; no keys are left.
    assert.deepEqual(
      symbols[0].children?.map((child) => child.name),
      ['type', 'command', 'args', 'env'],
    );
    assert.deepEqual(symbols[874].children?.length, 4);
    assert.deepEqual(symbols[875].children, []);
    assert.deepEqual(symbols[0].children?.[3].children, [], 'the keys of env come after every field, and none are left');
    // A smaller budget leaves room for keys: breadth first.
    const small = documentSymbols(languageDocument(JSON.stringify({ a: servers.s0, b: servers.s1 }, null, 2)), 12);
    assert.deepEqual(
      small.map((symbol) => symbol.children?.map((child) => [child.name, child.children?.map((key) => key.name)])),
      [
        [
          ['type', undefined],
          ['command', undefined],
          ['args', undefined],
          ['env', ['A', 'B']],
        ],
        [
          ['type', undefined],
          ['command', undefined],
          ['args', undefined],
          ['env', []],
        ],
      ],
    );
  });

  it('reads escaped keys, every value type and empty containers', () => {
    const text = `{
  "t\\u0065sted": {"t\\u0079pe": "st\\u0064io", "command": "x", "pinned": true, "cwd": null, "weight": 12.5,
    "args": [], "env": {}, "id": [[1, {"a": [2]}], "]", {}]},
  "remote": {"type": "streamable-http", "url": "https://example.com/mcp", "headers": {"X-\\u0041": "a", "B": "b"}},
  "plain": {"type": "stdio", "command": "y", "args": ["a", "b"], "pinned": false}
}
`;
    const symbols = documentSymbols(languageDocument(text));
    assert.deepEqual(
      symbols.map((symbol) => [symbol.name, symbol.detail]),
      [
        ['tested', 'stdio'],
        ['remote', 'streamable-http'],
        ['plain', 'stdio'],
      ],
    );
    assert.deepEqual(
      symbols[0].children?.map((child) => [child.name, child.valueType, child.detail]),
      [
        ['type', 'string', undefined],
        ['command', 'string', undefined],
        ['pinned', 'boolean', undefined],
        ['cwd', 'null', undefined],
        ['weight', 'number', undefined],
        ['args', 'array', '0 items'],
        ['env', 'object', undefined],
        ['id', 'array', '3 items'],
      ],
    );
    assert.deepEqual(
      symbols[1].children?.[2].children?.map((key) => key.name),
      ['X-A', 'B'],
    );
  });
});
