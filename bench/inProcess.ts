/**
 * The in-process engine table (bench/run.ts): our full `checkDocument`, the peer's
 * vscode-json-languageservice parse + validation, and `JSON.parse` of the same text — the floor any
 * checker pays — alternating in this one process; and the peak memory of one check of each side,
 * measured alone in its own child process (memory.ts).
 */

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { GeneratedCatalog, writeFixture } from './generate';
import type { MemoryResult } from './memory';
import { plan } from './options';
import { oursFacts, runOurs } from './ours';
import { createPeer } from './peer';
import { collectGarbage, median, now } from './util';

export interface SizeResult {
  size: number;
  bytes: number;
  oursMs: number;
  peerMs: number;
  /** `JSON.parse` of the whole text, in the same alternation. */
  jsonParseMs: number;
  ratio: number;
  oursFindings: number;
  peerDiagnostics: number;
  oursPeakMb?: number;
  peerPeakMb?: number;
  oursHeapMb?: number;
  peerHeapMb?: number;
  /** CPU time (user + system, all threads) of the same runs: steadier than wall time on a busy machine. */
  oursCpuMs: number;
  peerCpuMs: number;
  runs: number;
  oursSamples: number[];
  peerSamples: number[];
}

export async function measureInProcess(
  generated: GeneratedCatalog,
  files: ReturnType<typeof writeFixture>,
  size: number,
  runs: number,
  say: (line: string) => void,
): Promise<SizeResult> {
  const { text } = generated;
  const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
  const peer = createPeer();
  const { warmups, runs: measured } = plan(size, runs);
  let oursFindings = 0;
  let peerDiagnostics = 0;
  let kept: unknown;
  for (let i = 0; i < warmups; i++) {
    oursFindings = runOurs(text, facts);
    peerDiagnostics = await peer.run(text);
    kept = JSON.parse(text);
  }
  const samples = { ours: [] as number[], peer: [] as number[], parse: [] as number[] };
  const cpu = { ours: [] as number[], peer: [] as number[] };
  const cpuMs = (since: NodeJS.CpuUsage): number => {
    const used = process.cpuUsage(since);
    return (used.user + used.system) / 1000;
  };
  // Alternate the three so load on the machine falls on all alike; collect garbage before each so
  // one side does not pay for the other's leftovers.
  const order = ['ours', 'peer', 'parse'] as const;
  for (let i = 0; i < measured; i++) {
    for (let k = 0; k < order.length; k++) {
      const side = order[(i + k) % order.length];
      collectGarbage();
      const usage = process.cpuUsage();
      const started = now();
      if (side === 'ours') runOurs(text, facts);
      else if (side === 'peer') await peer.run(text);
      else kept = JSON.parse(text);
      samples[side].push(now() - started);
      if (side !== 'parse') cpu[side].push(cpuMs(usage));
    }
  }
  if (kept === undefined) throw new Error('JSON.parse returned nothing');
  const oursMs = median(samples.ours);
  const peerMs = median(samples.peer);
  const jsonParseMs = median(samples.parse);
  const oursCpuMs = median(cpu.ours);
  const peerCpuMs = median(cpu.peer);
  say(
    `  in process: ours ${oursMs.toFixed(1)} ms, peer ${peerMs.toFixed(1)} ms, JSON.parse ${jsonParseMs.toFixed(1)} ms (${measured} runs after ${warmups} warm-ups; CPU time ${oursCpuMs.toFixed(1)} / ${peerCpuMs.toFixed(1)} ms)`,
  );
  return {
    size,
    bytes: Buffer.byteLength(text),
    oursMs,
    peerMs,
    jsonParseMs,
    ratio: oursMs / peerMs,
    oursCpuMs,
    peerCpuMs,
    oursFindings,
    peerDiagnostics,
    runs: measured,
    oursSamples: samples.ours,
    peerSamples: samples.peer,
  };
}

/** One memory child; both sides run at once (each reads only its own peak RSS), which halves the wait. */
export function measureMemory(which: 'ours' | 'peer', dir: string): Promise<MemoryResult | undefined> {
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
