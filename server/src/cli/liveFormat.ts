import type { LiveComparison, LiveServerRow } from '../service/live';
import { oneLine } from '../service/surfaces/terminal';

/**
 * The text and JSON output of `mcp-catalog live` (SPEC §7, §11); plain text, no Markdown. Names,
 * reasons and descriptions come from the instance, a remote answer to treat as hostile: each line
 * item is kept to one line, so none can forge a line of its own (a "No drift").
 */

export interface LiveHeader {
  instance: string;
  endpoint: string;
  file: string;
}

export function liveJson(header: LiveHeader, comparison: LiveComparison): unknown {
  return { ...header, servers: comparison.servers, drift: comparison.drift, notes: comparison.notes };
}

export function formatLiveText(header: LiveHeader, comparison: LiveComparison): string {
  const rows = comparison.servers;
  const width = Math.min(32, Math.max(6, ...rows.map((row) => oneLine(row.name).length)));
  const offlineWidth = Math.max(7, ...rows.map((row) => offlineText(row).length));
  const lines = [
    `${header.file} beside ${header.instance} (GET ${header.endpoint})`,
    '',
    `  ${'server'.padEnd(width)}  ${'offline'.padEnd(offlineWidth)}  live`,
  ];
  for (const row of rows) lines.push(`  ${oneLine(row.name).padEnd(width)}  ${offlineText(row).padEnd(offlineWidth)}  ${oneLine(liveText(row))}`);
  if (rows.length === 0) lines.push('  (no servers on either side)');
  for (const note of comparison.notes) lines.push('', `Note: ${oneLine(note)}`);
  lines.push('');
  if (comparison.drift.length === 0) {
    lines.push('No drift: the instance serves what this file says (as far as its REST API shows).');
  } else {
    lines.push(`Drift (${comparison.drift.length}):`);
    for (const item of comparison.drift) {
      lines.push(`  - ${oneLine(item.message)}`);
      lines.push(`    Possible causes (they cannot be told apart over REST): ${item.causes.join('; or ')}.`);
    }
  }
  return `${lines.join('\n')}\n`;
}

function offlineText(row: LiveServerRow): string {
  return row.offline ? row.offline.badge : '(not in file)';
}

function liveText(row: LiveServerRow): string {
  const live = row.live;
  if (!live) return '(not on instance)';
  const detail =
    live.state === 'missing_configuration' && live.variables?.length
      ? ` (${live.variables.join(', ')})`
      : live.state === 'declared_unavailable' && live.reason
        ? ` — ${live.reason}`
        : '';
  const timeout = typeof live.startupTimeoutSec === 'number' ? `, startup_timeout_sec ${live.startupTimeoutSec}` : '';
  return `${live.badge}${detail}${timeout}`;
}
