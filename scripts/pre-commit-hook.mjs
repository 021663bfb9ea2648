#!/usr/bin/env node
// The pre-commit hooks' entry (.pre-commit-hooks.yaml): builds this checkout of mcp-catalog once
// (pre-commit clones the hook repository without its build output), then runs the command line in
// the repository being committed to, passing the hook's arguments through.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const cli = join(root, 'dist', 'cli.js');
if (!existsSync(cli)) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const [command, args] of [
    [npm, ['ci', '--no-audit', '--no-fund']],
    [process.execPath, [join(root, 'scripts', 'build.mjs')]],
  ]) {
    const step = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'inherit'], shell: process.platform === 'win32' });
    if (step.status !== 0) {
      console.error(`mcp-catalog hook: could not build mcp-catalog (${[command, ...args].join(' ')} failed)`);
      process.exit(2);
    }
  }
}
const run = spawnSync(process.execPath, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(run.status ?? 2);
