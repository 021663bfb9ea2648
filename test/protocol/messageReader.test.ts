import { strict as assert } from 'node:assert';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, codesOf, rangeIn, removeAllWorkspaces, single, TempWorkspace } from './workspace';

/**
 * The server reads stdio with vscode-languageserver's stream reader (lsp/protocolGuard.ts). Through the real server: bad framing and
 * malformed bodies are logged and skipped, and a catalog of more than a megabyte — characters
 * beyond ASCII, escapes in every entry — is the text the client sent, to the UTF-16 column.
 */

/** Over a megabyte: every entry's description has a quote, a backslash, an em dash and a character beyond the BMP. */
function largeCatalog(): string {
  const lines: string[] = [];
  const count = 8000;
  for (let i = 0; i < count; i++) {
    const timeout = i === count - 1 ? 12.5 : 30;
    lines.push(
      `  "srv-${i}": { "type": "streamable-http", "url": "https://example.com/mcp/${i}", "description": "Tools \\"${i}\\" — C:\\\\path 𝄞 é\\tend", "startup_timeout_sec": ${timeout} }`,
    );
  }
  // No line break after the last brace: a byte lost at the end is a syntax error.
  return `{\n${lines.join(',\n')}\n}`;
}

describe('protocol: the stdio message reader', function () {
  this.timeout(120_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('skips bad framing and malformed bodies, then reads a large catalog exactly as sent', async () => {
    const ws = TempWorkspace.create();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), timeoutMs: 60_000 });
    client.writeRaw(Buffer.from('X-Nothing: here\r\n\r\n'));
    client.writeRaw(Buffer.from('Content-Length: 9\r\n\r\n{"jsonrpc'));
    client.writeRaw(Buffer.from('garbage without a colon\r\n\r\n'));
    await client.roundTrip();

    const text = largeCatalog();
    assert.ok(Buffer.byteLength(text) > 1 << 20, 'large enough for the module');
    const uri = client.open(ws.write('big-mcp.json', text), text);
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1, timeoutMs: 60_000 });
    assert.deepEqual(codesOf(diagnostics), ['timeout-fractional']);
    // The column counts UTF-16 code units after 7,999 lines of escapes and surrogate pairs: one byte lost or
    // a character decoded wrong anywhere before it would move it.
    assert.deepEqual(single(diagnostics, 'timeout-fractional').range, rangeIn(text, '12.5'));
    assert.equal(client.hasExited, false);
    assert.doesNotMatch(client.stderr(), /RangeError|TypeError|FATAL/i);
  });
});
