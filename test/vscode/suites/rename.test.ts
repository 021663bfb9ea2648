import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, fixtureUri, openDocument, rangeOf, replaceText, waitFor, waitForDiagnostics } from '../helpers';

/**
 * Renaming a root (F2) as VS Code does it: the edit is a refactoring, so VS Code saves every file
 * it touched (`files.refactoring.autoSave`), and with `"source.fixAll.mcp-catalog": "explicit"`
 * that save runs fix-all. The rename must change nothing but names: the root's key, its
 * references and the root's own `name` field — not an unsaved `startup_timeout_sec: 4` elsewhere
 * in the catalog. The harness works on a scratch copy of the fixtures; the files are put back.
 */
suite('rename a root', () => {
  const files = ['rename/mcp.json', 'rename/roots.json'];
  const originals = new Map<string, string>();

  suiteSetup(async () => {
    for (const file of files) originals.set(file, await fs.readFile(fixtureUri(file).fsPath, 'utf8'));
    await vscode.workspace
      .getConfiguration('editor')
      .update('codeActionsOnSave', { 'source.fixAll.mcp-catalog': 'explicit' }, vscode.ConfigurationTarget.Workspace);
  });
  suiteTeardown(async () => {
    await vscode.workspace.getConfiguration('editor').update('codeActionsOnSave', undefined, vscode.ConfigurationTarget.Workspace);
    await closeAllEditors();
    for (const [file, text] of originals) await fs.writeFile(fixtureUri(file).fsPath, text);
  });

  test("renames the key, the references and the root's name field, and the save it triggers fixes nothing else", async () => {
    const catalog = await openDocument('rename/mcp.json');
    await replaceText(catalog, '"startup_timeout_sec": 30', '"startup_timeout_sec": 4');
    await waitForDiagnostics(catalog.uri, 'timeout-range on the unsaved 4', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const position = rangeOf(catalog, 'zimmer', '"default_in_roots"').start.translate(0, 1);
    const edit = await vscode.commands.executeCommand<vscode.WorkspaceEdit>('vscode.executeDocumentRenameProvider', catalog.uri, position, 'conductor');
    assert.ok(await vscode.workspace.applyEdit(edit, { isRefactoring: true }), 'the rename applies');

    await waitFor('the refactoring to save the catalog', () => !catalog.isDirty);
    assert.match(catalog.getText(), /"default_in_roots": \["conductor"\]/);
    assert.match(catalog.getText(), /"startup_timeout_sec": 4/, 'the unsaved timeout is as the author left it');
    assert.equal(await fs.readFile(catalog.uri.fsPath, 'utf8'), catalog.getText(), 'saved as shown');
    const renamedRoots = originals.get('rename/roots.json')!.replace(/zimmer/g, 'conductor');
    const roots = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === fixtureUri('rename/roots.json').fsPath);
    const rootsText = roots?.getText() ?? (await fs.readFile(fixtureUri('rename/roots.json').fsPath, 'utf8'));
    assert.equal(rootsText, renamedRoots, "the key and the root's name field, nothing else");
  });
});
