import { stateBadge, type DiffResult, type FileComparison, type FindingChange, type ServerChange } from './diffModel';

/** `mcp-catalog diff` output: text for a terminal, JSON for tools, GitHub-flavoured Markdown for a pull-request comment or job summary. */

export const DIFF_FORMATS = ['text', 'json', 'markdown'] as const;
export type DiffFormat = (typeof DIFF_FORMATS)[number];

export function formatDiff(format: DiffFormat, result: DiffResult): string {
  if (format === 'json') return `${JSON.stringify(result, null, 2)}\n`;
  return format === 'markdown' ? formatMarkdown(result) : formatText(result);
}

function oneLine(text: string): string {
  return text.replace(/[\r\n\u2028\u2029]+/g, ' ');
}

function serverLine(change: ServerChange): string {
  if (change.before === undefined) return `server ${change.name}: new, ${stateBadge(change.after)}${change.reason ? ` — ${oneLine(change.reason)}` : ''}`;
  if (change.after === undefined) return `server ${change.name}: removed (was ${stateBadge(change.before)})`;
  return `server ${change.name}: ${stateBadge(change.before)} → ${stateBadge(change.after)}${change.worse ? ' (worse)' : ''}${change.reason ? ` — ${oneLine(change.reason)}` : ''}`;
}

function findingLine(finding: FindingChange): string {
  return `${finding.line}: ${finding.severity} ${finding.code}${finding.entry ? ` (${finding.entry})` : ''}: ${oneLine(finding.message)}`;
}

function verdict(result: DiffResult): string {
  const problems: string[] = [];
  if (result.addedErrors > 0) problems.push(`adds ${result.addedErrors} error(s)`);
  if (result.worsened > 0) problems.push(`makes the readiness of ${result.worsened} server(s) or root(s) worse`);
  return problems.length > 0 ? `The change ${problems.join(' and ')}.` : 'The change adds no error and makes no readiness worse.';
}

function formatText(result: DiffResult): string {
  const lines: string[] = [`mcp-catalog diff ${result.base} → ${result.head}: ${result.files.length} file(s) with changes`];
  for (const file of result.files) {
    lines.push('', `${file.path} (${file.kind}, ${file.status})`);
    const list = (label: string, names: string[]): void => {
      if (names.length > 0) lines.push(`  ${label}: ${names.join(', ')}`);
    };
    list('servers added', file.serversAdded);
    list('servers removed', file.serversRemoved);
    list('servers changed', file.serversChanged);
    for (const f of file.findingsAdded) lines.push(`  + ${findingLine(f)}`);
    for (const f of file.findingsRemoved) lines.push(`  - ${findingLine(f)}`);
    for (const change of file.readiness) lines.push(`  ${serverLine(change)}`);
    for (const root of file.roots) lines.push(`  root ${root.name}: ${root.sentence}`);
    for (const runtime of file.runtimes) {
      lines.push(`  ${runtime.runtime} ${runtime.path}:`);
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

/** Markdown table cells: no line breaks, no unescaped pipes. */
function cell(text: string): string {
  return oneLine(text).replace(/\|/g, '\\|');
}

const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;

function formatMarkdown(result: DiffResult): string {
  const out: string[] = [
    `## MCP catalogs: ${code(result.base)} → ${code(result.head)}`,
    '',
    `${result.addedErrors > 0 || result.worsened > 0 ? '❌' : '✅'} ${verdict(result)}`,
  ];
  if (result.files.length === 0) out.push('', 'No catalog, roots index or air.json changed.');
  for (const file of result.files) out.push('', ...markdownFile(file));
  return `${out.join('\n')}\n`;
}

function markdownFile(file: FileComparison): string[] {
  const out = [`### ${code(file.path)} (${file.kind}, ${file.status})`];
  const servers = [
    ...file.serversAdded.map((name) => `added ${code(name)}`),
    ...file.serversRemoved.map((name) => `removed ${code(name)}`),
    ...file.serversChanged.map((name) => `changed ${code(name)}`),
  ];
  if (servers.length > 0) out.push('', `**Servers:** ${servers.join(', ')}`);
  if (file.findingsAdded.length + file.findingsRemoved.length > 0) {
    out.push('', '| | line | severity | code | entry | message |', '| --- | --- | --- | --- | --- | --- |');
    for (const [mark, list] of [
      ['added', file.findingsAdded],
      ['fixed', file.findingsRemoved],
    ] as const) {
      for (const f of list) out.push(`| ${mark} | ${f.line} | ${f.severity} | ${code(f.code)} | ${f.entry ? code(f.entry) : ''} | ${cell(f.message)} |`);
    }
  }
  if (file.readiness.length + file.roots.length > 0) {
    out.push('', '**Readiness**', '');
    for (const change of file.readiness)
      out.push(`- ${change.worse ? '⚠️ ' : ''}${cell(serverLine(change)).replace(/^server ([^:]+):/, (_, name: string) => `server ${code(name)}:`)}`);
    for (const root of file.roots) out.push(`- ${root.worse ? '⚠️ ' : ''}root ${code(root.name)}: ${cell(root.sentence)}`);
  }
  for (const runtime of file.runtimes) {
    out.push(
      '',
      `<details><summary>${runtime.runtime}: ${code(runtime.path)}</summary>`,
      '',
      '```diff',
      runtime.diff.trimEnd().replace(/```/g, '`\u200b``'),
      '```',
      '',
      '</details>',
    );
  }
  return out;
}
