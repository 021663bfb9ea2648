import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, describeRange, openDocument, rangeOf, waitForDiagnostics } from '../helpers';

/**
 * One test per mission rule family: the diagnostic's code, severity and the exact range of the
 * offending value. (Families beyond startup_timeout_sec are added with their fixtures in
 * test/fixtures/vscode-workspace/rules/.)
 */
suite('diagnostics', () => {
  suiteTeardown(closeAllEditors);

  test('startup_timeout_sec out of range: timeout-range warning on the value', async () => {
    const document = await openDocument('rules/timeout-mcp.json');
    const diagnostics = await waitForDiagnostics(document.uri, 'a timeout-range diagnostic', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const diagnostic = diagnostics.find((d) => codeOf(d) === 'timeout-range')!;
    assert.equal(diagnostic.source, 'mcp-catalog');
    assert.equal(diagnostic.severity, vscode.DiagnosticSeverity.Warning);
    const expected = rangeOf(document, '4', '"startup_timeout_sec": ');
    assert.ok(diagnostic.range.isEqual(expected), `range ${describeRange(diagnostic.range)}, expected ${describeRange(expected)} (the value only)`);
  });

  test('fixing the value in the editor clears the diagnostic', async () => {
    const document = await openDocument('rules/timeout-mcp.json');
    await waitForDiagnostics(document.uri, 'a timeout-range diagnostic', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, rangeOf(document, '4', '"startup_timeout_sec": '), '30');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitForDiagnostics(document.uri, 'the timeout-range diagnostic to go away', (d) => !d.some((x) => codeOf(x) === 'timeout-range'));
    // Leave the file as the fixture had it: revert the unsaved edit.
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('a catalog closed with its edit thrown away keeps the problems of the file on disk, each once (workspace diagnostics)', async () => {
    const document = await openDocument('rules/timeout-mcp.json');
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, rangeOf(document, '4', '"startup_timeout_sec": '), '30');
    assert.ok(await vscode.workspace.applyEdit(edit));
    await waitForDiagnostics(document.uri, 'the timeout-range diagnostic to go away', (d) => !d.some((x) => codeOf(x) === 'timeout-range'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    const diagnostics = await waitForDiagnostics(document.uri, "the saved file's timeout-range", (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const places = diagnostics.map((d) => `${codeOf(d)}@${describeRange(d.range)}`);
    assert.equal(new Set(places).size, places.length, `no problem twice: ${places.join(', ')}`);
  });
});
