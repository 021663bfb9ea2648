/**
 * LSP 3.17 `workspace/diagnostic` (server/src/lsp/workspaceDiagnostics.ts, bench/NOTES.md): open
 * documents and the closed files the client names get `full` reports, then `unchanged` under the
 * same ids the document pull uses, without checking anything again; a file the workspace may not
 * have read (outside the folders, a FIFO, too large, a restricted workspace) or that is not ours
 * is left out; a request that would only say "unchanged" is held until something changes, when the
 * client sent a `partialResultToken` (VS Code's LanguageClient 9 asks again 2 s after each answer).
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { CancellationTokenSource, type MessageConnection } from 'vscode-jsonrpc/node';
import {
  LSPErrorCodes,
  type Diagnostic,
  type DocumentDiagnosticReport,
  type WorkspaceDiagnosticReport,
  type WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver-protocol';
import { Capabilities, FileChange, LspClient, stopAllClients, type StartOptions } from './lspClient';
import { codesOf, rangeIn, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

/** A closed catalog with one out-of-range timeout. */
const TEAM_CATALOG = '{\n  "team": { "type": "stdio", "command": "team-server", "startup_timeout_sec": 4 }\n}\n';

function pulling() {
  const capabilities = Capabilities.vscodeLike();
  capabilities.textDocument!.diagnostic = { dynamicRegistration: true, relatedDocumentSupport: false };
  capabilities.workspace!.diagnostics = { refreshSupport: true };
  return capabilities;
}

function start(ws: TempWorkspace, options: Partial<StartOptions> = {}): Promise<LspClient> {
  return LspClient.start({
    workspaceFolders: [ws.dir],
    settings: { mcpCatalog: { readProcessEnv: false } },
    capabilities: pulling(),
    trace: 'verbose',
    ...options,
  });
}

type Ids = { uri: string; value: string }[];

/** The ids a client keeps from a workspace answer (VS Code keeps every one it was given). */
function idsOf(report: WorkspaceDiagnosticReport, before: Ids = []): Ids {
  const ids = new Map(before.map((id) => [id.uri, id.value]));
  for (const item of report.items) if (item.resultId) ids.set(item.uri, item.resultId);
  return [...ids].map(([uri, value]) => ({ uri, value }));
}

function pull(client: LspClient, previousResultIds: Ids = []): Promise<WorkspaceDiagnosticReport> {
  return client.request<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds });
}

function item(report: WorkspaceDiagnosticReport, uri: string): WorkspaceDocumentDiagnosticReport | undefined {
  return report.items.find((i) => i.uri === uri);
}

function fullItems(report: WorkspaceDiagnosticReport, uri: string): Diagnostic[] {
  const found = item(report, uri);
  assert.ok(found, `a report for ${uri}: ${JSON.stringify(report.items.map((i) => [i.uri, i.kind]))}`);
  assert.equal(found.kind, 'full', `${uri} is reported in full`);
  return found.kind === 'full' ? found.items : [];
}

/** Checks the server ran (it logs each at verbose trace: lsp/server.ts followUp, lsp/workspaceDiagnostics.ts). */
function checksSince(client: LspClient, mark: number): string[] {
  return client.logs.filter((line) => line.seq > mark && /^Checked /.test(line.message)).map((line) => line.message);
}

/** Until the server has held `count` workspace pulls so far (it logs each at verbose trace). */
function waitForHolding(client: LspClient, count: number): Promise<true> {
  return client.waitFor(`${count} held workspace pull(s)`, () =>
    client.logs.filter((line) => /holding the request until something changes/.test(line.message)).length >= count ? true : undefined,
  );
}

function connectionOf(client: LspClient): MessageConnection {
  return (client as unknown as { connection: MessageConnection }).connection;
}

/** A request with a `partialResultToken`, as VS Code sends it, whose answer is watched rather than awaited. */
function heldPull(client: LspClient, previousResultIds: Ids, source = new CancellationTokenSource()) {
  const state: { answer?: WorkspaceDiagnosticReport; error?: { code?: number } } = {};
  const sent = connectionOf(client)
    .sendRequest<WorkspaceDiagnosticReport>('workspace/diagnostic', { previousResultIds, partialResultToken: 'wsdiag-test' }, source.token)
    .then(
      (answer) => (state.answer = answer),
      (error: { code?: number }) => (state.error = error),
    );
  return { state, sent, cancel: () => source.cancel() };
}

