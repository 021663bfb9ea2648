/**
 * `npm run bench` (issue 6): our checker against the peer (vscode-json-languageservice) on generated
 * catalogs of 16, 1,000, 10,000 and 50,000 servers, side by side in this one process.
 *
 *   (a) ours: a full `checkDocument`, parsed afresh every run
 *   (b) peer: `parseJSONDocument` + `doValidation` against AIR's schema, same text
 *   (c) edit: a one-character edit in one entry → publishDiagnostics of that version, from the real
 *       language server (dist/server.js --stdio); compared with the peer's full revalidation (b)
 *   (d) peak memory of (a) and (b), each measured alone in its own `node --expose-gc` child
 *
 * plus the server's cold start on the Zimmer catalog and the bundle sizes. Prints a table, writes
 * bench/RESULTS.md, and with `--json` prints the figures as JSON on stdout (the table goes to stderr;
 * use `npm run -s bench -- --json` so npm's banner stays off stdout).
 *
 * Options: --json, --sizes=16,1000,…, --runs=N (≥ 5), --no-write (leave RESULTS.md alone),
 * --phases-size=N (the stage breakdown; default 10000, 0 to skip).
 */

import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { generateCatalog, writeFixture, type GeneratedCatalog } from './generate';
import { LspSession, positionOf } from './lsp';
import type { MemoryResult } from './memory';
import { oursFacts, runOurs } from './ours';
import { createPeer } from './peer';
import { measurePhases, type Phase } from './phases';
import { collectGarbage, FIXTURES, machineInfo, mb, median, now, REPO, type MachineInfo } from './util';

interface Options {
  json: boolean;
  sizes: number[];
  runs: number;
  write: boolean;
  phasesSize: number;
}

function parseOptions(argv: readonly string[]): Options {
  const value = (name: string): string | undefined => argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const sizes = (value('sizes') ?? '16,1000,10000,50000').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0);
  return {
    json: argv.includes('--json'),
    sizes,
    runs: Math.max(5, Number(value('runs') ?? 7) || 7),
    write: !argv.includes('--no-write'),
    phasesSize: Number(value('phases-size') ?? 10000),
  };
}

/** Warm-ups and measured runs per size: small documents get more of both (they are cheap and noisy). */
function plan(size: number, runs: number): { warmups: number; runs: number } {
  if (size <= 100) return { warmups: 20, runs: Math.max(runs, 31) };
  if (size <= 2000) return { warmups: 5, runs: Math.max(runs, 15) };
  if (size <= 20000) return { warmups: 2, runs };
  return { warmups: 1, runs: 5 };
}

interface SizeResult {
  size: number;
  bytes: number;
  oursMs: number;
  peerMs: number;
  ratio: number;
  oursFindings: number;
  peerDiagnostics: number;
  /** One-character edit → fresh diagnostics from the language server (median). */
  editMs?: number;
  editRatio?: number;
  /** didOpen → first diagnostics: the server's full check plus the protocol. */
  serverOpenMs?: number;
  serverDiagnostics?: number;
  serverPeakMb?: number;
  oursPeakMb?: number;
  peerPeakMb?: number;
  oursHeapMb?: number;
  peerHeapMb?: number;
  /** CPU time (user + system, all threads) of the same runs: steadier than wall time on a busy machine. */
  oursCpuMs: number;
  peerCpuMs: number;
  runs: number;
  editRuns?: number;
  oursSamples: number[];
  peerSamples: number[];
  editSamples?: number[];
}

interface ColdStart {
  /** Spawn → first publishDiagnostics on the Zimmer catalog (median). */
  firstDiagnosticsMs: number;
  /** Spawn → initialize response (median). */
  initializeMs: number;
  /** Spawn → exit of `node -e 0`: the floor any Node server pays (median). */
  nodeBaselineMs: number;
  samples: number[];
}

interface Bundle {
  file: string;
  bytes: number;
  /** The same entry point bundled with --production settings (minified), when esbuild is available. */
  minifiedBytes?: number;
}

const log = (options: Options) => (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);

