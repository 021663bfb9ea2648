import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, catalogDiagnostics, closeAllEditors, codeOf, fixtureUri, openDocument, waitFor, waitForDiagnostics } from '../helpers';

/**
 * Other tools' MCP files are never catalogs (SPEC §1): VS Code's `.vscode/mcp.json` (`{"servers": …}`),
 * Cursor's `.cursor/mcp.json`, Windsurf's `mcp_config.json`, JetBrains Air's `mcp.json` and Claude
 * Code's `.mcp.json` (`{"mcpServers": …}`) get no diagnostics, no language mode and no readiness of ours — unless
 * the file names AIR's schema.
 */
const OTHER_TOOLS = [
  '.vscode/mcp.json',
  'control/vscode-style-mcp.json',
  'other-tools/.cursor/mcp.json',
  'other-tools/mcp_config.json',
  'other-tools/jetbrains/mcp.json',
  'other-tools/.mcp.json',
];
const OWN_LANGUAGES = ['mcp-catalog', 'air-roots', 'air-config', 'air-skills', 'air-hooks', 'air-plugins', 'air-references'];

suite("other tools' MCP files", () => {
  suiteTeardown(closeAllEditors);

  test('get no mcp-catalog diagnostics, leave our language mode and get no readiness, while the same envelope with AIR’s $schema is checked', async () => {
    const extension = await api();
    const others: vscode.TextDocument[] = [];
    for (const file of OTHER_TOOLS) others.push(await openDocument(file));
    // Opened last, so analysed last: once the control has diagnostics, the server has had its chance at the others too.
    const control = await openDocument('other-tools/with-schema/mcp.json');
    const controlDiagnostics = await waitForDiagnostics(control.uri, 'diagnostics on the $schema copy', (d) => d.length > 0);
    assert.ok(controlDiagnostics.length > 0, 'the envelope with AIR’s $schema is read as a catalog');
    assert.equal(control.languageId, 'mcp-catalog');
    for (const [index, file] of OTHER_TOOLS.entries()) {
      assert.deepEqual(catalogDiagnostics(fixtureUri(file)).map(codeOf), [], file);
      // A catalog-like file name claims it at first; the server's SPEC §1 verdict gives it back to VS Code.
      const document = others[index];
      await waitFor(`${file} out of our language modes (is ${document.languageId})`, () => !OWN_LANGUAGES.includes(document.languageId));
      // No analysis (so no language status item) and no readiness tree for it.
      assert.equal(extension.tracker.info(document.uri.toString()), undefined, `${file}: analysed`);
      assert.notEqual(extension.readiness.current?.uri, document.uri.toString(), `${file}: readiness shown`);
    }
  });

  test('the workspace’s catalogs on disk include one under a dot-folder that names AIR’s schema, and no other tool’s file', async () => {
    // JSON files deeper in a dot-folder are a cache's or an environment's (`.venv/lib/…`,
    // `.mypy_cache/3.12/…`): not searched, not read on every rescan, even one naming AIR's schema.
    const cache = fixtureUri('.cache/tool/data');
    await vscode.workspace.fs.createDirectory(cache);
    const schema = new TextEncoder().encode('{"$schema": "https://raw.githubusercontent.com/pulsemcp/air/main/schemas/mcp.schema.json"}\n');
    for (let i = 0; i < 150; i++) await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(cache, `entry-${i}.json`), schema);
    const found = (await (await api()).catalogs.find()).map((uri) => uri.toString());
    await vscode.workspace.fs.delete(fixtureUri('.cache'), { recursive: true });
    assert.ok(found.includes(fixtureUri('other-tools/.kiro/team.json').toString()), found.join('\n'));
    for (const file of [...OTHER_TOOLS, 'other-tools/.kiro/settings.json', '.cache/tool/data/entry-0.json'])
      assert.ok(!found.includes(fixtureUri(file).toString()), file);
  });
});
