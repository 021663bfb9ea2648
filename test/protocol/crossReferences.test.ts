/**
 * SPEC §12 over the protocol, in a repository whose air.json composes every index type
 * (test/fixtures/cross-references): each cross-reference kind, each path kind and the plugin cycle
 * arrive as diagnostics on the ID or path; go to definition and rename cross index types.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { fileUri, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'cross-references');
const OURS = new Set([
  'undefined-reference',
  'undefined-root',
  'undefined-skill',
  'undefined-hook',
  'undefined-server',
  'plugin-cycle',
  'path-not-found',
  'invalid-hook-json',
]);

function inside(range: Range, delta = 1): Range['start'] {
  return { line: range.start.line, character: range.start.character + delta };
}

describe('protocol: references between indexes and artifact paths (SPEC §12)', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let client: LspClient;

  beforeEach(async () => {
    ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
  });

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function ours(file: string): Promise<string[]> {
    const text = ws.read(file);
    const uri = client.open(ws.path(file));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    const document = TextDocument.create(uri, 'json', 1, text);
    return diagnostics.filter((d) => OURS.has(String(d.code))).map((d) => `${String(d.code)} ${d.severity} ${document.getText(d.range)}`);
  }

  it('reports every kind on the ID or path where it is written, at its severity', async () => {
    assert.deepEqual(await ours('plugins.json'), [
      'undefined-skill 1 "reviw"',
      'undefined-server 1 "linaer"',
      'undefined-hook 1 "lnt"',
      'plugin-cycle 1 "base"',
    ]);
    assert.deepEqual((await ours('skills.json')).sort(), ['path-not-found 2 "skills/review"', 'undefined-reference 1 "git-workflw"', 'undefined-root 1 "wbe"']);
    assert.deepEqual(await ours('hooks.json'), ['invalid-hook-json 2 "hooks/lint"']);
    assert.deepEqual(await ours('references.json'), ['path-not-found 2 "references/STAGING.md"']);
  });

  it('goes from a plugin’s skill to the skill’s key in skills.json', async () => {
    const plugins = ws.read('plugins.json');
    const uri = client.open(ws.path('plugins.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    const result = await client.request<Location[]>('textDocument/definition', {
      textDocument: { uri },
      position: inside(rangeIn(plugins, '["deploy", "reviw"]', '"deploy"')),
    });
    assert.deepEqual(result, [{ uri: fileUri(ws.path('skills.json')), range: rangeIn(ws.read('skills.json'), '"deploy": {', '"deploy"') }]);
  });

  it('renames a skill from its key in skills.json and in the plugins that list it, in one workspace edit', async () => {
    const skills = ws.read('skills.json');
    const uri = client.open(ws.path('skills.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: inside(rangeIn(skills, '"deploy": {', '"deploy"')),
      newName: 'ship',
    });
    const pluginsUri = fileUri(ws.path('plugins.json'));
    assert.deepEqual(Object.keys(edit.changes!).sort(), [pluginsUri, uri].sort());
    const apply = (text: string, uriOf: string): string => TextDocument.applyEdits(TextDocument.create(uriOf, 'json', 1, text), edit.changes![uriOf]);
    assert.deepEqual((JSON.parse(apply(ws.read('plugins.json'), pluginsUri)) as Record<string, { skills?: string[] }>).suite.skills, ['ship', 'reviw']);
    assert.ok('ship' in (JSON.parse(apply(skills, uri)) as object));
  });
});
