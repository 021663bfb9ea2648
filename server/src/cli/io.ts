import type { TerminalText } from '../service/surfaces/terminal';

/**
 * What a CLI command may touch: injected so tests run commands in-process. The two writers take
 * `TerminalText` only (service/surfaces/terminal.ts), so every command and every format — text,
 * JSON, SARIF, GitHub, Markdown — goes through the one escaping, and a raw string does not compile.
 */
export interface CliIo {
  cwd: string;
  env: NodeJS.ProcessEnv;
  version: string;
  stdout: (text: TerminalText) => void;
  stderr: (text: TerminalText) => void;
}
