/**
 * SPEC §12 over the protocol, in a repository whose air.json composes every index type
 * (test/fixtures/cross-references): each cross-reference kind, each path kind and the plugin cycle
 * arrive as diagnostics on the ID or path, with the closest ID as a quick fix, and go once each is
 * put right; a path that leaves the workspace (`..`, a link) is never followed, nor any path in a
 * restricted workspace; go to definition and rename cross index types.
 */
import * as assert from 'node:assert/strict';
import { cpSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic, Location, Range, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { PREVIEW_REQUEST, type PreviewResult } from '../../shared/src/protocol';
import { fileUri, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'cross-references');
const OURS = new Set([
  'undefined-reference',
  'undefined-root',
  'undefined-skill',
  'undefined-hook',
  'undefined-server',
  'undefined-plugin',
  'plugin-cycle',
  'path-not-found',
  'path-not-checked',
  'invalid-hook-json',
  'reference-not-checked',
  'duplicate-id',
]);

function inside(range: Range, delta = 1): Range['start'] {
  return { line: range.start.line, character: range.start.character + delta };
}

describe('protocol: references between indexes and artifact paths (SPEC §12)', function () {
  this.timeout(30_000);
  let ws: TempWorkspace;
  let client: LspClient;

  /** The fixture, with `references/LINK.md` a link to a file beside the workspace folder, which the reference `git-workflow` names. */
  async function start(options: { trusted?: boolean } = {}): Promise<void> {
    ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    writeFileSync(path.join(ws.dir, '..', `${path.basename(ws.dir)}-OUTSIDE.md`), '# Not the workspace\n');
    symlinkSync(path.join(ws.dir, '..', `${path.basename(ws.dir)}-OUTSIDE.md`), ws.path('references/LINK.md'));
    ws.write('references.json', ws.read('references.json').replace('"path": "references/GIT.md"', '"path": "references/LINK.md"'));
    client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings(),
      ...(options.trusted === false ? { initializationOptions: { workspaceTrusted: false } } : {}),
    });
  }

  beforeEach(async function () {
    if (this.currentTest?.title.includes('restricted workspace')) return;
    await start();
  });

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function diagnosticsOf(file: string): Promise<{ uri: string; diagnostics: Diagnostic[]; document: TextDocument }> {
    const text = ws.read(file);
    const uri = client.open(ws.path(file));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    return { uri, diagnostics: diagnostics.filter((d) => OURS.has(String(d.code))), document: TextDocument.create(uri, 'json', 1, text) };
  }

  async function ours(file: string): Promise<string[]> {
    const { diagnostics, document } = await diagnosticsOf(file);
    return diagnostics.map((d) => `${String(d.code)} ${d.severity} ${document.getText(d.range)}`);
  }

  it('reports every kind on the ID or path where it is written, at its severity', async () => {
    assert.deepEqual((await ours('plugins.json')).sort(), [
      'plugin-cycle 1 "@local/solo"',
      'plugin-cycle 1 "base"',
      'undefined-hook 1 "lnt"',
      'undefined-plugin 1 "bse"',
      'undefined-root 1 "weeb"',
      'undefined-server 1 "linaer"',
      'undefined-skill 1 "reviw"',
    ]);
    assert.deepEqual((await ours('skills.json')).sort(), [
      'path-not-found 2 "skills/review"',
      'reference-not-checked 3 "@acme/docs/style"',
      'undefined-reference 1 "git-workflw"',
      'undefined-root 1 "wbe"',
    ]);
    assert.deepEqual((await ours('hooks.json')).sort(), ['invalid-hook-json 2 "hooks/lint"', 'undefined-reference 1 "stagng"', 'undefined-root 1 "wb"']);
    assert.deepEqual((await ours('references.json')).sort(), [
      'path-not-checked 3 "../OUTSIDE.md"',
      'path-not-checked 3 "references/LINK.md"',
      'path-not-found 2 "references/STAGING.md"',
      'undefined-root 1 "wbb"',
    ]);
  });

  it('offers the closest ID as the preferred quick fix for every undefined ID, with related information at it', async () => {
    const expected: Record<string, string[]> = {
      'plugins.json': ['Change to "review"', 'Change to "linear"', 'Change to "lint"', 'Change to "base"', 'Change to "web"'],
      'hooks.json': ['Change to "staging"', 'Change to "web"'],
      'skills.json': ['Change to "git-workflow"', 'Change to "web"'],
      'references.json': ['Change to "web"'],
    };
    for (const [file, titles] of Object.entries(expected)) {
      const { uri, diagnostics } = await diagnosticsOf(file);
      const undefinedIds = diagnostics.filter((d) => String(d.code).startsWith('undefined-'));
      const preferred: string[] = [];
      for (const diagnostic of undefinedIds) {
        assert.match(diagnostic.message, / Did you mean "/, diagnostic.message);
        assert.ok((diagnostic.relatedInformation ?? []).length > 0, `related information for ${diagnostic.message}`);
        const actions = (await client.request<CodeAction[] | null>('textDocument/codeAction', {
          textDocument: { uri },
          range: diagnostic.range,
          context: { diagnostics: [diagnostic] },
        }))!;
        preferred.push(actions.find((action) => action.isPreferred)?.title ?? `none for ${diagnostic.message}`);
      }
      assert.deepEqual(preferred, titles, file);
    }
  });

  it('is silent once each is put right', async () => {
    const fix = (file: string, from: string, to: string): void => {
      assert.ok(ws.read(file).includes(from), `${file} holds ${from}`);
      ws.write(file, ws.read(file).replace(from, to));
    };
    for (const [from, to] of [
      ['"reviw"', '"review"'],
      ['"linaer"', '"linear"'],
      ['"lnt"', '"lint"'],
      ['"bse"', '"base"'],
      ['"weeb"', '"web"'],
      ['"plugins": ["suite"]', '"skills": ["deploy"]'],
      ['"plugins": ["@local/solo"]', '"hooks": ["@local/lint"]'],
    ])
      fix('plugins.json', from, to);
    fix('hooks.json', '"stagng"', '"staging"');
    fix('hooks.json', '"wb"', '"web"');
    fix('references.json', '"wbb"', '"web"');
    fix('references.json', '"../OUTSIDE.md"', '"references/GIT.md"');
    fix('references.json', '"references/LINK.md"', '"references/GIT.md"');
    fix('skills.json', '"git-workflw"', '"git-workflow"');
    fix('skills.json', '"wbe"', '"web"');
    fix('skills.json', ', "@acme/docs/style"', '');
    ws.write('skills/review/SKILL.md', '# Review\n');
    ws.write('hooks/lint/HOOK.json', '{"event": "pre_commit", "command": "npm", "args": ["run", "lint"]}\n');
    ws.write('references/STAGING.md', '# Staging\n');
    for (const file of ['plugins.json', 'skills.json', 'hooks.json', 'references.json']) assert.deepEqual(await ours(file), [], file);
  });

  it('follows no path in a restricted workspace, and still checks every ID', async () => {
    await start({ trusted: false });
    assert.deepEqual((await ours('references.json')).sort(), ['undefined-root 1 "wbb"']);
    assert.deepEqual((await ours('hooks.json')).sort(), ['undefined-reference 1 "stagng"', 'undefined-root 1 "wb"']);
  });

  it('goes to definition across index types: a reference, a plugin, a server and a root', async () => {
    const at = async (file: string, anchor: string, needle: string): Promise<Location[]> => {
      const uri = client.open(ws.path(file));
      await client.waitForDiagnostics(uri, { version: 1 });
      return client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: inside(rangeIn(ws.read(file), anchor, needle)) });
    };
    const key = (file: string, anchor: string, needle: string): Location => ({ uri: fileUri(ws.path(file)), range: rangeIn(ws.read(file), anchor, needle) });
    assert.deepEqual(await at('hooks.json', '["staging", "stagng"]', '"staging"'), [key('references.json', '"staging": {', '"staging"')]);
    assert.deepEqual(await at('plugins.json', '["base", "bse"]', '"base"'), [key('plugins.json', '"base": {', '"base"')]);
    assert.deepEqual(await at('plugins.json', '["linear", "linaer"]', '"linear"'), [key('mcp.json', '"linear": {', '"linear"')]);
    assert.deepEqual(await at('plugins.json', '["web", "weeb"]', '"web"'), [key('roots.json', '"web": {', '"web"')]);
    assert.deepEqual(await at('roots.json', '"default_skills": ["deploy"]', '"deploy"'), [key('skills.json', '"deploy": {', '"deploy"')]);
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

  /** Rename at `needle` (inside `anchor`) in `file`: the files edited, and each one's JSON after the edit. */
  async function rename(
    file: string,
    anchor: string,
    needle: string,
    newName: string,
  ): Promise<{ files: string[]; after(file: string): Record<string, Record<string, unknown>> }> {
    const uri = client.open(ws.path(file));
    await client.waitForDiagnostics(uri, { version: 1 });
    const edit = await client.request<WorkspaceEdit>('textDocument/rename', {
      textDocument: { uri },
      position: inside(rangeIn(ws.read(file), anchor, needle)),
      newName,
    });
    const byFile = new Map(Object.entries(edit.changes ?? {}).map(([changed, edits]) => [path.basename(new URL(changed).pathname), { changed, edits }]));
    return {
      files: [...byFile.keys()].sort(),
      after(name) {
        const { changed, edits } = byFile.get(name)!;
        return JSON.parse(TextDocument.applyEdits(TextDocument.create(changed, 'json', 1, ws.read(name)), edits)) as Record<string, Record<string, unknown>>;
      },
    };
  }

  it('renames a skill from its key in skills.json or from a plugin that lists it: the key, every plugin and a legacy default_skills', async () => {
    for (const [file, anchor] of [
      ['skills.json', '"deploy": {'],
      ['plugins.json', '["deploy", "reviw"]'],
    ]) {
      const edit = await rename(file, anchor, '"deploy"', 'ship');
      // roots.json too: its legacy default_skills names the skill (SPEC §4.4).
      assert.deepEqual(edit.files, ['plugins.json', 'roots.json', 'skills.json'], file);
      assert.deepEqual(edit.after('plugins.json').suite.skills, ['ship', 'reviw']);
      assert.deepEqual(edit.after('roots.json').api.default_skills, ['ship']);
      assert.ok('ship' in edit.after('skills.json'));
    }
  });

  it('renames a server from its catalog key in the plugins that bring it and a legacy default_mcp_servers', async () => {
    const edit = await rename('mcp.json', '"linear": {', '"linear"', 'tracker');
    assert.deepEqual(edit.files, ['mcp.json', 'plugins.json', 'roots.json']);
    assert.deepEqual(edit.after('plugins.json').suite.mcp_servers, ['tracker', 'linaer']);
    assert.deepEqual(edit.after('roots.json').api.default_mcp_servers, ['tracker']);
    assert.ok('tracker' in edit.after('mcp.json'));
  });

  it('renames a reference from a hook that lists it, and a plugin from a plugin that includes it', async () => {
    const reference = await rename('hooks.json', '["staging", "stagng"]', '"staging"', 'stage');
    assert.deepEqual(reference.files, ['hooks.json', 'references.json']);
    assert.deepEqual(reference.after('hooks.json').notify.references, ['stage', 'stagng']);
    assert.ok('stage' in reference.after('references.json'));
    const plugin = await rename('plugins.json', '["base", "bse"]', '"base"', 'core');
    assert.deepEqual(plugin.files, ['plugins.json']);
    assert.deepEqual(Object.keys(plugin.after('plugins.json')), ['suite', 'core', 'solo']);
    assert.deepEqual(plugin.after('plugins.json').suite.plugins, ['core', 'bse']);
  });

  it("a root's Claude preview says which server its plugin brings and that it is missing configuration", async () => {
    ws.write('mcp.json', '{\n  "linear": {\n    "type": "stdio",\n    "command": "linear-mcp",\n    "env": { "LINEAR_TOKEN": "${LINEAR_TOKEN}" }\n  }\n}\n');
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    const result = await client.request<PreviewResult>(PREVIEW_REQUEST, { uri, runtime: 'claude', root: 'web' });
    assert.ok(result.ok);
    assert.ok('linear' in (JSON.parse(result.config.files[0].content) as { mcpServers: object }).mcpServers);
    assert.deepEqual(
      (result.config.notes ?? []).filter((note) => note.startsWith('"linear"') || note.startsWith('A session on root')),
      [
        'A session on root "web" is warned: preparing the session is expected to fail until LINEAR_TOKEN is set.',
        '"linear" comes with plugin "suite": missing config (LINEAR_TOKEN).',
      ],
    );
  });

  it('reports one skill ID in two skills indexes of the air.json, with related information at the other', async () => {
    ws.write('air.json', ws.read('air.json').replace('"skills": ["./skills.json"]', '"skills": ["./skills.json", "./team-skills.json"]'));
    ws.write('team-skills.json', '{\n  "review": { "description": "The team review.", "path": "skills/deploy" }\n}\n');
    const { diagnostics, document } = await diagnosticsOf('team-skills.json');
    assert.deepEqual(
      diagnostics.map((d) => `${String(d.code)} ${d.severity} ${document.getText(d.range)}`),
      ['duplicate-id 1 "review"'],
    );
    assert.deepEqual(
      diagnostics[0].relatedInformation?.map((r) => r.location.uri),
      [fileUri(ws.path('skills.json'))],
    );
  });
});
