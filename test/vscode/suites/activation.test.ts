import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, api, catalogDiagnostics, closeAllEditors, extension, fixtureUri, openDocument, waitFor, waitForDiagnostics } from '../helpers';

suite('activation', () => {
  suiteTeardown(closeAllEditors);

  // No "not active yet" assertion: VS Code itself may load .vscode/mcp.json as a jsonc model at
  // startup (its own MCP support), which fires onLanguage:jsonc before any test opens a file.
  test('the extension is installed and activates on json and jsonc', () => {
    const events: string[] = extension().packageJSON.activationEvents;
    assert.ok(events.includes('onLanguage:json'), 'activates on json');
    assert.ok(events.includes('onLanguage:jsonc'), 'activates on jsonc (mcp.json opens as jsonc)');
  });

  test('before any file is opened, the readiness view shows the workspace catalog, read from disk', async () => {
    const catalog = fixtureUri('mcp.json').toString();
    assert.ok(!vscode.workspace.textDocuments.some((document) => document.uri.toString() === catalog), 'no test opened it yet');
    const { readiness } = await api();
    const shown = await waitFor('the readiness of the workspace catalog', () =>
      readiness.current?.uri === catalog && readiness.current.servers.length > 0 ? readiness.current : undefined,
    );
    assert.ok(
      shown.servers.some((server) => server.name === 'zimmer'),
      JSON.stringify(shown.servers.map((server) => server.name)),
    );
    assert.ok(!vscode.workspace.textDocuments.some((document) => document.uri.toString() === catalog), 'still not opened');
  });

  test('opening mcp.json activates it, in the MCP Catalog language mode', async () => {
    const document = await openDocument('mcp.json');
    await waitFor(`${EXTENSION_ID} to activate`, () => extension().isActive);
    await waitFor(`mcp.json in mcp-catalog mode (is ${document.languageId})`, () => document.languageId === 'mcp-catalog');
  });

  test('the Zimmer catalog with its roots index and declared variables gets no error or warning', async () => {
    // The control catalog is opened after it; once the control's diagnostics arrive the server
    // has also analysed the Zimmer catalog, which was opened (and so queued) first.
    const zimmer = fixtureUri('mcp.json');
    await openDocument('mcp.json');
    await openDocument('rules/timeout-mcp.json');
    await waitForDiagnostics(fixtureUri('rules/timeout-mcp.json'), 'the control catalog to be analysed', (d) => d.length > 0);
    const loud = catalogDiagnostics(zimmer).filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning);
    assert.deepEqual(
      loud.map((d) => `${d.code} ${d.message}`),
      [],
    );
  });

  test('the Restart Server command is registered', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('mcpCatalog.restartServer'));
  });
});
