/**
 * Quick fixes and fix-all through the bundled server: textDocument/codeAction
 * for a published diagnostic returns its fix, computed from `data`; applying it makes the
 * diagnostic go away; `source.fixAll.mcp-catalog` returns one edit that fixes everything
 * unambiguous. Asserts with "includes", never on exact lists (clients add their own actions).
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { CodeAction, Diagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { ReadinessResult } from '../../shared/src/protocol';
import { Capabilities, FileChange, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, codesOf, removeAllWorkspaces, single, TempWorkspace } from './workspace';

const FIX_ALL = 'source.fixAll.mcp-catalog';

function capabilities() {
  const caps = Capabilities.vscodeLike();
  caps.workspace!.workspaceEdit = { documentChanges: true, resourceOperations: ['create'] };
  return caps;
}

async function codeActions(client: LspClient, uri: string, diagnostics: Diagnostic[], only?: string[]): Promise<CodeAction[]> {
  const range = diagnostics[0]?.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  return (await client.request<CodeAction[] | null>('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics, only } })) ?? [];
}

function titled(actions: CodeAction[], title: string): CodeAction {
  const action = actions.find((a) => a.title === title);
  assert.ok(action, `no action "${title}" among ${JSON.stringify(actions.map((a) => a.title))}`);
  return action;
}

const applyText = (text: string, edits: TextEdit[]): string => TextDocument.applyEdits(TextDocument.create('file:///x', 'json', 1, text), edits);

/** Apply a WorkspaceEdit to files on disk (and return the new text of open documents by URI). */
function applyWorkspaceEdit(edit: WorkspaceEdit, ws: TempWorkspace, open: Map<string, string>): Map<string, string> {
  const changed = new Map<string, string>();
  const textOf = (uri: string): string => changed.get(uri) ?? open.get(uri) ?? readOr(uri);
  const readOr = (uri: string): string => {
    const file = new URL(uri).pathname;
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  };
  for (const [uri, edits] of Object.entries(edit.changes ?? {})) changed.set(uri, applyText(textOf(uri), edits));
  for (const change of edit.documentChanges ?? []) {
    if ('kind' in change) {
      assert.equal(change.kind, 'create');
      if (!changed.has(change.uri)) changed.set(change.uri, textOf(change.uri));
    } else {
      changed.set(change.textDocument.uri, applyText(textOf(change.textDocument.uri), change.edits));
    }
  }
  for (const [uri, text] of changed) if (!open.has(uri)) ws.write(path.relative(ws.dir, new URL(uri).pathname), text);
  return changed;
}

