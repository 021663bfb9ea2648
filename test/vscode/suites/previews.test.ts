import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, closeAllEditors, fixtureUri, openDocument, previewDocuments, replaceText, revert, waitFor } from '../helpers';

/**
 * Runtime-config previews (SPEC §6.3) of the Zimmer catalog: the commands open a read-only
 * document beside the catalog, with what Zimmer would generate, placeholders kept as written, and
 * the document follows edits of the catalog.
 */

async function openPreviewFor(command: string, catalog: vscode.TextDocument, marker: string): Promise<vscode.TextDocument> {
  const extension = await api();
  await waitFor('the catalog to be the active one', () => extension.tracker.active === catalog.uri.toString());
  await vscode.commands.executeCommand(command);
  return waitFor(`a preview document containing ${JSON.stringify(marker)}`, () =>
    previewDocuments().find((document) => JSON.parse(document.uri.query).uri === catalog.uri.toString() && document.getText().includes(marker)),
  );
}

suite('runtime previews', () => {
  suiteTeardown(closeAllEditors);

  test('Preview Codex Config opens the .codex/config.toml beside the catalog, focus stays on the catalog', async () => {
    await closeAllEditors();
    const catalog = await openDocument('mcp.json');
    const preview = await openPreviewFor('mcpCatalog.previewCodex', catalog, '[mcp_servers.zimmer]');
    assert.equal(preview.uri.scheme, 'mcp-catalog-preview');
    assert.match(preview.uri.path, /mcp\.json → Codex config\.toml$/, 'the tab says what it is');
    const text = preview.getText();
    assert.match(text, /^# \.codex\/config\.toml generated for Codex from mcp\.json — read-only preview; placeholders are kept as written\./);
    assert.ok(
      text.includes(
        '[mcp_servers.context7]\ncommand = "npx"\nargs = [ "-y", "@upstash/context7-mcp@latest" ]\nenv_vars = [ "SSH_PRIVATE_KEY_PATH" ]\nstartup_timeout_sec = 180\n',
      ),
      'a stdio table with the default 180 s, and the operator SSH key Zimmer forwards to every launch',
    );
    assert.ok(
      text.includes('[mcp_servers.zimmer.env_http_headers]\nX-API-Key = "ZIMMER_PROD_API_KEY"'),
      'a whole-value header reference becomes env_http_headers',
    );
    assert.ok(text.includes('NPM_CONFIG_CACHE = "<clone>/.npm-cache"'), 'npx entries get the shared npm cache');
    assert.ok(!/title|default_in_roots|description/.test(text.replace(/^#.*$/gm, '')), 'catalog-only fields are dropped');
    const editor = await waitFor('the preview in an editor beside the catalog', () => vscode.window.visibleTextEditors.find((e) => e.document === preview));
    const catalogEditor = vscode.window.visibleTextEditors.find((e) => e.document === catalog);
    assert.ok(catalogEditor && editor.viewColumn !== catalogEditor.viewColumn, 'the preview opens in another editor group');
    assert.equal(vscode.window.activeTextEditor?.document, catalog, 'focus stays on the catalog');
  });

  test('Claude and Pi previews: MCP_TIMEOUT for Claude, requestTimeoutMs for Pi, placeholders as written', async () => {
    const catalog = await openDocument('mcp.json');
    const claude = await openPreviewFor('mcpCatalog.previewClaude', catalog, '"mcpServers"');
    const claudeText = claude.getText();
    assert.match(claudeText, /^\/\/ \.mcp\.json generated for Claude from mcp\.json/);
    assert.match(claudeText, /^\/\/ Process environment: MCP_TIMEOUT=180000$/m);
    assert.ok(claudeText.includes('"Authorization": "Bearer ${STRAD_API_KEY}"'), 'a placeholder is never substituted');
    assert.ok(claudeText.includes('"type": "http"'), 'streamable-http is written as http for Claude');
    const body = JSON.parse(claudeText.replace(/^\/\/.*$/gm, ''));
    assert.equal(Object.keys(body.mcpServers).length, 16);

    const pi = await openPreviewFor('mcpCatalog.previewPi', catalog, 'requestTimeoutMs');
    const piBody = JSON.parse(pi.getText().replace(/^\/\/.*$/gm, ''));
    assert.equal(piBody.mcpServers.context7.requestTimeoutMs, 180000, 'stdio gets 180000');
    assert.equal(piBody.mcpServers.figma.requestTimeoutMs, undefined, 'remote gets nothing');
  });

  test("Preview Cursor Config: AIR's .cursor/mcp.json, ${VAR} as ${env:VAR}, nothing Zimmer adds", async () => {
    const catalog = await openDocument('mcp.json');
    const cursor = await openPreviewFor('mcpCatalog.previewCursor', catalog, '${env:ZIMMER_PROD_API_KEY}');
    assert.match(cursor.uri.path, /mcp\.json → Cursor mcp\.json$/);
    const text = cursor.getText();
    assert.match(text, /^\/\/ \.cursor\/mcp\.json generated for Cursor from mcp\.json/);
    const body = JSON.parse(text.replace(/^\/\/.*$/gm, ''));
    assert.equal(Object.keys(body.mcpServers).length, 16, 'no zimmer-self-session: Zimmer runs no Cursor sessions');
    assert.equal(body.mcpServers.zimmer.type, undefined, 'remote entries carry no type');
  });

  test('one tab per runtime: a Codex preview of another catalog replaces the open Codex tab, the Claude tab stays', async () => {
    await closeAllEditors();
    const catalog = await openDocument('mcp.json');
    await openPreviewFor('mcpCatalog.previewClaude', catalog, '"mcpServers"');
    await openPreviewFor('mcpCatalog.previewCodex', catalog, '[mcp_servers.zimmer]');
    const other = fixtureUri('readiness/mcp.json');
    await vscode.commands.executeCommand('mcpCatalog.previewCodex', other);
    const previewTabs = (): string[] =>
      vscode.window.tabGroups.all
        .flatMap((group) => group.tabs)
        .map((tab) => (tab.input instanceof vscode.TabInputText ? tab.input.uri : undefined))
        .filter((uri): uri is vscode.Uri => uri?.scheme === 'mcp-catalog-preview')
        .map((uri) => `${JSON.parse(uri.query).runtime} ${JSON.parse(uri.query).uri}`)
        .sort();
    const expected = [`claude ${catalog.uri.toString()}`, `codex ${other.toString()}`];
    await waitFor('the first Codex tab to be replaced', () => previewTabs().join('\n') === expected.join('\n')).catch(() => {
      assert.deepEqual(previewTabs(), expected);
    });
  });

  test('the preview follows an edit of the catalog (unsaved), and the revert', async () => {
    const catalog = await openDocument('mcp.json');
    const preview = await openPreviewFor('mcpCatalog.previewCodex', catalog, '[mcp_servers.figma]');
    assert.ok(preview.getText().includes('url = "https://mcp.figma.com/mcp"\n'));
    try {
      await replaceText(catalog, '"https://mcp.figma.com/mcp"', '"https://mcp.figma.com/v2/mcp"');
      await waitFor('the preview to show the edited URL', () => preview.getText().includes('url = "https://mcp.figma.com/v2/mcp"'));
      // A valid declared timeout is written for a remote table too.
      await replaceText(catalog, '"url": "https://mcp.notion.com/mcp"', '"url": "https://mcp.notion.com/mcp",\n    "startup_timeout_sec": 45');
      await waitFor("the preview to show notion's timeout", () =>
        /\[mcp_servers\.notion\]\nurl = "https:\/\/mcp\.notion\.com\/mcp"\nstartup_timeout_sec = 45\n/.test(preview.getText()),
      );
    } finally {
      await revert(catalog);
    }
    await waitFor(
      'the preview to follow the revert',
      () => preview.getText().includes('url = "https://mcp.figma.com/mcp"\n') && !preview.getText().includes('startup_timeout_sec = 45'),
    );
  });
});
