import type { IndexKind } from '../service/classify';
import { checkDocument, DEFAULT_MAX_FILE_SIZE, tooLargeMessage } from '../service/engine';
import { CLI_SURFACE } from '../service/surface';
import type { ResolvedFinding } from '../service/findings';
import { readNamedFile } from '../node/files';
import { reportFindings } from '../node/report';
import type { FileReport } from './formats';
import type { CliContext, Target } from './targets';
import { terminalText } from '../service/surfaces/terminal';

/** The engine's verdict on each target, as `check`, `fix` and the baseline read it. */

export interface CheckedFile {
  target: Target;
  /** What the file was checked as; undefined when it could not be read or was too large to read. */
  kind?: IndexKind;
  text?: string;
  findings: ResolvedFinding[];
  report: FileReport;
}

export function checkTargets(targets: readonly Target[], context: CliContext): { files: CheckedFile[]; unreadable: boolean } {
  const files: CheckedFile[] = [];
  let unreadable = false;
  for (const target of targets) {
    // A FILE named on the command line that links out of the current directory (discovery skips those it finds).
    if (context.tree.outside?.(target.absolute) !== undefined) {
      unreadable = true;
      continue;
    }
    // The named file is not a side file: over the side files' cap it still gets the engine's verdict.
    const file = readNamedFile(target.absolute, DEFAULT_MAX_FILE_SIZE);
    if ('refused' in file) {
      context.io.stderr(terminalText(`mcp-catalog: cannot read ${target.given}: it ${file.refused}\n`));
      unreadable = true;
      continue;
    }
    if ('tooLarge' in file) {
      const findings = [tooLargeFinding(file.tooLarge, DEFAULT_MAX_FILE_SIZE)];
      files.push({ target, findings, report: { path: target.given, diagnostics: reportFindings('', findings, context.reader) } });
      continue;
    }
    files.push(checkText(target, file.text, context));
  }
  return { files, unreadable };
}

/** One file's text checked as what it is (§10: a file §1 does not classify is checked as a catalog). */
export function checkText(target: Target, text: string, context: CliContext): CheckedFile {
  const kind = context.workspace.classify(target.absolute, text) ?? 'catalog';
  const { facts } = context.workspace.factsFor(target.absolute, kind, context.settings);
  const { findings } = checkDocument(text, kind, facts, {
    severities: context.severities,
    onRuleError: (rule) => context.io.stderr(terminalText(`mcp-catalog: internal error in rule "${rule}" on ${target.given}; other rules still ran\n`)),
  });
  return {
    target,
    kind,
    text,
    findings,
    report: { path: target.given, diagnostics: reportFindings(text, findings, context.reader) },
  };
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
