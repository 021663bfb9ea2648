/**
 * The editor adds `MALLOC_ARENA_MAX` to the server's environment (shared/src/serverProcess.ts);
 * with `mcpCatalog.readProcessEnv` on, a catalog's `${MALLOC_ARENA_MAX}` must still be judged by the
 * user's environment, not by what the editor added — and a value the user set is theirs.
 */
import * as assert from 'node:assert/strict';
import { addedServerEnvironment } from '../../shared/src/serverProcess';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

const CATALOG = `${JSON.stringify({ tool: { type: 'stdio', command: 'tool', env: { ARENAS: '${MALLOC_ARENA_MAX}' } } }, null, 2)}\n`;

describe('protocol: what the editor adds to the environment is not the user’s', function () {
  this.timeout(60_000);
  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function unresolved(env: Record<string, string>): Promise<string[]> {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    const client = await LspClient.start({ env, workspaceFolders: [ws.dir], settings: catalogSettings({ readProcessEnv: true }) });
    const uri = client.open(ws.path('mcp.json'));
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    return withCode(first.diagnostics, 'unresolved-variable').map((d) => (d.data as { name: string }).name);
  }

  it('a variable only the editor set resolves nowhere', async () => {
    const added = addedServerEnvironment({});
    assert.equal(added.MALLOC_ARENA_MAX, '1');
    assert.deepEqual(await unresolved(added), ['MALLOC_ARENA_MAX']);
  });

  it("the user's own value resolves it", async () => {
    const inherited = { MALLOC_ARENA_MAX: '4' };
    assert.deepEqual(await unresolved({ ...inherited, ...addedServerEnvironment(inherited) }), []);
  });
});
