/**
 * What JSON mode gave catalogs, served by our server now that they have their own language mode:
 * formatting that stays strict JSON, folding, smart selection, and the classify request the
 * client asks before switching a JSON document to our mode.
 */
import * as assert from 'node:assert/strict';
import type { FoldingRange, Range, SelectionRange, TextEdit } from 'vscode-languageserver-protocol';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const SCHEMA = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';
const COMPACT = `{"$schema":"${SCHEMA}","zeta":{"type":"stdio","command":"npx","args":["-y","pkg@1.0.0"],"env":{"B_TOKEN":"\${B_TOKEN}","A":"x"}},"alpha":{"type":"sse","url":"https://example.com/sse"}}`;

/** Applies LSP edits (non-overlapping) to a text. */
function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const offset = (p: { line: number; character: number }): number => (lineStarts[p.line] ?? text.length) + p.character;
  const sorted = [...edits].sort((a, b) => offset(b.range.start) - offset(a.range.start));
  let out = text;
  for (const edit of sorted) out = out.slice(0, offset(edit.range.start)) + edit.newText + out.slice(offset(edit.range.end));
  return out;
}

describe('protocol: formatting, folding, selection ranges', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function openIn(files: Record<string, string>, target: string): Promise<{ client: LspClient; uri: string; text: string }> {
    const ws = TempWorkspace.create();
    for (const [name, content] of Object.entries(files)) ws.write(name, content);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.path(target));
    await client.waitForDiagnostics(uri, { version: 1 });
    return { client, uri, text: files[target] };
  }

  it('formats a catalog with the editor tab settings, keeping strict JSON and key order', async () => {
    const { client, uri, text } = await openIn({ 'mcp.json': COMPACT }, 'mcp.json');
    const caps = client.initializeResult.capabilities;
    assert.ok(caps.documentFormattingProvider && caps.documentRangeFormattingProvider);

    const spaced = applyEdits(
      text,
      await client.request<TextEdit[]>('textDocument/formatting', {
        textDocument: { uri },
        options: { tabSize: 2, insertSpaces: true, insertFinalNewline: true },
      }),
    );
    assert.deepEqual(JSON.parse(spaced), JSON.parse(text), 'the same JSON value');
    assert.deepEqual(Object.keys(JSON.parse(spaced)), ['$schema', 'zeta', 'alpha'], 'keys keep their order');
    assert.ok(spaced.startsWith(`{\n  "$schema": "${SCHEMA}",\n  "zeta": {\n    "type": "stdio",`), spaced);
    assert.ok(spaced.endsWith('}\n'), 'a final newline when the editor asks for one');
    assert.doesNotMatch(spaced, /,\s*[}\]]/, 'no trailing comma (and JSON.parse above accepted it: no comment)');

    const tabbed = applyEdits(
      text,
      await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 4, insertSpaces: false } }),
    );
    assert.ok(tabbed.includes('\n\t"zeta": {\n\t\t"type": "stdio",'), tabbed);
    assert.ok(tabbed.endsWith('}'), 'no final newline added unless asked');
  });

  it('keeps the document line ending and leaves the text outside a formatted range alone', async () => {
    const text = `{\r\n"$schema": "${SCHEMA}",\r\n"a": {"type":"stdio","command":"x"},\r\n"b": {"type":"stdio","command":"y"}\r\n}\r\n`;
    const { client, uri } = await openIn({ 'mcp.json': text }, 'mcp.json');
    const whole = applyEdits(
      text,
      await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } }),
    );
    assert.doesNotMatch(whole.replace(/\r\n/g, ''), /\n/, 'only CRLF line breaks');
    assert.ok(whole.includes('  "a": {\r\n    "type": "stdio",\r\n'), JSON.stringify(whole));

    const range: Range = rangeIn(text, '{"type":"stdio","command":"x"}');
    const partial = applyEdits(
      text,
      await client.request<TextEdit[]>('textDocument/rangeFormatting', { textDocument: { uri }, range, options: { tabSize: 2, insertSpaces: true } }),
    );
    assert.ok(partial.includes('"b": {"type":"stdio","command":"y"}'), 'the entry outside the range is untouched');
    assert.ok(!partial.includes('"a": {"type":"stdio","command":"x"}'), 'the entry in the range is formatted');
    assert.deepEqual(JSON.parse(partial), JSON.parse(text));
  });

  it('formats an air.json and a roots index, but answers null for a JSON file that is none of ours', async () => {
    const air = '{"name":"x","mcp":["./mcp.json"]}';
    const files = { 'air.json': air, 'mcp.json': COMPACT, 'roots.json': '{"r":{"description":"d"}}', 'package.json': '{"name":"p","version":"1.0.0"}' };
    const ws = TempWorkspace.create();
    for (const [name, content] of Object.entries(files)) ws.write(name, content);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.path('air.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok((await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri }, options: { tabSize: 2, insertSpaces: true } })).length > 0);
    const rootsUri = client.open(ws.path('roots.json'));
    await client.waitForDiagnostics(rootsUri, { version: 1 });
    assert.ok(
      (await client.request<TextEdit[]>('textDocument/formatting', { textDocument: { uri: rootsUri }, options: { tabSize: 2, insertSpaces: true } })).length >
        0,
    );
    const packageUri = client.open(ws.path('package.json'));
    await client.roundTrip();
    const options = { tabSize: 2, insertSpaces: true };
    assert.equal(await client.request('textDocument/formatting', { textDocument: { uri: packageUri }, options }), null);
    assert.equal(await client.request('textDocument/foldingRange', { textDocument: { uri: packageUri } }), null);
    assert.equal(await client.request('textDocument/selectionRange', { textDocument: { uri: packageUri }, positions: [{ line: 0, character: 3 }] }), null);
  });

  it('folds every multi-line object and array, keeping the closing bracket visible', async () => {
    const text = `{\n  "$schema": "${SCHEMA}",\n  "a": {\n    "type": "stdio",\n    "command": "x",\n    "args": [\n      "-y",\n      "p"\n    ],\n    "env": {}\n  },\n  "b": { "type": "sse", "url": "https://e.com" }\n}\n`;
    const { client, uri } = await openIn({ 'mcp.json': text }, 'mcp.json');
    assert.ok(client.initializeResult.capabilities.foldingRangeProvider);
    const ranges = await client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.deepEqual(
      ranges.map((r) => [r.startLine, r.endLine]),
      [
        [0, 11], // the document
        [2, 9], // "a": { … }
        [5, 7], // "args": [ … ]
      ],
    );
  });

  it('expands the selection from a string to its entry and up to the document', async () => {
    const text = `{\n  "$schema": "${SCHEMA}",\n  "a": {\n    "type": "stdio",\n    "command": "npx"\n  }\n}\n`;
    const { client, uri } = await openIn({ 'mcp.json': text }, 'mcp.json');
    assert.ok(client.initializeResult.capabilities.selectionRangeProvider);
    const inside = rangeIn(text, '"command": "npx"', 'px').start;
    const [chain] = await client.request<SelectionRange[]>('textDocument/selectionRange', { textDocument: { uri }, positions: [inside] });
    const texts: string[] = [];
    const lines = text.split('\n');
    const slice = (r: Range): string => {
      if (r.start.line === r.end.line) return lines[r.start.line].slice(r.start.character, r.end.character);
      return [lines[r.start.line].slice(r.start.character), ...lines.slice(r.start.line + 1, r.end.line), lines[r.end.line].slice(0, r.end.character)].join(
        '\n',
      );
    };
    for (let s: SelectionRange | undefined = chain; s; s = s.parent) texts.push(slice(s.range));
    assert.deepEqual(texts.slice(0, 3), ['npx', '"npx"', '"command": "npx"']);
    assert.ok(texts.includes(`"a": {\n    "type": "stdio",\n    "command": "npx"\n  }`), 'the whole entry');
    assert.equal(texts[texts.length - 1], text.trimEnd(), 'ends with the whole document');
    for (let i = 1; i < texts.length; i++)
      assert.ok(texts[i].length > texts[i - 1].length && texts[i].includes(texts[i - 1]), `range ${i} contains range ${i - 1}`);
  });

  it('classifies a document for the client: by name, by $schema, by air.json listing, and never .vscode/', async () => {
    const ws = TempWorkspace.create();
    ws.write('air.json', '{"name":"x","mcp":["./servers.json"],"roots":["./places.json"]}');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const kind = async (relative: string, text = '{}'): Promise<unknown> =>
      (await client.request<{ kind: unknown }>('mcpCatalog/classify', { uri: ws.uri(relative), text })).kind;
    assert.equal(await kind('team-mcp.json'), 'catalog');
    assert.equal(await kind('roots-mcp.json'), 'roots');
    assert.equal(await kind('air.json'), 'air');
    assert.equal(await kind('anything.json', `{"$schema": "${SCHEMA}"}`), 'catalog');
    assert.equal(await kind('servers.json'), 'catalog');
    assert.equal(await kind('places.json'), 'roots');
    assert.equal(await kind('.vscode/mcp.json'), null);
    assert.equal(await kind('.mcp.json'), null);
    assert.equal(await kind('package.json'), null);
  });
});
