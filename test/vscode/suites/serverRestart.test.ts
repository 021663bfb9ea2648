import * as assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import * as vscode from 'vscode';
import { api, closeAllEditors, codeOf, openDocument, replaceText, revert, waitFor, waitForDiagnostics, type McpCatalogApi } from '../helpers';

/**
 * Recovery in the real extension host: when the language server process dies
 * the client starts a new one, and an edit gets diagnostics again — and the views keep following
 * (the tracker hears the new server's notifications). Also the Restart Server command.
 * Runs late on purpose (file order): every suite after it works against a restarted server.
 */

interface ClientInternals {
  /** vscode-languageclient keeps the forked server (IPC transport) here. */
  _serverProcess?: ChildProcess;
  isRunning(): boolean;
}

function internals(extension: McpCatalogApi): ClientInternals {
  return extension.client.client;
}

async function serverPid(extension: McpCatalogApi): Promise<number> {
  return waitFor('a running language server process', () => {
    const client = internals(extension);
    const pid = client._serverProcess?.pid;
    return client.isRunning() && pid !== undefined && client._serverProcess?.exitCode === null ? pid : false;
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Edits startup_timeout_sec to `value` and waits for the diagnostic naming it (a fresh analysis by the running server). */
async function editAndSeeDiagnostic(extension: McpCatalogApi, document: vscode.TextDocument, from: string, value: string): Promise<void> {
  await replaceText(document, from, value, '"startup_timeout_sec": ');
  const diagnostics = await waitForDiagnostics(document.uri, `timeout-range for ${value}`, (d) =>
    d.some((x) => codeOf(x) === 'timeout-range' && x.message.includes(` ${value} `)),
  );
  assert.ok(diagnostics.some((d) => d.source === 'mcp-catalog'));
  // The tracker (readiness view, language status, previews) heard the new server about this very version.
  await waitFor('the tracker to hear about the edited version', () => extension.tracker.info(document.uri.toString())?.version === document.version);
}

suite('server restart', () => {
  suiteTeardown(closeAllEditors);

  test('the server process is killed: the client starts a new one and an edit gets diagnostics again', async () => {
    const extension = await api();
    const document = await openDocument('rules/restart-mcp.json');
    await waitForDiagnostics(document.uri, 'timeout-range for 700', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const before = await serverPid(extension);
    try {
      process.kill(before, 'SIGKILL');
      await new Promise((resolve) => setTimeout(resolve, 5));
      // A busy editor keeps writing to the dead process before the client notices it is gone (a
      // slow machine makes this likely): each write fails, and the client's default handler shuts
      // the client down for good after three such errors instead of restarting the server.
      for (let i = 0; i < 6; i++) void extension.client.client.sendNotification('workspace/didChangeConfiguration', { settings: null }).catch(() => undefined);
      await waitFor(`the old server (pid ${before}) to be gone`, () => !alive(before));
      const after = await waitFor('a new server process', async () => {
        const pid = await serverPid(extension);
        return pid !== before ? pid : false;
      });
      assert.ok(alive(after), `the new server (pid ${after}) runs`);
      await editAndSeeDiagnostic(extension, document, '700', '900');
    } finally {
      await revert(document);
    }
  });

  test('MCP Catalog: Restart Server replaces the process; diagnostics and the readiness view come back', async () => {
    const extension = await api();
    const document = await openDocument('rules/restart-mcp.json');
    await waitForDiagnostics(document.uri, 'timeout-range', (d) => d.some((x) => codeOf(x) === 'timeout-range'));
    const before = await serverPid(extension);
    try {
      await vscode.commands.executeCommand('mcpCatalog.restartServer');
      const after = await waitFor('a new server process after Restart Server', async () => {
        const pid = await serverPid(extension);
        return pid !== before ? pid : false;
      });
      await waitFor(`the old server (pid ${before}) to exit`, () => !alive(before));
      assert.ok(alive(after));
      await editAndSeeDiagnostic(extension, document, '700', '650');
      await waitFor(
        'the readiness view to show the catalog again',
        () => extension.readiness.current?.uri === document.uri.toString() && extension.readiness.current.servers.some((s) => s.name === 'linear'),
      );
    } finally {
      await revert(document);
    }
  });
});
