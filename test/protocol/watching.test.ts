/**
 * A catalog's diagnostics follow its roots index and env files: on disk (through the client's
 * workspace/didChangeWatchedFiles, or the server's own fs.watch fallback for clients that cannot
 * watch files) and unsaved in the editor.
 */
import * as assert from 'node:assert/strict';
import { unlinkSync } from 'node:fs';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Capabilities, FileChange, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, codesOf, rangeIn, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

/** The names flagged as undefined roots, sorted. */
const undefinedRoots = (diagnostics: Diagnostic[]): string[] =>
  withCode(diagnostics, 'undefined-root')
    .map((d) => String((d.data as { name: string }).name))
    .sort();

const sameNames = (expected: string[]) => (diagnostics: Diagnostic[]) => JSON.stringify(undefinedRoots(diagnostics)) === JSON.stringify(expected);

/** The mission roots index with more (or fewer) roots. */
function rootsText(names: string[]): string {
  const roots = Object.fromEntries(names.map((name) => [name, { description: `The ${name} root.` }]));
  return `${JSON.stringify({ $schema: 'https://pulsemcp.github.io/air/schemas/roots.schema.json', ...roots }, null, 2)}\n`;
}

describe('protocol: diagnostics follow the files a catalog depends on', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('revalidates when the client reports a roots index change (workspace/didChangeWatchedFiles)', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const registration = await client.waitForRegistration('workspace/didChangeWatchedFiles');
    const globs = (registration.registerOptions as { watchers: { globPattern: unknown }[] }).watchers.map((w) => w.globPattern);
    assert.ok(globs.includes('**/*.json'), `watches JSON files: ${JSON.stringify(globs)}`);

    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1, match: sameNames(['nightly']) });

    // The roots index gains "nightly": the error goes, the rest stays.
    ws.write('roots.json', rootsText(['zimmer', 'nightly']));
    let mark = client.mark();
    client.didChangeWatchedFiles([{ path: ws.path('roots.json'), type: FileChange.Changed }]);
    const fixed = await client.waitForDiagnostics(uri, { since: mark, match: sameNames([]) });
    assert.equal(withCode(fixed.diagnostics, 'timeout-range').length, 1, 'the other diagnostics stay');

    // … and loses "zimmer": both references to it become errors.
    ws.write('roots.json', rootsText(['nightly']));
    mark = client.mark();
    client.didChangeWatchedFiles([{ path: ws.path('roots.json'), type: FileChange.Changed }]);
    await client.waitForDiagnostics(uri, { since: mark, match: sameNames(['zimmer', 'zimmer']) });

    // Deleted: no roots index, so no undefined-root, and one roots-not-found information.
    unlinkSync(ws.path('roots.json'));
    mark = client.mark();
    client.didChangeWatchedFiles([{ path: ws.path('roots.json'), type: FileChange.Deleted }]);
    const gone = await client.waitForDiagnostics(uri, { since: mark, match: (d) => withCode(d, 'roots-not-found').length > 0 });
    assert.deepEqual(undefinedRoots(gone.diagnostics), []);
    assert.equal(withCode(gone.diagnostics, 'roots-not-found').length, 1, codesOf(gone.diagnostics).join());
    assert.equal(withCode(gone.diagnostics, 'roots-not-found')[0].severity, 3, 'roots-not-found is information');
  });

  it('revalidates on its own (fs.watch fallback) for a client without dynamic file watching', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ capabilities: Capabilities.withoutFileWatching(), workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1, match: sameNames(['nightly']) });
    assert.deepEqual(
      client.registrations.filter((r) => r.method === 'workspace/didChangeWatchedFiles'),
      [],
      'the server must not ask a client that cannot watch files to watch them',
    );

    // No notification from the client: the server has to notice the write itself.
    ws.write('roots.json', rootsText(['zimmer', 'nightly']));
    await client.waitForDiagnostics(uri, { match: sameNames([]) });

    ws.write('roots.json', rootsText(['nightly']));
    await client.waitForDiagnostics(uri, { match: sameNames(['zimmer', 'zimmer']) });

    // A new .env beside the catalog that sets the missing variable (an empty value would count as unset).
    ws.write('.env', 'MISSION_UNSET_TOKEN=set-in-dotenv\n');
    const resolved = await client.waitForDiagnostics(uri, { match: (d) => withCode(d, 'unresolved-variable').length === 0 });
    assert.deepEqual(undefinedRoots(resolved.diagnostics), ['zimmer', 'zimmer'], 'the roots state stays');
  });

  it('follows an unsaved roots index open in the client, and the disk again once it is closed', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const catalog = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(catalog, { version: 1, match: sameNames(['nightly']) });

    // Open the roots index with text that differs from the disk (never saved).
    const roots = client.open(ws.path('roots.json'), rootsText(['zimmer', 'nightly']));
    await client.waitForDiagnostics(catalog, { match: sameNames([]) });
    assert.equal(ws.read('roots.json').includes('nightly'), false, 'the disk still has the old roots index');

    // Edit it again: "zimmer" disappears in the editor only.
    client.change(roots, rootsText(['nightly']));
    await client.waitForDiagnostics(catalog, { match: sameNames(['zimmer', 'zimmer']) });

    // Closed without saving: back to what the disk says.
    client.close(roots);
    await client.waitForDiagnostics(catalog, { match: sameNames(['nightly']) });
  });

  it("updates a roots index's undefined-server when its catalog is edited in the client", async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const roots = client.open(ws.path('roots.json'));
    const first = await client.waitForDiagnostics(roots, { version: 1, match: (d) => withCode(d, 'undefined-server').length === 1 });
    assert.deepEqual(first.diagnostics.find((d) => d.code === 'undefined-server')!.range, rangeIn(ws.read('roots.json'), '"ghost-server"'));

    const text = ws.read('mcp.json');
    const catalog = client.open(ws.path('mcp.json'));
    client.change(catalog, text.replace('"quoted-timeout": {', '"ghost-server": { "type": "stdio", "command": "ghost" },\n  "quoted-timeout": {'));
    await client.waitForDiagnostics(roots, { match: (d) => withCode(d, 'undefined-server').length === 0 });
  });
});
