/**
 * The test client itself: a wait that can never be satisfied fails instead of hanging, a dead
 * server fails every wait at once, and no server process outlives its test.
 */
import * as assert from 'node:assert/strict';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('protocol: the test client', function () {
  this.timeout(20_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('reports its server and capabilities, and fails a wait that is never satisfied', async () => {
    const client = await LspClient.start({ settings: catalogSettings() });
    assert.equal(client.initializeResult.serverInfo?.name, 'mcp-catalog-language-server');
    assert.ok(client.initializeResult.capabilities.textDocumentSync, 'declares text document sync');
    // The wait itself must end (mocha's own timeout catches a hang; no clock is read here).
    await assert.rejects(
      client.waitForDiagnostics('file:///never/opened/mcp.json', { timeoutMs: 300 }),
      /timed out after 300 ms waiting for diagnostics of mcp\.json/,
    );
  });

  it('fails waits at once when the server dies, and stops every server it started', async () => {
    const ws = TempWorkspace.create('mission');
    const first = await LspClient.start({ settings: catalogSettings() });
    const second = await LspClient.start({ settings: catalogSettings() });
    const pids = [first.pid!, second.pid!];
    assert.ok(pids.every(isAlive));

    const waiting = first.waitForDiagnostics('file:///never/opened/mcp.json', { timeoutMs: 15_000 });
    first.kill();
    await assert.rejects(waiting, /server killed by SIGKILL/);
    await assert.rejects(first.request('shutdown'), /cannot send shutdown/);

    const uri = second.open(ws.path('mcp.json'));
    await second.waitForDiagnostics(uri, { version: 1 });
    await stopAllClients();
    assert.deepEqual(pids.filter(isAlive), []);
  });
});
