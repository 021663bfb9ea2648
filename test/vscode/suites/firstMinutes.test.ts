import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { READINESS_REQUEST, TRUST_CHANGED, type ReadinessParams, type ReadinessResult, type TrustChangedParams } from '../../../shared/src/protocol';
import { api, catalogDiagnostics, closeAllEditors, codeOf, fixtureUri, waitFor, waitForDiagnostics } from '../helpers';

/**
 * The first minutes with an empty folder, as a user's keys drive the real editor: `{`⏎ in an
 * empty catalog, a catalog written with completion alone, Create a Catalog, and Restricted Mode.
 * Every file is created under first-minutes/ and removed afterwards, so other suites see the
 * fixture workspace as it was.
 */
const FOLDER = 'first-minutes';

async function write(relativePath: string, text: string): Promise<vscode.Uri> {
  const uri = fixtureUri(`${FOLDER}/${relativePath}`);
  await vscode.workspace.fs.writeFile(uri, new TextEncoder().encode(text));
  return uri;
}

async function openEditor(uri: vscode.Uri): Promise<vscode.TextEditor> {
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  await waitFor('the catalog language mode', () => editor.document.languageId === 'mcp-catalog');
  return editor;
}

/** Waits until the server has analysed the document's current version; answers its error count. */
async function analysedErrors(document: vscode.TextDocument): Promise<number> {
  const { tracker } = await api();
  const info = await waitFor(`version ${document.version} analysed`, () => {
    const analysed = tracker.info(document.uri.toString());
    return analysed && analysed.version === document.version ? analysed : undefined;
  });
  return info.errors;
}

/** Errors of the document's current version, as the server counts them and as Problems shows them. */
async function errorsNow(document: vscode.TextDocument): Promise<string[]> {
  const count = await analysedErrors(document);
  const shown = await waitForDiagnostics(
    document.uri,
    `${count} error(s) shown`,
    (found) => found.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).length === count,
  );
  return shown.filter((d) => d.severity === vscode.DiagnosticSeverity.Error).map((d) => `${codeOf(d)}: ${d.message}`);
}

/**
 * Enter as the key does: the suggest widget takes it when it is open (`acceptSelectedSuggestion`
 * does nothing when it is not: its precondition is the widget's visibility), otherwise the editor
 * types a line break with the language's indentation rules.
 */
async function pressEnter(document: vscode.TextDocument): Promise<void> {
  const before = document.version;
  await vscode.commands.executeCommand('acceptSelectedSuggestion');
  if (document.version === before) await vscode.commands.executeCommand('type', { text: '\n' });
}

