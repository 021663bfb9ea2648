/** What `npm run bench` prints and writes to bench/RESULTS.md (bench/run.ts gathers the figures). */

import { execFileSync } from 'node:child_process';
import * as os from 'node:os';
import type { EndToEnd, SideFigures } from './e2e';
import type { SizeResult } from './inProcess';
import type { Phase } from './phases';
import type { Bundle, CliFigures, ColdStart } from './processes';
import { REPO, type MachineInfo } from './util';

export interface Figures {
  machine: MachineInfo;
  results: SizeResult[];
  e2e: Map<number, EndToEnd>;
  cli: Map<number, CliFigures>;
  /** `mcp-catalog check` on the Zimmer catalog (16 servers) against the bare read, whole processes. */
  zimmerCli?: CliFigures;
  cold?: ColdStart;
  bundles: Bundle[];
  phases?: { size: number; phases: Phase[] };
  notes: string[];
  elapsedSeconds: number;
}

export const fmt = (value: number | undefined, digits = 1): string => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));
export const ratio = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(value < 0.1 ? 3 : 2)}×`);
export const kb = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);
const servers = (size: number): string => size.toLocaleString('en-US');

export function endToEndTable(e2e: Map<number, EndToEnd>): string {
  const withFloor = [...e2e.values()].some((figures) => figures.floor);
  const rows = withFloor
    ? ['| servers | | ours | peer | ours/peer | protocol floor |', '| ---: | --- | ---: | ---: | ---: | ---: |']
    : ['| servers | | ours | peer | ours/peer |', '| ---: | --- | ---: | ---: | ---: |'];
  for (const [size, { ours, peer, floor }] of e2e) {
    const line = (label: string, pick: (side: SideFigures) => number, unit: string, digits = 0) => {
      const a = pick(ours);
      const b = pick(peer);
      const cells = [servers(size), label, `${fmt(a, digits)} ${unit}`, `${fmt(b, digits)} ${unit}`, ratio(a / b)];
      if (withFloor) cells.push(floor ? `${fmt(pick(floor), digits)} ${unit}` : '—');
      rows.push(`| ${cells.join(' | ')} |`);
    };
    line('spawn → first diagnostics', (side) => side.coldMs, 'ms');
    line('open a fresh document → diagnostics', (side) => side.openMs, 'ms');
    line('one-character edit → diagnostics', (side) => side.editMs, 'ms', 1);
    line('typing pause → all VS Code asks (diagnostics, outline, folding, colours; ours: readiness)', (side) => side.pauseMs, 'ms');
    line('server peak RSS over the session', (side) => side.rssMb, 'MB');
    line('server peak RSS once the typing pauses ran too', (side) => side.pauseRssMb, 'MB');
  }
  return rows.join('\n');
}

export function inProcessTable(results: SizeResult[]): string {
  const rows = [
    '| servers | size | ours ms | peer ms | ours/peer | JSON.parse ms | ours/JSON.parse | ours peak MB | peer peak MB | findings ours / peer |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    rows.push(
      `| ${servers(r.size)} | ${kb(r.bytes)} | ${fmt(r.oursMs)} | ${fmt(r.peerMs)} | ${ratio(r.ratio)} | ${fmt(r.jsonParseMs)} | ${ratio(r.oursMs / r.jsonParseMs)} | ${fmt(r.oursPeakMb)} | ${fmt(r.peerPeakMb)} | ${r.oursFindings} / ${r.peerDiagnostics} |`,
    );
  }
  return rows.join('\n');
}

function cpuTable(results: SizeResult[]): string {
  const rows = ['| servers | ours CPU ms | peer CPU ms | ours/peer (CPU) | ours fastest ms | peer fastest ms |', '| ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of results) {
    rows.push(
      `| ${servers(r.size)} | ${fmt(r.oursCpuMs)} | ${fmt(r.peerCpuMs)} | ${ratio(r.oursCpuMs / r.peerCpuMs)} | ${fmt(Math.min(...r.oursSamples))} | ${fmt(Math.min(...r.peerSamples))} |`,
    );
  }
  return rows.join('\n');
}

function cliTable(cli: Map<number, CliFigures>): string {
  const rows = ['| servers | `mcp-catalog check` ms | bare `node` read + `JSON.parse` ms | ratio | runs |', '| ---: | ---: | ---: | ---: | ---: |'];
  for (const [size, c] of cli) rows.push(`| ${servers(size)} | ${fmt(c.cliMs, 0)} | ${fmt(c.bareMs, 0)} | ${ratio(c.cliMs / c.bareMs)} | ${c.runs} |`);
  return rows.join('\n');
}

/**
 * The goals of bench/NOTES.md, each with its verdict from this run. An end-to-end goal also gives
 * what the protocol floor (a server that checks nothing, bench/floorServer.ts) reached against the
 * same peer in the same run: a goal below it is one no server on this transport can meet.
 */
export function goals(figures: Pick<Figures, 'results' | 'e2e' | 'cli' | 'zimmerCli'>): string[] {
  const lines: string[] = [];
  const verdict = (ok: boolean): string => (ok ? '**met**' : '**not met**');
  const goal = (text: string, value: number, limit: number, strict = false, floor?: number) => {
    const floorNote =
      floor === undefined || Number.isNaN(floor)
        ? ''
        : ` (a server that checks nothing: ${ratio(floor)}${(strict ? floor >= limit : floor > limit) ? ', so below the floor of this transport' : ''})`;
    lines.push(`- ${text}: ${ratio(value)} (goal ${strict ? '<' : '≤'} ${limit}×) — ${verdict(strict ? value < limit : value <= limit)}${floorNote}`);
  };
  const e2eGoal = (text: string, figures: EndToEnd, key: 'coldMs' | 'openMs' | 'editMs' | 'rssMb', limit: number, strict = false) =>
    goal(text, figures.ours[key] / figures.peer[key], limit, strict, figures.floor ? figures.floor[key] / figures.peer[key] : undefined);
  const at10k = figures.e2e.get(10000);
  if (at10k) {
    e2eGoal('10,000 servers, one-character edit → diagnostics, ours/peer', at10k, 'editMs', 0.05);
    e2eGoal('10,000 servers, open → diagnostics, ours/peer', at10k, 'openMs', 0.35);
    e2eGoal('10,000 servers, cold start, ours/peer', at10k, 'coldMs', 0.5);
    e2eGoal('10,000 servers, session peak RSS, ours/peer', at10k, 'rssMb', 0.4);
  }
  const at1k = figures.e2e.get(1000);
  if (at1k) {
    for (const [label, key] of [
      ['cold start', 'coldMs'],
      ['open', 'openMs'],
      ['edit', 'editMs'],
      ['peak RSS', 'rssMb'],
    ] as const)
      e2eGoal(`1,000 servers (default settings), ${label}, ours/peer`, at1k, key, 0.6, true);
  }
  const at50k = figures.e2e.get(50000);
  if (at50k) {
    const worst = Math.max(...(['coldMs', 'openMs', 'editMs', 'rssMb'] as const).map((key) => at50k.ours[key] / at50k.peer[key]));
    goal(`50,000 servers without failure (${at50k.ours.diagnostics} diagnostics), the worst ours/peer ratio`, worst, 1, true);
  }
  const zimmer = figures.zimmerCli;
  if (zimmer) goal('the Zimmer catalog, `mcp-catalog check` / bare `node` read + parse, whole processes', zimmer.cliMs / zimmer.bareMs, 2);
  return lines;
}

/** Which engine was measured: the commit, and whether server/src had uncommitted changes. */
function engineRevision(): string {
  try {
    const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: REPO, encoding: 'utf8' }).trim();
    const dirty = execFileSync('git', ['status', '--porcelain', '--', 'server/src', 'shared/src', 'schemas'], { cwd: REPO, encoding: 'utf8' }).trim();
    const count = dirty ? dirty.split('\n').length : 0;
    return count ? `${head} plus ${count} uncommitted change(s) under server/src, shared/src or schemas` : head;
  } catch {
    return 'unknown (not a git checkout)';
  }
}

export function markdown(f: Figures): string {
  const out: string[] = [];
  const para = (...lines: string[]) => out.push(...lines, '');
  para(
    '# Benchmark results',
    'Written by `npm run bench` (bench/run.ts); regenerate it rather than editing it. What the numbers mean, what changed and what is left: [NOTES.md](NOTES.md).',
  );
  para(
    '## Machine',
    `- CPU: ${f.machine.cpu}, ${f.machine.cores} cores (shared with other engineers' test suites: wall-clock figures vary from run to run, ratios from one run are the figures to compare)`,
    `- Memory: ${f.machine.memoryGb} GB`,
    `- Node: ${f.machine.node} on ${f.machine.os}`,
    `- Date: ${f.machine.date}`,
    `- Engine measured: ${engineRevision()}`,
    `- Load average at the end of the run: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')} (1, 5, 15 min)`,
    `- The measurements took ${Math.round(f.elapsedSeconds)} s (after the build)`,
  );
  if (f.e2e.size) {
    para(
      '## End to end: both language servers over stdio',
      "**ours**: the server bundle the .vsix ships (`scripts/build.mjs --production`, built by the run) as the VS Code extension starts it, default settings,. **peer**: VS Code 1.100's own JSON language server (json-language-features from code-server 4.100.3) validating against AIR's schema, initialised and configured as VS Code's JSON client does it, the schema served locally. One client drives both the way VS Code's LanguageClient does: it pulls (`textDocument/diagnostic`) after every open and change when the server offers pull diagnostics, otherwise it waits for the pushed diagnostics of that version. A fresh process per round, ours and the peer alternating; medians of the rounds (edits: of every edit). **protocol floor**: a server on vscode-languageserver, as ours, started as ours, that keeps the document and answers every pull with nothing (bench/floorServer.ts), driven the same way after each pair: what any server on this transport pays here — Node's start, the client's encoding of the `didOpen`, the pipe, the decode and the pull's round trip — and so the least any ratio against the peer can be.",
      endToEndTable(f.e2e),
    );
    const detail = [...f.e2e].map(
      ([size, { ours, peer }]) =>
        `${servers(size)} servers: ${ours.rounds} rounds, ${ours.edits} / ${peer.edits} edits; ours ${ours.pulled ? 'pulled' : 'pushed'}, the peer ${peer.pulled ? 'pulled' : 'pushed'}; ${ours.diagnostics} / ${peer.diagnostics} diagnostics`,
    );
    para(`${detail.join('. ')}.`);
  }
  para(
    '## In process: the engine',
    "Medians after warm-up, alternating in one process. **ours**: `checkDocument` with facts from the sibling roots index and the `.env` names, a fresh parse every run. **peer**: vscode-json-languageservice `parseJSONDocument` + `doValidation` against AIR's published schema. **JSON.parse**: V8 reading the same text, the floor. **peak MB**: growth of peak RSS during one full check, each side alone in its own `node --expose-gc` process, the result kept alive. Findings differ because the peer knows only AIR's schema (no Zimmer rules, placeholders or roots).",
    inProcessTable(f.results),
    'The same runs as CPU time (user + system of this process, so garbage-collector threads count) and the fastest run:',
    cpuTable(f.results),
  );
  if (f.cli.size)
    para(
      '## The command line as a whole process',
      "`node cli.js check catalog-mcp.json` (the shipped bundle, as the server above) in the catalog's folder (it finds the sibling roots index and `.env`) against `node -e` reading the same file and `JSON.parse`-ing it, alternating; medians.",
      cliTable(f.cli),
      ...(f.zimmerCli
        ? [
            '',
            `The Zimmer catalog (16 servers): \`mcp-catalog check\` ${fmt(f.zimmerCli.cliMs, 0)} ms, the bare read + parse ${fmt(f.zimmerCli.bareMs, 0)} ms (${ratio(f.zimmerCli.cliMs / f.zimmerCli.bareMs)}, ${f.zimmerCli.runs} runs).`,
          ]
        : []),
    );
  for (const note of f.notes) para(`_${note}_`);
  para('## Goals', ...goals(f));
  if (f.phases) {
    const full = f.results.find((r) => r.size === f.phases!.size);
    para(
      `## Where our time goes (${servers(f.phases.size)} servers)`,
      `Each stage timed on its own (median of 3, garbage collected before each run), next to the floors. The stages run on prebuilt inputs, so they add up to less than the whole check (${fmt(full?.oursMs)} ms above).`,
      ['| stage | ms | what |', '| --- | ---: | --- |', ...f.phases.phases.map((phase) => `| ${phase.name} | ${fmt(phase.ms)} | ${phase.note} |`)].join('\n'),
    );
  }
  if (f.cold) {
    para(
      '## Cold start on a small catalog',
      `- Language server spawn → first diagnostics on the Zimmer catalog (16 servers): **${fmt(f.cold.firstDiagnosticsMs)} ms** (median of ${f.cold.samples.length}, after one uncounted start; spawn → initialize result ${fmt(f.cold.initializeMs)} ms; \`node -e 0\` alone takes ${fmt(f.cold.nodeBaselineMs)} ms).`,
    );
  }
  if (f.bundles.length) {
    para(
      '## Bundles',
      [
        '| file | as built (`npm run build`) | shipped (`--production`, minified) |',
        '| --- | ---: | ---: |',
        ...f.bundles.map((b) => `| ${b.file} | ${kb(b.bytes)} | ${b.shippedBytes === undefined ? '—' : kb(b.shippedBytes)} |`),
      ].join('\n'),
    );
  }
  para(
    '## Reproduce',
    "`npm run bench` (`npm run -s bench -- --json` for JSON alone on stdout — `-s` keeps npm's own banner off it; `-- --sizes=1000,10000 --rounds=3` for a subset; `--no-e2e` skips the servers). The scripts compile to out/bench-build/: generate a catalog alone with `node out/bench-build/generate.js 10000 DIR`; profile the server's edit path with `node out/bench-build/profile-server.js 10000 40`.",
  );
  return out.join('\n');
}
