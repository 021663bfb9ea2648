/**
 * What VS Code asks after every version besides diagnostics — the readiness view, the outline and
 * folding — is served from the analysis of that version and from what the previous versions left
 * (their catalog view, each server's readiness: service/catalogView.ts, language/symbols.ts,
 * language/structure.ts). After a run of keystrokes each answer must be
 * exactly what a server that opened the same text afresh answers.
 */
import * as assert from 'node:assert/strict';
import type { DocumentSymbol, FoldingRange } from 'vscode-languageserver-protocol';
import type { ReadinessResult } from '../../shared/src/protocol';
import { Rng } from '../fuzz/rng';
import { Capabilities, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, missionWithCopies, removeAllWorkspaces, TempWorkspace } from './workspace';

/** Typing inside string values (the text stays JSON, so the server re-checks entry by entry). */
const TYPED = ['x', ' ', '${NOPE}', '${TOKEN}', '${', 'ghp_0123456789abcdefghijklmnopqrstuvwxyz', 'zimmer', '\\n'];

interface Answers {
  readiness: Omit<ReadinessResult, 'version'>;
  symbols: DocumentSymbol[];
  folding: FoldingRange[];
}

async function answers(client: LspClient, uri: string): Promise<Answers> {
  const [readiness, symbols, folding] = await Promise.all([
    client.request<ReadinessResult>('mcpCatalog/readiness', { uri }),
    client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } }),
    client.request<FoldingRange[]>('textDocument/foldingRange', { textDocument: { uri } }),
  ]);
  const { version: _version, ...rest } = readiness;
  return { readiness: rest, symbols, folding };
}

describe('protocol: readiness, outline and folding while typing answer what a fresh open answers', function () {
  this.timeout(120_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('after each of 25 keystrokes in a catalog of 70 servers, with a folding limit that keeps only the servers', async () => {
    const ws = TempWorkspace.create('mission');
    const base = missionWithCopies(ws, 60, (i) => ({
      env: { TOKEN: '${TOKEN:-none}', [`KEY_${i}`]: `\${KEY_${i}}` },
      ...(i % 7 === 0 ? { default_in_roots: ['docs'] } : {}),
    }));
    ws.write('mcp.json', JSON.stringify(base, null, 2));
    const capabilities = Capabilities.vscodeLike();
    capabilities.textDocument!.documentSymbol = { hierarchicalDocumentSymbolSupport: true };
    capabilities.textDocument!.foldingRange = { rangeLimit: 30, lineFoldingOnly: true };
    const start = () => LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), capabilities });
    const typing = await start();
    const fresh = await start();
    const uri = typing.open(ws.path('mcp.json'));
    await typing.waitForDiagnostics(uri, { version: 1 });
    await answers(typing, uri);
    const rng = Rng.forCase(2212, 1);
    let version = 1;
    let freshVersion = 0;
    for (let step = 0; step < 25; step++) {
      const document = typing.document(uri);
      const text = document.getText();
      const value = text.indexOf('": "', rng.between(1, text.length - 2));
      const at = document.positionAt((value > 0 ? value : text.indexOf('": "')) + 4 + rng.between(0, 1));
      version = typing.edit(uri, [{ range: { start: at, end: at }, text: rng.pick(TYPED) }], version + 1);
      await typing.waitForDiagnostics(uri, { version });
      const afterTyping = await answers(typing, uri);
      // The same text in a server that never saw the earlier versions.
      if (freshVersion > 0) fresh.close(uri);
      freshVersion++;
      fresh.openUri(uri, typing.document(uri).getText(), 'json', freshVersion);
      await fresh.waitForDiagnostics(uri, { version: freshVersion });
      assert.deepEqual(afterTyping, await answers(fresh, uri), `step ${step}`);
    }
    const last = await answers(typing, uri);
    assert.ok(last.readiness.servers.length >= 60 && last.symbols.length >= 60, 'the answers list the servers');
    assert.equal(last.folding.length, 30, 'the folding limit cut the list');
  });
});