async function measureInProcess(generated: GeneratedCatalog, files: ReturnType<typeof writeFixture>, size: number, runs: number, say: (line: string) => void): Promise<SizeResult> {
  const { text } = generated;
  const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
  const peer = createPeer();
  const { warmups, runs: measured } = plan(size, runs);
  let oursFindings = 0;
  let peerDiagnostics = 0;
  for (let i = 0; i < warmups; i++) {
    oursFindings = runOurs(text, facts);
    peerDiagnostics = await peer.run(text);
  }
  const oursSamples: number[] = [];
  const peerSamples: number[] = [];
  const oursCpu: number[] = [];
  const peerCpu: number[] = [];
  const cpuMs = (since: NodeJS.CpuUsage): number => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  // Alternate the two so load on the machine falls on both alike; collect garbage before each so
  // one side does not pay for the other's leftovers.
  for (let i = 0; i < measured; i++) {
    const oursFirst = i % 2 === 0;
    for (const side of oursFirst ? ['ours', 'peer'] : ['peer', 'ours']) {
      collectGarbage();
      const cpu = process.cpuUsage();
      const started = now();
      if (side === 'ours') {
        runOurs(text, facts);
        oursSamples.push(now() - started);
        oursCpu.push(cpuMs(cpu));
      } else {
        await peer.run(text);
        peerSamples.push(now() - started);
        peerCpu.push(cpuMs(cpu));
      }
    }
  }
  const oursMs = median(oursSamples);
  const peerMs = median(peerSamples);
  const oursCpuMs = median(oursCpu);
  const peerCpuMs = median(peerCpu);
  say(`  ${size}: ours ${oursMs.toFixed(1)} ms, peer ${peerMs.toFixed(1)} ms (${measured} runs after ${warmups} warm-ups; CPU time ${oursCpuMs.toFixed(1)} / ${peerCpuMs.toFixed(1)} ms)`);
  return { size, bytes: Buffer.byteLength(text), oursMs, peerMs, ratio: oursMs / peerMs, oursCpuMs, peerCpuMs, oursFindings, peerDiagnostics, runs: measured, oursSamples, peerSamples };
}

/** Where the edit goes: the second character of the middle entry's description. */
function editSpot(generated: GeneratedCatalog): { offset: number; original: string } {
  const key = generated.text.indexOf(`${JSON.stringify(generated.middleName)}: {`);
  const description = generated.text.indexOf('"description": "', key);
  if (key < 0 || description < 0) throw new Error('edit spot not found');
  const offset = description + '"description": "'.length + 1;
  return { offset, original: generated.text[offset] };
}

async function measureEdits(serverPath: string, generated: GeneratedCatalog, files: ReturnType<typeof writeFixture>, size: number, runs: number, result: SizeResult, say: (line: string) => void): Promise<void> {
  const { warmups, runs: measured } = plan(size, runs);
  // The didOpen has already run the whole path once; the largest size takes no further warm-up.
  const editWarmups = size > 20000 ? 0 : Math.min(warmups, 2);
  const editRuns = Math.min(measured, size <= 2000 ? 21 : measured);
  const { session } = await LspSession.start(serverPath, path.dirname(files.catalogPath));
  try {
    const uri = pathToFileURL(files.catalogPath).toString();
    const opened = await session.open(uri, generated.text);
    const { offset, original } = editSpot(generated);
    const { line, character } = positionOf(generated.text, offset);
    const samples: number[] = [];
    let diagnostics = opened.diagnostics;
    let version = 1;
    for (let i = 0; i < editWarmups + editRuns; i++) {
      version++;
      // Type a character, then put the original back: every edit is one character.
      const replacement = version % 2 === 0 ? (original === 'X' ? 'Y' : 'X') : original;
      const edit = await session.replaceCharacter(uri, version, line, character, replacement);
      diagnostics = edit.diagnostics;
      if (i >= editWarmups) samples.push(edit.ms);
    }
    result.serverOpenMs = opened.ms;
    result.serverDiagnostics = diagnostics;
    result.editSamples = samples;
    result.editRuns = samples.length;
    result.editMs = median(samples);
    result.editRatio = result.editMs / result.peerMs;
    const peak = session.peakRss();
    if (peak !== undefined) result.serverPeakMb = mb(peak);
    say(`  ${size}: server open ${opened.ms.toFixed(1)} ms, one-character edit ${result.editMs.toFixed(1)} ms (${samples.length} edits)`);
  } finally {
    await session.stop();
  }
}

