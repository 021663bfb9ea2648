/**
 * Add Server… through the bundled server (SPEC §13): `mcpCatalog/addServer` answers a versioned
 * edit that inserts the translated entry — another tool's file with a literal token, a registry
 * server.json — and a `NAME=` edit for the env file; the catalog checks clean once applied. Inside
 * a catalog, the Source Action menu offers "Add Server…", which runs the client's command.
 */
import * as assert from 'node:assert/strict';
import * as dotenv from 'dotenv';
import type { CodeAction, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { AddServerResponse } from '../../shared/src/protocol';
import { Capabilities, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const TOKEN = 'ghp_FAKE0123456789abcdefghijklmnopqrstuv';
const CATALOG = '{\n  "alpha": {\n    "type": "stdio",\n    "command": "a"\n  }\n}\n';
const CURSOR = JSON.stringify({
  mcpServers: { github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'], env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN } } },
});

const applyText = (text: string, edits: TextEdit[]): string => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);

function editsFor(edit: WorkspaceEdit, uri: string): TextEdit[] {
  return (edit.documentChanges ?? [])
    .filter((change): change is TextDocumentEdit => 'textDocument' in change && change.textDocument.uri === uri)
    .flatMap((change) => change.edits);
}

async function start(ws: TempWorkspace): Promise<{ client: LspClient; uri: string }> {
  const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: Capabilities.vscodeLike(), settings: catalogSettings() });
  const uri = client.open(ws.path('mcp.json'));
  await client.waitForDiagnostics(uri, { version: 1 });
  return { client, uri };
}

function ok(answer: AddServerResponse | null): Extract<AddServerResponse, { ok: true }> {
  assert.ok(answer?.ok, `expected an edit, got ${JSON.stringify(answer)}`);
  return answer;
}