suite('The first minutes', () => {
  suiteSetup(async () => {
    await vscode.workspace.fs.createDirectory(fixtureUri(FOLDER));
  });
  teardown(closeAllEditors);
  suiteTeardown(async () => {
    await closeAllEditors();
    await vscode.workspace.fs.delete(fixtureUri(FOLDER), { recursive: true, useTrash: false });
  });

  test('{ then Enter in an empty catalog gives an empty object, no entry', async () => {
    const editor = await openEditor(await write('empty/mcp.json', ''));
    const document = editor.document;
    await vscode.commands.executeCommand('type', { text: '{' });
    await waitFor('the { typed', () => document.getText().startsWith('{'));
    // What the suggest widget would show for the typed `{` (VS Code asks with that trigger character):
    // no entry. Awaiting the same answer the widget waits for also means Enter below is not early.
    const offered = await vscode.commands.executeCommand<vscode.CompletionList>(
      'vscode.executeCompletionItemProvider',
      document.uri,
      editor.selection.active,
      '{',
    );
    const entries = offered.items.filter((item) => (typeof item.label === 'string' ? item.label : item.label.label).startsWith('New '));
    assert.deepEqual(
      entries.map((item) => item.label),
      [],
    );
    await pressEnter(document);
    const text = document.getText();
    assert.match(text, /^\{\r?\n[ \t]*\r?\n\}$/, JSON.stringify(text));
    assert.deepEqual(JSON.parse(text), {});
    assert.equal(editor.selection.active.line, 1, 'the cursor waits on the blank line inside');
    assert.deepEqual(await errorsNow(document), []);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('a catalog typed from scratch with completion alone has no error at each step', async () => {
    const editor = await openEditor(await write('typed/mcp.json', ''));
    const document = editor.document;
    await vscode.commands.executeCommand('type', { text: '{' });
    await waitFor('the { typed', () => document.getText().startsWith('{'));
    await pressEnter(document);
    assert.deepEqual(await errorsNow(document), [], 'after {\u23ce');

    // Ctrl+Space, then Enter on what the widget selects: the first new-server entry.
    const before = document.version;
    await waitFor('the suggest widget to accept an entry', async () => {
      await vscode.commands.executeCommand('editor.action.triggerSuggest');
      await vscode.commands.executeCommand('acceptSelectedSuggestion');
      return document.version !== before;
    });
    const accepted = JSON.parse(document.getText()) as Record<string, Record<string, unknown>>;
    const names = Object.keys(accepted);
    assert.equal(names.length, 1, document.getText());
    assert.equal(accepted[names[0]].type, 'stdio', 'stdio is the transport listed first');
    assert.deepEqual(await errorsNow(document), [], 'after accepting the snippet');

    // Tab through every placeholder: each stop holds a valid value, so nothing is an error meanwhile.
    let stops = 0;
    for (let step = 1; step <= 20; step++) {
      const selection = editor.selection;
      const version = document.version;
      await vscode.commands.executeCommand('jumpToNextSnippetPlaceholder');
      if (editor.selection.isEqual(selection) && document.version === version) break;
      stops = step;
      assert.deepEqual(await errorsNow(document), [], `at tab stop ${step} (${JSON.stringify(document.getText(editor.selection))})`);
    }
    assert.ok(stops >= 2, `tabbed through ${stops} stop(s)`);
    assert.deepEqual(
      catalogDiagnostics(document.uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error),
      [],
    );

    // The readiness view beside it: one server, and a Roots section that says once that there is no roots index.
    const { readiness } = await api();
    const provider = readiness as unknown as vscode.TreeDataProvider<unknown>;
    await waitFor('the readiness view on the new catalog', () => readiness.current?.uri === document.uri.toString() && readiness.current.servers.length === 1);
    const [, roots] = (await provider.getChildren()) ?? [];
    const labels = await Promise.all(((await provider.getChildren(roots)) ?? []).map(async (node) => (await provider.getTreeItem(node)).label));
    assert.deepEqual(labels, ['No roots index found']);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });

  test('Create a Catalog writes $schema and one valid example entry, and offers roots.json', async () => {
    const folder = fixtureUri(`${FOLDER}/created`);
    await vscode.workspace.fs.createDirectory(folder);
    await vscode.commands.executeCommand('mcpCatalog.createCatalog', { folder: folder.toString(), createRootsIndex: true });
    const catalogUri = vscode.Uri.joinPath(folder, 'mcp.json');
    const document = await waitFor('the new catalog open', () => vscode.workspace.textDocuments.find((d) => d.uri.toString() === catalogUri.toString()));
    assert.equal(document.isDirty, false, 'saved');
    const catalog = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(catalogUri))) as Record<string, unknown>;
    const [schema, ...entries] = Object.keys(catalog);
    assert.equal(schema, '$schema');
    assert.equal(catalog.$schema, 'https://pulsemcp.github.io/air/schemas/mcp.schema.json');
    // Add Server…'s blank stdio template, inserted by the same core.
    assert.deepEqual(entries, ['new-stdio-server']);
    assert.deepEqual(catalog['new-stdio-server'], { type: 'stdio', command: 'my-mcp-server', args: [] });
    assert.equal(
      vscode.window.activeTextEditor?.document.getText(vscode.window.activeTextEditor.selection),
      'new-stdio-server',
      'the name is selected to rename',
    );
    assert.deepEqual(await errorsNow(document), []);
    const roots = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, 'roots.json')))) as unknown;
    assert.deepEqual(roots, { $schema: 'https://pulsemcp.github.io/air/schemas/roots.schema.json' });

    // Run again: the catalog is opened, never overwritten, and no roots.json is offered twice.
    await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(folder, 'roots.json'), new TextEncoder().encode('{ "web": { "description": "W" } }\n'));
    await vscode.commands.executeCommand('mcpCatalog.createCatalog', { folder: folder.toString(), createRootsIndex: true });
    assert.deepEqual(JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(catalogUri))), catalog);
    assert.equal(
      new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder, 'roots.json'))),
      '{ "web": { "description": "W" } }\n',
    );
  });

  /**
   * Restricted Mode through the server's `mcpCatalog/trustChanged`, sent on the language client
   * the extension uses, as the client sends it when trust changes: this extension host's server
   * runs with --disable-workspace-trust (TESTING.md), so `vscode.workspace.isTrusted` is true and
   * no API revokes trust. A real restricted window, with the language status's "Trust this folder",
   * is the tier's `restricted` part (test/ui/restrictedMode.ts, a server with trust on): VS Code
   * has no API to read another extension's language status items from here.
   */
  test('Restricted Mode: no unresolved-variable warning, readiness not checked', async () => {
    await write('restricted/.env', 'FIRST_MINUTES_TOKEN=set\n');
    const editor = await openEditor(
      await write(
        'restricted/mcp.json',
        '{\n  "svc": { "type": "stdio", "command": "svc", "env": { "A": "${FIRST_MINUTES_TOKEN}", "B": "${FIRST_MINUTES_UNSET}" } }\n}\n',
      ),
    );
    const document = editor.document;
    const { client } = (await api()).client;
    const uri = document.uri;
    await waitForDiagnostics(uri, 'the unset variable reported while trusted', (found) => found.some((d) => codeOf(d) === 'unresolved-variable'));
    const trust = (trusted: boolean): Promise<void> => client.sendNotification(TRUST_CHANGED, { trusted } satisfies TrustChangedParams);
    try {
      await trust(false);
      const restricted = await waitForDiagnostics(
        uri,
        'no unresolved-variable in Restricted Mode',
        (found) => !found.some((d) => codeOf(d) === 'unresolved-variable'),
      );
      assert.deepEqual(restricted.filter((d) => d.severity === vscode.DiagnosticSeverity.Warning).map(codeOf), []);
      const readiness = await client.sendRequest<ReadinessResult | null>(READINESS_REQUEST, { uri: uri.toString() } satisfies ReadinessParams);
      assert.equal(readiness?.trusted, false);
      assert.deepEqual(
        readiness?.servers.map((server) => [server.name, server.state]),
        [['svc', 'not_checked']],
      );
      // The view says so, and counts no server as one that cannot start.
      const view = (await api()).readiness;
      const provider = view as unknown as vscode.TreeDataProvider<unknown>;
      const servers = await waitFor('the readiness view in Restricted Mode', async () => {
        if (view.current?.uri !== uri.toString() || view.current.trusted !== false) return undefined;
        const [section] = (await provider.getChildren()) ?? [];
        return section ? provider.getTreeItem(section) : undefined;
      });
      assert.equal(servers.description, '1 \u00b7 not checked (Restricted Mode)');
    } finally {
      await trust(true);
    }
    await waitForDiagnostics(uri, 'the unset variable reported again once trusted', (found) => found.some((d) => codeOf(d) === 'unresolved-variable'));
  });
});