/** One memory child; both sides run at once (each reads only its own peak RSS), which halves the wait. */
function measureMemory(which: 'ours' | 'peer', dir: string): Promise<MemoryResult | undefined> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--expose-gc', path.join(__dirname, 'memory.js'), which, dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => {
      if (code !== 0) {
        process.stderr.write(`memory measurement of ${which} failed: ${stderr}\n`);
        resolve(undefined);
        return;
      }
      resolve(JSON.parse(stdout.trim()) as MemoryResult);
    });
  });
}

async function measureColdStart(serverPath: string, tmp: string): Promise<ColdStart> {
  const dir = path.join(tmp, 'zimmer');
  execFileSync('mkdir', ['-p', dir]);
  for (const name of ['zimmer-mcp.json', 'zimmer-roots.json']) copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
  const text = readFileSync(path.join(dir, 'zimmer-mcp.json'), 'utf8');
  const uri = pathToFileURL(path.join(dir, 'zimmer-mcp.json')).toString();
  const samples: number[] = [];
  const initialize: number[] = [];
  for (let i = 0; i < 6; i++) {
    const { session, initializedAt } = await LspSession.start(serverPath, dir);
    try {
      const pending = session.diagnosticsFor(uri, 1);
      await session.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'json', version: 1, text } });
      await pending;
      const at = now();
      // The first spawn warms the file-system cache; it is not counted.
      if (i > 0) {
        samples.push(at - session.spawnedAt);
        initialize.push(initializedAt - session.spawnedAt);
      }
    } finally {
      await session.stop();
    }
  }
  const baseline: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = now();
    spawnSync(process.execPath, ['-e', '0']);
    baseline.push(now() - started);
  }
  return { firstDiagnosticsMs: median(samples), initializeMs: median(initialize), nodeBaselineMs: median(baseline), samples };
}

async function measureBundles(tmp: string): Promise<Bundle[]> {
  const dist = path.join(REPO, 'dist');
  if (!existsSync(dist)) return [];
  const bundles: Bundle[] = readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => ({ file: `dist/${name}`, bytes: statSync(path.join(dist, name)).size }));
  // What `npm run package` ships: the same entry points, minified (scripts/build.mjs --production).
  const entries: Record<string, { entry: string; external?: string[] }> = {
    'dist/client.js': { entry: 'client/src/extension.ts', external: ['vscode'] },
    'dist/server.js': { entry: 'server/src/server.ts' },
    'dist/cli.js': { entry: 'server/src/cli.ts' },
  };
  try {
    const esbuild = (await import('esbuild')) as typeof import('esbuild');
    for (const bundle of bundles) {
      const spec = entries[bundle.file];
      if (!spec || !existsSync(path.join(REPO, spec.entry))) continue;
      const outfile = path.join(tmp, 'min', path.basename(bundle.file));
      await esbuild.build({
        entryPoints: [path.join(REPO, spec.entry)],
        outfile,
        bundle: true,
        platform: 'node',
        target: 'node20',
        format: 'cjs',
        minify: true,
        legalComments: 'none',
        mainFields: ['module', 'main'],
        external: spec.external,
        logLevel: 'silent',
      });
      bundle.minifiedBytes = statSync(outfile).size;
    }
  } catch (error) {
    process.stderr.write(`minified bundle sizes skipped: ${error instanceof Error ? error.message : String(error)}\n`);
  }
  return bundles;
}

// ---- output ---------------------------------------------------------------------------------

