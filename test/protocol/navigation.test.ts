/**
 * Definition, references and rename through the bundled server, across a catalog,
 * a second catalog and the roots index an air.json composes; open documents count with their
 * unsaved text.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { Location, Range, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');

function inside(range: Range, delta = 1): Range['start'] {
  return { line: range.start.line, character: range.start.character + delta };
}

describe('protocol: definition, references and rename', function () {
  this.timeout(30_000);

  let ws: TempWorkspace;
  let client: LspClient;
  let catalog: string;
  let roots: string;
  let team: string;
  let catalogUri: string;
  let rootsUri: string;

  beforeEach(async () => {
    ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    catalog = ws.read('mcp.json');
    roots = ws.read('roots.json');
    team = ws.read('team-mcp.json');
    catalogUri = client.open(ws.path('mcp.json'));
    rootsUri = client.open(ws.path('roots.json'));
    await client.waitForDiagnostics(catalogUri, { version: 1 });
    await client.waitForDiagnostics(rootsUri, { version: 1 });
  });

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('advertises definition, references and rename with prepare', () => {
    const capabilities = client.initializeResult.capabilities;
    assert.equal(capabilities.definitionProvider, true);
    assert.equal(capabilities.referencesProvider, true);
    assert.deepEqual(capabilities.renameProvider, { prepareProvider: true });
  });

  it('goes from a default_in_roots item to the root key in the roots index', async () => {
    const position = inside(rangeIn(catalog, '"default_in_roots": ["zimmer", "strad"]', '"strad"'));
    const result = await client.request<Location[]>('textDocument/definition', { textDocument: { uri: catalogUri }, position });
    assert.deepEqual(result, [{ uri: rootsUri, range: rangeIn(roots, '"strad": {', '"strad"') }]);
  });

  it('goes from a default_mcp_servers item to the server key, in whichever catalog defines it', async () => {
    const figma = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '["figma", "@local/slack"]', '"figma"')),
    });
    assert.deepEqual(figma, [{ uri: catalogUri, range: rangeIn(catalog, '"figma": {', '"figma"') }]);
    const slack = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '"@local/slack"'), 4),
    });
    assert.deepEqual(slack, [{ uri: fileUri(ws.path('team-mcp.json')), range: rangeIn(team, '"slack": {', '"slack"') }]);
  });

  it("goes from a root's own default_in_roots item to the root key", async () => {
    const result = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '"default_in_roots": ["zimmer"]', '"zimmer"')),
    });
    assert.deepEqual(result, [{ uri: rootsUri, range: rangeIn(roots, '"zimmer": {', '"zimmer"') }]);
  });

  it('answers null where there is no definition', async () => {
    const result = await client.request<Location[] | null>('textDocument/definition', {
      textDocument: { uri: catalogUri },
      position: inside(rangeIn(catalog, '"command": "npx",\n    "args": ["-y", "@model', '"npx"')),
    });
    assert.equal(result, null);
  });

  it('finds every reference of a root across the roots index and both catalogs', async () => {
    const position = inside(rangeIn(roots, '"zimmer": {', '"zimmer"'));
    const result = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: rootsUri },
      position,
      context: { includeDeclaration: true },
    });
    const key = (l: Location) => `${path.basename(l.uri)}:${l.range.start.line}:${l.range.start.character}`;
    const expected: Location[] = [
      { uri: rootsUri, range: rangeIn(roots, '"zimmer": {', 'zimmer') },
      { uri: rootsUri, range: rangeIn(roots, '"default_in_roots": ["zimmer"]', 'zimmer') },
      { uri: catalogUri, range: rangeIn(catalog, '"default_in_roots": ["zimmer", "strad"]', 'zimmer') },
      { uri: catalogUri, range: rangeIn(catalog, '"default_in_roots": ["zimmer"]', 'zimmer') },
      { uri: fileUri(ws.path('team-mcp.json')), range: rangeIn(team, '"default_in_roots": ["zimmer"]', 'zimmer') },
    ];
    assert.deepEqual(result.map(key).sort(), expected.map(key).sort());
    assert.deepEqual(
      [...result].sort((a, b) => key(a).localeCompare(key(b))),
      [...expected].sort((a, b) => key(a).localeCompare(key(b))),
    );

    // The same set from a catalog's item, without the declaration.
    const fromCatalog = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: catalogUri },
      position: inside(rangeIn(catalog, '"default_in_roots": ["zimmer"]', '"zimmer"')),
      context: { includeDeclaration: false },
    });
    assert.equal(fromCatalog.length, 4);
    assert.ok(!fromCatalog.some((l) => l.uri === rootsUri && l.range.start.line === rangeIn(roots, '"zimmer": {').start.line));
  });

  it('sees unsaved edits in open documents', async () => {
    const edited = team.replace('"default_in_roots": ["zimmer"]', '"default_in_roots": ["zimmer", "strad"]');
    const teamUri = client.open(ws.path('team-mcp.json'), edited);
    await client.waitForDiagnostics(teamUri, { version: 1 });
    const result = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '"strad": {', '"strad"')),
      context: { includeDeclaration: true },
    });
    assert.equal(result.filter((l) => l.uri === teamUri).length, 1);
    assert.equal(result.length, 3);
  });

  it('prepares a rename on a root name and refuses other positions', async () => {
    const ok = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri: catalogUri },
      position: inside(rangeIn(catalog, '["zimmer", "strad"]', '"strad"')),
    });
    assert.deepEqual(ok, { range: rangeIn(catalog, '["zimmer", "strad"]', 'strad'), placeholder: 'strad' });
    // Server IDs are renamable too (SPEC §12): a catalog key, a default_mcp_servers item.
    const server = await client.request<{ range: Range; placeholder: string }>('textDocument/prepareRename', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '["figma", "@local/slack"]', '"@local/slack"'), 8),
    });
    assert.deepEqual(server, { range: rangeIn(roots, '["figma", "@local/slack"]', 'slack'), placeholder: 'slack' });
    for (const [uri, text, context, target] of [
      [catalogUri, catalog, '"default_in_roots": ["*"]', '"*"'],
      [rootsUri, roots, '"description": "The orchestrator."', '"description"'],
      [catalogUri, catalog, '"type": "streamable-http"', '"streamable-http"'],
    ]) {
      await assert.rejects(
        client.request('textDocument/prepareRename', { textDocument: { uri }, position: inside(rangeIn(text, context, target)) }),
        /Only IDs can be renamed/,
        `${context} should not be renamable`,
      );
    }
  });

  it('renames a root everywhere in one workspace edit', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: catalogUri },
      position: inside(rangeIn(catalog, '["zimmer", "strad"]', '"zimmer"')),
      newName: 'orchestrator',
    });
    const changes = edit.changes!;
    const teamUri = fileUri(ws.path('team-mcp.json'));
    assert.deepEqual(Object.keys(changes).sort(), [catalogUri, rootsUri, teamUri].sort());
    const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);
    const newRoots = JSON.parse(apply(roots, changes[rootsUri])) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(newRoots), ['$schema', 'orchestrator', 'strad']);
    assert.deepEqual(newRoots.strad.default_in_roots, ['orchestrator']);
    const newCatalog = JSON.parse(apply(catalog, changes[catalogUri])) as Record<string, Record<string, unknown>>;
    assert.deepEqual(newCatalog.github.default_in_roots, ['orchestrator', 'strad']);
    assert.deepEqual(newCatalog.figma.default_in_roots, ['orchestrator']);
    assert.deepEqual(newCatalog.linear.default_in_roots, ['*']);
    assert.deepEqual((JSON.parse(apply(team, changes[teamUri])) as Record<string, Record<string, unknown>>).slack.default_in_roots, ['orchestrator']);
    // Nothing outside the names changed.
    assert.equal(apply(catalog, changes[catalogUri]).replace(/orchestrator/g, 'zimmer'), catalog);
  });

  it('refuses an invalid or taken new name with a message', async () => {
    const position = inside(rangeIn(roots, '"zimmer": {', '"zimmer"'));
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: rootsUri }, position, newName: 'a b' }), /not a valid root name/);
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: rootsUri }, position, newName: 'team[1]' }), /not a valid root name/);
    await assert.rejects(client.request('textDocument/rename', { textDocument: { uri: rootsUri }, position, newName: 'strad' }), /already exists/);
  });

  it('renames a server across index types: its key in the catalog that defines it and every default_mcp_servers item, @local/ kept', async () => {
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '["figma", "@local/slack"]', '"@local/slack"'), 8),
      newName: 'team-chat',
    });
    const changes = edit.changes!;
    const teamUri = fileUri(ws.path('team-mcp.json'));
    assert.deepEqual(Object.keys(changes).sort(), [rootsUri, teamUri].sort());
    const apply = (text: string, edits: TextEdit[]) => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);
    assert.deepEqual((JSON.parse(apply(roots, changes[rootsUri])) as Record<string, Record<string, unknown>>).zimmer.default_mcp_servers, [
      'figma',
      '@local/team-chat',
    ]);
    assert.ok(Object.keys(JSON.parse(apply(team, changes[teamUri])) as object).includes('team-chat'));
    assert.equal(apply(team, changes[teamUri]).replace(/team-chat/g, 'slack'), team, 'nothing but the name changed');
    await assert.rejects(
      client.request('textDocument/rename', {
        textDocument: { uri: rootsUri },
        position: inside(rangeIn(roots, '["figma", "@local/slack"]', '"figma"')),
        newName: 'a b',
      }),
      /not a valid server ID/,
    );
  });

  it('finds a server from its catalog key in the roots index that lists it, and goes back to it', async () => {
    const found = await client.request<Location[]>('textDocument/references', {
      textDocument: { uri: catalogUri },
      position: inside(rangeIn(catalog, '"figma": {', '"figma"')),
      context: { includeDeclaration: true },
    });
    assert.deepEqual(found.map((location) => location.uri).sort(), [catalogUri, rootsUri].sort());
    const back = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri: rootsUri },
      position: inside(rangeIn(roots, '["figma", "@local/slack"]', '"figma"')),
    });
    assert.deepEqual(back, [{ uri: catalogUri, range: rangeIn(catalog, '"figma": {', '"figma"') }]);
  });
});
