/**
 * Hovers through the bundled server: field documentation, the timeout per
 * runtime, the displayed `unavailable` reason, a server's readiness, a root's default servers and
 * the source of a `${NAME}`.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');

function workspace(): TempWorkspace {
  const ws = TempWorkspace.create();
  cpSync(FIXTURE, ws.dir, { recursive: true });
  return ws;
}

async function hoverOn(client: LspClient, uri: string, text: string, context: string, target = context, delta = 1): Promise<Hover> {
  const range = rangeIn(text, context, target);
  const result = await client.request<Hover | null>('textDocument/hover', {
    textDocument: { uri },
    position: { line: range.start.line, character: range.start.character + delta },
  });
  assert.ok(result, `no hover on ${JSON.stringify(target)} in ${JSON.stringify(context)}`);
  return result;
}

function markdownOf(hover: Hover): string {
  const contents = hover.contents as MarkupContent;
  assert.equal(contents.kind, 'markdown');
  return contents.value;
}

describe('protocol: hover', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  async function openCatalog(settings = catalogSettings()): Promise<{ client: LspClient; uri: string; text: string; ws: TempWorkspace }> {
    const ws = workspace();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings });
    const text = ws.read('mcp.json');
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    return { client, uri, text, ws };
  }

  it('advertises hover', async () => {
    const client = await LspClient.start({ settings: catalogSettings() });
    assert.equal(client.initializeResult.capabilities.hoverProvider, true);
  });

  it('shows the schema documentation of a field key, with the key as the range', async () => {
    const { client, uri, text } = await openCatalog();
    const hover = await hoverOn(client, uri, text, '"title": "GitHub"', '"title"');
    assert.match(markdownOf(hover), /^\*\*`title`\*\* — Human-readable display name/);
    assert.deepEqual(hover.range, rangeIn(text, '"title": "GitHub"', '"title"'));
  });

  it('shows the timeout bounds and per-runtime effect on startup_timeout_sec', async () => {
    const { client, uri, text } = await openCatalog();
    const md = markdownOf(await hoverOn(client, uri, text, '"startup_timeout_sec": 300', '300', 0));
    assert.match(md, /whole seconds from 5 to 600/);
    assert.match(md, /`300` is \*\*valid\*\*/);
    assert.match(md, /^Claude: `MCP_TIMEOUT=300000`/m);
    assert.match(md, /^Codex: `startup_timeout_sec = 300`/m);
    assert.match(md, /^Pi: `requestTimeoutMs: 300000`/m);
  });

  it('shows the normalised unavailable reason as displayed', async () => {
    const { client, uri, text } = await openCatalog();
    const md = markdownOf(await hoverOn(client, uri, text, '"unavailable"'));
    assert.match(md, /Displayed as:\n\n> Vendor outage\\?: waiting for a fix/);
  });

  it("shows a server's readiness state, and follows the env file", async () => {
    const { client, uri, text, ws } = await openCatalog();
    let md = markdownOf(await hoverOn(client, uri, text, '"github": {', '"github"'));
    assert.match(md, /`missing_configuration`/);
    assert.match(md, /Missing: `GITHUB_TOKEN`/);
    assert.match(markdownOf(await hoverOn(client, uri, text, '"figma": {', '"figma"')), /`needs_authorization`/);
    assert.match(markdownOf(await hoverOn(client, uri, text, '"linear": {', '"linear"')), /`declared_unavailable`[\s\S]*Vendor outage\\?: waiting for a fix/);

    // An open .env is read with its unsaved text.
    const envUri = client.open(ws.path('.env'), 'GITHUB_TOKEN=x\n', 'dotenv');
    md = markdownOf(await hoverOn(client, uri, text, '"github": {', '"github"'));
    assert.match(md, /`ready`/);
    client.close(envUri);
  });

  it('lists the servers a root gets by default, from both sides', async () => {
    const { client, uri, text, ws } = await openCatalog();
    const catalogSide = markdownOf(await hoverOn(client, uri, text, '"default_in_roots": ["zimmer", "strad"]', '"zimmer"'));
    assert.match(catalogSide, /\*\*Root `zimmer`\*\*/);
    for (const server of ['github', 'figma', 'linear']) assert.match(catalogSide, new RegExp(`- \`${server}\``));
    // The roots index's own default_mcp_servers count for nothing (SPEC §4.4); slack is another catalog's.
    assert.ok(!catalogSide.includes('`slack`'));

    const rootsText = ws.read('roots.json');
    const rootsUri = client.open(ws.path('roots.json'));
    await client.waitForDiagnostics(rootsUri, { version: 1 });
    const rootsSide = markdownOf(await hoverOn(client, rootsUri, rootsText, '"zimmer": {', '"zimmer"'));
    assert.match(rootsSide, /The orchestrator\./);
    for (const server of ['github', 'figma', 'linear', 'slack']) assert.match(rootsSide, new RegExp(`- \`${server}\``), server);
    assert.match(rootsSide, /`slack` \(team-mcp\.json\)/);
    assert.match(rootsSide, /Ignored by AIR ≥ 0\.12, .*`default_mcp_servers`: `figma`, `@local\/slack`\./);
  });

  it('names the source of a ${NAME}, or says none defines it', async () => {
    const { client, uri, text } = await openCatalog(catalogSettings({ knownVariables: ['GITHUB_TOKEN'] }));
    const hover = await hoverOn(client, uri, text, '"${GITHUB_TOKEN}"', '${GITHUB_TOKEN}', 3);
    assert.match(markdownOf(hover), /Source: names declared in mcpCatalog\.knownVariables\./);
    assert.deepEqual(hover.range, rangeIn(text, '"${GITHUB_TOKEN}"', '${GITHUB_TOKEN}'));

    const other = await openCatalog();
    const none = markdownOf(await hoverOn(other.client, other.uri, other.text, '"${GITHUB_TOKEN}"', '${GITHUB_TOKEN}', 3));
    assert.match(none, /Set in \*\*no source\*\*/);
  });

  it('answers null where there is nothing to say', async () => {
    const { client, uri } = await openCatalog();
    const result = await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
    assert.equal(result, null);
  });
});