const fmt = (value: number | undefined, digits = 1): string => (value === undefined || Number.isNaN(value) ? '—' : value.toFixed(digits));
const ratio = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '—' : `${value.toFixed(value < 0.1 ? 3 : 2)}×`);
const kb = (bytes: number): string => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1e3).toFixed(1)} kB`);

function table(results: SizeResult[]): string {
  const rows = [
    '| servers | size | ours ms | peer ms | ours/peer | edit → diagnostics ms | edit/peer | ours peak MB | peer peak MB | findings ours / peer |',
    '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const r of results) {
    rows.push(
      `| ${r.size.toLocaleString('en-US')} | ${kb(r.bytes)} | ${fmt(r.oursMs)} | ${fmt(r.peerMs)} | ${ratio(r.ratio)} | ${fmt(r.editMs)} | ${ratio(r.editRatio)} | ${fmt(r.oursPeakMb)} | ${fmt(r.peerPeakMb)} | ${r.oursFindings} / ${r.peerDiagnostics} |`,
    );
  }
  return rows.join('\n');
}

function cpuTable(results: SizeResult[]): string {
  const rows = ['| servers | ours CPU ms | peer CPU ms | ours/peer (CPU) | ours fastest ms | peer fastest ms |', '| ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const r of results) {
    rows.push(`| ${r.size.toLocaleString('en-US')} | ${fmt(r.oursCpuMs)} | ${fmt(r.peerCpuMs)} | ${ratio(r.oursCpuMs / r.peerCpuMs)} | ${fmt(Math.min(...r.oursSamples))} | ${fmt(Math.min(...r.peerSamples))} |`);
  }
  return rows.join('\n');
}

function goals(results: SizeResult[]): string[] {
  const lines: string[] = [];
  const at10k = results.find((r) => r.size === 10000);
  const at50k = results.find((r) => r.size === 50000);
  const verdict = (ok: boolean): string => (ok ? '**met**' : '**not met**');
  if (at10k) {
    lines.push(
      `- Full check at 10,000 servers ≤ 1/5 of the peer: ours/peer = ${ratio(at10k.ratio)} (goal ≤ 0.20×; in CPU time ${ratio(at10k.oursCpuMs / at10k.peerCpuMs)}) — ${verdict(at10k.ratio <= 0.2)}${at10k.ratio > 0.2 ? `; the gap: ${fmt(at10k.oursMs)} ms against a budget of ${fmt(at10k.peerMs / 5)} ms.` : '.'}`,
    );
    if (at10k.editRatio !== undefined) {
      lines.push(
        `- One-character edit at 10,000 servers ≤ 1/20 of the peer's full revalidation: edit/peer = ${ratio(at10k.editRatio)} (goal ≤ 0.05×) — ${verdict(at10k.editRatio <= 0.05)}${at10k.editRatio > 0.05 ? `; the gap: ${fmt(at10k.editMs)} ms against a budget of ${fmt(at10k.peerMs / 20)} ms.` : '.'}`,
      );
    }
  }
  if (at50k) {
    const memoryOk = at50k.oursPeakMb !== undefined && at50k.peerPeakMb !== undefined && at50k.oursPeakMb <= at50k.peerPeakMb;
    lines.push(
      `- 50,000 servers without failure (${at50k.oursFindings} findings${at50k.serverDiagnostics !== undefined ? `, the server published ${at50k.serverDiagnostics} diagnostics` : ''}) and peak memory ≤ the peer's: ours +${fmt(at50k.oursPeakMb)} MB, peer +${fmt(at50k.peerPeakMb)} MB — ${verdict(memoryOk)}.`,
    );
  }
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

