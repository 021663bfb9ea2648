import * as path from 'node:path';
import { checkDocument } from '../service/engine';
import { CachingReader, diskReader } from '../node/files';
import { reportFindings } from '../node/report';
import { Workspace } from '../node/workspace';
import { oneOf, parseArgs, UsageError } from './args';
import { CHECK_FORMATS, formatReports, type FileReport } from './formats';
import { severityOverrides, SOURCE_OPTIONS, sourceSettings } from './sources';
import type { CliIo } from './io';

export const CHECK_USAGE = `mcp-catalog check [--format text|json|sarif|github] [--roots FILE]... [--env-file FILE]...
                  [--secrets-file FILE] [--known NAME[,NAME]...] [--no-process-env]
                  [--severity CODE=LEVEL]... FILE...`;

/** `mcp-catalog check`: exit 0 without error diagnostics, 1 with one, 2 for usage or an unreadable file. */
export function runCheck(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { ...SOURCE_OPTIONS, format: { value: true } });
  const format = oneOf(args, 'format', CHECK_FORMATS, 'text');
  const settings = sourceSettings(args);
  const severities = severityOverrides(args);
  if (args.positional.length === 0) throw new UsageError('no FILE given');

  const reader = new CachingReader(diskReader);
  const workspace = new Workspace(reader, { workspaceRoot: io.cwd, env: io.env });
  const reports: FileReport[] = [];
  let unreadable = false;
  let errors = 0;
  for (const given of args.positional) {
    const absolute = path.resolve(io.cwd, given);
    const text = reader.read(absolute);
    if (text === undefined) {
      io.stderr(`mcp-catalog: cannot read ${given}\n`);
      unreadable = true;
      continue;
    }
    // §10: a file §1 does not classify is checked as a catalog.
    const kind = workspace.classify(absolute, text) ?? 'catalog';
    const { facts } = workspace.factsFor(absolute, kind, settings);
    const { findings } = checkDocument(text, kind, facts, {
      severities,
      onRuleError: (rule) => io.stderr(`mcp-catalog: internal error in rule "${rule}" on ${given}; other rules still ran\n`),
    });
    errors += findings.filter((f) => f.severity === 'error').length;
    reports.push({ path: given, diagnostics: reportFindings(text, findings, reader) });
  }
  io.stdout(formatReports(format, reports, io.version));
  if (unreadable) return 2;
  return errors > 0 ? 1 : 0;
}
