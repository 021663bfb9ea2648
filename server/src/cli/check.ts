import * as path from 'node:path';
import { oneOf, parseArgs, UsageError, type OptionSpec, type ParsedArgs } from './args';
import { checkTargets, type CheckedFile } from './checkFiles';
import { CONFIG_OPTIONS, displayPath } from './config';
import { CHECK_FORMATS, formatReports, type CheckFormat } from './formats';
import { writeTextFile } from './writeFile';
import { SOURCE_OPTIONS } from './sources';
import { cliContext, collectTargets, nothingFoundHint, type CliContext } from './targets';
import type { CliIo } from './io';
import { terminalText } from '../service/surfaces/terminal';

export const CHECK_USAGE = `mcp-catalog check [--format text|json|sarif|github] [--roots FILE]... [--env-file|--dotenv FILE]...
                  [--secrets-file FILE] [--known NAME[,NAME]...] [--no-process-env]
                  [--severity CODE=LEVEL]... [--config FILE | --no-config]
                  [--max-warnings N] [--baseline FILE [--write-baseline]] [PATH...]`;

/** Options of every command that reports findings (`check`, `fix`). */
export const VERDICT_OPTIONS: Record<string, OptionSpec> = {
  ...SOURCE_OPTIONS,
  ...CONFIG_OPTIONS,
  format: { value: true },
  'max-warnings': { value: true },
  baseline: { value: true },
  'write-baseline': { value: false },
};

/**
 * `mcp-catalog check`: exit 0 without error diagnostics, 1 with one (or more warnings than
 * `--max-warnings`), 2 for usage, an unreadable file or nothing found to check.
 */
export function runCheck(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, VERDICT_OPTIONS);
  const format = oneOf(args, 'format', CHECK_FORMATS, 'text');
  const limits = verdictLimits(args);
  const context = cliContext(args, io);
  const targets = collectTargets(args.positional, context);
  if (targets.length === 0) {
    io.stderr(terminalText(`mcp-catalog check: 0 files checked: ${nothingFoundHint(args.positional, context)}\n`));
    return 2;
  }
  const { files, unreadable } = checkTargets(targets, context);
  const code = report(files, format, limits, context);
  return unreadable ? 2 : code;
}

export interface VerdictLimits {
  maxWarnings?: number;
  baseline?: string;
  writeBaseline: boolean;
}

export function verdictLimits(args: ParsedArgs): VerdictLimits {
  const raw = args.options.get('max-warnings')?.[0];
  let maxWarnings: number | undefined;
  if (raw !== undefined) {
    if (!/^\d+$/.test(raw)) throw new UsageError(`--max-warnings needs a whole number of warnings, not "${raw}"`);
    maxWarnings = Number(raw);
  }
  const baseline = args.options.get('baseline')?.[0];
  const writeBaseline = args.flags.has('write-baseline');
  if (writeBaseline && baseline === undefined) throw new UsageError('--write-baseline needs --baseline FILE');
  return { maxWarnings, baseline, writeBaseline };
}

/**
 * Prints the reports (without the baseline's findings) and returns the exit status: 1 with an
 * error or more warnings than allowed, else 0. `--write-baseline` records every finding instead.
 */
export function report(files: readonly CheckedFile[], format: CheckFormat, limits: VerdictLimits, context: CliContext): number {
  const { io } = context;
  const located = files.map((file) => ({ absolute: file.target.absolute, report: file.report }));
  if (limits.baseline !== undefined) {
    // Loaded only with --baseline: a plain `check` does not pay for it (bench/NOTES.md "Start-up").
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { baselineText, readBaseline, withoutBaseline } = require('./baseline') as typeof import('./baseline');
    const baselinePath = path.resolve(io.cwd, limits.baseline);
    if (limits.writeBaseline) {
      writeTextFile(baselinePath, baselineText(baselinePath, located));
      const count = located.reduce((sum, file) => sum + file.report.diagnostics.length, 0);
      io.stderr(terminalText(`mcp-catalog: wrote ${count} finding(s) of ${located.length} file(s) to ${displayPath(io.cwd, baselinePath)}\n`));
      return 0;
    }
    const accepted = readBaseline(baselinePath);
    if (typeof accepted === 'string') throw new Error(`--baseline ${limits.baseline}: ${accepted}`);
    const filtered = withoutBaseline(baselinePath, accepted, located);
    located.splice(0, located.length, ...filtered.files);
    if (filtered.hidden > 0) io.stderr(terminalText(`mcp-catalog: ${filtered.hidden} finding(s) recorded in ${displayPath(io.cwd, baselinePath)} not shown\n`));
  }
  const reports = located.map((file) => file.report);
  io.stdout(formatReports(format, reports, io.version));
  const all = reports.flatMap((r) => r.diagnostics);
  const errors = all.filter((d) => d.severity === 'error').length;
  const warnings = all.filter((d) => d.severity === 'warning').length;
  if (limits.maxWarnings !== undefined && warnings > limits.maxWarnings) {
    io.stderr(terminalText(`mcp-catalog: ${warnings} warning(s), more than --max-warnings ${limits.maxWarnings}\n`));
    return 1;
  }
  return errors > 0 ? 1 : 0;
}
