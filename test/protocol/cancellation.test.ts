/**
 * Every request honours `$/cancelRequest` (SPEC §8: "every request is
 * cancellable"). A request cancelled while its analysis is pending is answered with
 * RequestCancelled (-32800), not with a result nobody waits for; the same request, not
 * cancelled, still gets its real result, and the diagnostics of the document are still published.
 *
 * The order is deterministic, not timed: the server's first analysis of a document (and the first
 * after a settings change) waits for a `workspace/configuration` round trip, and this client writes
 * each request and its cancellation before it can answer that configuration request. So every
 * cancellation reaches the server while the request is queued or awaiting its analysis.
 */
import * as assert from 'node:assert/strict';
import { CancellationTokenSource, type MessageConnection } from 'vscode-jsonrpc/node';
import { LSPErrorCodes } from 'vscode-languageserver-protocol';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const SERVERS = 3_000;

/** A catalog large enough that analysing it takes a noticeable while; every 7th timeout is out of range. */
function bigCatalog(): string {
  const lines: string[] = [];
  for (let i = 0; i < SERVERS; i++) {
    lines.push(
      `  "server-${i}": { "type": "stdio", "command": "npx", "args": ["-y", "pkg-${i % 50}@1.0.0"], "env": { "TOKEN": "\${TOKEN_${i}}" }, "startup_timeout_sec": ${i % 7 === 0 ? 700 : 30} }`,
    );
  }
  return `{\n${lines.join(',\n')}\n}\n`;
}

interface Answer {
  result?: unknown;
  error?: { code: number; message: string };
}

interface Wanted {
  method: string;
  params: (uri: string, text: string) => unknown;
}

