/**
 * SPEC §8, a repository you do not trust, through the bundled server over stdio: a restricted
 * workspace reads no file holding variables through any path (an air.json naming `.env`,
 * `secrets.json` or `/proc/self/environ` as an index); no fix or rename edits a file outside the
 * workspace and cross-file fix titles name the workspace-relative path; a folder-less file has its
 * own folder's workspace; a reused version number never serves a stale analysis; `initialize`
 * takes any shape the protocol allows; requests after `shutdown` are refused. The strace test
 * proves "not opened" at the system-call level (skipped without strace, required under CI).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, CompletionList, Diagnostic } from 'vscode-languageserver-protocol';
import { Capabilities, fileUri, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

const PLANTED = ['PLANTED_DOTENV_NAME', 'PLANTED_SECRET_NAME'];

function hostileWorkspace(): TempWorkspace {
  const ws = TempWorkspace.create();
  ws.write('mcp.json', '{\n  "s": {"type": "stdio", "command": "npx", "env": {"A": "${PLANTED_DOTENV_NAME}"}, "default_in_roots": [""]}\n}\n');
  ws.write('.env', 'PLANTED_DOTENV_NAME=dotenv-value\n');
  ws.write('secrets.json', JSON.stringify({ PLANTED_SECRET_NAME: 'secret-value' }));
  ws.write('air.json', JSON.stringify({ mcp: ['mcp.json', 'secrets.json'], roots: ['.env', 'secrets.json', '/proc/self/environ'] }));
  return ws;
}

async function codeActions(client: LspClient, uri: string, diagnostics: Diagnostic[]): Promise<CodeAction[]> {
  const text = client.document(uri).getText();
  return client.request<CodeAction[]>('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: client.document(uri).positionAt(text.length) },
    context: { diagnostics, only: ['quickfix'] },
  });
}

describe('protocol: a repository you do not trust (SPEC §8)', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('restricted: an air.json naming .env, secrets.json and /proc/self/environ as indexes exposes none of their names (completion in default_in_roots)', async () => {
    const ws = hostileWorkspace();
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      env: { PLANTED_PROCESS_NAME: 'x' },
      initializationOptions: { workspaceTrusted: false },
      settings: catalogSettings({ secretsFile: 'secrets.json', readProcessEnv: true }),
    });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    const text = client.document(uri).getText();
    const completion = await client.request<CompletionList | null>('textDocument/completion', {
      textDocument: { uri },
      position: rangeIn(text, '[""]', '""').start,
    });
    const labels = JSON.stringify((completion?.items ?? []).map((item) => item.label));
    const everything = `${labels}\n${JSON.stringify(diagnostics)}`;
    for (const name of [...PLANTED, 'PLANTED_PROCESS_NAME']) assert.ok(!labels.includes(name), `${name} is offered: ${labels}`);
    assert.ok(!everything.includes('PLANTED_SECRET_NAME'), everything);
    const airUri = client.open(ws.path('air.json'));
    const air = await client.waitForDiagnostics(airUri, { version: 1 });
    assert.match(air.diagnostics.map((d) => d.message).join('\n'), /"\.env" was not read: it holds variables/);
  });

  it('strace: in a restricted workspace the server opens none of .env, secrets.json or what an air.json points at', async function () {
    const probe = spawnSync('strace', ['-V'], { encoding: 'utf8' });
    if (probe.error || probe.status !== 0) {
      if (process.env.CI === 'true') assert.fail('strace is required under CI=true (.ci/run installs it)');
      console.log('      (skipped: strace is not installed here; CI installs it and requires this test)');
      this.skip();
    }
    const ws = hostileWorkspace();
    fs.symlinkSync(ws.path('.env'), ws.path('roots.json'));
    const trace = ws.path('strace.log');
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      initializationOptions: { workspaceTrusted: false },
      settings: catalogSettings({ secretsFile: 'secrets.json', envFiles: ['.env'] }),
      wrap: (node, args) => ({ file: 'strace', args: ['-f', '-qq', '-e', 'trace=openat,open,openat2', '-o', trace, node, ...args] }),
    });
    for (const file of ['mcp.json', 'air.json']) {
      const uri = client.open(ws.path(file));
      await client.waitForDiagnostics(uri, { version: 1 });
    }
    await client.request('textDocument/completion', { textDocument: { uri: ws.uri('mcp.json') }, position: { line: 1, character: 1 } });
    await client.stop();
    const lines = fs.readFileSync(trace, 'utf8').split('\n');
    assert.ok(
      lines.some((line) => line.includes('server.js')),
      'the trace shows the server opening its own script',
    );
    const opened = lines.filter((line) => line.includes(ws.dir));
    const leaked = opened.filter((line) => /\/(\.env|secrets\.json|roots\.json)"/.test(line) || line.includes('/proc/self/environ'));
    assert.deepEqual(leaked, [], `opened:\n${leaked.join('\n')}`);
  });

  it('no quick fix edits a file outside the workspace; a fix title names the workspace-relative path', async () => {
    const base = TempWorkspace.create();
    base.write('outside/roots.json', JSON.stringify({ zimmer: { description: 'Outside.' } }, null, 2));
    base.write('ws/mcp.json', `${JSON.stringify({ s: { type: 'stdio', command: 'npx', default_in_roots: ['nope'] } }, null, 2)}\n`);
    base.write('ws/config/roots.json', JSON.stringify({ zimmer: { description: 'Inside.' } }, null, 2));
    const folder = base.path('ws');
    const outside = await LspClient.start({ workspaceFolders: [folder], settings: catalogSettings({ rootsFiles: [base.path('outside/roots.json')] }) });
    const uri = outside.open(path.join(folder, 'mcp.json'));
    const published = await outside.waitForDiagnostics(uri, { version: 1, match: (d) => withCode(d, 'undefined-root').length > 0 });
    const titles = (await codeActions(outside, uri, published.diagnostics)).map((a) => a.title);
    assert.ok(!titles.some((t) => /Add root/.test(t)), `a fix edits a file outside the workspace: ${titles.join(', ')}`);
    await outside.stop();

    const inside = await LspClient.start({ workspaceFolders: [folder], settings: catalogSettings({ rootsFiles: ['config/roots.json'] }) });
    const uri2 = inside.open(path.join(folder, 'mcp.json'));
    const published2 = await inside.waitForDiagnostics(uri2, { version: 1, match: (d) => withCode(d, 'undefined-root').length > 0 });
    const titles2 = (await codeActions(inside, uri2, published2.diagnostics)).map((a) => a.title);
    assert.ok(titles2.includes(`Add root "nope" to ${path.join('config', 'roots.json')}`), titles2.join(', '));
  });

  it('no rename edits a file outside the workspace', async () => {
    const base = TempWorkspace.create();
    base.write('outside/roots.json', JSON.stringify({ zimmer: { description: 'Outside.' } }, null, 2));
    base.write('ws/mcp.json', `${JSON.stringify({ s: { type: 'stdio', command: 'npx', default_in_roots: ['zimmer'] } }, null, 2)}\n`);
    const folder = base.path('ws');
    const client = await LspClient.start({ workspaceFolders: [folder], settings: catalogSettings({ rootsFiles: [base.path('outside/roots.json')] }) });
    const uri = client.open(path.join(folder, 'mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    const position = rangeIn(client.document(uri).getText(), '"zimmer"', 'zimmer').start;
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri }, position, newName: 'renamed' }), /outside the workspace/);
  });

  it("without workspace folders each catalog has its own folder: another folder's .env does not resolve its variables", async () => {
    const ws = TempWorkspace.create();
    ws.write('a/mcp.json', `${JSON.stringify({ a: { type: 'stdio', command: 'npx', env: { X: '${ONLY_IN_A}' } } })}\n`);
    ws.write('a/.env', 'ONLY_IN_A=1\n');
    ws.write('b/mcp.json', `${JSON.stringify({ b: { type: 'stdio', command: 'npx', env: { X: '${ONLY_IN_A}' } } })}\n`);
    const client = await LspClient.start({ workspaceFolders: [] });
    const a = client.open(ws.path('a/mcp.json'));
    assert.equal(withCode((await client.waitForDiagnostics(a, { version: 1 })).diagnostics, 'unresolved-variable').length, 0);
    const b = client.open(ws.path('b/mcp.json'));
    assert.equal(withCode((await client.waitForDiagnostics(b, { version: 1 })).diagnostics, 'unresolved-variable').length, 1, 'b must not see a/.env');
  });

  it('a didChange that reuses a version number is analysed anew: its diagnostics and its quick fix are of the new text', async () => {
    const ws = TempWorkspace.create();
    const first = `${JSON.stringify({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 700 } }, null, 2)}\n`;
    const second = `${JSON.stringify({ longer_name: { type: 'stdio', command: 'npx', startup_timeout_sec: 4 } }, null, 2)}\n`;
    ws.write('mcp.json', first);
    const client = await LspClient.start({ workspaceFolders: [ws.dir] });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    client.change(uri, first.replace('700', '800'), 2);
    await client.waitForDiagnostics(uri, { version: 2, match: (d) => d.some((x) => /800/.test(x.message)) });
    const mark = client.mark();
    client.change(uri, second, 2);
    const published = await client.waitForDiagnostics(uri, { version: 2, since: mark });
    const timeout = withCode(published.diagnostics, 'timeout-range');
    assert.equal(timeout.length, 1);
    assert.deepEqual(timeout[0].range, rangeIn(second, '4'));
    const actions = await codeActions(client, uri, timeout);
    const edits = actions.flatMap((a) => Object.values(a.edit?.changes ?? {}).flat());
    assert.ok(edits.length > 0);
    for (const edit of edits) assert.deepEqual(edit.range, rangeIn(second, '4'), 'the fix edits the text the client has');
  });

  it('initialize with capabilities: null, no folders and odd options still serves diagnostics', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', `${JSON.stringify({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 700 } })}\n`);
    const client = await LspClient.start({ capabilities: null as never, initializationOptions: 'not an object' });
    assert.ok(client.initializeResult.capabilities.textDocumentSync);
    const uri = client.open(ws.path('mcp.json'));
    assert.equal(withCode((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'timeout-range').length, 1);
  });

  it('a request after shutdown gets InvalidRequest; exit still ends the server with 0', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', '{}\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: Capabilities.vscodeLike() });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    await client.request('shutdown', null);
    await assert.rejects(
      client.request('textDocument/hover', { textDocument: { uri: fileUri(ws.path('mcp.json')) }, position: { line: 0, character: 0 } }),
      (error: { code?: number }) => error.code === -32600,
    );
  });
});
