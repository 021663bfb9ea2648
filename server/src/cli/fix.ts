import { computeFixAll } from '../service/fixes/fixAll';
import { oneOf, parseArgs } from './args';
import { checkTargets, checkText, type CheckedFile } from './checkFiles';
import { report, VERDICT_OPTIONS, verdictLimits } from './check';
import { CHECK_FORMATS } from './formats';
import type { CliIo } from './io';
import { cliContext, collectTargets, nothingFoundHint } from './targets';
import { unifiedDiffOfEdits } from './unifiedDiff';
import { writeTextFile } from './writeFile';

export const FIX_USAGE = `mcp-catalog fix [--dry-run] [--format text|json|sarif|github] [same source options]
                [--config FILE | --no-config] [--max-warnings N] [--baseline FILE] [PATH...]`;

/**
 * `mcp-catalog fix` (README "Fixing from the terminal"): the editor's `source.fixAll.mcp-catalog`
 * (SPEC §5, service/fixes/fixAll.ts — the one implementation) applied to each catalog and roots
 * index found, never to an air.json, a file §1 does not classify or any other file. Reports what
 * it fixed on stderr and what is left as `check` does, and exits as `check` would on what is
 * left. `--dry-run` writes nothing: it prints a unified diff and exits 1 when a file would change.
 */
export function runFix(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { ...VERDICT_OPTIONS, 'dry-run': { value: false } });
  const format = oneOf(args, 'format', CHECK_FORMATS, 'text');
  const limits = verdictLimits(args);
  const dryRun = args.flags.has('dry-run');
  const context = cliContext(args, io);
  const targets = collectTargets(args.positional, context);
  if (targets.length === 0) {
    io.stderr(`mcp-catalog fix: 0 files checked: ${nothingFoundHint(args.positional, context)}\n`);
    return 2;
  }
  const { files, unreadable } = checkTargets(targets, context);
  const left: CheckedFile[] = [];
  let changed = 0;
  for (const file of files) {
    const { target, text, kind } = file;
    const classified = text === undefined ? undefined : context.workspace.classify(target.absolute, text);
    if (text === undefined || kind === undefined || kind === 'air' || classified === undefined) {
      if (classified === undefined && text !== undefined && file.findings.length > 0)
        io.stderr(`mcp-catalog fix: ${target.given} is not fixed: it is not named or marked ($schema) as a catalog or roots index\n`);
      left.push(file);
      continue;
    }
    const { facts } = context.workspace.factsFor(target.absolute, kind, context.settings);
    const fixed = computeFixAll(text, kind, facts, { severities: context.severities, findings: file.findings });
    if (fixed.edits.length === 0) {
      left.push(file);
      continue;
    }
    changed++;
    if (dryRun) {
      io.stdout(unifiedDiffOfEdits(`a/${slashes(target.given)}`, `b/${slashes(target.given)}`, text, fixed.edits));
    } else {
      writeTextFile(target.absolute, fixed.text);
      context.reader.clear();
    }
    const after = checkText(target, fixed.text, context);
    io.stderr(`mcp-catalog fix: ${dryRun ? 'would fix' : 'fixed'} ${fixed.applied} problem(s) in ${target.given}; ${after.findings.length} left\n`);
    left.push(after);
  }
  if (dryRun) {
    // The diff owns stdout (it can be piped to `git apply`); what would be left goes to stderr as text.
    const code = report(left, 'text', { ...limits, writeBaseline: false }, { ...context, io: { ...io, stdout: io.stderr } });
    if (changed > 0) return 1;
    return unreadable ? 2 : code;
  }
  const code = report(left, format, limits, context);
  return unreadable ? 2 : code;
}

function slashes(file: string): string {
  return file.split('\\').join('/');
}
