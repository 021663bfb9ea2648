/**
 * Completion through the bundled server: field names, whole entries, transports,
 * root and server names, variable names, with snippets for clients that expand them and plain
 * text for the others.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { ClientCapabilities, CompletionItem, CompletionList, TextEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Capabilities, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');
const SNIPPET = 2;
const PLAIN = 1;

function workspace(): TempWorkspace {
  const ws = TempWorkspace.create();
  cpSync(FIXTURE, ws.dir, { recursive: true });
  return ws;
}

function withoutSnippets(): ClientCapabilities {
  const capabilities = Capabilities.vscodeLike();
  capabilities.textDocument!.completion = { completionItem: { snippetSupport: false } };
  return capabilities;
}

/** Open `relative` with `marked` (one `|` for the cursor) and ask for completion there. */
async function complete(client: LspClient, ws: TempWorkspace, relative: string, marked: string): Promise<{ items: CompletionItem[]; text: string }> {
  const offset = marked.indexOf('|');
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  const uri = client.open(ws.path(relative), text);
  await client.waitForDiagnostics(uri, { version: 1 });
  const position = TextDocument.create(uri, 'json', 1, text).positionAt(offset);
  const result = await client.request<CompletionList | CompletionItem[] | null>('textDocument/completion', { textDocument: { uri }, position });
  assert.ok(result, 'no completion result');
  return { items: Array.isArray(result) ? result : result.items, text };
}

function item(items: CompletionItem[], label: string): CompletionItem {
  const found = items.find((i) => i.label === label);
  assert.ok(found, `no "${label}" among ${JSON.stringify(items.map((i) => i.label))}`);
  return found;
}

/** The document after accepting an item (its text edit and additional edits). */
function accept(text: string, completion: CompletionItem): string {
  const document = TextDocument.create('file:///x', 'json', 1, text);
  const edits = [completion.textEdit as TextEdit, ...(completion.additionalTextEdits ?? [])];
  return TextDocument.applyEdits(document, edits);
}

