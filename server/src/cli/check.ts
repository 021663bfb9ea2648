import * as path from 'node:path';
import { checkDocument, DEFAULT_MAX_FILE_SIZE, tooLargeMessage } from '../service/engine';
import { CLI_SURFACE } from '../service/surface';
import type { ResolvedFinding } from '../service/findings';
import { CachingReader, diskReader, readNamedFile } from '../node/files';
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
    // The named file is not a side file: over the side files' cap it still gets the engine's verdict.
    const file = readNamedFile(absolute, DEFAULT_MAX_FILE_SIZE);
    if (file === undefined) {
      io.stderr(`mcp-catalog: cannot read ${given}\n`);
      unreadable = true;
      continue;
    }
    if ('tooLarge' in file) {
      reports.push({ path: given, diagnostics: reportFindings('', [tooLargeFinding(file.tooLarge, DEFAULT_MAX_FILE_SIZE)], reader) });
      continue;
    }
    const { text } = file;
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

/**
 * The engine's one information finding for a document over its size limit (service/engine.ts,
 * same words), for a file so large it is not even read: its size is counted in bytes, which for
 * the usual ASCII catalog is the engine's UTF-16 count.
 */
function tooLargeFinding(bytes: number, limit: number): ResolvedFinding {
  return {
    code: 'json-syntax',
    severity: 'information',
    message: tooLargeMessage(bytes, limit, CLI_SURFACE),
    start: 0,
    end: 0,
    data: { path: [], tooLarge: true },
  };
}
