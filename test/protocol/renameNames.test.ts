/**
 * Renaming a root changes nothing but names (SPEC §4.4): the root's key, its references, and the
 * root's own `name` field when it repeats the key. VS Code saves every file a multi-file rename
 * touched (`files.refactoring.autoSave`), and that save counts as explicit, so with
 * `"source.fixAll.mcp-catalog": "explicit"` it asks for fix-all: the rename's own result must not
 * get one, or an unsaved `startup_timeout_sec: 4` elsewhere becomes 5 on a rename.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');
const FIX_ALL = 'source.fixAll.mcp-catalog';

const apply = (text: string, edits: TextEdit[]): string => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);

describe('protocol: a rename changes nothing but names', function () {
  this.timeout(30_000);

  let ws: TempWorkspace;
  let client: LspClient;

  beforeEach(async () => {
    ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    // Zimmer's roots repeat their key in a `name` field (corpus/zimmer-roots.json).
    ws.write(
      'roots.json',
      ws
        .read('roots.json')
        .replace('"zimmer": {\n', '"zimmer": {\n    "name": "zimmer",\n')
        .replace('"strad": {\n', '"strad": {\n    "name": "the Strad app",\n'),
    );
    client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
  });

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function renameZimmer(catalogUri: string, catalogText: string): Promise<WorkspaceEdit> {
    const position = rangeIn(catalogText, '["zimmer", "strad"]', 'zimmer').start;
    return client.request<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: catalogUri }, position, newName: 'conductor' });
  }

  it("renames the root's name field that equals its key, and no other name", async () => {
    const catalogUri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(catalogUri, { version: 1 });
    const roots = ws.read('roots.json');
    const edit = await renameZimmer(catalogUri, ws.read('mcp.json'));
    const renamed = apply(roots, edit.changes![ws.uri('roots.json')]);
    const parsed = JSON.parse(renamed) as Record<string, { name?: string }>;
    assert.equal(parsed.conductor.name, 'conductor');
    assert.equal(parsed.strad.name, 'the Strad app');
    assert.equal(renamed.replace(/conductor/g, 'zimmer'), roots, 'only names changed');
  });

  it('offers no fix-all for the save a rename triggers, so an unsaved timeout elsewhere stays 4', async () => {
    const original = ws.read('mcp.json');
    const unsaved = original.replace('"startup_timeout_sec": 300', '"startup_timeout_sec": 4');
    const catalogUri = client.open(ws.path('mcp.json'), unsaved);
    const rootsUri = ws.uri('roots.json');
    await client.waitForDiagnostics(catalogUri, { version: 1, match: (d) => d.some((x) => x.code === 'timeout-range') });
    const edit = await renameZimmer(catalogUri, unsaved);

    // What VS Code does: apply the edit (opening roots.json in the background), then save every
    // touched file with an explicit save, whose participants ask for fix-all.
    const version = client.change(catalogUri, apply(unsaved, edit.changes![catalogUri]));
    client.open(ws.path('roots.json'));
    const rootsVersion = client.change(rootsUri, apply(ws.read('roots.json'), edit.changes![rootsUri]));
    await client.waitForDiagnostics(catalogUri, { version });
    await client.waitForDiagnostics(rootsUri, { version: rootsVersion });
    for (const uri of [catalogUri, rootsUri]) {
      const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
        context: { diagnostics: [], only: [FIX_ALL], triggerKind: 2 },
      });
      assert.deepEqual(
        actions.filter((action) => action.kind === FIX_ALL),
        [],
        `no fix-all for the rename's own result in ${path.basename(uri)}`,
      );
    }

    // A change of the author's own afterwards is theirs: the next save fixes again.
    const typed = client.change(catalogUri, client.document(catalogUri).getText().replace('"title": "GitHub"', '"title": "GitHub!"'));
    await client.waitForDiagnostics(catalogUri, { version: typed });
    const later = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri: catalogUri },
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      context: { diagnostics: [], only: [FIX_ALL], triggerKind: 2 },
    });
    const fixAll = later.find((action) => action.kind === FIX_ALL);
    assert.ok(fixAll?.edit, 'fix-all is offered again after an edit of the author');
    const fixed = apply(client.document(catalogUri).getText(), fixAll.edit.changes![catalogUri]);
    assert.match(fixed, /"startup_timeout_sec": 5/);
  });
});