function markdown(
  machine: MachineInfo,
  results: SizeResult[],
  cold: ColdStart | undefined,
  bundles: Bundle[],
  phases: { size: number; phases: Phase[] } | undefined,
  serverNote: string | undefined,
  elapsedSeconds: number,
): string {
  const out: string[] = [];
  out.push('# Benchmark results');
  out.push('');
  out.push('Written by `npm run bench` (bench/run.ts); regenerate it rather than editing it. What the numbers mean and how the engine could close the gaps: [NOTES.md](NOTES.md).');
  out.push('');
  out.push('## Machine');
  out.push('');
  out.push(`- CPU: ${machine.cpu}, ${machine.cores} cores`);
  out.push(`- Memory: ${machine.memoryGb} GB`);
  out.push(`- Node: ${machine.node} on ${machine.os}`);
  out.push(`- Date: ${machine.date}`);
  out.push(`- Engine measured: ${engineRevision()}`);
  out.push(`- Load average at the end of the run: ${os.loadavg().map((n) => n.toFixed(2)).join(', ')} (1, 5, 15 min; other work on the machine slows both sides alike, so ratios are steadier than milliseconds)`);
  out.push(`- The measurements took ${Math.round(elapsedSeconds)} s (after the build)`);
  out.push('');
  out.push('## Full check, edit latency and memory');
  out.push('');
  out.push(
    'Medians after warm-up, ours and the peer alternating in one process. **ours**: `checkDocument` with facts from the sibling roots index and the `.env` names, a fresh parse every run. **peer**: vscode-json-languageservice `parseJSONDocument` + `doValidation` against AIR\'s published schema. **edit**: a one-character replacement in the middle entry\'s description sent to `dist/server.js --stdio` (validation delay 0) until `publishDiagnostics` for that version arrives — protocol included; **edit/peer** divides it by the peer\'s full revalidation (the peer column). **peak MB**: growth of peak RSS during one full check, each side in its own `node --expose-gc` process (the two run at the same time), result kept alive. Findings differ because the peer knows only AIR\'s schema (no Zimmer rules, placeholders or roots).',
  );
  out.push('');
  out.push(table(results));
  out.push('');
  out.push('The same runs as CPU time (user + system of this process, so garbage-collector threads count) and the fastest run — less sensitive to other load on the machine than the wall-clock medians above:');
  out.push('');
  out.push(cpuTable(results));
  out.push('');
  const extra = results.filter((r) => r.serverOpenMs !== undefined);
  if (extra.length) {
    out.push('Also measured: ' + extra.map((r) => `${r.size.toLocaleString('en-US')} servers — server didOpen → diagnostics ${fmt(r.serverOpenMs)} ms, server peak RSS ${fmt(r.serverPeakMb)} MB, heap growth ours ${fmt(r.oursHeapMb)} MB / peer ${fmt(r.peerHeapMb)} MB`).join('; ') + '.');
    out.push('');
  }
  if (serverNote) {
    out.push(`_${serverNote}_`);
    out.push('');
  }
  out.push('## Goals (issue 6)');
  out.push('');
  out.push(...goals(results));
  out.push('');
  if (phases) {
    out.push(`## Where our time goes (${phases.size.toLocaleString('en-US')} servers)`);
    out.push('');
    const full = results.find((r) => r.size === phases.size);
    out.push(
      `Each stage timed on its own (median of 3, garbage collected before each run), next to the floors and the full parser the fast path avoids. The fast path's stages run on prebuilt values here, so they add up to less than the whole check (${fmt(full?.oursMs)} ms above), which also builds the trees of the entries some rule may report on, runs those rules, and pays the garbage collector.`,
    );
    out.push('');
    out.push('| stage | ms | what |');
    out.push('| --- | ---: | --- |');
    for (const phase of phases.phases) out.push(`| ${phase.name} | ${fmt(phase.ms)} | ${phase.note} |`);
    out.push('');
  }
  if (cold) {
    out.push('## Cold start');
    out.push('');
    out.push(`- Language server spawn → first \`publishDiagnostics\` on the Zimmer catalog (16 servers): **${fmt(cold.firstDiagnosticsMs)} ms** (median of ${cold.samples.length}; spawn → initialize result ${fmt(cold.initializeMs)} ms; \`node -e 0\` alone takes ${fmt(cold.nodeBaselineMs)} ms).`);
    out.push('- Extension activation in VS Code is measured by the VS Code test suite, not here.');
    out.push('');
  }
  if (bundles.length) {
    out.push('## Bundles');
    out.push('');
    out.push('| file | as built | minified (`--production`) |');
    out.push('| --- | ---: | ---: |');
    for (const bundle of bundles) out.push(`| ${bundle.file} | ${kb(bundle.bytes)} | ${bundle.minifiedBytes === undefined ? '—' : kb(bundle.minifiedBytes)} |`);
    out.push('');
  }
  out.push('## Reproduce');
  out.push('');
  out.push('`npm run bench` (`npm run -s bench -- --json` for JSON alone on stdout — `-s` keeps npm\'s own banner off it; `-- --sizes=1000,10000` for a subset). The scripts compile to out/bench-build/: generate a catalog alone with `node out/bench-build/generate.js 10000 DIR`; profile our check with `npx tsc -p . && node --cpu-prof --cpu-prof-dir=prof out/bench/profile.js 10000 5` and `node out/bench/profile.js --summarise prof/*.cpuprofile 5`.');
  out.push('');
  return out.join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const say = log(options);
  const started = now();
  if (!(globalThis as { gc?: unknown }).gc) say('note: run with node --expose-gc for steadier numbers (npm run bench does).');
  const machine = machineInfo();
  say(`mcp-catalog bench — ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}`);
  const builtServer = path.join(REPO, 'dist', 'server.js');
  const haveServer = existsSync(builtServer);
  const serverNote = haveServer ? undefined : 'dist/server.js was not found (run `node scripts/build.mjs`): edit latency and cold start were not measured.';
  if (serverNote) say(serverNote);
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-bench-'));
  // Run a private copy of the bundle, so a rebuild of dist/ during the run cannot change it mid-way.
  const serverPath = path.join(tmp, 'server.js');
  if (haveServer) copyFileSync(builtServer, serverPath);
  const results: SizeResult[] = [];
  let phases: { size: number; phases: Phase[] } | undefined;
  try {
    for (const size of options.sizes) {
      const generated = generateCatalog(size);
      const files = writeFixture(path.join(tmp, String(size)), generated);
      say(`${size.toLocaleString('en-US')} servers (${kb(Buffer.byteLength(generated.text))}, ${generated.mistakes.length} deliberate mistakes)`);
      const result = await measureInProcess(generated, files, size, options.runs, say);
      if (haveServer) await measureEdits(serverPath, generated, files, size, options.runs, result, say);
      const [ours, peer] = await Promise.all([measureMemory('ours', path.dirname(files.catalogPath)), measureMemory('peer', path.dirname(files.catalogPath))]);
      if (ours) {
        result.oursPeakMb = mb(ours.peakRssDelta);
        result.oursHeapMb = mb(ours.heapDelta);
      }
      if (peer) {
        result.peerPeakMb = mb(peer.peakRssDelta);
        result.peerHeapMb = mb(peer.heapDelta);
      }
      say(`  ${size}: peak RSS growth ours ${fmt(result.oursPeakMb)} MB, peer ${fmt(result.peerPeakMb)} MB`);
      results.push(result);
      if (size === options.phasesSize) {
        const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
        phases = { size, phases: measurePhases(generated.text, facts, 3) };
      }
      rmSync(path.dirname(files.catalogPath), { recursive: true, force: true });
    }
    const cold = haveServer ? await measureColdStart(serverPath, tmp) : undefined;
    if (cold) say(`cold start: spawn → first diagnostics ${fmt(cold.firstDiagnosticsMs)} ms (node alone ${fmt(cold.nodeBaselineMs)} ms)`);
    const bundles = await measureBundles(tmp);

    const report = markdown(machine, results, cold, bundles, phases, serverNote, (now() - started) / 1000);
    say('');
    say(table(results));
    say('');
    for (const line of goals(results)) say(line);
    if (options.write) {
      writeFileSync(path.join(REPO, 'bench', 'RESULTS.md'), report);
      say(`\nwrote bench/RESULTS.md (${((now() - started) / 1000).toFixed(0)} s)`);
    }
    if (options.json) {
      const sizes: Record<string, unknown> = {};
      for (const r of results) {
        sizes[String(r.size)] = {
          oursMs: r.oursMs,
          peerMs: r.peerMs,
          editMs: r.editMs ?? null,
          ratio: r.ratio,
          editRatio: r.editRatio ?? null,
          oursPeakMb: r.oursPeakMb ?? null,
          peerPeakMb: r.peerPeakMb ?? null,
          bytes: r.bytes,
          runs: r.runs,
          editRuns: r.editRuns ?? null,
          serverOpenMs: r.serverOpenMs ?? null,
          serverPeakMb: r.serverPeakMb ?? null,
          oursHeapMb: r.oursHeapMb ?? null,
          peerHeapMb: r.peerHeapMb ?? null,
          oursCpuMs: r.oursCpuMs,
          peerCpuMs: r.peerCpuMs,
          oursFindings: r.oursFindings,
          peerDiagnostics: r.peerDiagnostics,
        };
      }
      process.stdout.write(`${JSON.stringify({ machine, sizes, coldStart: cold ?? null, bundles, phases: phases ?? null }, null, 2)}\n`);
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
