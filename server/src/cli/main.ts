import { version } from '../../../package.json';
import { UsageError } from './args';
import { CHECK_USAGE, runCheck } from './check';
import { DIFF_USAGE, runDiff } from './diff';
import { FIX_USAGE, runFix } from './fix';
import type { CliIo } from './io';
import { LIVE_USAGE, runLive } from './live';
import { terminalSafe } from './terminal';
import { PREVIEW_USAGE, runPreview } from './preview';
import { READINESS_USAGE, runReadiness } from './readiness';

/** `mcp-catalog`: the rule engine as a command, so reviewers and CI get the editor's verdicts. */

type Command = { usage: string; run: (argv: readonly string[], io: CliIo) => number | Promise<number> };

export const COMMANDS: Record<string, Command> = {
  check: { usage: CHECK_USAGE, run: runCheck },
  fix: { usage: FIX_USAGE, run: runFix },
  diff: { usage: DIFF_USAGE, run: runDiff },
  readiness: { usage: READINESS_USAGE, run: runReadiness },
  preview: { usage: PREVIEW_USAGE, run: runPreview },
  live: { usage: LIVE_USAGE, run: runLive },
};

export function usage(): string {
  return `Usage:\n${Object.values(COMMANDS)
    .map((command) => `  ${command.usage.replace(/\n/g, '\n  ')}`)
    .join(
      '\n',
    )}\n\nExit status: 0 no error diagnostics, 1 at least one error (or more warnings than --max-warnings;\nfor diff: the change adds an error or worsens readiness), 2 usage error, unreadable file or nothing to check.\n`;
}

export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  if (name === '--version' || name === '-v') {
    io.stdout(`${io.version}\n`);
    return 0;
  }
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    (name === undefined ? io.stderr : io.stdout)(usage());
    return name === undefined ? 2 : 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    io.stderr(`mcp-catalog: unknown command "${name}"\n\n${usage()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stdout(`Usage: ${command.usage}\n`);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr(`mcp-catalog ${name}: ${error.message}\nUsage: ${command.usage}\n`);
      return 2;
    }
    // Never a stack trace for the user: one line, and exit 2.
    io.stderr(`mcp-catalog ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
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
    stdout: (text) => process.stdout.write(text),
    // Messages quote paths and names; stderr is always text for a terminal.
    stderr: (text) => process.stderr.write(terminalSafe(text)),
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