/** One request of each kind the server handles, aimed at a server in the middle of the catalog. */
const REQUESTS: Wanted[] = [
  { method: 'textDocument/hover', params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1500"').start }) },
  {
    method: 'textDocument/completion',
    params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1501": { "type": "stdio"', 'stdio').start }),
  },
  { method: 'textDocument/documentSymbol', params: (uri) => ({ textDocument: { uri } }) },
  {
    method: 'textDocument/codeAction',
    params: (uri, text) => ({
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: rangeIn(text, '"server-2999"').end },
      context: { diagnostics: [], only: ['source.fixAll.mcp-catalog'] },
    }),
  },
  { method: 'textDocument/definition', params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1500"').start }) },
  {
    method: 'textDocument/references',
    params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1500"').start, context: { includeDeclaration: true } }),
  },
  { method: 'textDocument/prepareRename', params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1500"').start }) },
  { method: 'textDocument/rename', params: (uri, text) => ({ textDocument: { uri }, position: rangeIn(text, '"server-1500"').start, newName: 'other' }) },
  { method: 'mcpCatalog/readiness', params: (uri) => ({ uri }) },
  { method: 'mcpCatalog/preview', params: (uri) => ({ uri, runtime: 'codex' }) },
  { method: 'mcpCatalog/translate', params: (uri) => ({ uri, target: 'vscode', servers: ['server-1500'] }) },
];

/** The requests whose uncancelled answer is a real (non-null) result on this catalog. */
const WITH_RESULTS = [
  'textDocument/hover',
  'textDocument/completion',
  'textDocument/documentSymbol',
  'mcpCatalog/readiness',
  'mcpCatalog/preview',
  'mcpCatalog/translate',
];

/** The client's jsonrpc connection: LspClient.request takes no cancellation token. */
function connectionOf(client: LspClient): MessageConnection {
  return (client as unknown as { connection: MessageConnection }).connection;
}

/** Send a request and, when asked, its `$/cancelRequest` right after it (same tick). */
async function send(client: LspClient, method: string, params: unknown, cancel: boolean): Promise<Answer> {
  const source = new CancellationTokenSource();
  const sent = connectionOf(client).sendRequest<unknown>(method, params, source.token);
  if (cancel) source.cancel();
  try {
    return { result: await sent };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code !== 'number') throw error;
    return { error: { code, message: String((error as Error).message) } };
  } finally {
    source.dispose();
  }
}

/** Every request of REQUESTS, each cancelled the moment it is sent; all sent in one tick. */
function sendAllCancelled(client: LspClient, uri: string, text: string): Promise<Answer[]> {
  return Promise.all(REQUESTS.map((request) => send(client, request.method, request.params(uri, text), true)));
}

/** Each request's answer must be the RequestCancelled error (-32800); the message lists every one that was not. */
function assertAllCancelled(answers: Answer[]): void {
  assert.equal(LSPErrorCodes.RequestCancelled, -32800);
  const wrong = answers.flatMap((answer, i) => {
    if (answer.error?.code === LSPErrorCodes.RequestCancelled) return [];
    const got = answer.error ? `error ${answer.error.code} ${answer.error.message}` : `result ${JSON.stringify(answer.result)?.slice(0, 120)}`;
    return [`${REQUESTS[i].method}: ${got}`];
  });
  assert.deepEqual(wrong, [], 'every cancelled request is answered with RequestCancelled');
}

async function assertRealResults(client: LspClient, uri: string, text: string): Promise<void> {
  for (const request of REQUESTS.filter((r) => WITH_RESULTS.includes(r.method))) {
    const answer = await send(client, request.method, request.params(uri, text), false);
    assert.equal(answer.error, undefined, `${request.method}: ${JSON.stringify(answer.error)}`);
    assert.ok(answer.result !== null && answer.result !== undefined, `${request.method}: no result`);
  }
}

describe('protocol: requests honour cancellation', function () {
  this.timeout(120_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it(`requests cancelled while a ${SERVERS.toLocaleString('en')}-server catalog is first analysed get RequestCancelled; uncancelled ones get results; diagnostics arrive`, async () => {
    const ws = TempWorkspace.create();
    const text = bigCatalog();
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), timeoutMs: 60_000 });
    const uri = client.open(ws.path('mcp.json'), text);
    const answers = await sendAllCancelled(client, uri, text);
    assertAllCancelled(answers);

    const published = await client.waitForDiagnostics(uri, { version: 1 });
    assert.equal(published.diagnostics.filter((d) => d.code === 'timeout-range').length, Math.ceil(SERVERS / 7), 'every out-of-range timeout is reported');

    await assertRealResults(client, uri, text);
    const hover = (await send(client, 'textDocument/hover', REQUESTS[0].params(uri, text), false)).result as { contents: { value: string } };
    assert.match(hover.contents.value, /server-1500|stdio/, 'the hover is about the server under the cursor');
    const symbols = (await send(client, 'textDocument/documentSymbol', { textDocument: { uri } }, false)).result as unknown[];
    assert.equal(symbols.length, SERVERS);
    assert.equal(
      client.logs
        .filter((line) => line.type === 1)
        .map((line) => line.message)
        .join('\n'),
      '',
      'a cancellation is no internal error',
    );
  });

  it('requests cancelled while an analysed catalog is re-analysed after a settings change get RequestCancelled; the new diagnostics still arrive', async () => {
    const ws = TempWorkspace.create();
    const text = bigCatalog();
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), timeoutMs: 60_000 });
    const uri = client.open(ws.path('mcp.json'), text);
    await client.waitForDiagnostics(uri, { version: 1 });
    await assertRealResults(client, uri, text);

    // Timeouts become errors: the server asks for the settings again and re-analyses the same version.
    const mark = client.mark();
    client.setSettings(catalogSettings({ severity: { 'timeout-range': 'error' } }));
    assertAllCancelled(await sendAllCancelled(client, uri, text));

    const republished = await client.waitForDiagnostics(uri, {
      since: mark,
      match: (diagnostics) => diagnostics.some((d) => d.code === 'timeout-range' && d.severity === 1),
    });
    assert.equal(republished.diagnostics.filter((d) => d.code === 'timeout-range').length, Math.ceil(SERVERS / 7));
    await assertRealResults(client, uri, text);
  });
});
