import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { CODES, type Code, type Severity } from '../service/codes';
import { REPOSITORY_URL, ruleDocUrl } from '../service/ruleDocs';
import { maskedData } from '../service/masking';
import type { ReportedFinding } from '../node/report';
import { terminalSafe } from './terminal';

/** Output formats of `mcp-catalog check` (SPEC §7). */

export interface FileReport {
  /** The path as the user gave it. */
  path: string;
  diagnostics: ReportedFinding[];
}

export const CHECK_FORMATS = ['text', 'json', 'sarif', 'github'] as const;
export type CheckFormat = (typeof CHECK_FORMATS)[number];

export function formatReports(format: CheckFormat, reports: FileReport[], version: string): string {
  switch (format) {
    case 'text':
      return formatText(reports);
    case 'json':
      return `${JSON.stringify(toJson(reports), null, 2)}\n`;
    case 'sarif':
      return `${JSON.stringify(toSarif(reports, version), null, 2)}\n`;
    case 'github':
      return formatGithub(reports);
  }
}

/**
 * Messages quote names from the document, which may hold line breaks (`"a\nb"` as a key). The
 * text format promises one line per diagnostic, so line breaks are shown escaped.
 */
const ESCAPED_BREAKS: Record<string, string> = { '\r': '\\r', '\n': '\\n', '\u2028': '\\u2028', '\u2029': '\\u2029' };

function oneLine(message: string): string {
  return message.replace(/[\r\n\u2028\u2029]/g, (brk) => ESCAPED_BREAKS[brk]);
}

function formatText(reports: FileReport[]): string {
  const lines: string[] = [];
  const counts: Record<Severity, number> = { error: 0, warning: 0, information: 0, hint: 0 };
  for (const report of reports) {
    for (const d of report.diagnostics) {
      counts[d.severity]++;
      lines.push(`${report.path}:${d.range.start.line + 1}:${d.range.start.character + 1}: ${d.severity} ${d.code}: ${oneLine(d.message)}`);
    }
  }
  const files = reports.length === 1 ? '1 file' : `${reports.length} files`;
  lines.push(`${files} checked: ${counts.error} error(s), ${counts.warning} warning(s), ${counts.information} information, ${counts.hint} hint(s)`);
  return terminalSafe(`${lines.join('\n')}\n`);
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
  return path.isAbsolute(filePath) ? pathToFileURL(filePath).href : filePath.split(path.sep).join('/');
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

/** Workflow-command escaping: data escapes %, CR, LF; properties also `:` and `,`. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

function formatGithub(reports: FileReport[]): string {
  const lines: string[] = [];
  for (const report of reports) {
    for (const d of report.diagnostics) {
      const props = [
        `file=${escapeProperty(report.path)}`,
        `line=${d.range.start.line + 1}`,
        `col=${d.range.start.character + 1}`,
        `endLine=${d.range.end.line + 1}`,
        `endColumn=${d.range.end.character + 1}`,
        `title=${escapeProperty(`mcp-catalog ${d.code}`)}`,
      ];
      lines.push(`::${GITHUB_COMMAND[d.severity]} ${props.join(',')}::${escapeData(d.message)}`);
    }
  }
  return lines.length ? terminalSafe(`${lines.join('\n')}\n`) : '';
}
