/**
 * CPU profile of our full check: `node --cpu-prof --cpu-prof-dir=DIR out/bench/profile.js SIZE [RUNS]`
 * generates the catalog, warms up, then runs `checkDocument` RUNS times (default 10); then
 * `node out/bench/profile.js --summarise FILE.cpuprofile RUNS` prints time per stage (parse,
 * nodeValue, ajv, each rule, GC) and the top self time; `--summarise-all FILE [N]` prints inclusive
 * and self time per function of any profile (the server's too), divided by N.
 *
 * Stages are told apart by source file, so profile the unbundled build of `npx tsc -p .`
 * (out/bench/profile.js, one file per module); the bundled out/bench-build/profile.js runs too, but
 * then only function names separate the stages.
 */

import { mkdtempSync, readFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { checkDocument } from '../server/src/service/engine';
import { generateCatalog, writeFixture } from './generate';
import { oursFacts } from './ours';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Stages, matched on any frame of a sample's stack, innermost stage first. */
const STAGES: { name: string; match: (frame: ProfileNode['callFrame']) => boolean }[] = [
  { name: 'GC', match: (f) => f.functionName === '(garbage collector)' },
  { name: 'ajv validate', match: (f) => f.url.includes('/ajv/') || f.functionName.startsWith('validate') },
  { name: 'nodeValue', match: (f) => f.functionName === 'nodeValue' },
  { name: 'mapSchemaErrors', match: (f) => f.functionName === 'mapSchemaErrors' },
  { name: 'checkUnknownFields', match: (f) => f.functionName === 'checkUnknownFields' },
  { name: 'scanner (jsonc-parser)', match: (f) => f.url.includes('jsonc-parser') },
  { name: 'parseJson (tree building)', match: (f) => f.functionName === 'parseJson' },
  { name: 'rule: structure (rest)', match: (f) => f.url.endsWith('rules/structure.js') },
  { name: 'rule: timeout', match: (f) => f.url.endsWith('rules/timeout.js') },
  { name: 'rule: unavailable', match: (f) => f.url.endsWith('rules/unavailable.js') },
  { name: 'rule: placeholders', match: (f) => f.url.endsWith('rules/placeholders.js') || f.url.endsWith('service/placeholders.js') },
  { name: 'rule: roots', match: (f) => f.url.endsWith('rules/roots.js') },
  { name: 'rule: ineffective-field', match: (f) => f.url.endsWith('rules/ineffective.js') },
  { name: 'hygiene: npx-cache-isolated / unpinned-package', match: (f) => f.url.endsWith('hygiene/npxPackages.js') || f.url.endsWith('runtime/npmCache.js') },
  { name: 'hygiene: hardcoded-secret', match: (f) => f.url.endsWith('hygiene/hardcodedSecret.js') || f.url.endsWith('hygiene/secrets.js') },
  { name: 'hygiene: tool-name-collision', match: (f) => f.url.endsWith('hygiene/toolNameCollision.js') || f.url.endsWith('runtime/codex.js') },
  { name: 'hygiene: other', match: (f) => f.url.includes('/rules/hygiene/') },
  {
    name: 'model helpers (field/getProperty/indexEntries)',
    match: (f) => f.url.endsWith('service/model.js') || ['getProperty', 'effectiveProperties', 'propertyValue', 'findNodeAtPath'].includes(f.functionName),
  },
  { name: 'resolveSeverities', match: (f) => f.functionName === 'resolveSeverities' },
  { name: 'checkDocument (own)', match: (f) => f.functionName === 'checkDocument' },
];

export function summarise(profile: CpuProfile): { stages: [string, number][]; selfTop: [string, number][]; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const stage = new Map<number, string>();
  const stageOf = (id: number): string => {
    const cached = stage.get(id);
    if (cached) return cached;
    // Innermost matching frame decides, walking up from the sampled frame.
    let result = 'other';
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const frame = byId.get(current)!.callFrame;
      const hit = STAGES.find((s) => s.match(frame));
      if (hit) {
        result = hit.name;
        break;
      }
    }
    stage.set(id, result);
    return result;
  };
  const stageMs = new Map<string, number>();
  const selfMs = new Map<string, number>();
  let totalMs = 0;
  // Only samples inside checkDocument count (not module loading or generation).
  const inCheck = new Map<number, boolean>();
  const isInCheck = (id: number): boolean => {
    if (inCheck.has(id)) return inCheck.get(id)!;
    let result = false;
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      if (byId.get(current)!.callFrame.functionName === 'checkDocument') {
        result = true;
        break;
      }
    }
    inCheck.set(id, result);
    return result;
  };
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    const gc = frame.functionName === '(garbage collector)';
    // GC samples have no JS stack: count them all (the profile runs nothing else hot).
    if (!gc && !isInCheck(id)) return;
    totalMs += ms;
    const name = stageOf(id);
    stageMs.set(name, (stageMs.get(name) ?? 0) + ms);
    const label = `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
    selfMs.set(label, (selfMs.get(label) ?? 0) + ms);
  });
  const sort = (map: Map<string, number>): [string, number][] => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { stages: sort(stageMs), selfTop: sort(selfMs).slice(0, 25), totalMs };
}

/** Inclusive and self time per function over the whole profile (each sample counts once per function on its stack). */
export function summariseAll(profile: CpuProfile): { inclusive: [string, number][]; self: [string, number][]; totalMs: number } {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const label = (frame: ProfileNode['callFrame']): string => `${frame.functionName || '(anonymous)'} ${path.basename(frame.url)}:${frame.lineNumber + 1}`;
  const inclusive = new Map<string, number>();
  const self = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const frame = byId.get(id)!.callFrame;
    if (frame.functionName === '(idle)' || frame.functionName === '(program)') return;
    totalMs += ms;
    self.set(label(frame), (self.get(label(frame)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let current: number | undefined = id; current !== undefined; current = parent.get(current)) {
      const name = label(byId.get(current)!.callFrame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const sort = (map: Map<string, number>): [string, number][] => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { inclusive: sort(inclusive), self: sort(self), totalMs };
}

function main(): void {
  if (process.argv[2] === '--summarise-all') {
    const profile = JSON.parse(readFileSync(process.argv[3], 'utf8')) as CpuProfile;
    const per = Number(process.argv[4] ?? 1);
    const { inclusive, self, totalMs } = summariseAll(profile);
    process.stdout.write(`Busy time sampled: ${totalMs.toFixed(0)} ms (÷${per} = ${(totalMs / per).toFixed(1)} ms)\n\nInclusive (ms ÷${per}):\n`);
    for (const [name, ms] of inclusive.slice(0, 45)) process.stdout.write(`${(ms / per).toFixed(1).padStart(8)}  ${name}\n`);
    process.stdout.write(`\nSelf (ms ÷${per}):\n`);
    for (const [name, ms] of self.slice(0, 25)) process.stdout.write(`${(ms / per).toFixed(1).padStart(8)}  ${name}\n`);
    return;
  }
  if (process.argv[2] === '--summarise') {
    const profile = JSON.parse(readFileSync(process.argv[3], 'utf8')) as CpuProfile;
    const { stages, selfTop, totalMs } = summarise(profile);
    const runs = Number(process.argv[4] ?? 10);
    process.stdout.write(
      `Total sampled in checkDocument (+GC): ${totalMs.toFixed(0)} ms over ${runs} runs = ${(totalMs / runs).toFixed(1)} ms/run\n\nBy stage (ms per run, share):\n`,
    );
    for (const [name, ms] of stages)
      process.stdout.write(`${(ms / runs).toFixed(1).padStart(8)}  ${((ms / totalMs) * 100).toFixed(1).padStart(5)}%  ${name}\n`);
    process.stdout.write('\nTop self time (ms per run):\n');
    for (const [name, ms] of selfTop) process.stdout.write(`${(ms / runs).toFixed(1).padStart(8)}  ${name}\n`);
    return;
  }
  const size = Number(process.argv[2] ?? 10000);
  const runs = Number(process.argv[3] ?? 10);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-profile-'));
  const generated = generateCatalog(size);
  const files = writeFixture(dir, generated);
  const facts = oursFacts(files.catalogPath, files.rootsPath, readFileSync(files.rootsPath, 'utf8'), files.envPath);
  for (let i = 0; i < 3; i++) checkDocument(generated.text, 'catalog', facts);
  for (let i = 0; i < runs; i++) checkDocument(generated.text, 'catalog', facts);
  process.stdout.write(`profiled ${runs} checks of ${size} servers (${dir})\n`);
}

main();
