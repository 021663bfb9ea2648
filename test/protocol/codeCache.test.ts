/**
 * The real built dist/server.js through its V8 code cache (server/src/serverLoader.ts,
 * bench/NOTES.md "Start-up"): the first start writes the cache into the folder the client names,
 * the second start uses it, and both publish the same diagnostics; a garbage cache file is
 * rejected, the server answers as ever, and the file is replaced.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { CODE_CACHE_DIR_VARIABLE } from '../../shared/src/serverProcess';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const CATALOG = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');

describe('protocol: the server through its V8 code cache', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  /** Start with `cacheDir`, check the catalog, and return what a user and the verbose log see. */
  async function session(ws: TempWorkspace, cacheDir: string, waitForWrite: boolean): Promise<{ diagnostics: Diagnostic[]; log: string[] }> {
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings(),
      trace: 'verbose',
      env: { [CODE_CACHE_DIR_VARIABLE]: cacheDir },
    });
    await client.waitForLog((line) => line.message.startsWith('Code cache: '));
    const published = await client.waitForDiagnostics(client.open(ws.path('mcp.json')), { version: 1 });
    if (waitForWrite) await client.waitForLog((line) => line.message.startsWith('Code cache: written to '));
    // The server still answers after the write.
    await client.request('textDocument/hover', { textDocument: { uri: ws.uri('mcp.json') }, position: { line: 1, character: 4 } });
    await client.stop();
    return { diagnostics: published.diagnostics, log: client.logs.map((line) => line.message).filter((message) => message.startsWith('Code cache: ')) };
  }

  const cacheFiles = (dir: string) => fs.readdirSync(dir).filter((name) => name.endsWith('.v8cache'));

  it('the first start writes the cache, the second uses it, and both publish the same diagnostics', async () => {
    const ws = TempWorkspace.create();
    fs.cpSync(CATALOG, ws.dir, { recursive: true });
    const cacheDir = ws.path('private/cache');
    const first = await session(ws, cacheDir, true);
    assert.match(first.log[0], /^Code cache: none yet at /);
    const [file] = cacheFiles(cacheDir);
    assert.ok(file, 'a cache file was written');
    assert.equal(fs.statSync(cacheDir).mode & 0o777, 0o700);
    assert.equal(fs.statSync(path.join(cacheDir, file)).mode & 0o777, 0o600);
    assert.ok(first.log[1].includes(path.join(cacheDir, file)), first.log.join('\n'));

    const second = await session(ws, cacheDir, false);
    assert.deepEqual(second.log, [`Code cache: used ${path.join(cacheDir, file)}.`]);
    assert.ok(first.diagnostics.length > 0, 'the catalog has findings');
    assert.deepEqual(second.diagnostics, first.diagnostics);
    assert.deepEqual(cacheFiles(cacheDir), [file]);
  });

  it('a garbage cache file is rejected and replaced, and the server still answers the same', async () => {
    const ws = TempWorkspace.create();
    fs.cpSync(CATALOG, ws.dir, { recursive: true });
    const cacheDir = ws.path('private/cache');
    const clean = await session(ws, cacheDir, true);
    const file = path.join(cacheDir, cacheFiles(cacheDir)[0]);
    const garbage = Buffer.from('not V8 code cache data at all\n'.repeat(100));
    fs.writeFileSync(file, garbage);

    const damaged = await session(ws, cacheDir, true);
    assert.match(damaged.log[0], /^Code cache: .* was rejected by V8 /);
    assert.deepEqual(damaged.diagnostics, clean.diagnostics);
    assert.ok(!fs.readFileSync(file).equals(garbage), 'the garbage was replaced');

    const again = await session(ws, cacheDir, false);
    assert.deepEqual(again.log, [`Code cache: used ${file}.`]);
    assert.deepEqual(again.diagnostics, clean.diagnostics);
  });
});
