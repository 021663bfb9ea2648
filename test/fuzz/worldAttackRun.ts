import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { runAttacks } from './worldAttacks';

/**
 * `node out/test/fuzz/worldAttackRun.js SEED FROM TO`: world-attack cases in a process of their own
 * (test/fuzz/worldAttacks.ts), so that the caller can see a blocking read as a timeout. Prints the
 * failures as JSON on the last line; exit 1 when there is one.
 */
async function run(): Promise<number> {
  const [seed, from, to] = process.argv.slice(2).map(Number);
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-attacks-'));
  try {
    const failures = await runAttacks(seed, from, to, parent);
    process.stdout.write(`${JSON.stringify(failures)}\n`);
    return failures.length > 0 ? 1 : 0;
  } finally {
    fs.rmSync(parent, { recursive: true, force: true });
  }
}

run().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stdout.write(`${JSON.stringify([{ index: -1, attack: 'runner', detail: String((error as Error)?.stack ?? error) }])}\n`);
    process.exitCode = 1;
  },
);
