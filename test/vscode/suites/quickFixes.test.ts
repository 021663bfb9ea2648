import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  applyCodeAction,
  closeAllEditors,
  codeActions,
  codeOf,
  openDocument,
  revert,
  waitForCode,
  waitForCodeAction,
  waitForDiagnostics,
  waitFor,
  waitForNoCode,
} from '../helpers';

/**
 * Quick fixes and fix-all as VS Code collects them (`vscode.executeCodeActionProvider`, the same
 * path as the lightbulb and the Source Action menu), applied with `workspace.applyEdit`; the user
 * sees the diagnostic go. Lists are checked with "includes": VS Code may add its own actions.
 */
suite('quick fixes', () => {
  const touched: vscode.TextDocument[] = [];
  teardown(async () => {
    for (const document of touched.splice(0)) await revert(document);
  });
  suiteTeardown(closeAllEditors);

  test('timeout-range: "Clamp to 600" (preferred) replaces the value and the warning goes', async () => {
    const document = await openDocument('rules/timeouts-mcp.json');
    touched.push(document);
    const diagnostic = await waitForCode(document.uri, 'timeout-range');
    const action = await waitForCodeAction(document.uri, diagnostic.range, 'Clamp to 600', vscode.CodeActionKind.QuickFix.value);
    assert.ok(action.kind && vscode.CodeActionKind.QuickFix.contains(action.kind), 'a quickfix');
    assert.equal(action.isPreferred, true, 'preferred, so Ctrl+. + Enter (and "auto fix") picks it');
    // (vscode.executeCodeActionProvider does not hand back an action's `diagnostics`: not asserted.)
    await applyCodeAction(action);
    assert.ok(document.getText().includes('"startup_timeout_sec": 600'), 'the value is now 600');
    const after = await waitForNoCode(document.uri, 'timeout-range');
    // The other two timeout warnings are untouched.
    assert.deepEqual(after.map(codeOf).sort(), ['timeout-fractional', 'timeout-type']);
  });

  test('timeout-type: "Write 20 as a number" unquotes it', async () => {
    const document = await openDocument('rules/timeouts-mcp.json');
    touched.push(document);
    const diagnostic = await waitForCode(document.uri, 'timeout-type');
    const action = await waitForCodeAction(document.uri, diagnostic.range, 'Write 20 as a number');
    await applyCodeAction(action);
    assert.match(document.getText(), /"startup_timeout_sec": 20\n/);
    await waitForNoCode(document.uri, 'timeout-type');
  });

  test('undefined-root: "Add root … to roots.json" edits the roots index and the error goes', async () => {
    const document = await openDocument('roots-check/mcp.json');
    touched.push(document);
    const diagnostic = await waitForCode(document.uri, 'undefined-root');
    const action = await waitForCodeAction(document.uri, diagnostic.range, 'Add root "docs-site" to roots-check/roots.json');
    const changed = action.edit?.entries().map(([uri]) => vscode.workspace.asRelativePath(uri)) ?? [];
    assert.deepEqual(changed, ['roots-check/roots.json'], 'the fix edits the roots index, not the catalog');
    await applyCodeAction(action);
    // applyEdit opened the roots index with the new (unsaved) root: the catalog follows the open text.
    const roots = vscode.workspace.textDocuments.find((d) => vscode.workspace.asRelativePath(d.uri) === 'roots-check/roots.json');
    assert.ok(roots, 'the roots index is open with the edit');
    touched.push(roots);
    assert.match(roots.getText(), /"docs-site": \{/);
    await waitForNoCode(document.uri, 'undefined-root');
  });

  test('unresolved-variable: the quick fixes name the variable (env file, declare known); none carries a value', async () => {
    const document = await openDocument('rules/placeholders-mcp.json');
    const diagnostic = await waitForCode(document.uri, 'unresolved-variable');
    await waitForCodeAction(document.uri, diagnostic.range, 'Add GITHUB_PERSONAL_TOKEN= to rules/.env');
    const titles = (await codeActions(document.uri, diagnostic.range)).map((action) => action.title);
    assert.ok(titles.includes('Declare GITHUB_PERSONAL_TOKEN known (mcpCatalog.knownVariables)'), `offered: ${JSON.stringify(titles)}`);
  });

  test('unresolved-variable: "Add NAME= to .env" opens the dotenv file with the cursor after =', async () => {
    const document = await openDocument('rules/placeholders-mcp.json');
    const diagnostic = await waitForCode(document.uri, 'unresolved-variable');
    const action = await waitForCodeAction(document.uri, diagnostic.range, 'Add GITHUB_PERSONAL_TOKEN= to rules/.env');
    const envUri = vscode.Uri.joinPath(document.uri, '..', '.env');
    try {
      await applyCodeAction(action);
      const editor = await waitFor('.env shown', () =>
        vscode.window.activeTextEditor?.document.uri.path === envUri.path ? vscode.window.activeTextEditor : undefined,
      );
      const cursor = editor.selection.active;
      assert.equal(editor.document.lineAt(cursor.line).text.slice(0, cursor.character), 'GITHUB_PERSONAL_TOKEN=', 'the cursor is where the value is typed');
    } finally {
      // The fix created the file: leave the fixture folder as committed.
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
      await vscode.workspace.fs.delete(envUri).then(undefined, () => undefined);
    }
  });

  test('invalid-placeholder: "Rewrite as ${SLACK_BOT_TOKEN:-…}" keeps the default the author meant', async () => {
    const document = await openDocument('rules/placeholders-mcp.json');
    touched.push(document);
    const diagnostic = await waitForCode(document.uri, 'invalid-placeholder');
    const offered = (await codeActions(document.uri, diagnostic.range)).map((action) => action.title);
    const title = offered.find((t) => t.startsWith('Rewrite as ${SLACK_BOT_TOKEN'));
    assert.ok(title, `a rewrite is offered (got ${JSON.stringify(offered)})`);
    await applyCodeAction(await waitForCodeAction(document.uri, diagnostic.range, title));
    await waitForNoCode(document.uri, 'invalid-placeholder');
    assert.ok(!document.getText().includes('${SLACK_BOT_TOKEN-fallback}'));
  });

  test('fix-all (source.fixAll.mcp-catalog) applies every unambiguous fix in one edit', async () => {
    const document = await openDocument('rules/fixall-mcp.json');
    touched.push(document);
    const fixable = ['unknown-type', 'timeout-type', 'json-trailing-comma', 'timeout-range', 'unavailable-multiline'];
    await waitForDiagnostics(document.uri, 'the five fixable problems', (d) => fixable.every((code) => d.some((x) => codeOf(x) === code)));
    const whole = new vscode.Range(document.positionAt(0), document.positionAt(document.getText().length));
    const action = await waitForCodeAction(document.uri, whole, 'Fix all auto-fixable MCP catalog problems', 'source.fixAll.mcp-catalog');
    assert.equal(action.kind?.value, 'source.fixAll.mcp-catalog');
    // Also offered to a request for every fix-all kind (what "editor.codeActionsOnSave": {"source.fixAll": …} asks).
    const general = await codeActions(document.uri, whole, vscode.CodeActionKind.SourceFixAll.value);
    assert.ok(
      general.some((a) => a.kind?.value === 'source.fixAll.mcp-catalog'),
      `offered for source.fixAll (got ${general.map((a) => a.kind?.value).join(', ')})`,
    );

    await applyCodeAction(action);
    const text = document.getText();
    assert.match(text, /"type": "streamable-http"/, 'http → streamable-http');
    assert.match(text, /"startup_timeout_sec": 30\n/, '"30" → 30');
    assert.match(text, /"startup_timeout_sec": 5,/, '2 → clamped to 5');
    assert.match(text, /"tally-mcp@latest"\]/, 'trailing comma removed');
    assert.match(text, /"unavailable": "Paused until the quota resets"/, 'reason collapsed to one line');
    const after = await waitForDiagnostics(document.uri, 'every fixable problem to go', (d) => !d.some((x) => fixable.includes(codeOf(x))));
    assert.deepEqual(after.filter((d) => d.severity <= vscode.DiagnosticSeverity.Warning).map(codeOf), [], 'nothing left at warning or error');
    // Fix-all never touches a guess: it is not offered to lightbulb (quickfix) requests.
    const quick = await codeActions(document.uri, whole, vscode.CodeActionKind.QuickFix.value);
    assert.ok(!quick.some((a) => a.kind?.value === 'source.fixAll.mcp-catalog'));
  });
});
