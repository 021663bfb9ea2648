/**
 * The npm package `mcp-catalog` as a user gets it (README "Install"): `npm pack` of a checkout and
 * a global install of the tarball into a prefix of its own, offline — the package has no
 * dependencies, so nothing may need the registry. Used by the package tier (test/package/) and by
 * the Neovim tier, which runs the installed `mcp-catalog-language-server`.
 */
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';

export const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** npm's environment for the tests: no update check, audit or funding message in the output. */
export function npmEnvironment(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    // The node running the tests is the one the bins' `#!/usr/bin/env node` finds first.
    PATH: [path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
    npm_config_update_notifier: 'false',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...extra,
  };
}

function npm(args: string[], options: SpawnSyncOptions): string {
  const result = spawnSync(NPM, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 300_000, ...options });
  if (result.status !== 0 || result.error) {
    const output = `${String(result.stdout)}${String(result.stderr)}`.slice(-4000);
    throw new Error(`npm ${args.join(' ')} failed (exit ${result.status}${result.error ? `, ${result.error.message}` : ''})\n${output}`);
  }
  return String(result.stdout);
}

/**
 * `npm pack` of `checkout` into `destination`; returns the tarball's path and what npm printed on
 * stdout. `ignoreScripts` packs the build already in dist/ instead of running prepack.
 */
export function packTarball(checkout: string, destination: string, options: { ignoreScripts?: boolean } = {}): { tarball: string; stdout: string } {
  const stdout = npm(['pack', '--pack-destination', destination, ...(options.ignoreScripts ? ['--ignore-scripts'] : [])], {
    cwd: checkout,
    env: npmEnvironment(),
  });
  const name = stdout.trim().split('\n').pop() ?? '';
  const tarball = path.join(destination, name);
  if (!name.endsWith('.tgz') || !existsSync(tarball)) throw new Error(`npm pack printed no tarball name:\n${stdout}`);
  return { tarball, stdout };
}

/** `npm install -g --offline TARBALL` into `prefix`; returns the folder holding the bins. */
export function installGlobally(tarball: string, prefix: string): string {
  npm(['install', '--global', '--offline', '--prefix', prefix, tarball], { env: npmEnvironment() });
  return process.platform === 'win32' ? prefix : path.join(prefix, 'bin');
}
