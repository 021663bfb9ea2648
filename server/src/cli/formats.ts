import * as path from 'node:path';
import { CODES, type Code, type Severity } from '../service/codes';
import { REPOSITORY_URL, ruleDocUrl } from '../service/ruleDocs';
import { maskedData } from '../service/masking';
import type { ReportedFinding } from '../node/report';
import { workflowCommand } from '../service/surfaces/githubCommand';
import { sarifUri } from '../service/surfaces/sarifUri';
import { joinTerminal, oneLine, terminalJson, terminalText, type TerminalText } from '../service/surfaces/terminal';

/** Output formats of `mcp-catalog check` (SPEC §7). */

export interface FileReport {
  /** The path as the user gave it. */
  path: string;
  diagnostics: ReportedFinding[];
}

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export function formatReports(format: CheckFormat, reports: FileReport[], version: string): TerminalText {
  switch (format) {
    case 'text':
      return formatText(reports);
    case 'json':
      return terminalJson(toJson(reports));
    case 'sarif':
      return terminalJson(toSarif(reports, version));
    case 'github':
      return formatGithub(reports);
  }
}

function formatText(reports: FileReport[]): TerminalText {
  const lines: string[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  // Messages quote names from the document, which may hold line breaks (`"a\nb"` as a key): the
  // text format promises one line per diagnostic.
  for (const report of reports) {
    for (const d of report.diagnostics) {
      counts[d.severity]++;
      lines.push(`${oneLine(report.path)}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${oneLine(d.message)}`);
    }
  }
  const files = reports.length === 1 ? '1 file' : `${reports.length} files`;
  lines.push(`${files} checked: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information} information, ${counts.hint} hint(s)`);
  return terminalText(`${lines.join('\n')}\n`);
}

function toJson(reports: FileReport[]): unknown {
  return {
    files: reports.map((report) => ({
      path: report.path,
      diagnostics: report.diagnostics.map((d) => ({
        code: d.code,
        severity: d.severity,
        message: d.message,
        range: d.range,
        source: 'mcp-catalog',
        ...(d.data ? { data: maskedData(d.data) } : {}),
        ...(d.related.length ? { related: d.related } : {}),
      })),
    })),
  };
}

const SARIF_LEVEL: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

function artifactUri(filePath: string): string {
  // Relative paths stay relative (SARIF allows it, and reviewers' tools resolve them against the checkout).
  return sarifUri(filePath, path.sep === '\\' ? 'win32' : 'posix');
}

function toSarif(reports: FileReport[], version: string): unknown {
  const rules = Object.entries(CODES).map(([id, info]) => ({
    id,
    shortDescription: { text: info.summary },
    helpUri: ruleDocUrl(id as Code),
    defaultConfiguration: { level: info.severity === 'off' ? 'none' : SARIF_LEVEL[info.severity], enabled: info.severity !== 'off' },
  }));
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const region = (range: ReportedFinding['range']) => ({
    startLine: range.start.line + 1,
    startColumn: range.start.character + 1,
    endLine: range.end.line + 1,
    endColumn: range.end.character + 1,
  });
  return {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'mcp-catalog', version, informationUri: REPOSITORY_URL, rules } },
        columnKind: 'utf16CodeUnits',
        results: reports.flatMap((report) =>
          report.diagnostics.map((d) => ({
            ruleId: d.code,
            ruleIndex: ruleIndex.get(d.code),
            level: SARIF_LEVEL[d.severity],
            message: { text: d.message },
            locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(report.path) }, region: region(d.range) } }],
            ...(d.related.length
              ? {
                  relatedLocations: d.related.map((r, id) => ({
                    id,
                    message: { text: r.message },
                    physicalLocation: { artifactLocation: { uri: artifactUri(r.path ?? report.path) }, region: region(r.range) },
                  })),
                }
              : {}),
          })),
        ),
      },
    ],
  };
}

const GITHUB_COMMAND: Record<Severity, string> = { error: 'error', warning: 'warning', information: 'notice', hint: 'notice' };

function formatGithub(reports: FileReport[]): TerminalText {
  const lines: TerminalText[] = [];
  for (const report of reports) {
    for (const d of report.diagnostics) {
      const properties = {
        file: report.path,
        line: d.range.start.line + 1,
        col: d.range.start.character + 1,
        endLine: d.range.end.line + 1,
        endColumn: d.range.end.character + 1,
        title: `mcp-catalog ${d.code}`,
      };
      lines.push(workflowCommand(GITHUB_COMMAND[d.severity], properties, d.message), terminalText('\n'));
    }
  }
  return joinTerminal(lines);
}
