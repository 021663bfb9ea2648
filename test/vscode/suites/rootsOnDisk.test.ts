import * as assert from 'node:assert/strict';
import { promises as fs } from 'node:fs';
import * as vscode from 'vscode';
import { closeAllEditors, codeOf, diagnosticsWithCode, fixtureUri, openDocument, waitForDiagnostics } from '../helpers';

/**
 * A roots index changed ON DISK — by git, another editor, a script; never opened here — updates
 * the open catalog's undefined-root diagnostics (roots-disk/: the catalog names "zimmer" and
 * "docs-site"; the roots index starts with only "zimmer"). The harness works on a scratch copy
 * of the fixtures, and each test puts the committed text back.
 */
suite('roots index changed on disk', () => {
  const rootsFile = (): string => fixtureUri('roots-disk/roots.json').fsPath;
  let original = '';

  suiteSetup(async () => {
    original = await fs.readFile(rootsFile(), 'utf8');
  });
  teardown(async () => {
    if ((await fs.readFile(rootsFile(), 'utf8').catch(() => undefined)) !== original) await fs.writeFile(rootsFile(), original);
  });
  suiteTeardown(closeAllEditors);

  function undefinedRoots(diagnostics: vscode.Diagnostic[], document: vscode.TextDocument): string[] {
    return diagnosticsWithCode(diagnostics, 'undefined-root').map((d) => document.getText(d.range));
  }

  function withRoots(names: string[]): string {
    const index: Record<string, unknown> = { $schema: 'https://pulsemcp.github.io/air/schemas/roots.schema.json' };
    for (const name of names)
      index[name] = { name, display_name: name, description: `The ${name} root.`, url: 'https://github.com/example/repo.git', default_branch: 'main' };
    return `${JSON.stringify(index, null, 2)}\n`;
  }

  test('adding the missing root on disk clears the error; removing another one raises it there', async () => {
    const catalog = await openDocument('roots-disk/mcp.json');
    const initial = await waitForDiagnostics(catalog.uri, 'undefined-root for "docs-site"', (d) => undefinedRoots(d, catalog).includes('"docs-site"'));
    assert.deepEqual(undefinedRoots(initial, catalog), ['"docs-site"']);
    assert.ok(
      !vscode.workspace.textDocuments.some((d) => d.uri.toString() === fixtureUri('roots-disk/roots.json').toString()),
      'the roots index is not open in the editor (only the disk changes)',
    );

    await fs.writeFile(rootsFile(), withRoots(['zimmer', 'docs-site']));
    await waitForDiagnostics(catalog.uri, 'undefined-root to go once docs-site is on disk', (d) => undefinedRoots(d, catalog).length === 0);

    await fs.writeFile(rootsFile(), withRoots(['docs-site']));
    const after = await waitForDiagnostics(catalog.uri, 'undefined-root for "zimmer"', (d) => undefinedRoots(d, catalog).includes('"zimmer"'));
    assert.deepEqual(undefinedRoots(after, catalog), ['"zimmer"']);
  });

  test('deleting the roots index gives roots-not-found; restoring it brings the exact error back', async () => {
    const catalog = await openDocument('roots-disk/mcp.json');
    await waitForDiagnostics(catalog.uri, 'undefined-root for "docs-site"', (d) => undefinedRoots(d, catalog).includes('"docs-site"'));
    await fs.rm(rootsFile());
    const missing = await waitForDiagnostics(catalog.uri, 'roots-not-found once roots.json is gone', (d) => d.some((x) => codeOf(x) === 'roots-not-found'));
    assert.equal(diagnosticsWithCode(missing, 'undefined-root').length, 0, 'no undefined-root for every name when there is no index');
    assert.equal(diagnosticsWithCode(missing, 'roots-not-found')[0].severity, vscode.DiagnosticSeverity.Information);

    await fs.writeFile(rootsFile(), original);
    const restored = await waitForDiagnostics(
      catalog.uri,
      'undefined-root for "docs-site" again',
      (d) => undefinedRoots(d, catalog).includes('"docs-site"') && !d.some((x) => codeOf(x) === 'roots-not-found'),
    );
    assert.deepEqual(undefinedRoots(restored, catalog), ['"docs-site"']);
  });
});
