import type { ResolvedFinding } from '../service/findings';
import { LineIndex, positionsOf, type Positions, type Range } from '../service/text';
import type { FileReader } from './files';

/**
 * Findings as the outside world sees them: 0-based LSP ranges, with related locations resolved
 * in their own files. Shared by the language server and the command line.
 */

export interface ReportedRelated {
  path?: string;
  range: Range;
  message: string;
}

export interface ReportedFinding {
  code: ResolvedFinding['code'];
  severity: ResolvedFinding['severity'];
  message: string;
  range: Range;
  data?: ResolvedFinding['data'];
  related: ReportedRelated[];
}

/**
 * `previous`: the findings and reports of the version this one was edited from. A finding the
 * engine kept as the same object lies wholly before every edit (engine.ts `recheckDocument` shifts anything
 * after), so its range is unchanged and its report is reused instead of recomputed.
 */
export function reportFindings(
  text: string,
  findings: readonly ResolvedFinding[],
  files: FileReader,
  /** Undefined: the positions of these findings alone are computed (`positionsOf`). */
  given?: Positions,
  previous?: { findings: readonly ResolvedFinding[]; reported: readonly ReportedFinding[] },
): ReportedFinding[] {
  const known = new Map<ResolvedFinding, ReportedFinding>();
  if (previous && previous.findings.length === previous.reported.length) previous.findings.forEach((finding, i) => known.set(finding, previous.reported[i]));
  const lines = given ?? positionsOf(text, spansToPlace(findings, known));
  const otherFiles = new Map<string, LineIndex | undefined>();
  const indexFor = (filePath: string): LineIndex | undefined => {
    if (!otherFiles.has(filePath)) {
      const other = files.read(filePath);
      otherFiles.set(filePath, other === undefined ? undefined : new LineIndex(other));
    }
    return otherFiles.get(filePath);
  };
  return findings.map(
    (finding) =>
      known.get(finding) ?? {
        code: finding.code,
        severity: finding.severity,
        message: finding.message,
        range: lines.rangeOf(finding.start, finding.end),
        data: finding.data,
        related: (finding.related ?? []).flatMap((related) => {
          const index = related.path === undefined ? lines : indexFor(related.path);
          return index ? [{ path: related.path, range: index.rangeOf(related.start, related.end), message: related.message }] : [];
        }),
      },
  );
}

/** The spans in the document itself that the new findings (and their related locations) need placed. */
function spansToPlace(findings: readonly ResolvedFinding[], known: ReadonlyMap<ResolvedFinding, ReportedFinding>): [number, number][] {
  const spans: [number, number][] = [];
  for (const finding of findings) {
    if (known.has(finding)) continue;
    spans.push([finding.start, finding.end]);
    for (const related of finding.related ?? []) if (related.path === undefined) spans.push([related.start, related.end]);
  }
  return spans;
}