describe('protocol: Add Server', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('imports a Cursor server with a literal token as ${NAME}, offers NAME=<token> for the env file, and the catalog checks clean', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    ws.write('.env', 'OTHER=1\n');
    const { client, uri } = await start(ws);
    const answer = ok(await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text: CURSOR }, placement: 'end' }));
    assert.equal(answer.name, 'github');
    // The token travels only inside the env file's edit, which puts it back where the user keeps secrets.
    const { envEdit, ...rest } = answer;
    assert.ok(!JSON.stringify(rest).includes(TOKEN), 'the token travels nowhere else');
    const after = applyText(CATALOG, editsFor(answer.edit, uri));
    assert.deepEqual(JSON.parse(after).github.env, { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}' });
    assert.deepEqual(answer.unset, ['GITHUB_PERSONAL_ACCESS_TOKEN']);
    assert.equal(answer.envFile, '.env');
    assert.deepEqual(answer.moved, ['GITHUB_PERSONAL_ACCESS_TOKEN'], 'the client can say the value goes there');
    const envUri = ws.uri('.env');
    const env = applyText('OTHER=1\n', editsFor(envEdit!, envUri));
    assert.equal(env, `OTHER=1\nGITHUB_PERSONAL_ACCESS_TOKEN=${TOKEN}\n`);
    assert.deepEqual(dotenv.parse(env), { OTHER: '1', GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN });
    const version = client.change(uri, after);
    const { diagnostics } = await client.waitForDiagnostics(uri, { version });
    assert.deepEqual(
      diagnostics.filter((d) => d.severity === 1 || d.code === 'hardcoded-secret').map((d) => d.code),
      [],
    );
  });

  it('never moves a literal to a name the env file already sets to another value, nor offers a line for it twice', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    ws.write('.env', 'GITHUB_PERSONAL_ACCESS_TOKEN=old\n');
    const { client, uri } = await start(ws);
    const other = TOKEN.replace('FAKE', 'EKAF');
    const text = JSON.stringify({ mcpServers: { github: { command: 'gh', args: ['--token', other], env: { GITHUB_PERSONAL_ACCESS_TOKEN: TOKEN } } } });
    const answer = ok(await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text }, placement: 'end' }));
    const entry = JSON.parse(applyText(CATALOG, editsFor(answer.edit, uri))).github;
    assert.deepEqual(entry.env, { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN_2}' });
    assert.deepEqual(entry.args, ['--token', '${GITHUB_TOKEN}']);
    const env = dotenv.parse(applyText('GITHUB_PERSONAL_ACCESS_TOKEN=old\n', editsFor(answer.envEdit!, ws.uri('.env'))));
    assert.deepEqual(env, { GITHUB_PERSONAL_ACCESS_TOKEN: 'old', GITHUB_PERSONAL_ACCESS_TOKEN_2: TOKEN, GITHUB_TOKEN: other });
  });

  it("imports from VS Code's .vscode/mcp.json with comments and a key under a credential name, never sending the key back", async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const { client, uri } = await start(ws);
    const key = 'BSAm3xYz81kQp0vLr7TnW2cJd';
    const text = `{\n  // VS Code writes this comment\n  "servers": {\n    "brave": { "command": "npx", "args": ["-y", "@brave/brave-search-mcp-server"], "env": { "BRAVE_API_KEY": "${key}" }, },\n  },\n}\n`;
    const answer = ok(await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text }, placement: 'end' }));
    const { envEdit, ...rest } = answer;
    assert.ok(!JSON.stringify(rest).includes(key), 'the key travels only in the env file edit');
    assert.deepEqual(dotenv.parse(applyText('', editsFor(envEdit!, ws.uri('.env')))), { BRAVE_API_KEY: key });
    const after = applyText(CATALOG, editsFor(answer.edit, uri));
    assert.deepEqual(JSON.parse(after).brave, {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@brave/brave-search-mcp-server'],
      env: { BRAVE_API_KEY: '${BRAVE_API_KEY}' },
    });
    assert.deepEqual(answer.unset, ['BRAVE_API_KEY']);
  });

  it('a key no dotenv line carries safely gets an empty line and a warning, and travels nowhere', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    ws.write('.env', '');
    const { client, uri } = await start(ws);
    const key = `ab'12"cd$(id)`;
    const text = JSON.stringify({ mcpServers: { x: { command: 'x-mcp', env: { X_API_KEY: key } } } });
    const answer = ok(await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text }, placement: 'end' }));
    assert.ok(!JSON.stringify(answer).includes(key), 'the key travels nowhere');
    assert.equal(applyText('', editsFor(answer.envEdit!, ws.uri('.env'))), 'X_API_KEY=\n');
    assert.equal(answer.moved, undefined, 'no line carries a value');
    assert.ok(
      answer.warnings.some((warning) => warning.startsWith('X_API_KEY gets an empty line in the env file')),
      answer.warnings.join('\n'),
    );
  });

  it('translates an OCI package of a registry server.json into docker run, its variables passed in by name', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const { client, uri } = await start(ws);
    const serverJson = JSON.stringify({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-10-17/server.schema.json',
      name: 'io.github.github/github-mcp-server',
      version: '0.20.0',
      packages: [
        {
          registryType: 'oci',
          identifier: 'ghcr.io/github/github-mcp-server:0.20.0',
          transport: { type: 'stdio' },
          environmentVariables: [{ name: 'GITHUB_PERSONAL_ACCESS_TOKEN', isRequired: true, isSecret: true }],
        },
      ],
    });
    const answer = ok(await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text: serverJson }, placement: 'end' }));
    assert.equal(answer.name, 'github-mcp-server');
    assert.deepEqual(JSON.parse(applyText(CATALOG, editsFor(answer.edit, uri)))[answer.name], {
      type: 'stdio',
      command: 'docker',
      args: ['run', '-i', '--rm', '-e', 'GITHUB_PERSONAL_ACCESS_TOKEN', 'ghcr.io/github/github-mcp-server:0.20.0'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}' },
    });
  });

  it('translates a registry server.json remote, sorted, with its headers as placeholders', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const { client, uri } = await start(ws);
    const serverJson = JSON.stringify({
      name: 'io.github.acme/billing',
      packages: [{ registryType: 'npm', identifier: '@acme/billing-mcp', version: '0.3.1', environmentVariables: [{ name: 'ACME_KEY', isSecret: true }] }],
      remotes: [{ type: 'streamable-http', url: 'https://mcp.acme.example/mcp', headers: [{ name: 'X-Api-Key', isSecret: true }] }],
    });
    const pick = await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text: serverJson }, placement: 'sorted' });
    assert.equal(pick?.ok, false);
    const choices = (pick as { choices: string[] }).choices;
    assert.deepEqual(choices, ['npm @acme/billing-mcp@0.3.1', 'streamable-http https://mcp.acme.example/mcp']);
    const npm = ok(
      await client.request<AddServerResponse>('mcpCatalog/addServer', {
        uri,
        source: { kind: 'import', text: serverJson, server: choices[0] },
        placement: 'sorted',
      }),
    );
    const npmEntry = JSON.parse(applyText(CATALOG, editsFor(npm.edit, uri))).billing;
    assert.deepEqual(npmEntry, { type: 'stdio', command: 'npx', args: ['-y', '@acme/billing-mcp@0.3.1'], env: { ACME_KEY: '${BILLING_ACME_KEY}' } });
    const remote = ok(
      await client.request<AddServerResponse>('mcpCatalog/addServer', {
        uri,
        source: { kind: 'import', text: serverJson, server: choices[1] },
        placement: 'sorted',
      }),
    );
    const after = applyText(CATALOG, editsFor(remote.edit, uri));
    assert.deepEqual(Object.keys(JSON.parse(after)), ['alpha', 'billing']);
    assert.deepEqual(JSON.parse(after).billing, {
      type: 'streamable-http',
      url: 'https://mcp.acme.example/mcp',
      headers: { 'X-Api-Key': '${BILLING_API_KEY}' },
    });
    // No .env yet: the edit creates it (never overwriting one that appeared meanwhile).
    assert.deepEqual(remote.envEdit?.documentChanges?.[0], { kind: 'create', uri: ws.uri('.env'), options: { ignoreIfExists: true } });
    assert.equal(applyText('', editsFor(remote.envEdit, ws.uri('.env'))), 'BILLING_API_KEY=\n', 'the name says whose key it is');
  });

  it('answers a clear refusal for hostile input and for a document that is not a catalog', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const { client, uri } = await start(ws);
    for (const text of ['[1, 2]', '{"mcpServers": ' + '['.repeat(50_000), 'x'.repeat(1_000_001)]) {
      const answer = await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'import', text }, placement: 'end' });
      assert.equal(answer?.ok, false);
    }
    const bad = await client.request<AddServerResponse>('mcpCatalog/addServer', { uri, source: { kind: 'nonsense' }, placement: 'end' });
    assert.equal(bad?.ok, false);
    const other = await client.request<AddServerResponse>('mcpCatalog/addServer', {
      uri: ws.uri('nothing.json'),
      source: { kind: 'template', transport: 'stdio' },
      placement: 'end',
    });
    assert.deepEqual(other, { ok: false, message: 'Open an MCP catalog to add a server to.' });
  });

  it('offers "Add Server\u2026" as a source action inside a catalog, running the client command', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const { client, uri } = await start(ws);
    const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
    const actions =
      (await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [], only: ['source'] } })) ?? [];
    const add = actions.find((action) => action.title === 'Add Server\u2026');
    assert.ok(add, JSON.stringify(actions));
    assert.equal(add.kind, 'source.addServer.mcp-catalog');
    assert.deepEqual(add.command, { title: 'Add Server\u2026', command: 'mcpCatalog.addServer', arguments: [{ uri }] });
    const cursorMove = (await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [] } })) ?? [];
    assert.equal(cursorMove.length, 0, 'a cursor move gets no source action');
  });
});
