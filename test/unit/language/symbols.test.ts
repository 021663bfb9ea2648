import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { documentSymbols } from '../../../server/src/service/language/symbols';
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
});
