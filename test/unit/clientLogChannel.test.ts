/**
 * The output channel adapter between vscode-languageclient 9 and a LogOutputChannel: one prefix
 * per line (the log channel's), the client's level kept, and a clean exit (a requested restart)
 * never reported as an error.
 */
import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { ClientLogChannel } from '../../client/src/logChannel';

function fakeLog(): { channel: vscode.LogOutputChannel; lines: string[] } {
  const lines: string[] = [];
  const at = (level: string) => (message: string) => lines.push(`${level} ${message}`);
  const channel = {
    name: 'MCP Catalog',
    trace: at('trace'),
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
  } as unknown as vscode.LogOutputChannel;
  return { channel, lines };
}

describe('client log channel', () => {
  it('drops the client prefix and logs at its level', () => {
    const { channel, lines } = fakeLog();
    const adapter = new ClientLogChannel(channel);
    adapter.appendLine('[Info  - 7:54:31 AM] MCP Catalog language server 0.1.0 ready (trusted workspace).');
    adapter.appendLine('[Warn  - 7:54:32 AM] Something to look at.');
    adapter.appendLine('[Error - 7:54:33 AM] Rule "x" failed.');
    adapter.appendLine('  at stack line');
    assert.deepEqual(lines, [
      'info MCP Catalog language server 0.1.0 ready (trusted workspace).',
      'warn Something to look at.',
      'error Rule "x" failed.',
      'error   at stack line',
    ]);
  });

  it('logs a zero exit code (a requested stop or restart) as information, any other as an error', () => {
    const { channel, lines } = fakeLog();
    const adapter = new ClientLogChannel(channel);
    adapter.appendLine('[Error - 7:54:31 AM] Server process exited with code 0.');
    adapter.appendLine('[Error - 7:54:31 AM] Server process exited with code 1.');
    assert.deepEqual(lines, ['info Server process exited with code 0.', 'error Server process exited with code 1.']);
  });

  it('writes the server process output line by line', () => {
    const { channel, lines } = fakeLog();
    const adapter = new ClientLogChannel(channel);
    adapter.append('first li');
    adapter.append('ne\nsecond line\n');
    assert.deepEqual(lines, ['info first line', 'info second line']);
  });
});