describe('protocol: workspace diagnostics (workspace/diagnostic)', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('reports open documents and a named closed catalog in full, then unchanged without checking again; an edit makes that document full again', async () => {
    const ws = TempWorkspace.create('mission');
    ws.write('team/team-mcp.json', TEAM_CATALOG);
    const client = await start(ws);
    const provider = client.initializeResult.capabilities.diagnosticProvider as { workspaceDiagnostics?: boolean } | undefined;
    assert.equal(provider?.workspaceDiagnostics, true, 'workspace diagnostics announced');
    const uri = client.open(ws.path('mcp.json'));
    const team = ws.uri('team/team-mcp.json');

    const first = await pull(client, [{ uri: team, value: 'from-another-session' }]);
    assert.ok(codesOf(fullItems(first, uri)).includes('undefined-root'), 'the open catalog, in full');
    assert.equal(item(first, uri)!.version, 1, 'an open document is reported with its version');
    assert.deepEqual(codesOf(fullItems(first, team)), ['timeout-range'], 'the closed catalog, read from disk');
    assert.equal(item(first, team)!.version, null, 'a closed file has no version');
    assert.equal(item(first, ws.uri('roots.json')), undefined, 'a closed file nobody named is not reported');

    // One id space: the document pull agrees with the workspace pull.
    const documentPull = await client.request<DocumentDiagnosticReport>('textDocument/diagnostic', {
      textDocument: { uri },
      previousResultId: item(first, uri)!.resultId,
    });
    assert.equal(documentPull.kind, 'unchanged');

    const ids = idsOf(first);
    const mark = client.mark();
    for (let round = 0; round < 3; round++) {
      const again = await pull(client, ids);
      assert.deepEqual(
        again.items.map((i) => [i.uri, i.kind]).sort(),
        [
          [team, 'unchanged'],
          [uri, 'unchanged'],
        ].sort(),
      );
    }
    await client.roundTrip();
    assert.deepEqual(checksSince(client, mark), [], 'repeated unchanged pulls check nothing again');

    const text = client.document(uri).getText();
    client.edit(uri, [{ range: rangeIn(text, '"startup_timeout_sec": 4,', '4'), text: '5' }]);
    const edited = await pull(client, ids);
    assert.equal(item(edited, uri)!.kind, 'full', 'the edited document is full again');
    assert.equal(item(edited, uri)!.version, 2);
    const timeouts = (report: WorkspaceDiagnosticReport) => withCode(fullItems(report, uri), 'timeout-range').length;
    assert.equal(timeouts(edited), timeouts(first) - 1, 'the edit fixed one timeout');
    assert.equal(item(edited, team)!.kind, 'unchanged', 'the closed catalog did not change');
  });

  it('leaves out what may not be read (outside the folder, a FIFO, too large) and what is not ours; the server stays up', async () => {
    const ws = TempWorkspace.create();
    const outside = TempWorkspace.create();
    outside.write('mcp.json', TEAM_CATALOG);
    ws.write('big-mcp.json', `{"s": {"type": "stdio", "command": "x", "description": "${'x'.repeat(1_200_000)}"}}`);
    ws.write('notes.json', TEAM_CATALOG);
    const link = ws.path('linked-mcp.json');
    spawnSync('ln', ['-s', outside.path('mcp.json'), link]);
    const fifo = ws.path('fifo-mcp.json');
    const madeFifo = spawnSync('mkfifo', [fifo]).status === 0;
    const client = await start(ws, { settings: { mcpCatalog: { readProcessEnv: false, maxFileSizeMB: 1 } } });
    const named = [
      outside.uri('mcp.json'),
      ws.uri('linked-mcp.json'),
      ws.uri('big-mcp.json'),
      ws.uri('notes.json'),
      ...(madeFifo ? [ws.uri('fifo-mcp.json')] : []),
    ];
    const report = await pull(
      client,
      named.map((uri) => ({ uri, value: 'x' })),
    );
    assert.deepEqual(report.items, [], 'nothing reported for files that may not be read or are not ours');
    await client.roundTrip();
    assert.ok(!client.hasExited);
    const refusals = client.logs.filter((line) => /not reading/.test(line.message)).map((line) => line.message);
    assert.ok(
      refusals.some((m) => /mcp\.json: it is outside the workspace folders/.test(m)),
      refusals.join('\n'),
    );
    assert.ok(
      refusals.some((m) => /linked-mcp\.json: it is outside the workspace folders \(it links to/.test(m)),
      refusals.join('\n'),
    );
    assert.ok(
      refusals.some((m) => /big-mcp\.json: it is 1\.\d MB, over the 1 MB limit/.test(m)),
      refusals.join('\n'),
    );
    if (madeFifo)
      assert.ok(
        refusals.some((m) => /fifo-mcp\.json: it is a FIFO/.test(m)),
        refusals.join('\n'),
      );
  });

  it('in a restricted workspace a closed file is not read; open documents are still reported', async () => {
    const ws = TempWorkspace.create('mission');
    ws.write('team/team-mcp.json', TEAM_CATALOG);
    const client = await start(ws, { initializationOptions: { workspaceTrusted: false } });
    const uri = client.open(ws.path('mcp.json'));
    const team = ws.uri('team/team-mcp.json');
    const report = await pull(client, [{ uri: team, value: 'x' }]);
    assert.ok(fullItems(report, uri).length > 0);
    assert.equal(item(report, team), undefined, 'the closed catalog is left out');
    await client.waitForLog((line) => /team-mcp\.json: it is not open, and a restricted workspace reads no file/.test(line.message));
    // Trust granted: the next pull reads it.
    client.notify('mcpCatalog/trustChanged', { trusted: true });
    await client.waitFor('a refresh', () => (client.diagnosticRefreshes > 0 ? true : undefined));
    const trusted = await pull(client, idsOf(report, [{ uri: team, value: 'x' }]));
    assert.deepEqual(codesOf(fullItems(trusted, team)), ['timeout-range']);
  });

  it('holds an unchanged pull until a file on disk changes, then reports the affected closed catalog in full', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await start(ws);
    const catalog = ws.uri('mcp.json');
    const first = await pull(client, [{ uri: catalog, value: 'x' }]);
    assert.ok(codesOf(fullItems(first, catalog)).includes('undefined-root'), 'the closed catalog names a root the index lacks');
    const held = heldPull(client, idsOf(first));
    // Other requests are answered while the workspace pull waits.
    await waitForHolding(client, 1);
    await client.request('textDocument/diagnostic', { textDocument: { uri: catalog }, previousResultId: item(first, catalog)!.resultId });
    await client.roundTrip();
    assert.deepEqual(held.state, {}, 'nothing changed: the workspace pull is still open');

    const roots = JSON.parse(ws.read('roots.json')) as Record<string, unknown>;
    roots.nightly = { display_name: 'Nightly', description: 'Nightly runs.' };
    ws.write('roots.json', JSON.stringify(roots, null, 2));
    client.didChangeWatchedFiles([{ path: ws.path('roots.json'), type: FileChange.Changed }]);
    await held.sent;
    assert.ok(held.state.answer, `answered: ${JSON.stringify(held.state.error)}`);
    assert.ok(!codesOf(fullItems(held.state.answer, catalog)).includes('undefined-root'), 'the new root is seen');
    assert.ok(client.diagnosticRefreshes > 0, 'open documents are asked for again as before');
  });

  it('a held pull honours cancellation, and a closed document is reported from disk after the next answer', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await start(ws);
    const uri = client.open(ws.path('mcp.json'));
    const first = await pull(client);
    const source = new CancellationTokenSource();
    const held = heldPull(client, idsOf(first), source);
    await waitForHolding(client, 1);
    held.cancel();
    await held.sent;
    assert.equal(held.state.error?.code, LSPErrorCodes.RequestCancelled);

    // Unsaved edit, then the document closes without saving: the next answers report the file on disk.
    const text = client.document(uri).getText();
    client.edit(uri, [{ range: rangeIn(text, '"startup_timeout_sec": 4,', '4'), text: '5' }]);
    const edited = await pull(client, idsOf(first));
    const closing = heldPull(client, idsOf(edited, idsOf(first)));
    await waitForHolding(client, 2);
    client.close(uri);
    await closing.sent;
    assert.ok(closing.state.answer);
    assert.equal(item(closing.state.answer, uri), undefined, 'the answer right after the close leaves the file out');
    const after = await pull(client, idsOf(closing.state.answer, idsOf(edited, idsOf(first))));
    assert.deepEqual(codesOf(fullItems(after, uri)), codesOf(fullItems(first, uri)), 'the file as saved on disk');
    assert.equal(item(after, uri)!.version, null);
    // Reported in full once, whatever id the client sent; then unchanged.
    const resent = await pull(client, idsOf(after, idsOf(closing.state.answer, idsOf(edited, idsOf(first)))));
    assert.equal(item(resent, uri)!.kind, 'unchanged');
  });

  it('a file the user switched out of our modes (mcpCatalog/optedOut) is cleared once, then left out', async () => {
    const ws = TempWorkspace.create('mission');
    const catalog = ws.uri('mcp.json');
    const client = await start(ws, { initializationOptions: { optedOut: [ws.uri('roots.json')] } });
    const first = await pull(client, [
      { uri: catalog, value: 'x' },
      { uri: ws.uri('roots.json'), value: 'x' },
    ]);
    assert.ok(fullItems(first, catalog).length > 0);
    assert.equal(item(first, ws.uri('roots.json')), undefined, 'opted out from the start: never read');
    client.notify('mcpCatalog/optedOut', { uris: [catalog] });
    const cleared = await pull(client, idsOf(first));
    assert.deepEqual(fullItems(cleared, catalog), [], 'what the client shows is cleared');
    const after = await pull(client, idsOf(cleared, idsOf(first)));
    assert.equal(item(after, catalog), undefined, 'then left out');
  });

  it('a client without textDocument.diagnostic gets no diagnosticProvider and keeps pushed diagnostics', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await start(ws, { capabilities: Capabilities.vscodeLike(), settings: { mcpCatalog: { validation: { delay: 0 }, readProcessEnv: false } } });
    assert.equal(client.initializeResult.capabilities.diagnosticProvider, undefined);
    const uri = client.open(ws.path('mcp.json'));
    const published = await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok(published.diagnostics.length > 0);
  });
});
