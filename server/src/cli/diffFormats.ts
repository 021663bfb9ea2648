import { stateBadge, type DiffResult, type FileComparison, type FindingChange, type ServerChange } from './diffModel';
import { htmlText, joinMarkdown, markdownCode, markdownCodeBlock, markdownText, safeMd, ourMarkdown, type SafeMarkdown } from '../service/surfaces/markdown';
import { oneLine, terminalJson, terminalText, type TerminalText } from '../service/surfaces/terminal';

/**
 * `mcp-catalog diff` output: text for a terminal, JSON for tools, GitHub-flavoured Markdown for a
 * pull-request comment or job summary (action.yml appends it to the summary, so the pull request
 * under review writes the names in it: every one goes through service/surfaces/markdown.ts).
 */

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function formatDiff(format: DiffFormat, result: DiffResult): TerminalText {
  if (format === 'json') return terminalJson(result);
  return terminalText(format === 'markdown' ? formatMarkdown(result) : formatText(result));
}

function serverLine(change: ServerChange): string {
  const name = oneLine(change.name);
  const reason = change.reason ? ` — ${oneLine(change.reason)}` : '';
  if (change.before === undefined) return `server ${name}: new, ${stateBadge(change.after)}${reason}`;
  if (change.after === undefined) return `server ${name}: removed (was ${stateBadge(change.before)})`;
  return `server ${name}: ${stateBadge(change.before)} → ${stateBadge(change.after)}${change.worse ? ' (worse)' : ''}${reason}`;
}

function findingLine(finding: FindingChange): string {
  return `${finding.line}: ${finding.severity} ${finding.code}${finding.entry ? ` (${oneLine(finding.entry)})` : ''}: ${oneLine(finding.message)}`;
}

function verdict(result: DiffResult): string {
  const problems: string[] = [];
  if (result.addedErrors > 0) problems.push(`adds ${result.addedErrors} error(s)`);
  if (result.worsened > 0) problems.push(`makes the readiness of ${result.worsened} server(s) or root(s) worse`);
  return problems.length > 0 ? `The change ${problems.join(' and ')}.` : 'The change adds no error and makes no readiness worse.';
}

function formatText(result: DiffResult): string {
  const lines: string[] = [`mcp-catalog diff ${oneLine(result.base)} → ${oneLine(result.head)}: ${result.files.length} file(s) with changes`];
  for (const file of result.files) {
    lines.push('', `${oneLine(file.path)} (${file.kind}, ${file.status})`);
    const list = (label: string, names: string[]): void => {
      if (names.length > 0) lines.push(`  ${label}: ${names.map(oneLine).join(', ')}`);
    };
    list('servers added', file.serversAdded);
    list('servers removed', file.serversRemoved);
    list('servers changed', file.serversChanged);
    for (const f of file.findingsAdded) lines.push(`  + ${findingLine(f)}`);
    for (const f of file.findingsRemoved) lines.push(`  - ${findingLine(f)}`);
    for (const change of file.readiness) lines.push(`  ${serverLine(change)}`);
    for (const root of file.roots) lines.push(`  root ${oneLine(root.name)}: ${oneLine(root.sentence)}`);
    for (const runtime of file.runtimes) {
      lines.push(`  ${runtime.runtime} ${oneLine(runtime.path)}:`);
      lines.push(
        ...runtime.diff
          .trimEnd()
          .split('\n')
          .map((line) => `    ${line}`),
      );
    }
  }
  lines.push('', verdict(result));
  return `${lines.join('\n')}\n`;
}

// ---- Markdown ---------------------------------------------------------------------------------

const NEWLINE = safeMd`\n`;
const NOTHING = safeMd``;

function formatMarkdown(result: DiffResult): SafeMarkdown {
  // The verdict is our sentence about counts: no repository text in it.
  const verdictLine = ourMarkdown(`${result.addedErrors > 0 || result.worsened > 0 ? '❌' : '✅'} ${verdict(result)}`);
  const out: SafeMarkdown[] = [safeMd`## MCP catalogs: ${markdownCode(result.base)} \u2192 ${markdownCode(result.head)}`, NOTHING, verdictLine];
  if (result.files.length === 0) out.push(NOTHING, safeMd`No catalog, roots index or air.json changed.`);
  for (const file of result.files) out.push(NOTHING, ...markdownFile(file));
  return safeMd`${joinMarkdown(out, NEWLINE)}\n`;
}

function markdownServerLine(change: ServerChange): SafeMarkdown {
  const name = markdownCode(change.name);
  const reason = change.reason ? safeMd` \u2014 ${markdownText(change.reason)}` : NOTHING;
  if (change.before === undefined) return safeMd`server ${name}: new, ${markdownText(stateBadge(change.after))}${reason}`;
  if (change.after === undefined) return safeMd`server ${name}: removed (was ${markdownText(stateBadge(change.before))})`;
  const worse = change.worse ? safeMd` (worse)` : NOTHING;
  return safeMd`server ${name}: ${markdownText(stateBadge(change.before))} \u2192 ${markdownText(stateBadge(change.after))}${worse}${reason}`;
}

function markdownFile(file: FileComparison): SafeMarkdown[] {
  const out = [safeMd`### ${markdownCode(file.path)} (${markdownText(file.kind)}, ${markdownText(file.status)})`];
  const servers = [
    ...file.serversAdded.map((name) => safeMd`added ${markdownCode(name)}`),
    ...file.serversRemoved.map((name) => safeMd`removed ${markdownCode(name)}`),
    ...file.serversChanged.map((name) => safeMd`changed ${markdownCode(name)}`),
  ];
  if (servers.length > 0) out.push(NOTHING, safeMd`**Servers:** ${joinMarkdown(servers, safeMd`, `)}`);
  if (file.findingsAdded.length + file.findingsRemoved.length > 0) {
    out.push(NOTHING, safeMd`| | line | severity | code | entry | message |`, safeMd`| --- | --- | --- | --- | --- | --- |`);
    for (const [mark, list] of [
      [safeMd`added`, file.findingsAdded],
      [safeMd`fixed`, file.findingsRemoved],
    ] as const) {
      for (const f of list) {
        const entry = f.entry ? markdownCode(f.entry, 'table') : NOTHING;
        out.push(safeMd`| ${mark} | ${f.line} | ${markdownText(f.severity)} | ${markdownCode(f.code, 'table')} | ${entry} | ${markdownText(f.message)} |`);
      }
    }
  }
  if (file.readiness.length + file.roots.length > 0) {
    out.push(NOTHING, safeMd`**Readiness**`, NOTHING);
    const warn = (worse: boolean): SafeMarkdown => (worse ? safeMd`\u26a0\ufe0f ` : NOTHING);
    for (const change of file.readiness) out.push(safeMd`- ${warn(change.worse)}${markdownServerLine(change)}`);
    for (const root of file.roots) out.push(safeMd`- ${warn(root.worse)}root ${markdownCode(root.name)}: ${markdownText(root.sentence)}`);
  }
  for (const runtime of file.runtimes) {
    out.push(
      NOTHING,
      safeMd`<details><summary>${htmlText(runtime.runtime)}: <code>${htmlText(runtime.path)}</code></summary>`,
      NOTHING,
      markdownCodeBlock(runtime.diff.trimEnd(), 'diff'),
      NOTHING,
      safeMd`</details>`,
    );
  }
  return out;
}
