import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { main } from '../../server/src/cli/main';
import { CachingReader, diskReader, type FileReader } from '../../server/src/node/files';
import { isVariableSourceName } from '../../server/src/node/sideFiles';
import { Workspace, type SourceSettings } from '../../server/src/node/workspace';
import { checkDocument } from '../../server/src/service/engine';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import { Rng } from './rng';

/**
 * Attack classes on the world around a catalog (SPEC §8, a repository you do not trust), for
 * `npm run fuzz` and its seeded slice in `npm test`: each case builds a workspace whose side files
 * — the sibling roots.json, `.env`, the paths an air.json lists — are drawn from special files
 * (FIFOs, devices, /proc files, symlink loops, sparse giant files), paths outside the workspace
 * (relative, absolute, through a symlink) and files that hold variables, checked trusted or
 * restricted. Oracles: discovery and the check return (a FIFO or /proc file that blocks or reads
 * forever is a hang the parent process sees as a timeout); no name planted outside the workspace
 * is visible; in a restricted workspace no planted variable name is visible and no file holding
 * variables is even read. Runs in its own process (`worldAttackRun.ts`) so a blocking read cannot
 * stop the runner itself.
 */

export type AttackClass = 'special-file' | 'outside-workspace' | 'restricted';
export const ATTACK_CLASSES: readonly AttackClass[] = ['special-file', 'outside-workspace', 'restricted'];

export interface AttackFailure {
  index: number;
  attack: string;
  detail: string;
}

const OUTSIDE_ROOT = 'PLANTEDOUTSIDEROOT';
const OUTSIDE_SERVER = 'PLANTEDOUTSIDESERVER';
const SECRET_NAME = 'PLANTED_SECRET_NAME';
const DOTENV_NAME = 'PLANTED_DOTENV_NAME';

/** What one slot (a side file) is made into. */
type Target = (slot: string, world: World) => string;

interface World {
  base: string;
  ws: string;
  outside: string;
}

const SPECIAL: Record<string, Target> = {
  fifo: (slot, w) => (execFileSync('mkfifo', [path.join(w.ws, slot)]), slot),
  'dev-zero': (slot, w) => link(w, slot, '/dev/zero'),
  'dev-urandom': (slot, w) => link(w, slot, '/dev/urandom'),
  'proc-pagemap': (slot, w) => link(w, slot, '/proc/self/pagemap'),
  'proc-environ': (slot, w) => link(w, slot, '/proc/self/environ'),
  'proc-kcore': (slot, w) => link(w, slot, '/proc/kcore'),
  'symlink-loop': (slot, w) => (fs.symlinkSync(slot, path.join(w.ws, slot)), slot),
  'dangling-link': (slot, w) => link(w, slot, path.join(w.ws, 'no-such-file')),
  'sparse-2GB': (slot, w) => {
    const file = path.join(w.ws, slot);
    fs.writeFileSync(file, '');
    fs.truncateSync(file, 2 * 1024 * 1024 * 1024);
    return slot;
  },
  folder: (slot, w) => (fs.mkdirSync(path.join(w.ws, slot), { recursive: true }), slot),
};

const OUTSIDE: Record<string, Target> = {
  relative: (_slot, w) => path.relative(w.ws, path.join(w.outside, 'roots.json')),
  absolute: (_slot, w) => path.join(w.outside, 'roots.json'),
  'absolute-catalog': (_slot, w) => path.join(w.outside, 'mcp.json'),
  'link-out': (slot, w) => link(w, slot, path.join(w.outside, slot.includes('mcp') ? 'mcp.json' : 'roots.json')),
  'dot-dot-chain': (_slot, w) => `./sub/../../${path.basename(w.outside)}/roots.json`,
};

const VARIABLE_FILES: Record<string, Target> = {
  dotenv: () => '.env',
  secrets: () => 'secrets.json',
  'link-to-dotenv': (slot, w) => link(w, slot, path.join(w.ws, '.env')),
  environ: () => '/proc/self/environ',
};

