/**
 * A glob in `.mcp-catalog.json` cannot freeze the language server (SPEC §8: never hang). The
 * `exclude` pattern `*a*a*…*b` beside a 40-character `aaaa…-mcp.json` blocked its event loop for
 * good when patterns were backtracking regular expressions; now matching is linear in pattern ×
 * name (server/src/service/glob.ts), trusted or restricted, so the file's diagnostics arrive.
 */
import * as assert from 'node:assert/strict';
import { LspClient, stopAllClients } from './lspClient';
import { removeAllWorkspaces, TempWorkspace } from './workspace';

const NAME = `${'a'.repeat(31)}-mcp.json`;

describe('protocol: a hostile exclude pattern', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  for (const trusted of [true, false]) {
    it(`the file beside it is checked, the server answers (${trusted ? 'trusted' : 'restricted'} workspace)`, async () => {
      const ws = TempWorkspace.create();
      ws.write('.mcp-catalog.json', '{"exclude": ["*a*a*a*a*a*a*a*a*a*a*a*a*a*b"]}\n');
      ws.write(NAME, `${JSON.stringify({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 4 } }, null, 2)}\n`);
      const client = await LspClient.start({
        workspaceFolders: [ws.dir],
        initializationOptions: { workspaceTrusted: trusted },
        settings: { mcpCatalog: { validation: { delay: 0 } } },
        timeoutMs: 20_000,
      });
      const { diagnostics } = await client.waitForDiagnostics(client.open(ws.path(NAME)), { version: 1 });
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['timeout-range'],
      );
    });
  }
});
