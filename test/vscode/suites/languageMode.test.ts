import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { api, catalogDiagnostics, closeAllEditors, codeOf, fixtureUri, openDocument, revert, waitFor, waitForDiagnostics } from '../helpers';

/**
 * Catalogs, roots indexes and air.json files open in MCP Catalog's own language modes, so VS Code's
 * JSON service never validates, outlines, formats or downloads a schema for them; files that are
 * not ours get nothing from us. The workspace leaves `json.schemaDownload.enable` at its default
 * and the test machine has no network: if VS Code's JSON support read our files, their `$schema`
 * URL would fail to load and show in Problems.
 */

async function languageOf(relative: string, expected: string): Promise<vscode.TextDocument> {
  const document = await openDocument(relative);
  await waitFor(`${relative} to be in language ${expected} (is ${document.languageId})`, () => document.languageId === expected);
  return document;
}

const OUR_LANGUAGES = [
  'mcp-catalog',
  'air-roots',
  'air-config',
  'air-skills',
  'air-hooks',
  'air-plugins',
  'air-references',
  'mcp-catalog-preview-json',
  'mcp-catalog-preview-toml',
];

suite('language modes', () => {
  suiteTeardown(closeAllEditors);

  test('a catalog, a roots index, an air.json and a file recognised only by $schema open in our modes', async () => {
    await languageOf('mcp.json', 'mcp-catalog');
    await languageOf('roots.json', 'air-roots');
    await languageOf('language/roots.json', 'air-roots');
    await languageOf('language/servers.json', 'mcp-catalog');
    await languageOf('language/air.json', 'air-config');
  });

  test('a skills index by name and a plugins index by $schema open in their own modes and are checked (SPEC §12)', async () => {
    const skills = await languageOf('language/skills.json', 'air-skills');
    await languageOf('language/bundles.json', 'air-plugins');
    const diagnostics = await waitForDiagnostics(skills.uri, 'the skill without a path', (d) => d.some((x) => codeOf(x) === 'missing-field'));
    const missing = diagnostics.filter((d) => codeOf(d) === 'missing-field');
    assert.equal(missing.length, 1);
    assert.equal(missing[0].range.start.line, 1);
    assert.equal(skills.getText(missing[0].range), '"open-pr"');
  });

  test('no JSON-language diagnostic or schema-load error: each problem appears once, from us', async () => {
    const servers = await languageOf('language/servers.json', 'mcp-catalog');
    await waitForDiagnostics(servers.uri, 'the trailing comma', (d) => d.some((x) => codeOf(x) === 'json-trailing-comma'));
    for (const relative of ['mcp.json', 'roots.json', 'language/servers.json', 'language/roots.json']) {
      const uri = fixtureUri(relative);
      await waitFor(`${relative} analysed`, async () => (await api()).tracker.info(uri.toString()) !== undefined);
      const all = vscode.languages.getDiagnostics(uri);
      const foreign = all.filter((d) => d.source !== 'mcp-catalog');
      assert.deepEqual(
        foreign.map((d) => `${d.source}: ${d.message}`),
        [],
        `${relative}: only MCP Catalog reports`,
      );
      const places = all.map((d) => `${d.range.start.line}:${d.range.start.character} ${codeOf(d)}`);
      assert.equal(new Set(places).size, places.length, `${relative}: no problem twice (${places.join(', ')})`);
    }
    assert.equal(catalogDiagnostics(servers.uri).filter((d) => codeOf(d) === 'json-trailing-comma').length, 1);
  });

  test('Outline shows one tree', async () => {
    const document = await languageOf('mcp.json', 'mcp-catalog');
    const symbols = await waitFor('document symbols', async () => {
      const found = await vscode.commands.executeCommand<vscode.DocumentSymbol[]>('vscode.executeDocumentSymbolProvider', document.uri);
      return found?.length ? found : undefined;
    });
    const names = symbols.map((s) => s.name);
    assert.equal(names.filter((n) => n === '$schema').length, 1, `one provider: ${names.join(', ')}`);
    assert.equal(names.filter((n) => n === 'playwright-custom').length, 1);
  });

  test('Format Document keeps the catalog strict JSON, in key order, with the editor tab settings', async () => {
    const document = await languageOf('language/mcp.json', 'mcp-catalog');
    const before = document.getText();
    const editor = await vscode.window.showTextDocument(document);
    editor.options = { tabSize: 2, insertSpaces: true };
    await vscode.commands.executeCommand('editor.action.formatDocument');
    await waitFor('the document to be formatted', () => document.getText() !== before);
    const after = document.getText();
    assert.deepEqual(JSON.parse(after), JSON.parse(before), 'the same JSON value (JSON.parse accepts it: no comment, no trailing comma)');
    assert.deepEqual(Object.keys(JSON.parse(after)), ['$schema', 'zeta', 'alpha']);
    assert.ok(after.includes('\n  "zeta": {\n    "title": "Zeta",'), after);
    assert.doesNotMatch(after, /,\s*[}\]]/);
    await revert(document);
  });

  test('folding and smart selection come from our server', async () => {
    const document = await languageOf('roots.json', 'air-roots');
    const folds = await vscode.commands.executeCommand<vscode.FoldingRange[]>('vscode.executeFoldingRangeProvider', document.uri);
    assert.ok(folds && folds.some((f) => f.start === 0), 'the document folds');
    const position = document.positionAt(document.getText().indexOf('"zimmer"') + 2);
    const [selection] = await vscode.commands.executeCommand<vscode.SelectionRange[]>('vscode.executeSelectionRangeProvider', document.uri, [position]);
    assert.equal(document.getText(selection.range), 'zimmer');
    assert.equal(document.getText(selection.parent!.range), '"zimmer"');
  });

  test('launch.json, package.json and pyproject.toml get no language, analysis or diagnostics from us', async () => {
    const extension = await api();
    for (const relative of ['not-ours/.vscode/launch.json', 'not-ours/package.json', 'not-ours/pyproject.toml']) {
      const document = await openDocument(relative);
      // The server answered for a later document, so it has had its chance at this one.
      await closeAllEditors();
      await languageOf('language/roots.json', 'air-roots');
      assert.ok(!OUR_LANGUAGES.includes(document.languageId) && document.languageId !== 'toml', `${relative} is ${document.languageId}`);
      assert.equal(extension.tracker.info(document.uri.toString()), undefined, `${relative}: no analysis, so no view or status`);
      assert.deepEqual(catalogDiagnostics(document.uri), []);
    }
    // Colouring: the placeholder grammar goes only into our grammars, and no language of ours owns a file
    // extension it does not classify (the UI script not-ours checks the scopes VS Code actually applies).
    const contributes = vscode.extensions.getExtension('mcp-catalog.mcp-catalog')!.packageJSON.contributes as {
      grammars: { scopeName: string; injectTo?: string[]; language?: string }[];
      languages: { id: string; extensions?: string[] }[];
    };
    const injection = contributes.grammars.find((g) => g.scopeName === 'mcp-catalog.placeholder.injection')!;
    const ownScopes = contributes.grammars.filter((g) => g.language && OUR_LANGUAGES.includes(g.language)).map((g) => g.scopeName);
    assert.ok(
      injection.injectTo!.length > 0 && injection.injectTo!.every((scope) => ownScopes.includes(scope)),
      `injected into ${injection.injectTo!.join(', ')}`,
    );
    assert.deepEqual(
      contributes.languages.flatMap((l) => l.extensions ?? []),
      [],
      'no file extension claimed',
    );
  });

  test('a document the user switches to JSON stays JSON, also when reopened', async () => {
    let document = await languageOf('rules/restart-mcp.json', 'mcp-catalog');
    await waitForDiagnostics(document.uri, 'the timeout-range of our mode', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    await vscode.languages.setTextDocumentLanguage(document, 'json');
    // VS Code's JSON support reports on it now; ours, kept by workspace diagnostics, must not (shared/src/protocol.ts OPTED_OUT).
    await waitForDiagnostics(document.uri, 'none of ours while it is JSON', (d) => d.length === 0);
    await closeAllEditors();
    document = await openDocument('rules/restart-mcp.json');
    // Give our switching a chance to (wrongly) happen: a later document is classified and switched.
    await languageOf('language/servers.json', 'mcp-catalog');
    assert.equal(document.languageId, 'json');
    // Choosing our mode again forgets the choice.
    await vscode.languages.setTextDocumentLanguage(document, 'mcp-catalog');
    assert.equal((await api()).languages.userChoice(document.uri), undefined);
  });
});