/** Something is at this path, even a dangling or looping link. */
function present(file: string): boolean {
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

function link(w: World, slot: string, target: string): string {
  fs.symlinkSync(target, path.join(w.ws, slot));
  return slot;
}

interface Attack {
  klass: AttackClass;
  trusted: boolean;
  /** How each slot was filled, for the failure message. */
  slots: Record<string, string>;
  air: { mcp: string[]; roots: string[] };
}

/** One case: a world on disk under `parent`, drawn from `rng`. */
export function buildAttack(rng: Rng, parent: string, index: number): { attack: Attack; world: World } {
  const base = fs.mkdtempSync(path.join(parent, `attack-${index}-`));
  const world: World = { base, ws: path.join(base, 'ws'), outside: path.join(base, 'outside') };
  fs.mkdirSync(world.ws);
  fs.mkdirSync(world.outside);
  fs.writeFileSync(path.join(world.outside, 'roots.json'), JSON.stringify({ [OUTSIDE_ROOT]: { description: 'Outside.', default_mcp_servers: ['s'] } }));
  fs.writeFileSync(path.join(world.outside, 'mcp.json'), JSON.stringify({ [OUTSIDE_SERVER]: { type: 'stdio', command: 'npx' } }));
  fs.writeFileSync(
    path.join(world.ws, 'mcp.json'),
    JSON.stringify(
      { s: { type: 'stdio', command: 'npx', env: { A: `\${${DOTENV_NAME}}`, B: `\${${SECRET_NAME}}` }, default_in_roots: ['zimmer', OUTSIDE_ROOT] } },
      null,
      2,
    ),
  );
  const klass = rng.pick(ATTACK_CLASSES);
  const pool = klass === 'special-file' ? SPECIAL : klass === 'outside-workspace' ? OUTSIDE : VARIABLE_FILES;
  const trusted = klass === 'restricted' ? false : rng.chance(0.7);
  const slots: Record<string, string> = {};
  const fill = (slot: string): string => {
    const name = rng.pick(Object.keys(pool));
    slots[slot] = name;
    return pool[name](slot, world);
  };
  if (klass === 'restricted' || rng.chance(0.5)) {
    fs.writeFileSync(path.join(world.ws, '.env'), `${DOTENV_NAME}=x\n`);
    fs.writeFileSync(path.join(world.ws, 'secrets.json'), JSON.stringify({ [SECRET_NAME]: 'x' }));
  }
  const air = { mcp: ['mcp.json'], roots: [] as string[] };
  const slotCount = rng.between(1, 3);
  for (let i = 0; i < slotCount; i++) {
    const where = rng.pick(['air-roots', 'air-mcp', 'sibling-roots', 'dotenv'] as const);
    if (where === 'air-roots') air.roots.push(fill(`roots-${i}.json`));
    else if (where === 'air-mcp') air.mcp.push(fill(`team-${i}-mcp.json`));
    else if (where === 'sibling-roots' && !present(path.join(world.ws, 'roots.json'))) fill('roots.json');
    else if (where === 'dotenv' && klass === 'special-file' && !present(path.join(world.ws, '.env'))) fill('.env');
  }
  if (air.roots.length > 0 || air.mcp.length > 1 || rng.chance(0.5)) fs.writeFileSync(path.join(world.ws, 'air.json'), JSON.stringify(air));
  return { attack: { klass, trusted, slots, air }, world };
}

/** A reader that records every path it is asked to read. */
function recording(inner: FileReader, reads: string[]): FileReader {
  return { read: (p) => (reads.push(p), inner.read(p)), refusal: (p) => inner.refusal?.(p), list: (d) => inner.list(d), realPath: (p) => inner.realPath(p) };
}

function visibleNames(facts: WorkspaceFacts): string {
  return JSON.stringify({
    roots: facts.roots?.files.map((f) => [...f.roots.keys()]),
    catalogs: facts.catalogs?.files.map((f) => [...f.servers.keys()]),
    composed: facts.composition?.catalogs.map((c) => [...c.servers.keys()]),
    variables: facts.variables.allNames(),
    air: Object.values(facts.air?.artifacts ?? {}).map((a) => [...(a?.names ?? [])]),
  });
}

function realOrSelf(file: string): string {
  try {
    return fs.realpathSync(file);
  } catch {
    return file;
  }
}

/** Runs one case through discovery, the engine and the in-process CLI; the failures it found. */
export async function runAttack(attack: Attack, world: World, index: number): Promise<AttackFailure[]> {
  const failures: AttackFailure[] = [];
  const fail = (detail: string): void =>
    void failures.push({
      index,
      attack: `${attack.klass} ${attack.trusted ? 'trusted' : 'restricted'} ${JSON.stringify(attack.slots)} air=${JSON.stringify(attack.air)}`,
      detail,
    });
  const reads: string[] = [];
  const settings: SourceSettings = {
    knownVariables: [],
    envFiles: [],
    rootsFiles: [],
    readProcessEnv: true,
    trusted: attack.trusted,
    secretsFile: 'secrets.json',
  };
  const workspace = new Workspace(new CachingReader(recording(diskReader, reads)), {
    workspaceRoot: world.ws,
    searchBoundary: world.ws,
    env: { [`${SECRET_NAME}_PROCESS`]: 'x' },
    containment: [world.ws],
    trusted: attack.trusted,
  });
  const facts: string[] = [];
  const messages: string[] = [];
  for (const [file, kind] of [
    ['mcp.json', 'catalog'],
    ['air.json', 'air'],
  ] as const) {
    const filePath = path.join(world.ws, file);
    if (!fs.existsSync(filePath)) continue;
    try {
      const found = workspace.factsFor(filePath, kind, settings).facts;
      const { findings } = checkDocument(fs.readFileSync(filePath, 'utf8'), kind, found);
      facts.push(visibleNames(found));
      messages.push(JSON.stringify(findings.map((f) => f.message)));
    } catch (error) {
      fail(`${file}: discovery or the check threw: ${(error as Error).stack ?? String(error)}`);
    }
  }
  if (attack.trusted) {
    let out = '';
    const code = await main(['check', '--format', 'json', 'mcp.json', ...(fs.existsSync(path.join(world.ws, 'air.json')) ? ['air.json'] : [])], {
      cwd: world.ws,
      env: {},
      version: 'fuzz',
      stdout: (t) => (out += t),
      stderr: (t) => (out += t),
    });
    if (code !== 0 && code !== 1) fail(`the CLI exited ${code}: ${out.slice(0, 500)}`);
  }
  // The catalog itself names OUTSIDE_ROOT (an undefined root is reported by name): what must never
  // happen is that the outside index is read, so that it becomes a known root or server.
  for (const planted of [OUTSIDE_ROOT, OUTSIDE_SERVER]) {
    const known = facts.join('\n');
    if (known.includes(planted)) fail(`a name from outside the workspace is known (${planted}):\n${known.slice(0, 2000)}`);
  }
  const seen = [...facts, ...messages].join('\n');
  if (!attack.trusted) {
    for (const planted of [SECRET_NAME, DOTENV_NAME, `${SECRET_NAME}_PROCESS`]) {
      if (new RegExp(`"${planted}"`).test(seen)) fail(`restricted, yet a variable name is visible (${planted}):\n${seen.slice(0, 2000)}`);
    }
    const leaked = reads.filter((p) => isVariableSourceName(p) || isVariableSourceName(realOrSelf(p)));
    if (leaked.length > 0) fail(`restricted, yet files holding variables were read: ${leaked.join(', ')}`);
  }
  return failures;
}

/** The attack cases `from`…`to` of a seed, in this process. */
export async function runAttacks(seed: number, from: number, to: number, parent: string): Promise<AttackFailure[]> {
  const failures: AttackFailure[] = [];
  for (let index = from; index < to; index++) {
    const rng = new Rng((seed * 2_654_435_761 + index * 40_503) >>> 0);
    const { attack, world } = buildAttack(rng, parent, index);
    try {
      failures.push(...(await runAttack(attack, world, index)));
    } finally {
      fs.rmSync(world.base, { recursive: true, force: true });
    }
  }
  return failures;
}
