import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, closeAllEditors, codeActions, codeOf, fixtureUri, openDocument, revert, waitFor, waitForDiagnostics } from '../helpers';

/**
 * Add Server… (SPEC §13) in the real editor: the command, driven past its pickers through its
 * argument, imports a Cursor server whose env holds a literal token; the catalog gets a valid
 * entry reading `${NAME}` (never the token), which the server then checks like any other edit.
 */
const TOKEN = 'ghp_FAKE0123456789abcdefghijklmnopqrstuv';

suite('Add Server\u2026', () => {
  let document: vscode.TextDocument | undefined;
  teardown(async () => {
    if (document) await revert(document);
  });
  suiteTeardown(closeAllEditors);

  test('from a .cursor/mcp.json entry with a literal token writes a valid entry with ${NAME}', async () => {
    document = await openDocument('add-server/mcp.json');
    const { tracker } = await api();
    const uri = document.uri.toString();
    await waitFor('the catalog analysed', () => tracker.info(uri));
    const name = await vscode.commands.executeCommand<string | undefined>('mcpCatalog.addServer', {
      uri: document.uri.toString(),
      source: { file: fixtureUri('add-server/.cursor/mcp.json').toString() },
      placement: 'sorted',
      addToEnvFile: false,
    });
    assert.equal(name, 'github');
    const text = document.getText();
    assert.ok(!text.includes(TOKEN), 'the token is not copied');
    const catalog = JSON.parse(text) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(catalog), ['alpha', 'github']);
    assert.deepEqual(catalog.github, {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github@2025.4.8'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}' },
    });
    // Checked like any other edit: the new variable is reported unset (no source sets it), and nothing is an error.
    const diagnostics = await waitForDiagnostics(document.uri, 'the new entry checked', (found) => found.some((d) => codeOf(d) === 'unresolved-variable'));
    assert.deepEqual(diagnostics.filter((d) => d.severity === vscode.DiagnosticSeverity.Error || codeOf(d) === 'hardcoded-secret').map(codeOf), []);
  });

  test('is offered in the Source Action menu of a catalog', async () => {
    const catalog = await openDocument('add-server/mcp.json');
    const actions = await codeActions(catalog.uri, new vscode.Range(0, 0, 0, 0), vscode.CodeActionKind.Source.value);
    const add = actions.find((action) => action.title === 'Add Server\u2026');
    assert.ok(add, `offered among ${JSON.stringify(actions.map((action) => action.title))}`);
    assert.equal(add.command?.command, 'mcpCatalog.addServer');
  });
});
