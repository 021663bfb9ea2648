/**
 * The complexity tier through the real `node dist/cli.js` process (SPEC §7, §8): `check`,
 * `readiness` and `preview` on each hostile shape at n and 2n, the process's own CPU time as bash's
 * `time` reports it (getrusage of the child), compared as a ratio within this run.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { assertScalesLinearly } from '../../support/complexity';
import { CHECKED_SHAPES, type HostileShape } from '../../support/hostileShapes';
import { REPO_ROOT } from '../../unit/helpers';

/** The bundled bin; MCP_CATALOG_CLI_SCRIPT points the tier at another build (to see it fail on an older one). */
const CLI = process.env.MCP_CATALOG_CLI_SCRIPT || path.join(REPO_ROOT, 'dist', 'cli.js');

/** Sizes at which the old quadratic scans cost 4× for 2× even with the process's start-up counted. */
const SIZES: Record<string, number> = {
  'nested-openings': 14_000,
  'variable-suggestions': 3_500,
  'root-suggestions': 3_000,
  'server-suggestions': 4_500,
  'npx-specs': 7_000,
};

const READINESS_SHAPES = new Set(['nested-openings', 'variable-suggestions']);
const PREVIEW_SHAPES = new Set(['root-suggestions', 'npx-specs']);

const folders: string[] = [];

function writeWorld(shape: HostileShape, n: number): { dir: string; target: string } {
  const world = shape.build(n);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-complexity-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(world.files)) fs.writeFileSync(path.join(dir, name), text);
  return { dir, target: world.target };
}

/** CPU milliseconds of one `node dist/cli.js …` run (user + system, as getrusage counts the child). */
function cliCpuMs(args: readonly string[], cwd: string): number {
  const script = 'TIMEFORMAT="%3U %3S"; { time "$@" >/dev/null 2>/dev/null; } 2>&1; exit 0';
  const run = spawnSync('bash', ['-c', script, 'bash', process.execPath, CLI, ...args], { cwd, encoding: 'utf8' });
  const match = /(\d+\.\d+) (\d+\.\d+)\s*$/.exec(run.stdout);
  assert.ok(match, `bash time printed no figures: ${run.stdout}${run.stderr}`);
  return (Number(match[1]) + Number(match[2])) * 1000;
}

describe('complexity: the command line scales linearly on hostile repetition', function () {
  this.timeout(600_000);

  before(function () {
    if (!fs.existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs\` first`);
    if (spawnSync('bash', ['-c', 'true']).status !== 0) this.skip();
  });

  after(() => {
    for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const shape of CHECKED_SHAPES) {
    const commands: [string, string[]][] = [['check', ['check', '--no-process-env']]];
    // Readiness and previews read the catalog through the same engine; a process start costs a
    // tenth of a second, so each gets the shapes whose scans it adds (placeholders, selection).
    if (READINESS_SHAPES.has(shape.name)) commands.push(['readiness', ['readiness', '--no-process-env']]);
    if (PREVIEW_SHAPES.has(shape.name)) commands.push(['preview', ['preview', '--runtime', 'codex']]);
    for (const [label, args] of commands) {
      it(`${label}: ${shape.describe}`, async () => {
        await assertScalesLinearly(`mcp-catalog ${label}, ${shape.name}`, SIZES[shape.name], (size) => {
          const { dir, target } = writeWorld(shape, size);
          return cliCpuMs([...args, target], dir);
        });
      });
    }
  }
});
