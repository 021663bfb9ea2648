/**
 * Helpers for the extension-host suites. Every wait is on an event or a condition with a
 * deadline — never a fixed sleep — and fails with a message saying what it was waiting for.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';

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
export function waitForDiagnostics(uri: vscode.Uri, description: string, predicate: (diagnostics: vscode.Diagnostic[]) => boolean, timeoutMs = WAIT_MS): Promise<vscode.Diagnostic[]> {
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
      reject(new Error(`timed out after ${timeoutMs} ms waiting for ${description} on ${vscode.workspace.asRelativePath(uri)} (has: ${seen.join(', ') || 'none'})`));
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
