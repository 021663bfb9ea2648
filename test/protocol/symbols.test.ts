/**
 * Document symbols through the bundled server: the outline and breadcrumbs of a
 * catalog (servers with their type) and a roots index (roots with their fields).
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');
const MODULE = 2;
const NAMESPACE = 3;

describe('protocol: document symbols', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function symbolsOf(relative: string): Promise<{ symbols: DocumentSymbol[]; text: string }> {
    const ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    assert.ok(client.initializeResult.capabilities.documentSymbolProvider);
    const uri = client.open(ws.path(relative));
    await client.waitForDiagnostics(uri, { version: 1 });
    const symbols = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
    return { symbols, text: ws.read(relative) };
  }

  it('outlines a catalog: servers with their type, fields below, env keys below those', async () => {
    const { symbols, text } = await symbolsOf('mcp.json');
    assert.deepEqual(
      symbols.map((s) => [s.name, s.detail]),
      [
        ['$schema', undefined],
        ['github', 'stdio'],
        ['figma', 'streamable-http'],
        ['linear', 'stdio'],
      ],
    );
    const github = symbols[1];
    assert.equal(github.kind, MODULE);
    assert.deepEqual(github.selectionRange, rangeIn(text, '"github": {', '"github"'));
    assert.equal(github.range.start.line, github.selectionRange.start.line);
    assert.equal(github.range.end.line, rangeIn(text, '"default_in_roots": ["zimmer", "strad"]\n  }').end.line);
    assert.deepEqual(
      github.children!.map((c) => c.name),
      ['title', 'type', 'command', 'args', 'env', 'startup_timeout_sec', 'default_in_roots'],
    );
    assert.deepEqual(
      github.children![4].children!.map((c) => c.name),
      ['GITHUB_TOKEN'],
    );
  });

  it('outlines a roots index: roots with their display name and fields', async () => {
    const { symbols } = await symbolsOf('roots.json');
    const zimmer = symbols.find((s) => s.name === 'zimmer')!;
    assert.equal(zimmer.kind, NAMESPACE);
    assert.equal(zimmer.detail, 'Zimmer');
    assert.deepEqual(
      zimmer.children!.map((c) => c.name),
      ['display_name', 'description', 'default_mcp_servers'],
    );
    assert.deepEqual(
      symbols.map((s) => s.name),
      ['$schema', 'zimmer', 'strad'],
    );
  });
});