describe('protocol: quick fixes and fix-all', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('advertises quickfix and source.fixAll.mcp-catalog', async () => {
    const client = await LspClient.start({ capabilities: capabilities(), settings: catalogSettings() });
    const provider = client.initializeResult.capabilities.codeActionProvider;
    assert.ok(provider && typeof provider === 'object');
    assert.ok(provider.codeActionKinds?.includes('quickfix'));
    assert.ok(provider.codeActionKinds?.includes(FIX_ALL));
  });

  it('returns the preferred fix for a diagnostic; applying it clears the diagnostic', async () => {
    const ws = TempWorkspace.create();
    const text = '{\n  "s": {\n    "type": "stdio",\n    "url": "https://x.example",\n    "command": "node"\n  }\n}\n';
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    const forbidden = single(diagnostics, 'forbidden-field');
    const actions = await codeActions(client, uri, [forbidden]);
    const fix = titled(actions, 'Remove "url"');
    assert.equal(fix.kind, 'quickfix');
    assert.equal(fix.isPreferred, true);
    assert.deepEqual(fix.diagnostics, [forbidden]);
    const after = applyText(text, fix.edit!.changes![uri]);
    assert.equal(after, '{\n  "s": {\n    "type": "stdio",\n    "command": "node"\n  }\n}\n');
    const version = client.change(uri, after);
    const next = await client.waitForDiagnostics(uri, { version });
    assert.equal(codesOf(next.diagnostics).includes('forbidden-field'), false);
  });

  it('offers "Show documentation for <code>" after the fixes, once per code; running it opens the page outside the editor', async () => {
    const ws = TempWorkspace.create();
    ws.write(
      'mcp.json',
      '{ "a": { "type": "stdio", "command": "node", "startup_timeout_sec": 4 }, "b": { "type": "stdio", "command": "node", "startup_timeout_sec": 4000 } }',
    );
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const ranges = (await client.waitForDiagnostics(uri, { version: 1 })).diagnostics.filter((d) => d.code === 'timeout-range');
    assert.equal(ranges.length, 2);
    const actions = await codeActions(client, uri, ranges);
    const docs = actions.filter((action) => action.title === 'Show documentation for timeout-range');
    assert.equal(docs.length, 1, 'one per code, not one per diagnostic');
    assert.equal(actions[actions.length - 1], docs[0], 'after every fix');
    assert.equal(docs[0].edit, undefined);
    await client.request('workspace/executeCommand', { command: docs[0].command!.command, arguments: docs[0].command!.arguments });
    assert.deepEqual(client.shownDocuments, [{ uri: 'https://github.com/mcp-catalog/mcp-catalog/blob/main/docs/rules/timeout-range.md', external: true }]);
    // The page is chosen by the server from a known code: an address sent by a client opens nothing.
    await client.request('workspace/executeCommand', { command: docs[0].command!.command, arguments: ['https://evil.example/'] });
    assert.equal(client.shownDocuments.length, 1);
  });

  it('offers no documentation action to a client that cannot show documents', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', '{ "a": { "type": "stdio", "command": "node", "startup_timeout_sec": 4 } }');
    const caps = capabilities();
    delete caps.window!.showDocument;
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: caps, settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const range = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'timeout-range');
    const titles = (await codeActions(client, uri, [range])).map((action) => action.title);
    assert.deepEqual(titles, ['Clamp to 5']);
  });

  it('offers no fix for a stale diagnostic (the document moved on)', async () => {
    const ws = TempWorkspace.create();
    const text = '{ "s": { "type": "stdio", "command": "node", "startup_timeout_sec": 4 } }';
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const old = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'timeout-range');
    const version = client.change(uri, text.replace(': 4 }', ': 4000 }'));
    await client.waitForDiagnostics(uri, { version });
    const actions = await codeActions(client, uri, [old]);
    assert.equal(
      actions.some((a) => a.title.startsWith('Clamp')),
      false,
      JSON.stringify(actions.map((a) => a.title)),
    );
  });

  it('unresolved-variable: NAME= into a created .env (CreateFile, ignoreIfExists), declare-known as a command, never a value', async () => {
    const ws = TempWorkspace.create();
    const text = '{ "r": { "type": "sse", "url": "https://x.example/sse", "headers": { "Authorization": "Bearer ${API_KEY}" } } }';
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const unresolved = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'unresolved-variable');
    const actions = await codeActions(client, uri, [unresolved]);

    const declare = titled(actions, 'Declare API_KEY known (mcpCatalog.knownVariables)');
    assert.deepEqual(declare.command, { title: declare.title, command: 'mcpCatalog.addKnownVariable', arguments: ['API_KEY', uri] });
    assert.equal(declare.edit, undefined);

    const add = titled(actions, 'Add API_KEY= to .env');
    const changes = add.edit!.documentChanges!;
    assert.deepEqual(changes[0], { kind: 'create', uri: ws.uri('.env'), options: { ignoreIfExists: true } });
    assert.deepEqual((changes[1] as { edits: TextEdit[] }).edits, [
      { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: 'API_KEY=\n' },
    ]);

    const mark = client.mark();
    applyWorkspaceEdit(add.edit!, ws, new Map([[uri, text]]));
    assert.equal(ws.read('.env'), 'API_KEY=\n');
    // A blank value still counts as unset: the user now fills it in; the fix never writes one.
    ws.write('.env', 'API_KEY=set-by-the-user\n');
    client.didChangeWatchedFiles([{ path: ws.path('.env'), type: FileChange.Created }]);
    const next = await client.waitForDiagnostics(uri, { since: mark });
    assert.equal(codesOf(next.diagnostics).includes('unresolved-variable'), false);
    assert.ok(!JSON.stringify(actions).includes('set-by-the-user'));
  });

  it('unresolved-variable: adding NAME= opens the dotenv file after the =, and then the diagnostic asks for a value', async () => {
    const ws = TempWorkspace.create();
    const text = '{ "r": { "type": "stdio", "command": "x", "env": { "TYPO_TOKEN": "${TYPO_TOKEN}" } } }';
    ws.write('mcp.json', text);
    ws.write('.env', 'OTHER=1');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const unresolved = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'unresolved-variable');
    assert.match(unresolved.message, /^TYPO_TOKEN is set in no source/);
    // The editor names the setting, never the flag; plain text; the rule's page is linked.
    assert.match(unresolved.message, /add TYPO_TOKEN to mcpCatalog\.knownVariables/);
    assert.doesNotMatch(unresolved.message, /--known|`/);
    assert.equal(unresolved.codeDescription?.href, 'https://github.com/mcp-catalog/mcp-catalog/blob/main/docs/rules/unresolved-variable.md');
    const add = titled(await codeActions(client, uri, [unresolved]), 'Add TYPO_TOKEN= to .env');
    assert.equal(add.command?.command, 'mcpCatalog.server.showLocation');
    assert.ok(client.initializeResult.capabilities.executeCommandProvider?.commands.includes('mcpCatalog.server.showLocation'));

    // The client applies the edit, then runs the command: the server asks it to show .env with the cursor after `=`.
    const mark = client.mark();
    applyWorkspaceEdit(add.edit!, ws, new Map([[uri, text]]));
    assert.equal(ws.read('.env'), 'OTHER=1\nTYPO_TOKEN=\n');
    await client.request('workspace/executeCommand', { command: add.command.command, arguments: add.command.arguments });
    const afterEquals = { line: 1, character: 'TYPO_TOKEN='.length };
    assert.deepEqual(client.shownDocuments, [{ uri: ws.uri('.env'), takeFocus: true, selection: { start: afterEquals, end: afterEquals } }]);

    // Still unset (empty), and now the message says so instead of "add it"; the fix goes to the line.
    client.didChangeWatchedFiles([{ path: ws.path('.env'), type: FileChange.Changed }]);
    const next = await client.waitForDiagnostics(uri, {
      since: mark,
      match: (d) => d.some((x) => x.code === 'unresolved-variable' && x.message.includes('empty')),
    });
    const empty = single(next.diagnostics, 'unresolved-variable');
    assert.match(empty.message, /^TYPO_TOKEN is empty in \.env, so [\w-]+ starts without it\. Give it a value there\./);
    assert.doesNotMatch(empty.message, /Add it/);
    const goThere = titled(await codeActions(client, uri, [empty]), 'Give TYPO_TOKEN a value in .env');
    assert.equal(goThere.edit, undefined, 'nothing is written');
    assert.deepEqual(goThere.command?.arguments, [ws.uri('.env'), afterEquals]);
    assert.ok(!(await codeActions(client, uri, [empty])).some((action) => action.title.startsWith('Add TYPO_TOKEN=')));
  });

  it('unresolved-variable: a client that cannot show documents gets the edit without a command', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', '{ "r": { "type": "stdio", "command": "x", "env": { "T": "${TYPO_TOKEN}" } } }');
    const caps = capabilities();
    delete caps.window!.showDocument;
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: caps, settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const unresolved = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'unresolved-variable');
    const add = titled(await codeActions(client, uri, [unresolved]), 'Add TYPO_TOKEN= to .env');
    assert.ok(add.edit);
    assert.equal(add.command, undefined);
  });

  it('undefined-root: adds a skeleton root to the roots index as a workspace edit', async () => {
    const ws = TempWorkspace.create();
    const text = '{\n  "s": { "type": "stdio", "command": "node", "default_in_roots": ["fleet"] }\n}\n';
    ws.write('mcp.json', text);
    ws.write('roots.json', '{\n  "zimmer": {\n    "description": "Z"\n  }\n}\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const undefinedRoot = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'undefined-root');
    const actions = await codeActions(client, uri, [undefinedRoot]);
    const add = titled(actions, 'Add root "fleet" to roots.json');
    assert.deepEqual(Object.keys(add.edit!.changes!), [ws.uri('roots.json')]);
    const mark = client.mark();
    applyWorkspaceEdit(add.edit!, ws, new Map([[uri, text]]));
    assert.equal(
      ws.read('roots.json'),
      '{\n  "zimmer": {\n    "description": "Z"\n  },\n  "fleet": {\n    "description": "TODO: describe this root"\n  }\n}\n',
    );
    client.didChangeWatchedFiles([{ path: ws.path('roots.json'), type: FileChange.Changed }]);
    const next = await client.waitForDiagnostics(uri, { since: mark });
    assert.equal(codesOf(next.diagnostics).includes('undefined-root'), false);
  });

  it('roots-not-found: creates the sibling roots.json with a root per name used, laid out like the catalog; never in fix-all', async () => {
    const ws = TempWorkspace.create();
    const text =
      '{\n    "$schema": "https://pulsemcp.github.io/air/schemas/mcp.schema.json",\n    "a": { "type": "stdio", "command": "a", "default_in_roots": ["web", "*", "@local/api"] },\n    "b": { "type": "stdio", "command": "b", "default_in_roots": ["api", "@acme/repo/x"] }\n}\n';
    ws.write('team-mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('team-mcp.json'));
    const notFound = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'roots-not-found');
    const create = titled(await codeActions(client, uri, [notFound]), 'Create team-roots.json with "web", "api"');
    assert.deepEqual(create.edit!.documentChanges![0], { kind: 'create', uri: ws.uri('team-roots.json'), options: { ignoreIfExists: true } });
    const fixAll = await codeActions(client, uri, [], [FIX_ALL]);
    assert.ok(!JSON.stringify(fixAll).includes('team-roots.json'), 'fix-all never creates a file');

    const mark = client.mark();
    applyWorkspaceEdit(create.edit!, ws, new Map([[uri, text]]));
    assert.equal(
      ws.read('team-roots.json'),
      '{\n    "$schema": "https://pulsemcp.github.io/air/schemas/roots.schema.json",\n    "web": {\n        "description": "TODO: describe this root"\n    },\n    "api": {\n        "description": "TODO: describe this root"\n    }\n}\n',
    );
    client.didChangeWatchedFiles([{ path: ws.path('team-roots.json'), type: FileChange.Created }]);
    const next = await client.waitForDiagnostics(uri, { since: mark });
    const left = codesOf(next.diagnostics);
    assert.ok(!left.includes('roots-not-found') && !left.includes('undefined-root'), JSON.stringify(next.diagnostics));
    // The new roots index is valid as it stands: a description placeholder, not an empty one.
    const rootsUri = client.open(ws.path('team-roots.json'));
    const rootsDiagnostics = (await client.waitForDiagnostics(rootsUri, { version: 1 })).diagnostics;
    assert.deepEqual(
      rootsDiagnostics.filter((d) => d.severity === 1 || d.severity === 2),
      [],
    );
  });

  it('roots-not-found: a single-line catalog gets a single-line roots.json beside it, and never one over an existing file', async () => {
    const ws = TempWorkspace.create();
    const text = '{ "a": { "type": "stdio", "command": "a", "default_in_roots": ["web"] } }\n';
    ws.write('inner/mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('inner/mcp.json'));
    const finding = single((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics, 'roots-not-found');
    // Beside the catalog (SPEC §10's sibling), named as the user knows it; one line, as the catalog is.
    const create = titled(await codeActions(client, uri, [finding]), 'Create inner/roots.json with "web"');
    assert.equal((create.edit!.documentChanges![1] as { edits: TextEdit[] }).edits[0].newText, '{ "web": { "description": "TODO: describe this root" } }\n');
    // A roots.json that appears (not yet a roots index the analysis saw) is never overwritten.
    ws.write('inner/roots.json', 'not json');
    assert.ok(!(await codeActions(client, uri, [finding])).some((a) => a.title.startsWith('Create ')));
  });

  it('legacy-root-membership: the quick fix moves the names into the catalog and the roots index; applied to both files, the recheck is clean', async () => {
    const ws = TempWorkspace.create();
    const catalogText =
      '{\n  "github": { "type": "stdio", "command": "gh" },\n  "lin": { "type": "stdio", "command": "lin", "default_in_roots": ["web"] },\n  "docs": { "type": "stdio", "command": "docs", "default_in_roots": ["*"] }\n}\n';
    const rootsText =
      '{\n  "web": {\n    "description": "W",\n    "default_mcp_servers": ["github", "@local/lin", "docs"],\n    "default_subagent_roots": ["api"]\n  },\n  "api": { "description": "A" }\n}\n';
    ws.write('mcp.json', catalogText);
    ws.write('roots.json', rootsText);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('roots.json'));
    const diagnostics = (await client.waitForDiagnostics(uri, { version: 1 })).diagnostics.filter((d) => d.code === 'legacy-root-membership');
    assert.equal(diagnostics.length, 2);
    // Never offered as fix-all: it edits other files.
    const fixAll = await codeActions(client, uri, [], [FIX_ALL]);
    assert.equal(fixAll.length === 0 || !JSON.stringify(fixAll).includes('default_in_roots'), true);

    const servers = diagnostics.find((d) => d.message.startsWith('default_mcp_servers'))!;
    const move = titled(await codeActions(client, uri, [servers]), 'Move "github", "@local/lin", "docs" to default_in_roots "web" (mcp.json)');
    assert.equal(move.isPreferred, true);
    let open = applyWorkspaceEdit(move.edit!, ws, new Map([[uri, rootsText]]));
    let current = open.get(uri)!;
    assert.equal(
      ws.read('mcp.json'),
      '{\n  "github": { "type": "stdio", "command": "gh", "default_in_roots": ["web"] },\n  "lin": { "type": "stdio", "command": "lin", "default_in_roots": ["web"] },\n  "docs": { "type": "stdio", "command": "docs", "default_in_roots": ["*"] }\n}\n',
    );
    assert.equal(current, '{\n  "web": {\n    "description": "W",\n    "default_subagent_roots": ["api"]\n  },\n  "api": { "description": "A" }\n}\n');

    let mark = client.mark();
    client.change(uri, current);
    client.didChangeWatchedFiles([{ path: ws.path('mcp.json'), type: FileChange.Changed }]);
    let next = await client.waitForDiagnostics(uri, { since: mark });
    const subagents = single(next.diagnostics, 'legacy-root-membership');
    const moveRoot = titled(await codeActions(client, uri, [subagents]), 'Move "api" to default_in_roots "web"');
    open = applyWorkspaceEdit(moveRoot.edit!, ws, new Map([[uri, current]]));
    current = open.get(uri)!;
    assert.equal(current, '{\n  "web": {\n    "description": "W"\n  },\n  "api": { "description": "A", "default_in_roots": ["web"] }\n}\n');
    mark = client.mark();
    client.change(uri, current);
    next = await client.waitForDiagnostics(uri, { since: mark });
    assert.deepEqual(codesOf(next.diagnostics), []);
  });

  it('legacy-root-membership: default_skills, default_hooks and default_plugins move into the sibling skills, hooks and plugins indexes (SPEC §12)', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', '{\n  "lin": { "type": "stdio", "command": "lin", "default_in_roots": ["web"] }\n}\n');
    ws.write('skills.json', '{\n  "review": { "description": "R", "path": "review" }\n}\n');
    ws.write('review/SKILL.md', '---\nname: review\ndescription: R\n---\n');
    ws.write('plugins.json', '{\n  "ci": { "description": "C", "mcp_servers": ["lin"] }\n}\n');
    const rootsText =
      '{\n  "web": {\n    "description": "W",\n    "default_skills": ["review"],\n    "default_plugins": ["@local/ci", "@acme/tools/remote"]\n  }\n}\n';
    ws.write('roots.json', rootsText);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('roots.json'));
    const diagnostics = (await client.waitForDiagnostics(uri, { version: 1 })).diagnostics.filter((d) => d.code === 'legacy-root-membership');
    assert.equal(diagnostics.length, 2);
    const skills = diagnostics.find((d) => d.message.startsWith('default_skills'))!;
    let open = applyWorkspaceEdit(
      titled(await codeActions(client, uri, [skills]), 'Move "review" to default_in_roots "web" (skills.json)').edit!,
      ws,
      new Map([[uri, rootsText]]),
    );
    let current = open.get(uri)!;
    assert.equal(ws.read('skills.json'), '{\n  "review": { "description": "R", "path": "review", "default_in_roots": ["web"] }\n}\n');
    assert.equal(current, '{\n  "web": {\n    "description": "W",\n    "default_plugins": ["@local/ci", "@acme/tools/remote"]\n  }\n}\n');

    const mark = client.mark();
    client.change(uri, current);
    client.didChangeWatchedFiles([{ path: ws.path('skills.json'), type: FileChange.Changed }]);
    const plugins = single((await client.waitForDiagnostics(uri, { since: mark })).diagnostics, 'legacy-root-membership');
    // The remote scope stays, pointed out where it is written.
    assert.deepEqual(
      plugins.relatedInformation?.map((r) => r.message),
      ['"@acme/tools/remote" stays: it is in a remote scope, which cannot be edited from here.'],
    );
    open = applyWorkspaceEdit(
      titled(await codeActions(client, uri, [plugins]), 'Move "@local/ci" to default_in_roots "web" (plugins.json)').edit!,
      ws,
      new Map([[uri, current]]),
    );
    current = open.get(uri)!;
    assert.equal(ws.read('plugins.json'), '{\n  "ci": { "description": "C", "mcp_servers": ["lin"], "default_in_roots": ["web"] }\n}\n');
    assert.equal(current, '{\n  "web": {\n    "description": "W",\n    "default_plugins": ["@acme/tools/remote"]\n  }\n}\n');
  });

  it('legacy-root-membership, every kind, over the protocol on CRLF and tab-indented files: applying each quick fix until none is left gives each root what the legacy index meant', async () => {
    const ws = TempWorkspace.create();
    const crlfTabs = (value: unknown): string => `${JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n')}\r\n`;
    ws.write(
      'mcp.json',
      crlfTabs({
        github: { type: 'stdio', command: 'gh' },
        lin: { type: 'stdio', command: 'lin', default_in_roots: ['web'] },
        docs: { type: 'stdio', command: 'docs', default_in_roots: ['*'] },
        search: { type: 'stdio', command: 'search', default_in_roots: ['@local/api'] },
        shared: { type: 'stdio', command: 'shared' },
      }),
    );
    ws.write(
      'skills.json',
      crlfTabs({ review: { description: 'R', path: 'review' }, deploy: { description: 'D', path: 'deploy', default_in_roots: ['api'] } }),
    );
    ws.write('review/SKILL.md', '---\nname: review\ndescription: R\n---\n');
    ws.write('deploy/SKILL.md', '---\nname: deploy\ndescription: D\n---\n');
    ws.write('hooks.json', crlfTabs({ lint: { description: 'L', path: 'lint' } }));
    ws.write('plugins.json', crlfTabs({ ci: { description: 'C', mcp_servers: ['shared'], skills: ['review'] } }));
    const rootsText = crlfTabs({
      web: {
        description: 'W',
        default_mcp_servers: ['github', '@local/lin', 'docs'],
        default_skills: ['review', '@local/deploy'],
        default_hooks: ['lint'],
        default_plugins: ['ci'],
        default_subagent_roots: ['api'],
      },
      api: {
        description: 'A',
        default_mcp_servers: ['@local/search', 'shared', 'github', '@acme/tools/remote'],
        default_skills: ['review'],
        default_plugins: ['@local/ci'],
      },
      ops: { description: 'O', default_mcp_servers: [], default_hooks: ['@local/lint'] },
    });
    ws.write('roots.json', rootsText);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('roots.json'));
    let current = rootsText;
    let diagnostics = (await client.waitForDiagnostics(uri, { version: 1 })).diagnostics;
    let applied = 0;
    for (let round = 0; round < 20; round++) {
      let action: CodeAction | undefined;
      for (const diagnostic of diagnostics.filter((d) => d.code === 'legacy-root-membership')) {
        action = (await codeActions(client, uri, [diagnostic])).find((a) => a.edit && /^(Move|Remove) /.test(a.title));
        if (action) break;
      }
      if (!action) break;
      const changed = applyWorkspaceEdit(action.edit!, ws, new Map([[uri, current]]));
      current = changed.get(uri) ?? current;
      applied++;
      const mark = client.mark();
      client.change(uri, current);
      const others = [...changed.keys()].filter((changedUri) => changedUri !== uri);
      if (others.length > 0) client.didChangeWatchedFiles(others.map((other) => ({ path: new URL(other).pathname, type: FileChange.Changed })));
      diagnostics = (await client.waitForDiagnostics(uri, { since: mark })).diagnostics;
    }
    assert.ok(applied >= 8, `${applied} quick fixes applied`);
    // Line ends and indentation are the files' own.
    for (const file of ['roots.json', 'mcp.json', 'skills.json', 'hooks.json', 'plugins.json']) {
      const text = file === 'roots.json' ? current : ws.read(file);
      assert.ok(!/[^\r]\n/.test(text), `${file} keeps CRLF`);
      assert.ok(!/\n {2}"/.test(text), `${file} keeps tabs`);
    }
    // What cannot move stays, and only that.
    assert.deepEqual(JSON.parse(current), {
      web: { description: 'W' },
      api: { description: 'A', default_mcp_servers: ['@acme/tools/remote'], default_in_roots: ['web'] },
      ops: { description: 'O' },
    });
    // The membership the server now computes (its readiness request) is what the legacy index meant.
    const readiness = await client.request<ReadinessResult>('mcpCatalog/readiness', { uri: ws.uri('mcp.json') });
    const byRoot = Object.fromEntries(
      readiness.roots.map((root) => [
        root.name,
        { servers: root.servers, plugins: root.plugins ?? [], skills: (root.skills ?? []).map((s) => s.id), hooks: (root.hooks ?? []).map((h) => h.id) },
      ]),
    );
    assert.deepEqual(byRoot, {
      web: { servers: ['github', 'lin', 'docs', 'shared'], plugins: ['ci'], skills: ['review', 'deploy'], hooks: ['lint'] },
      api: { servers: ['github', 'docs', 'search', 'shared'], plugins: ['ci'], skills: ['review', 'deploy'], hooks: [] },
      ops: { servers: ['docs'], plugins: [], skills: [], hooks: ['lint'] },
    });
  });

  it('source.fixAll.mcp-catalog returns one edit that fixes everything unambiguous', async () => {
    const ws = TempWorkspace.create();
    const text = readFileSync(path.join(REPO_ROOT, 'test', 'fixtures', 'fixes', 'fix-all-mcp.json'), 'utf8');
    ws.write('mcp.json', text);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], capabilities: capabilities(), settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok(codesOf(diagnostics).includes('timeout-range'));

    // The lightbulb (no `only`) gets quick fixes but not fix-all; a save asking for source.fixAll gets it.
    const lightbulb = await codeActions(client, uri, diagnostics);
    assert.equal(
      lightbulb.some((a) => a.kind === FIX_ALL),
      false,
    );
    for (const only of [[FIX_ALL], ['source.fixAll'], ['source']]) {
      const actions = await codeActions(client, uri, [], only);
      assert.equal(actions.filter((a) => a.kind === FIX_ALL).length, 1, `only ${only.join(',')}`);
      assert.equal(
        actions.some((a) => a.kind === 'quickfix'),
        false,
      );
    }
    const [fixAll] = await codeActions(client, uri, [], [FIX_ALL]);
    assert.deepEqual(Object.keys(fixAll.edit!.changes!), [uri], 'fix-all never edits other files');
    const after = applyText(text, fixAll.edit!.changes![uri]);
    const version = client.change(uri, after);
    const next = await client.waitForDiagnostics(uri, { version });
    assert.deepEqual([...new Set(codesOf(next.diagnostics))], ['json-comment', 'lowercase-variable', 'unknown-type']);

    const nothingLeft = await codeActions(client, uri, [], [FIX_ALL]);
    assert.equal(nothingLeft.length, 0, 'nothing left to fix: no action');
  });

  it('quick fixes for a json-* diagnostic and a placeholder written with escapes', async () => {
    const ws = TempWorkspace.create();
    const text = '{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    "env": { "T": "\\u0024{token}" },\n  }\n}\n';
    ws.write('mcp.json', text);
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      capabilities: capabilities(),
      settings: catalogSettings({ knownVariables: ['TOKEN'] }),
    });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    const comma = titled(await codeActions(client, uri, [single(diagnostics, 'json-trailing-comma')]), 'Remove the trailing comma');
    const lower = titled(await codeActions(client, uri, [single(diagnostics, 'lowercase-variable')]), 'Change to ${TOKEN}');
    const after = applyText(text, [...comma.edit!.changes![uri], ...lower.edit!.changes![uri]]);
    assert.equal(after, '{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    "env": { "T": "\\u0024{TOKEN}" }\n  }\n}\n');
    const version = client.change(uri, after);
    assert.deepEqual((await client.waitForDiagnostics(uri, { version })).diagnostics, []);
  });
});
