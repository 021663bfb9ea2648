import * as fs from 'node:fs';
import * as path from 'node:path';
import type { ReportedFinding } from '../node/report';
import type { FileReport } from './formats';

/**
 * `--baseline FILE` / `--write-baseline` (docs/command-line.md "Thresholds and baselines"): the findings a repository has
 * accepted, so a check reports only new ones. A finding is identified by its code, its file
 * (relative to the baseline's folder) and the name of the entry it sits in — never its line, so
 * an edit elsewhere in the file does not resurface it. Counted: two accepted `timeout-range` in
 * one entry hide two, a third is new.
 */

export interface BaselineItem {
  code: string;
  file: string;
  /** The server or root name (the first step of the finding's path); "" for the file itself. */
  entry: string;
  count: number;
}

export interface BaselineFile {
  version: 1;
  findings: BaselineItem[];
}

interface Located {
  /** Absolute path of the checked file. */
  absolute: string;
  report: FileReport;
}

export function entryOf(finding: Pick<ReportedFinding, 'data'>): string {
  const first = finding.data?.path?.[0];
  return first === undefined ? '' : String(first);
}

const keyOf = (code: string, file: string, entry: string): string => JSON.stringify([code, file, entry]);

function relativeTo(baselinePath: string, absolute: string): string {
  return path.relative(path.dirname(baselinePath), absolute).split(path.sep).join('/');
}

/** The baseline text for these reports (sorted, so rewriting an unchanged state changes nothing). */
export function baselineText(baselinePath: string, files: readonly Located[]): string {
  const counts = new Map<string, BaselineItem>();
  for (const file of files) {
    const relative = relativeTo(baselinePath, file.absolute);
    for (const d of file.report.diagnostics) {
      const key = keyOf(d.code, relative, entryOf(d));
      const item = counts.get(key) ?? { code: d.code, file: relative, entry: entryOf(d), count: 0 };
      item.count++;
      counts.set(key, item);
    }
  }
  const findings = [...counts.values()].sort((a, b) => a.file.localeCompare(b.file) || a.entry.localeCompare(b.entry) || a.code.localeCompare(b.code));
  const baseline: BaselineFile = { version: 1, findings };
  return `${JSON.stringify(baseline, null, 2)}\n`;
}

/** The accepted counts, or an error message when the file is not a baseline. */
export function readBaseline(baselinePath: string): Map<string, number> | string {
  let value: unknown;
  try {
    value = JSON.parse(fs.readFileSync(baselinePath, 'utf8'));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist (write it with --write-baseline)' : 'it is not a JSON file';
  }
  const findings = (value as BaselineFile | null)?.findings;
  if (!Array.isArray(findings)) return 'it is not a baseline (no "findings" array)';
  const counts = new Map<string, number>();
  for (const item of findings as Partial<BaselineItem>[]) {
    if (typeof item?.code !== 'string' || typeof item.file !== 'string' || typeof item.entry !== 'string') return 'an item lacks its code, file or entry';
    const key = keyOf(item.code, item.file, item.entry);
    counts.set(key, (counts.get(key) ?? 0) + (typeof item.count === 'number' && item.count > 0 ? Math.floor(item.count) : 1));
  }
  return counts;
}

/** The reports without the accepted findings (each accepted one hides one match), and how many were hidden. */
export function withoutBaseline<T extends Located>(baselinePath: string, accepted: Map<string, number>, files: readonly T[]): { files: T[]; hidden: number } {
  const left = new Map(accepted);
  let hidden = 0;
  const kept = files.map((file) => {
    const relative = relativeTo(baselinePath, file.absolute);
    const diagnostics = file.report.diagnostics.filter((d) => {
      const key = keyOf(d.code, relative, entryOf(d));
      const remaining = left.get(key) ?? 0;
      if (remaining === 0) return true;
      left.set(key, remaining - 1);
      hidden++;
      return false;
    });
    return { ...file, report: { ...file.report, diagnostics } };
  });
  return { files: kept, hidden };
}
