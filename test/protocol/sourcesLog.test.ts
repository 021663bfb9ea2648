/**
 * The output channel says which files a catalog's check reads (the roots index, the air.json
 * composing it, the env files) when it is first checked, so a maintainer can see why a root or a
 * variable counts as defined. Names and paths only, never a value.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');

describe('protocol: the log names the files each catalog uses', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('logs the roots index, air.json and env files once, without values', async () => {
    const ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    ws.write('.env', 'GITHUB_TOKEN=planted-value-never-logged\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    await client.waitForLog((line) => /Workspace folders: /.test(line.message));
    const uri = client.open(ws.path('mcp.json'));
    const line = await client.waitForLog((l) => l.message.startsWith('mcp.json (catalog): '));
    assert.match(line.message, /roots index roots\.json \(via air\.json\)/);
    assert.match(line.message, new RegExp(`composed by ${ws.path('air.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    assert.match(line.message, new RegExp(`env file ${ws.path('.env').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    // A later version with the same sources logs nothing new.
    const version = client.change(uri, client.document(uri).getText().replace('"GitHub"', '"GitHub!"'));
    await client.waitForDiagnostics(uri, { version });
    assert.equal(client.logs.filter((l) => l.message.startsWith('mcp.json (catalog): ')).length, 1);
    assert.ok(!client.logs.some((l) => l.message.includes('planted-value-never-logged')));
  });
});
