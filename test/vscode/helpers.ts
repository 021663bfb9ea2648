/**
 * Helpers for the extension-host suites. Every wait is on an event or a condition with a
 * deadline — never a fixed sleep — and fails with a message saying what it was waiting for.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { McpCatalogApi } from '../../client/src/extension';

export type { McpCatalogApi };

/** `publisher.name` from package.json. */
export const EXTENSION_ID = 'mcp-catalog.mcp-catalog';
export const SOURCE = 'mcp-catalog';

/** Generous: the first language-server start after a VS Code server start is the slowest. */
export const WAIT_MS = 30_000;

export function workspaceRoot(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the fixture workspace (test/fixtures/vscode-workspace) open as a folder');
  return folder.uri;
}

export function fixtureUri(relativePath: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceRoot(), ...relativePath.split('/'));
}

export function extension(): vscode.Extension<unknown> {
  const found = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(found, `extension ${EXTENSION_ID} is not installed in this extension host`);
  return found;
}

/** Polls a condition (cheaply, every 50 ms) until it holds or the deadline passes. */
export async function waitFor<T>(description: string, probe: () => T | undefined | false | Promise<T | undefined | false>, timeoutMs = WAIT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${description}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export async function openDocument(relativePath: string): Promise<vscode.TextDocument> {
  const document = await vscode.workspace.openTextDocument(fixtureUri(relativePath));
  await vscode.window.showTextDocument(document, { preview: false });
  return document;
}

export function codeOf(diagnostic: vscode.Diagnostic): string {
  const code = diagnostic.code;
  return String(typeof code === 'object' && code !== null ? code.value : code);
}

/** The diagnostics our extension published for a document. */
export function catalogDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((diagnostic) => diagnostic.source === SOURCE);
}

/**
 * Waits (on onDidChangeDiagnostics, with a deadline) until the document's mcp-catalog
 * diagnostics satisfy the predicate; returns them.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  description: string,
  predicate: (diagnostics: vscode.Diagnostic[]) => boolean,
  timeoutMs = WAIT_MS,
): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const diagnostics = catalogDiagnostics(uri);
      if (!predicate(diagnostics)) return false;
      cleanup();
      resolve(diagnostics);
      return true;
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (event.uris.some((changed) => changed.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      cleanup();
      const seen = catalogDiagnostics(uri).map((d) => `${codeOf(d)}@${d.range.start.line + 1}:${d.range.start.character + 1}`);
      reject(
        new Error(`timed out after ${timeoutMs} ms waiting for ${description} on ${vscode.workspace.asRelativePath(uri)} (has: ${seen.join(', ') || 'none'})`),
      );
    }, timeoutMs);
    function cleanup(): void {
      clearTimeout(timer);
      subscription.dispose();
    }
    check();
  });
}

/** Resolves on the next diagnostics change for the URI (subscribe BEFORE the action that causes it). */
export function nextDiagnosticsChange(uri: vscode.Uri, timeoutMs = WAIT_MS): Promise<vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const subscription = vscode.languages.onDidChangeDiagnostics((event) => {
      if (!event.uris.some((changed) => changed.toString() === uri.toString())) return;
      cleanup();
      resolve(catalogDiagnostics(uri));
    });
    const timer = setTimeout(() => {
      cleanup();
      reject(new Error(`no diagnostics change for ${vscode.workspace.asRelativePath(uri)} within ${timeoutMs} ms`));
    }, timeoutMs);
    function cleanup(): void {
      clearTimeout(timer);
      subscription.dispose();
    }
  });
}

/** The range of the first occurrence of `text` after `anchor` (both searched in the document text). */
export function rangeOf(document: vscode.TextDocument, text: string, anchor = ''): vscode.Range {
  const source = document.getText();
  const from = anchor ? source.indexOf(anchor) : 0;
  assert.ok(from >= 0, `anchor ${JSON.stringify(anchor)} not found in ${document.uri.path}`);
  const start = source.indexOf(text, from + anchor.length);
  assert.ok(start >= 0, `${JSON.stringify(text)} not found after ${JSON.stringify(anchor)} in ${document.uri.path}`);
  return new vscode.Range(document.positionAt(start), document.positionAt(start + text.length));
}

export function describeRange(range: vscode.Range): string {
  return `${range.start.line + 1}:${range.start.character + 1}-${range.end.line + 1}:${range.end.character + 1}`;
}

export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

// ---------------------------------------------------------------------------------------------
// The extension's own objects (activate() returns them), code actions, edits and previews.

