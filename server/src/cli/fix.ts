import * as path from 'node:path';
import { computeFixAll } from '../service/fixes/fixAll';
import { migrateLegacyMembership } from '../service/fixes/membershipFixes';
import { oneOf, parseArgs } from './args';
import { checkTargets, checkText, type CheckedFile } from './checkFiles';
import { report, VERDICT_OPTIONS, verdictLimits } from './check';
import { CHECK_FORMATS } from './formats';
import type { CliIo } from './io';
import { cliContext, collectTargets, nothingFoundHint } from './targets';
import { unifiedDiff, unifiedDiffOfEdits } from './unifiedDiff';
import { writeTextFile } from './writeFile';
import { hasTerminalControl, terminalText } from '../service/surfaces/terminal';

export const FIX_USAGE = `mcp-catalog fix [--dry-run] [--format text|json|sarif|github] [same source options]
                [--config FILE | --no-config] [--max-warnings N] [--baseline FILE] [PATH...]`;

/**
 * `mcp-catalog fix` (docs/command-line.md "Fixing from the terminal"): the editor's `source.fixAll.mcp-catalog`
 * (SPEC §5, service/fixes/fixAll.ts — the one implementation) applied to each catalog and roots
 * index found, never to an air.json or a file §1 does not classify; for a roots index also the
 * `legacy-root-membership` migration (SPEC §4.4, service/fixes/membershipFixes.ts), the one fix
 * that edits other files: the catalogs it moves server names into, inside the current directory
 * only. Reports what it fixed on stderr and what is left as `check` does, and exits as `check`
 * would on what is left. `--dry-run` writes nothing: it prints a unified diff per file and exits 1
 * when a file would change.
 */
export function runFix(argv: readonly string[], io: CliIo): number {
  const args = parseArgs(argv, { ...VERDICT_OPTIONS, 'dry-run': { value: false } });
  const format = oneOf(args, 'format', CHECK_FORMATS, 'text');
  const limits = verdictLimits(args);
  const dryRun = args.flags.has('dry-run');
  const context = cliContext(args, io);
  const targets = collectTargets(args.positional, context);
  if (targets.length === 0) {
    io.stderr(terminalText(`mcp-catalog fix: 0 files checked: ${nothingFoundHint(args.positional, context)}\n`));
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
        io.stderr(terminalText(`mcp-catalog fix: ${target.given} is not fixed: it is not named or marked ($schema) as a catalog or roots index\n`));
      left.push(file);
      continue;
    }
    const { facts } = context.workspace.factsFor(target.absolute, kind, context.settings);
    const fixed = computeFixAll(text, kind, facts, { severities: context.severities, findings: file.findings });
    // A roots index's legacy membership arrays move onto the artifacts (SPEC §4.4): edits to other files too.
    const migration =
      kind === 'roots' ? migrateLegacyMembership(fixed.text, facts, (other) => context.reader.read(other), { severities: context.severities }) : undefined;
    const others = [...(migration?.files ?? [])].filter(([other]) => {
      if (context.workspace.contains(other)) return true;
      io.stderr(terminalText(`mcp-catalog fix: ${target.given}: not moving names into ${other}: it is outside the current directory\n`));
      return false;
    });
    const finalText = migration && others.length === migration.files.size ? migration.text : fixed.text;
    const applied = fixed.applied + (finalText === fixed.text ? 0 : (migration?.moved ?? 0));
    if (finalText === text) {
      left.push(file);
      continue;
    }
    changed++;
    const otherFiles = finalText === fixed.text ? [] : others;
    if (dryRun) {
      const ownLabels = [`a/${slashes(target.given)}`, `b/${slashes(target.given)}`] as const;
      const patches = [finalText === fixed.text ? unifiedDiffOfEdits(...ownLabels, text, fixed.edits) : unifiedDiff(...ownLabels, text, finalText)];
      for (const [other, otherText] of otherFiles) {
        const label = slashes(path.relative(io.cwd, other));
        patches.push(unifiedDiff(`a/${label}`, `b/${label}`, context.reader.read(other) ?? '', otherText));
      }
      const patch = patches.join('');
      io.stdout(terminalText(patch));
      // A line shown escaped no longer applies as printed: say so rather than let `git apply` write the escape.
      if (hasTerminalControl(patch))
        io.stderr(
          terminalText(`mcp-catalog fix: the diff of ${target.given} shows control characters escaped; run \`mcp-catalog fix\` rather than applying it\n`),
        );
    } else {
      writeTextFile(target.absolute, finalText);
      for (const [other, otherText] of otherFiles) writeTextFile(other, otherText);
      context.reader.clear();
    }
    if (otherFiles.length > 0) {
      const names = otherFiles.map(([other]) => slashes(path.relative(io.cwd, other))).join(', ');
      io.stderr(
        terminalText(`mcp-catalog fix: ${dryRun ? 'would move' : 'moved'} ${migration!.moved} name(s) from ${target.given} into default_in_roots (${names})\n`),
      );
    }
    const after = checkText(target, finalText, context);
    io.stderr(terminalText(`mcp-catalog fix: ${dryRun ? 'would fix' : 'fixed'} ${applied} problem(s) in ${target.given}; ${after.findings.length} left\n`));
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
