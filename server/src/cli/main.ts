import { version } from '../../../package.json';
import { UsageError } from './args';
import type { CliIo } from './io';
import { terminalText } from '../service/surfaces/terminal';

/** `mcp-catalog`: the rule engine as a command, so reviewers and CI get the editor's verdicts. */

type Command = { usage: string; run: (argv: readonly string[], io: CliIo) => number | Promise<number> };

/* eslint-disable @typescript-eslint/no-require-imports -- see below */
/**
 * Each command's module is loaded when that command runs: `check` never loads the TOML writer,
 * git, HTTP, the fixes or readiness, and `--version` loads none (bench/NOTES.md "Start-up").
 * esbuild bundles each `require` and runs the module's top level only when it is called.
 */
export const COMMANDS: Record<string, () => Command> = {
  check: () => {
    const command = require('./check') as typeof import('./check');
    return { usage: command.CHECK_USAGE, run: command.runCheck };
  },
  fix: () => {
    const command = require('./fix') as typeof import('./fix');
    return { usage: command.FIX_USAGE, run: command.runFix };
  },
  diff: () => {
    const command = require('./diff') as typeof import('./diff');
    return { usage: command.DIFF_USAGE, run: command.runDiff };
  },
  readiness: () => {
    const command = require('./readiness') as typeof import('./readiness');
    return { usage: command.READINESS_USAGE, run: command.runReadiness };
  },
  preview: () => {
    const command = require('./preview') as typeof import('./preview');
    return { usage: command.PREVIEW_USAGE, run: command.runPreview };
  },
  live: () => {
    const command = require('./live') as typeof import('./live');
    return { usage: command.LIVE_USAGE, run: command.runLive };
  },
};
/* eslint-enable @typescript-eslint/no-require-imports */

export function usage(): string {
  return `Usage:\n${Object.values(COMMANDS)
    .map((load) => `  ${load().usage.replace(/\n/g, '\n  ')}`)
    .join(
      '\n',
    )}\n\nExit status: 0 no error diagnostics, 1 at least one error (or more warnings than --max-warnings;\nfor diff: the change adds an error or worsens readiness), 2 usage error, unreadable file or nothing to check.\n`;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    io.stdout(terminalText(`${io.version}\n`));
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(terminalText(usage()));
    return name === undefined ? 2 : 0;
  }
  const load = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!load) {
    io.stderr(terminalText(`mcp-catalog: unknown command "${name}"\n\n${usage()}`));
    return 2;
  }
  const command = load();
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(terminalText(`Usage: ${command.usage}\n`));
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(terminalText(`mcp-catalog ${name}: ${error.message}\nUsage: ${command.usage}\n`));
      return 2;
    }
    // Never a stack trace for the user: one line, and exit 2.
    io.stderr(terminalText(`mcp-catalog ${name}: ${error instanceof Error ? error.message : String(error)}\n`));
    return 2;
  }
}

/** Entry point of the bundled bin. */
export function runFromProcess(): void {
  // A reader that went away (`check … | head -1`) is not an error: stop writing, keep the status.
  const quietOnEpipe = (error: NodeJS.ErrnoException): void => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw error;
  };
  process.stdout.on('error', quietOnEpipe);
  process.stderr.on('error', quietOnEpipe);
  const io: CliIo = {
    cwd: process.cwd(),
    env: process.env,
    version,
    // The one place the command line writes: what arrives is TerminalText already.
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
  };
  main(process.argv.slice(2), io).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}
