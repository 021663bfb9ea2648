/**
 * `npm run bench` (bench/NOTES.md): per generated catalog of 16, 1,000, 10,000 and 50,000 servers,
 *
 *   (a) end to end: our language server and VS Code's own JSON language server (the peer, when the
 *       code-server package is installed) driven over stdio side by side — cold start, open, edit,
 *       session peak RSS (e2e.ts, servers.ts; 1,000 servers and up);
 *   (b) in process: our `checkDocument`, the peer's parse + validation and `JSON.parse` of the same
 *       text, alternating, plus each side's peak memory in its own child (inProcess.ts);
 *   (c) the command line's `check` against a bare `node` read + parse, as whole processes
 *       (processes.ts; 1,000 servers and up);
 *
 * plus the server's cold start on the Zimmer catalog and the bundle sizes. The servers and the
 * command line measured are the bundles the .vsix ships (scripts/build.mjs --production), built by
 * the run. Prints a table, writes bench/RESULTS.md, and with `--json` prints the figures as JSON on
 * stdout (the table goes to stderr; use `npm run -s bench -- --json` so npm's banner stays off
 * stdout).
 *
 * Options: --json, --sizes=16,1000,…, --runs=N (in process, ≥ 5), --rounds=N (end to end),
 * --no-e2e, --no-write (leave RESULTS.md alone), --phases-size=N (the stage breakdown; 0 to skip).
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { endToEndPlan, measureEndToEnd, type EndToEnd } from './e2e';
import { generateCatalog, writeFixture } from './generate';
import { measureInProcess, measureMemory, type SizeResult } from './inProcess';
import { oursFacts } from './ours';
import { parseOptions } from './options';
import { measurePhases, type Phase } from './phases';
import { buildShippedBundles, measureBundles, measureCli, measureColdStart, zimmerFolder, type CliFigures } from './processes';
import { endToEndTable, fmt, goals, inProcessTable, kb, markdown } from './report';
import { findPeerServer, floorSpec, networkNote, oursSpec, peerSpec } from './servers';
import { machineInfo, mb, now, REPO } from './util';

/** The smallest catalog the servers and the CLI are driven on (16 servers is the in-process table only). */
const PROCESS_MIN_SIZE = 1000;

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const say = (line: string) => (options.json ? process.stderr : process.stdout).write(`${line}\n`);
  const started = now();
  if (!(globalThis as { gc?: unknown }).gc) say('note: run with node --expose-gc for steadier numbers (npm run bench does).');
  const machine = machineInfo();
  say(`mcp-catalog bench — ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}`);
  const notes: string[] = [];
  const tmp = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-bench-'));
  // Ours as users run it: the bundles the .vsix ships, built into the run's own folder.
  const shipped = path.join(tmp, 'dist');
  const buildFailure = buildShippedBundles(shipped);
  const haveServer = buildFailure === undefined;
  if (!haveServer)
    notes.push(
      `The shipped bundles did not build (scripts/build.mjs --production: ${buildFailure}): the servers, the command line and cold start were not measured.`,
    );
  const serverPath = path.join(shipped, 'server.js');
  const cliPath = path.join(shipped, 'cli.js');
  const peer = findPeerServer();
  if (options.e2e && haveServer && peer.missing) notes.push(`End to end skipped: ${peer.missing}`);
  const runEndToEnd = options.e2e && haveServer && peer.path !== undefined;
  // The protocol floor, bundled beside this script by bench/build.mjs.
  const floorPath = existsSync(path.join(__dirname, 'floorServer.js')) ? path.join(__dirname, 'floorServer.js') : undefined;
  if (runEndToEnd && !floorPath)
    notes.push('out/bench-build/floorServer.js was not found (node bench/build.mjs builds it): the protocol floor was not measured.');
  if (runEndToEnd) notes.push(networkNote());
  for (const note of notes) say(note);
  const results: SizeResult[] = [];
  const e2e = new Map<number, EndToEnd>();
  const cli = new Map<number, CliFigures>();
  let phases: { size: number; phases: Phase[] } | undefined;
  try {
    for (const size of options.sizes) {
      const generated = generateCatalog(size);
      const files = writeFixture(path.join(tmp, String(size)), generated);
      say(`${size.toLocaleString('en-US')} servers (${kb(Buffer.byteLength(generated.text))}, ${generated.mistakes.length} deliberate mistakes)`);
      if (runEndToEnd && size >= PROCESS_MIN_SIZE) {
        const figures = await measureEndToEnd(
          { ours: oursSpec(serverPath), peer: peerSpec(peer.path!), floor: floorPath ? floorSpec(floorPath) : undefined },
          generated,
          files,
          endToEndPlan(size, options.rounds),
          say,
        );
        // Prove the peer validated: the generated mistakes include schema violations (a wrong `type`).
        if (figures.peer.diagnostics === 0) throw new Error(`the peer reported nothing on ${size} servers: it did not validate against AIR's schema`);
        e2e.set(size, figures);
      }
      const result = await measureInProcess(generated, files, size, options.runs, say);
      const [ours, peerMemory] = await Promise.all([
        measureMemory('ours', path.dirname(files.catalogPath)),
        measureMemory('peer', path.dirname(files.catalogPath)),
      ]);
      if (ours) {
        result.oursPeakMb = mb(ours.peakRssDelta);
        result.oursHeapMb = mb(ours.heapDelta);
      }
      if (peerMemory) {
        result.peerPeakMb = mb(peerMemory.peakRssDelta);
        result.peerHeapMb = mb(peerMemory.heapDelta);
      }
      say(`  in process: peak RSS growth ours ${fmt(result.oursPeakMb)} MB, peer ${fmt(result.peerPeakMb)} MB`);
      results.push(result);
      if (haveServer && size >= PROCESS_MIN_SIZE) {
        const figures = measureCli(cliPath, files.catalogPath, size > 20000 ? 3 : 7);
        say(`  command line: check ${fmt(figures.cliMs, 0)} ms, bare node read + parse ${fmt(figures.bareMs, 0)} ms (exit code ${figures.exitCode})`);
        cli.set(size, figures);
      }
      if (size === options.phasesSize) {
        const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
        phases = { size, phases: measurePhases(generated.text, facts, 3) };
      }
      rmSync(path.dirname(files.catalogPath), { recursive: true, force: true });
    }
    const cold = haveServer ? await measureColdStart(serverPath, tmp) : undefined;
    const zimmerCli = haveServer ? measureCli(cliPath, path.join(zimmerFolder(tmp).dir, 'zimmer-mcp.json'), 9) : undefined;
    if (zimmerCli) say(`command line on the Zimmer catalog: check ${fmt(zimmerCli.cliMs, 0)} ms, bare node read + parse ${fmt(zimmerCli.bareMs, 0)} ms`);
    if (cold) say(`cold start on the Zimmer catalog: spawn → first diagnostics ${fmt(cold.firstDiagnosticsMs)} ms (node alone ${fmt(cold.nodeBaselineMs)} ms)`);
    const bundles = measureBundles(shipped);
    const figures = { machine, results, e2e, cli, zimmerCli, cold, bundles, phases, notes, elapsedSeconds: (now() - started) / 1000 };
    say('');
    if (e2e.size) say(`${endToEndTable(e2e)}\n`);
    say(inProcessTable(results));
    say('');
    for (const line of goals(figures)) say(line);
    if (options.write) {
      writeFileSync(path.join(REPO, 'bench', 'RESULTS.md'), markdown(figures));
      say(`\nwrote bench/RESULTS.md (${((now() - started) / 1000).toFixed(0)} s)`);
    }
    if (options.json) process.stdout.write(`${JSON.stringify(toJson(figures), null, 2)}\n`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** `--json`: the figures keyed by size as a string ("1000", "10000", "50000"). */
function toJson(f: {
  machine: unknown;
  results: SizeResult[];
  e2e: Map<number, EndToEnd>;
  cli: Map<number, CliFigures>;
  cold: unknown;
  bundles: unknown;
  phases: unknown;
  notes: string[];
}): unknown {
  const bySize = <T, U>(map: Map<number, T>, pick: (value: T) => U): Record<string, U> =>
    Object.fromEntries([...map].map(([size, value]) => [String(size), pick(value)]));
  const side = (s: EndToEnd['ours']) => ({
    coldMs: s.coldMs,
    openMs: s.openMs,
    editMs: s.editMs,
    pauseMs: s.pauseMs,
    rssMb: s.rssMb,
    pauseRssMb: s.pauseRssMb,
    diagnostics: s.diagnostics,
    pulled: s.pulled,
    rounds: s.rounds,
    edits: s.edits,
    samples: s.samples,
  });
  const sizes: Record<string, unknown> = {};
  const floor: Record<string, unknown> = {};
  for (const r of f.results) {
    floor[String(r.size)] = { checkMs: r.oursMs, jsonParseMs: r.jsonParseMs };
    const { oursSamples: _o, peerSamples: _p, ...rest } = r;
    sizes[String(r.size)] = rest;
  }
  return {
    machine: f.machine,
    e2e: bySize(f.e2e, (value) => ({ ours: side(value.ours), peer: side(value.peer), protocolFloor: value.floor ? side(value.floor) : null })),
    floor,
    cli: bySize(f.cli, (value) => value),
    sizes,
    coldStart: f.cold ?? null,
    bundles: f.bundles,
    phases: f.phases ?? null,
    notes: f.notes,
  };
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
