/**
 * Pull and push (server/src/lsp/diagnosticsChannel.ts, bench/NOTES.md): a client that announces
 * `textDocument.diagnostic` (VS Code's LanguageClient 9) pulls the diagnostics and gets `unchanged`
 * when an edit changed no finding; any other client gets them pushed, and never the same set twice.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic, DocumentDiagnosticReport, Range } from 'vscode-languageserver-protocol';
import { Capabilities, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

/** The range of the `n`-th character inside the first occurrence of `needle`'s value text. */
function rangeInside(text: string, needle: string, at = 1): Range {
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, `${needle} is in the fixture`);
  const position = (o: number) => {
    const before = text.slice(0, o);
    const line = before.split('\n').length - 1;
    return { line, character: o - (before.lastIndexOf('\n') + 1) };
  };
  return { start: position(offset + at), end: position(offset + at + 1) };
}

function pulling() {
  const capabilities = Capabilities.vscodeLike();
  capabilities.textDocument!.diagnostic = { dynamicRegistration: true, relatedDocumentSupport: false };
  capabilities.workspace!.diagnostics = { refreshSupport: true };
  return capabilities;
}

const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => d.code).sort();

describe('protocol: pulled and pushed diagnostics', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('push: an edit that changes no finding publishes nothing; one that does publishes the new set', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok(first.diagnostics.length > 0, 'the fixture has findings');
    const text = client.document(uri).getText();
    // A character of a title: no rule reports on titles' wording.
    const mark = client.mark();
    const v2 = client.edit(uri, [{ range: rangeInside(text, '"Too short"'), text: 'X' }]);
    await client.waitForNotification<{ uri: string; version: number }>('mcpCatalog/documentAnalysed', (p) => p.uri === uri && p.version === v2);
    await client.roundTrip();
    assert.equal(client.publicationsFor(uri).filter((p) => p.seq > mark).length, 0, 'no publishDiagnostics for an edit that changed no finding');
    // Quoting the fractional timeout's value changes its finding: that is published.
    const edited = client.document(uri).getText();
    const v3 = client.edit(uri, [{ range: rangeInside(edited, '"startup_timeout_sec": 4,', '"startup_timeout_sec": '.length), text: '5' }]);
    const changed = await client.waitForDiagnostics(uri, { version: v3 });
    assert.equal(client.publicationsFor(uri).filter((p) => p.seq > mark).length, 1, 'one publication, for the edit that changed a finding');
    assert.notDeepEqual(changed.diagnostics, first.diagnostics);
  });

  it('pull: the server offers diagnostics, answers unchanged for an edit that changes no finding, and never pushes', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: {} }, capabilities: pulling() });
    assert.ok(client.initializeResult.capabilities.diagnosticProvider, 'diagnosticProvider announced');
    const uri = client.open(ws.path('mcp.json'));
    const pull = (previousResultId?: string) =>
      client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
    const full = await pull();
    assert.equal(full.kind, 'full');
    assert.ok(full.kind === 'full' && full.items.length > 0 && full.resultId);
    const text = client.document(uri).getText();
    // Default settings: a 200 ms validation delay for pushes, none for pulls.
    client.edit(uri, [{ range: rangeInside(text, '"Too short"'), text: 'X' }]);
    const unchanged = await pull(full.resultId);
    assert.deepEqual(unchanged, { kind: 'unchanged', resultId: full.resultId });
    const edited = client.document(uri).getText();
    client.edit(uri, [{ range: rangeInside(edited, '"startup_timeout_sec": 4,', '"startup_timeout_sec": '.length), text: '5' }]);
    const next = await pull(full.resultId);
    assert.equal(next.kind, 'full');
    assert.ok(next.kind === 'full' && next.resultId !== full.resultId);
    assert.notDeepEqual(codes(next.kind === 'full' ? next.items : []), codes(full.items));
    // Without a previous id (a client that lost it) the set comes in full, under the same id.
    const again = await pull();
    assert.ok(
      again.kind === 'full' && again.resultId === (next as { resultId: string }).resultId && again.items.length === (next as { items: unknown[] }).items.length,
    );
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the push delay: still nothing pushed
    await client.roundTrip();
    assert.equal(client.publicationsFor(uri).length, 0, 'a pulling client gets no publishDiagnostics');
  });

  it('pull: a change to the roots index the catalog reads asks the client to pull again', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: {} }, capabilities: pulling() });
    const uri = client.open(ws.path('mcp.json'));
    await client.request('textDocument/diagnostic', { textDocument: { uri } });
    const rootsUri = client.open(ws.path('roots.json'));
    await client.request('textDocument/diagnostic', { textDocument: { uri: rootsUri } });
    const roots = client.document(rootsUri).getText();
    client.edit(rootsUri, [
      { range: { start: client.document(rootsUri).positionAt(roots.length - 1), end: client.document(rootsUri).positionAt(roots.length - 1) }, text: ' ' },
    ]);
    await client.waitFor('a workspace/diagnostic/refresh request', () => (client.diagnosticRefreshes > 0 ? true : undefined));
  });

  it('pull: closing a document no other reads asks for no pull and checks nothing again; closing one another reads does', async () => {
    const ws = TempWorkspace.create('mission');
    const elsewhere = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir, elsewhere.dir], settings: { mcpCatalog: {} }, capabilities: pulling() });
    const pull = (uri: string, previousResultId?: string) =>
      client.request<DocumentDiagnosticReport>('textDocument/diagnostic', { textDocument: { uri }, previousResultId });
    const catalog = client.open(ws.path('mcp.json'));
    const first = await pull(catalog);
    const other = client.open(elsewhere.path('mcp.json'));
    await pull(other);
    const analysed = () =>
      client.notifications.filter((n) => n.method === 'mcpCatalog/documentAnalysed' && (n.params as { uri: string }).uri === catalog).length;
    const checks = analysed();
    const refreshes = client.diagnosticRefreshes;

    // The other folder's catalog: nothing here read it.
    client.close(other);
    await client.roundTrip();
    assert.deepEqual(await pull(catalog, first.kind === 'full' ? first.resultId : undefined), {
      kind: 'unchanged',
      resultId: (first as { resultId: string }).resultId,
    });
    assert.equal(client.diagnosticRefreshes, refreshes, 'no pull asked for');
    assert.equal(analysed(), checks, 'the open catalog was not checked again');

    // The roots index the catalog reads: closing it sends the catalog back to the disk's index.
    const roots = client.open(ws.path('roots.json'));
    await pull(roots);
    await pull(catalog);
    const before = client.diagnosticRefreshes;
    client.close(roots);
    await client.waitFor('a workspace/diagnostic/refresh request', () => (client.diagnosticRefreshes > before ? true : undefined));
  });
});
