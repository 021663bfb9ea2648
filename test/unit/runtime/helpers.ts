import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main } from '../../../server/src/cli/main';
import type { CliIo } from '../../../server/src/cli/io';
import type { RootsFacts, WorkspaceFacts } from '../../../server/src/service/facts';
import { summariseRootsIndex } from '../../../server/src/service/summary';
import { VariableIndex, type VariableSource } from '../../../server/src/service/variables';

/** Shared by the readiness, runtime and preview unit tests. */

/** The repository root, found from the compiled test's location. */
export const REPO_ROOT = ((): string => {
  let dir = __dirname;
  // out/ holds a copy of package.json too; the real root is the one with the fixtures.
  while (!fs.existsSync(path.join(dir, 'package.json')) || !fs.existsSync(path.join(dir, 'test', 'fixtures'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('the repository root was not found above the test');
    dir = parent;
  }
  return dir;
})();

export function fixture(...segments: string[]): string {
  return path.join(REPO_ROOT, 'test', 'fixtures', ...segments);
}

export function readFixture(...segments: string[]): string {
  return fs.readFileSync(fixture(...segments), 'utf8');
}

/** A catalog text from entries. */
export function catalog(entries: Record<string, unknown>): string {
  return JSON.stringify(entries, null, 2);
}

export interface FactsOptions {
  /** Names found in a dotenv-like source. */
  known?: string[];
  /** Names set in the process environment source. */
  processEnv?: string[];
  /** A roots index text (read as if it sat beside the catalog). */
  rootsText?: string;
}

export function facts(options: FactsOptions = {}): WorkspaceFacts {
  const sources: VariableSource[] = [];
  if (options.known) sources.push({ kind: 'known', label: 'names declared in --known', exists: true, names: new Set(options.known) });
  sources.push({ kind: 'dotenv', label: '.env', path: '/repo/.env', exists: false, names: new Set() });
  if (options.processEnv) sources.push({ kind: 'process', label: 'the process environment', exists: true, names: new Set(options.processEnv) });
  const result: WorkspaceFacts = { documentPath: '/repo/mcp.json', variables: new VariableIndex(sources) };
  if (options.rootsText !== undefined) {
    const roots: RootsFacts = { via: 'sibling', files: [summariseRootsIndex('/repo/roots.json', options.rootsText)], remoteSources: [] };
    result.roots = roots;
  }
  return result;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * A folder with no `.mcp-catalog.json` at or above it, so a run sees only its flags and the
 * injected environment — never this repository's own configuration.
 */
const NEUTRAL_CWD = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-cwd-'));

/** Run `mcp-catalog …` in-process with an injected environment (paths absolute, or relative to `cwd`). */
export async function runCli(argv: string[], env: NodeJS.ProcessEnv = {}, cwd = NEUTRAL_CWD): Promise<CliRun> {
  let stdout = '';
  let stderr = '';
  const io: CliIo = {
    cwd,
    env,
    version: '0.0.0-test',
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  };
  const code = await main(argv, io);
  return { code, stdout, stderr };
}

/** A scratch folder for files a test writes, removed by the caller. */
export function scratchDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-test-'));
}
