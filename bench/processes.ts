/**
 * Whole-process figures (bench/run.ts): the server's cold start on the Zimmer catalog, the command
 * line's `check` against a bare `node` that reads and `JSON.parse`s the same file, and the bundle
 * sizes as built and as shipped.
 */

import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { LspSession } from './lsp';
import { FIXTURES, median, now, REPO } from './util';

export interface ColdStart {
  /** Spawn → first publishDiagnostics on the Zimmer catalog (median). */
  firstDiagnosticsMs: number;
  /** Spawn → initialize response (median). */
  initializeMs: number;
  /** Spawn → exit of `node -e 0`: the floor any Node server pays (median). */
  nodeBaselineMs: number;
  samples: number[];
}

export interface Bundle {
  file: string;
  bytes: number;
  /** The shipped bundle of the same name (`scripts/build.mjs --production`, minified). */
  shippedBytes?: number;
}

export interface CliFigures {
  /** `node cli.js check CATALOG` as a whole process (median). */
  cliMs: number;
  /** `node -e` reading the same file and `JSON.parse`-ing it (median). */
  bareMs: number;
  exitCode: number | null;
  runs: number;
}

/**
 * Spawn → first diagnostics, as a user sees it from the second start on: the first spawn warms
 * the file-system cache; it is not counted (bench/NOTES.md, "Start-up").
 */
export async function measureColdStart(serverPath: string, tmp: string): Promise<ColdStart> {
  const { dir, text, uri } = zimmerFolder(tmp);
  const samples: number[] = [];
  const initialize: number[] = [];
  for (let i = 0; i < 6; i++) {
    const { session, initializedAt } = await LspSession.start(serverPath, dir, [], undefined, { PATH: process.env.PATH ?? '' });
    try {
      await session.open(uri, text);
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

/** The Zimmer catalog and its roots index in a folder of their own. */
export function zimmerFolder(tmp: string): { dir: string; text: string; uri: string } {
  const dir = path.join(tmp, 'zimmer');
  execFileSync('mkdir', ['-p', dir]);
  for (const name of ['zimmer-mcp.json', 'zimmer-roots.json']) copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
  return { dir, text: readFileSync(path.join(dir, 'zimmer-mcp.json'), 'utf8'), uri: pathToFileURL(path.join(dir, 'zimmer-mcp.json')).toString() };
}

const BARE_READ = "JSON.parse(require('fs').readFileSync(process.argv[1], 'utf8'))";

/** The CLI and the bare read alternating, one process each, in the catalog's folder (discovery finds its roots index and .env). */
export function measureCli(cliPath: string, catalogPath: string, runs: number): CliFigures {
  const cwd = path.dirname(catalogPath);
  const cli: number[] = [];
  const bare: number[] = [];
  let exitCode: number | null = null;
  for (let i = 0; i < runs + 1; i++) {
    for (const side of i % 2 === 0 ? ['cli', 'bare'] : ['bare', 'cli']) {
      const started = now();
      const run =
        side === 'cli'
          ? spawnSync(process.execPath, [cliPath, 'check', catalogPath], { cwd, stdio: 'ignore' })
          : spawnSync(process.execPath, ['-e', BARE_READ, catalogPath], { cwd, stdio: 'ignore' });
      const ms = now() - started;
      if (side === 'bare' && run.status !== 0) throw new Error(`the bare read of ${catalogPath} failed`);
      if (side === 'cli') exitCode = run.status;
      // The first pair warms the file-system cache.
      if (i > 0) (side === 'cli' ? cli : bare).push(ms);
    }
  }
  return { cliMs: median(cli), bareMs: median(bare), exitCode, runs };
}

/**
 * Builds what the .vsix ships (`scripts/build.mjs --production`: minified, the same plugins) into
 * `outdir`, so the servers and the command line are measured as users run them, and a rebuild of
 * dist/ during the run cannot change them mid-way. The error's last lines when the build fails.
 */
export function buildShippedBundles(outdir: string): string | undefined {
  const built = spawnSync(process.execPath, [path.join(REPO, 'scripts', 'build.mjs'), '--production', `--outdir=${outdir}`], {
    cwd: REPO,
    encoding: 'utf8',
  });
  if (built.status === 0 && existsSync(path.join(outdir, 'server.js')) && existsSync(path.join(outdir, 'cli.js'))) return undefined;
  const output = `${built.stderr ?? ''}${built.stdout ?? ''}`.trim().split('\n').slice(-5).join(' ');
  return output || built.error?.message || `exit code ${String(built.status)}`;
}

/** Each bundle of dist/ (as `npm run build` makes it) beside the shipped one of the same name. */
export function measureBundles(shippedDir: string): Bundle[] {
  const dist = path.join(REPO, 'dist');
  if (!existsSync(dist)) return [];
  return readdirSync(dist)
    .filter((name) => name.endsWith('.js'))
    .sort()
    .map((name) => {
      const shipped = path.join(shippedDir, name);
      return { file: `dist/${name}`, bytes: statSync(path.join(dist, name)).size, shippedBytes: existsSync(shipped) ? statSync(shipped).size : undefined };
    });
}
