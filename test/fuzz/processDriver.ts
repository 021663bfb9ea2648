import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { repoRoot } from './corpus';
import { asWrittenToDisk, checkCliOutput, cliArgs, type CasePlan } from './drivers';
import type { Failure } from './oracle';
import type { DiskWorld } from './workspace';

/** The real-process drivers' bundles, and `node dist/cli.js check` as a child process. */

/**
 * The bundles the run uses, copied at its start: other work may rebuild dist/ mid-run, and a
 * half-written bundle must not pass for a failure of the code under test.
 */
export const bundles = { cli: path.join(repoRoot(), 'dist', 'cli.js'), server: path.join(repoRoot(), 'dist', 'server.js') };

export function snapshotBundles(scratch: string): void {
  const dir = path.join(scratch, 'dist');
  fs.mkdirSync(dir);
  for (const name of ['cli.js', 'server.js'] as const) {
    const source = path.join(repoRoot(), 'dist', name);
    if (!fs.existsSync(source)) throw new Error(`${source} is missing: run \`node scripts/build.mjs\` first`);
    fs.copyFileSync(source, path.join(dir, name));
  }
  bundles.cli = path.join(dir, 'cli.js');
  bundles.server = path.join(dir, 'server.js');
}

export async function runProcessCli(text: string, plan: CasePlan, disk: DiskWorld): Promise<Failure[]> {
  const file = disk.fileFor(plan.cliKind);
  fs.writeFileSync(file, text);
  const cli = bundles.cli;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, ...cliArgs(plan.format, path.basename(file))], { cwd: path.dirname(file), env: { PATH: process.env.PATH } });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk));
    const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (signal) {
        resolve([
          {
            driver: 'process',
            kind: signal === 'SIGKILL' ? 'hang' : 'crash',
            detail: `node dist/cli.js ${cliArgs(plan.format, path.basename(file)).join(' ')} ended by ${signal}`,
          },
        ]);
        return;
      }
      resolve(
        checkCliOutput('process', asWrittenToDisk(text), path.basename(file), plan.format, {
          code: code ?? -1,
          stdout: Buffer.concat(stdout).toString('utf8'),
          stderr: Buffer.concat(stderr).toString('utf8'),
        }),
      );
    });
  });
}
