import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, fixtureUri, openDocument, waitForDiagnostics } from '../helpers';

/**
 * `.mcp-catalog.json` in real VS Code (docs/configuration.md "Configuration file"): the workspace folder's file
 * applies where the user left a setting at its default (VS Code fills defaults in; the client
 * leaves them out), and a setting the user sets wins. `rootsFiles` is one the fixture workspace's
 * settings leave at its default.
 */
suite('the .mcp-catalog.json configuration', () => {
  const configUri = (): vscode.Uri => fixtureUri('.mcp-catalog.json');
  const extraRoots = (): vscode.Uri => fixtureUri('extra/docs.json');
  const settings = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('mcpCatalog');

  suiteTeardown(async () => {
    await settings().update('rootsFiles', undefined, vscode.ConfigurationTarget.Workspace);
    for (const uri of [configUri(), extraRoots()]) await vscode.workspace.fs.delete(uri).then(undefined, () => undefined);
    await closeAllEditors();
  });

  test('its rootsFiles apply under a default setting; a rootsFiles setting the user sets wins', async () => {
    const document = await openDocument('roots-check/mcp.json');
    const undefinedRoot = (d: vscode.Diagnostic[]): boolean => d.some((x) => codeOf(x) === 'undefined-root');
    await waitForDiagnostics(document.uri, 'undefined-root against the sibling roots.json', undefinedRoot);

    await vscode.workspace.fs.writeFile(extraRoots(), Buffer.from(JSON.stringify({ zimmer: { description: 'Zimmer' }, 'docs-site': { description: 'Docs' } })));
    await vscode.workspace.fs.writeFile(configUri(), Buffer.from(JSON.stringify({ rootsFiles: ['extra/docs.json'] })));
    await waitForDiagnostics(document.uri, "the file's roots index to define docs-site (mcpCatalog.rootsFiles is at its default [])", (d) => !undefinedRoot(d));

    await settings().update('rootsFiles', ['roots-check/roots.json'], vscode.ConfigurationTarget.Workspace);
    const back = await waitForDiagnostics(document.uri, 'the explicit setting to win over the file', undefinedRoot);
    assert.ok(back.some((x) => x.message.includes('docs-site')));

    await settings().update('rootsFiles', undefined, vscode.ConfigurationTarget.Workspace);
    await waitForDiagnostics(document.uri, 'the file to apply again once the setting is removed', (d) => !undefinedRoot(d));
  });
});