/** The API object activate() returned: the live language client, tracker, readiness tree and previews. */
export async function api(): Promise<McpCatalogApi> {
  const found = extension();
  const exports = (found.isActive ? found.exports : await found.activate()) as McpCatalogApi | undefined;
  assert.ok(exports?.readiness && exports.tracker && exports.previews && exports.client, 'activate() returns { client, tracker, readiness, previews }');
  return exports;
}

/** The code actions VS Code's own command collects for a range (what the lightbulb would show). */
export async function codeActions(uri: vscode.Uri, range: vscode.Range, kind?: string): Promise<vscode.CodeAction[]> {
  const actions = (await vscode.commands.executeCommand<(vscode.CodeAction | vscode.Command)[]>('vscode.executeCodeActionProvider', uri, range, kind)) ?? [];
  return actions.filter((action): action is vscode.CodeAction => 'title' in action && !('command' in action && typeof action.command === 'string'));
}

/** Waits for a code action with this exact title (the server answers only for its current analysis). */
export async function waitForCodeAction(uri: vscode.Uri, range: vscode.Range, title: string, kind?: string): Promise<vscode.CodeAction> {
  let seen: string[] = [];
  try {
    return await waitFor(`a code action "${title}"`, async () => {
      const actions = await codeActions(uri, range, kind);
      seen = actions.map((action) => action.title);
      return actions.find((action) => action.title === title);
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}; offered: ${JSON.stringify(seen)}`);
  }
}

/** Applies a code action the way the editor does: its edit, then its command. */
export async function applyCodeAction(action: vscode.CodeAction): Promise<void> {
  if (action.edit) assert.ok(await vscode.workspace.applyEdit(action.edit), `the edit of "${action.title}" applies`);
  if (action.command) await vscode.commands.executeCommand(action.command.command, ...(action.command.arguments ?? []));
}

/** Replaces the first occurrence of `text` after `anchor` in the document (an unsaved edit, as typing would). */
export async function replaceText(document: vscode.TextDocument, text: string, replacement: string, anchor = ''): Promise<void> {
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, rangeOf(document, text, anchor), replacement);
  assert.ok(await vscode.workspace.applyEdit(edit), `replacing ${JSON.stringify(text)} applies`);
}

/** Throws away a document's unsaved edits (fixtures stay as committed for the next test). */
export async function revert(document: vscode.TextDocument): Promise<void> {
  if (!document.isDirty) return;
  const onDisk = new TextDecoder().decode(await vscode.workspace.fs.readFile(document.uri));
  await vscode.window.showTextDocument(document, { preview: false });
  await vscode.commands.executeCommand('workbench.action.files.revert');
  // The dirty flag can reach the extension host before the reverted text: wait for both.
  await waitFor(`${vscode.workspace.asRelativePath(document.uri)} to be reverted`, () => !document.isDirty && document.getText() === onDisk);
}

export function diagnosticsWithCode(diagnostics: vscode.Diagnostic[], code: string): vscode.Diagnostic[] {
  return diagnostics.filter((diagnostic) => codeOf(diagnostic) === code);
}

/** Waits until the document has a diagnostic with this code; returns it (the first). */
export async function waitForCode(uri: vscode.Uri, code: string, timeoutMs = WAIT_MS): Promise<vscode.Diagnostic> {
  const diagnostics = await waitForDiagnostics(uri, `a ${code} diagnostic`, (d) => d.some((x) => codeOf(x) === code), timeoutMs);
  return diagnostics.find((d) => codeOf(d) === code)!;
}

/** Waits until the document has no diagnostic with this code. */
export function waitForNoCode(uri: vscode.Uri, code: string, timeoutMs = WAIT_MS): Promise<vscode.Diagnostic[]> {
  return waitForDiagnostics(uri, `the ${code} diagnostic to go away`, (d) => !d.some((x) => codeOf(x) === code), timeoutMs);
}

/** Asserts a range equals the expected one, with a readable message. */
export function assertRange(actual: vscode.Range, expected: vscode.Range, what: string): void {
  assert.ok(actual.isEqual(expected), `${what}: range ${describeRange(actual)}, expected ${describeRange(expected)}`);
}

/** The open preview documents (scheme mcp-catalog-preview). */
export function previewDocuments(): vscode.TextDocument[] {
  return vscode.workspace.textDocuments.filter((document) => document.uri.scheme === 'mcp-catalog-preview');
}