describe('protocol: completion', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('advertises completion with trigger characters', async () => {
    const client = await LspClient.start({ settings: catalogSettings() });
    const provider = client.initializeResult.capabilities.completionProvider;
    assert.ok(provider);
    assert.ok(provider.triggerCharacters?.includes('"') && provider.triggerCharacters.includes('$'));
  });

  it("a typed `{` opens nothing (VS Code's {⏎ stays an empty object); the `{` of `${` still offers names", async () => {
    const ws = TempWorkspace.create();
    ws.write('.env', 'FROM_DOTENV=1\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const triggered = async (relative: string, text: string): Promise<CompletionItem[] | null> => {
      const uri = client.open(ws.path(relative), text);
      await client.waitForDiagnostics(uri, { version: 1 });
      const position = TextDocument.create(uri, 'json', 1, text).positionAt(text.length - (text.endsWith('"}}}') ? 4 : 0));
      const result = await client.request<CompletionList | CompletionItem[] | null>('textDocument/completion', {
        textDocument: { uri },
        position,
        context: { triggerKind: 2, triggerCharacter: '{' },
      });
      return result === null ? null : Array.isArray(result) ? result : result.items;
    };
    assert.equal(await triggered('mcp.json', '{'), null, 'the first character of an empty catalog');
    assert.equal(await triggered('team-mcp.json', '{\n  "a": {'), null, 'the object of a new entry');
    const names = await triggered('other-mcp.json', '{"a": {"type": "stdio", "command": "x", "env": {"T": "${"}}}');
    assert.ok(
      names?.some((item) => item.label === 'FROM_DOTENV'),
      JSON.stringify(names?.map((item) => item.label)),
    );
  });

  it('offers the missing fields of a server entry with schema documentation', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items } = await complete(client, ws, 'mcp.json', '{\n  "a": {\n    "type": "stdio",\n    |\n  }\n}');
    const labels = items.map((i) => i.label);
    for (const name of ['command', 'args', 'env', 'startup_timeout_sec', 'unavailable', 'default_in_roots']) assert.ok(labels.includes(name), name);
    for (const gone of ['type', 'url', 'headers']) assert.ok(!labels.includes(gone), gone);
    const timeout = item(items, 'startup_timeout_sec');
    assert.equal(typeof timeout.documentation === 'object' && timeout.documentation.kind, 'markdown');
    assert.equal(timeout.kind, 10 /* Property */);
  });

  it('degrades snippets to plain text for a client without snippet support, and the result is valid JSON', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), capabilities: withoutSnippets() });
    const { items, text } = await complete(client, ws, 'mcp.json', '{\n  "a": {"type": "sse", "url": "https://x"},\n  |\n}');
    for (const label of ['New stdio server', 'New streamable-http server', 'New sse server']) {
      const entry = item(items, label);
      assert.equal(entry.insertTextFormat, PLAIN, label);
      assert.ok(!(entry.textEdit as TextEdit).newText.includes('$'), (entry.textEdit as TextEdit).newText);
    }
    const parsed = JSON.parse(accept(text, item(items, 'New stdio server'))) as Record<string, Record<string, unknown>>;
    assert.deepEqual(parsed['server-name'], {
      title: 'Server title',
      description: 'What this server gives the agent',
      type: 'stdio',
      command: 'npx',
      args: ['-y', 'package@1.0.0'],
    });
  });

  it('offers snippets to a client that expands them', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items } = await complete(client, ws, 'mcp.json', '{\n  |\n}');
    // The order to pick a transport in: stdio, streamable-http, then the legacy sse (as VS Code sorts by sortText).
    const templates = items.filter((i) => i.label.startsWith('New ')).sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
    assert.deepEqual(
      templates.map((i) => i.label),
      ['New stdio server', 'New streamable-http server', 'New sse server'],
    );
    const entry = item(items, 'New streamable-http server');
    assert.equal(entry.insertTextFormat, SNIPPET);
    assert.equal(entry.insertTextMode, 1 /* asIs: indented for its place already */);
    assert.equal(
      (entry.textEdit as TextEdit).newText,
      '"${1:server-name}": {\n    "title": "${2:Server title}",\n    "description": "${3:What this server gives the agent}",\n    "type": "streamable-http",\n    "url": "${4:https://example.com/mcp}"\n  }',
    );
    // A new catalog, `{` then Enter in an editor indenting by 4: the entry is indented by 4 throughout.
    const fresh = item((await complete(client, ws, 'fresh-mcp.json', '{\n    |\n}')).items, 'New stdio server');
    assert.match((fresh.textEdit as TextEdit).newText, /^"\$\{1:server-name\}": \{\n {8}"title"[^]*\n {4}\}$/);
    const field = item((await complete(client, ws, 'team-mcp.json', '{"a": {|}}')).items, 'type');
    assert.equal((field.textEdit as TextEdit).newText, '"type": "${1|stdio,streamable-http,sse|}"');
    assert.equal(field.command, undefined);
    const list = item((await complete(client, ws, 'roots.json', '{"r": {"description": "R", |}}')).items, 'default_mcp_servers');
    assert.equal((list.textEdit as TextEdit).newText, '"default_mcp_servers": ["$1"]');
    assert.deepEqual(list.command, { title: 'Suggest', command: 'editor.action.triggerSuggest' });
  });

  it('offers the transports with their descriptions, replacing the partial value', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items, text } = await complete(client, ws, 'mcp.json', '{"a": {"type": "str|"}}');
    // As VS Code lists them (by sortText): what users should pick first, the legacy sse last.
    assert.deepEqual(
      [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label),
      ['stdio', 'streamable-http', 'sse'],
    );
    const chosen = item(items, 'streamable-http');
    assert.match(JSON.stringify(chosen.documentation), /streamable HTTP/);
    assert.deepEqual(JSON.parse(accept(text, chosen)), { a: { type: 'streamable-http' } });
  });

  it('offers the roots of the roots index (found through air.json) and "*" inside default_in_roots', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items } = await complete(client, ws, 'team-mcp.json', '{"s": {"type": "stdio", "command": "x", "default_in_roots": ["zimmer", "|"]}}');
    assert.deepEqual(
      items.map((i) => i.label),
      ['strad', '*'],
    );
    assert.equal(item(items, 'strad').detail, 'root in roots.json');
  });

  it('offers the servers of every catalog of a roots index inside default_mcp_servers', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items } = await complete(client, ws, 'roots.json', '{"zimmer": {"description": "Z", "default_mcp_servers": ["figma", "|"]}}');
    assert.deepEqual(items.map((i) => i.label).sort(), ['github', 'linear', 'slack']);
    assert.equal(item(items, 'linear').detail, 'server in mcp.json (unavailable)');
    assert.equal(item(items, 'slack').detail, 'server in team-mcp.json');
  });

  it('offers root-index fields in a roots index', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const { items } = await complete(client, ws, 'roots.json', '{"zimmer": {"description": "Z", |}}');
    for (const name of ['display_name', 'default_mcp_servers', 'default_in_roots', 'user_invocable']) item(items, name);
    assert.ok(!items.some((i) => i.label === 'description'));
  });

  it('offers variable names after `${`, with their source', async () => {
    const ws = workspace();
    ws.write('.env', 'FROM_DOTENV=x\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings({ knownVariables: ['DECLARED_NAME'] }) });
    const { items, text } = await complete(client, ws, 'mcp.json', '{"a": {"type": "stdio", "command": "x", "env": {"T": "${|"}}}');
    assert.deepEqual(items.map((i) => i.label).sort(), ['DECLARED_NAME', 'FROM_DOTENV', 'T'], 'the env key being written, and the declared names');
    assert.equal(item(items, 'FROM_DOTENV').detail, 'set in .env');
    assert.equal(item(items, 'FROM_DOTENV').kind, 6 /* Variable */);
    assert.deepEqual(JSON.parse(accept(text, item(items, 'DECLARED_NAME'))), { a: { type: 'stdio', command: 'x', env: { T: '${DECLARED_NAME}' } } });
  });

  it("ranks the catalog's own names and declared names before the process environment, without the editor's runtime variables", async () => {
    const ws = workspace();
    ws.write('.env', 'FROM_DOTENV=x\nEMPTY_IN_DOTENV=\n');
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings({ readProcessEnv: true }),
      env: { AAA_PLANTED: 'set', SHLVL: '1', _: '/usr/bin/code', ELECTRON_RUN_AS_NODE: '1', VSCODE_HANDLES_SIGPIPE: 'true', PWD: '/ws' },
    });
    const { items } = await complete(client, ws, 'mcp.json', '{"a": {"type": "stdio", "command": "x", "env": {"U": "${USED_IN_CATALOG}", "T": "${|"}}}');
    const labels = items.map((i) => i.label);
    for (const runtime of ['SHLVL', '_', 'ELECTRON_RUN_AS_NODE', 'VSCODE_HANDLES_SIGPIPE', 'PWD'])
      assert.ok(!labels.includes(runtime), `${runtime} is the editor's own`);
    const order = [...items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label)).map((i) => i.label);
    const rank = (label: string) => order.indexOf(label);
    for (const label of ['USED_IN_CATALOG', 'FROM_DOTENV', 'EMPTY_IN_DOTENV', 'AAA_PLANTED'])
      assert.ok(rank(label) >= 0, `${label} offered: ${JSON.stringify(order)}`);
    assert.ok(
      rank('USED_IN_CATALOG') < rank('AAA_PLANTED') && rank('FROM_DOTENV') < rank('AAA_PLANTED') && rank('EMPTY_IN_DOTENV') < rank('AAA_PLANTED'),
      JSON.stringify(order),
    );
    assert.equal(order[0], 'T', 'the env key being written comes first');
    assert.equal(item(items, 'EMPTY_IN_DOTENV').detail, 'in .env, without a value');
    assert.equal(item(items, 'USED_IN_CATALOG').detail, 'used in this catalog');
  });

  it('answers with no items outside catalogs and roots indexes', async () => {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.write('package.json', '{"name": "x", "scripts": {}}'));
    await client.roundTrip();
    const result = await client.request<CompletionList | null>('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: 1 } });
    assert.ok(result === null || result.items.length === 0);
  });
});
