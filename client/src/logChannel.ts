import * as vscode from 'vscode';

/**
 * One log prefix in the "MCP Catalog" output channel. vscode-languageclient 9 writes every line
 * as `[Info  - 7:54:31 AM] message` through `appendLine`, and a `LogOutputChannel` adds its own
 * timestamp and `[info]` to each line: both prefixes showed. This adapter is the client's
 * `outputChannel`: it reads the client's level from its prefix, drops the prefix, and writes the
 * message at that level, so the log channel's level filter and colours work too.
 *
 * The client also reports `Server process exited with code 0` as an error on every stop, a
 * requested restart included; a zero exit code is the server doing what it was asked, so that line
 * is information. Any other code or a signal stays an error.
 */
const CLIENT_PREFIX = /^\[(Trace|Debug|Info|Warn|Error)\s*-\s*[^\]]*\]\s?/;

type Level = 'trace' | 'debug' | 'info' | 'warn' | 'error';
const LEVEL: Record<string, Level> = { Trace: 'trace', Debug: 'debug', Info: 'info', Warn: 'warn', Error: 'error' };

export class ClientLogChannel implements vscode.OutputChannel {
  /** Text written with `append` (the server's stdout/stderr), held until its line is complete. */
  private partial = '';
  /** The level of the last prefixed line: the lines of data the client writes after it share it. */
  private continuing: Level = 'info';

  constructor(private readonly log: vscode.LogOutputChannel) {}

  get name(): string {
    return this.log.name;
  }

  appendLine(value: string): void {
    this.flushPartial();
    const match = CLIENT_PREFIX.exec(value);
    if (!match) {
      this.write(this.continuing, value);
      return;
    }
    const message = value.slice(match[0].length);
    let level = LEVEL[match[1]] ?? 'info';
    if (level === 'error' && /^Server process exited with code 0\.?$/.test(message)) level = 'info';
    // Protocol traces are asked for with `mcpCatalog.trace.server`: shown at the channel's default level.
    if (level === 'trace') level = 'info';
    this.continuing = level;
    this.write(level, message);
  }

  append(value: string): void {
    this.partial += value;
    const lines = this.partial.split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) this.log.info(line);
  }

  replace(value: string): void {
    this.log.replace(value);
  }

  clear(): void {
    this.log.clear();
  }

  show(columnOrPreserveFocus?: vscode.ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean') this.log.show(columnOrPreserveFocus);
    else this.log.show(preserveFocus);
  }

  hide(): void {
    this.log.hide();
  }

  /** The log channel is the activation's to dispose of, not the client's. */
  dispose(): void {
    this.flushPartial();
  }

  private flushPartial(): void {
    if (this.partial.trim()) this.log.info(this.partial);
    this.partial = '';
  }

  private write(level: Level, message: string): void {
    this.log[level](message);
  }
}
