/**
 * dist/cli.js, the `mcp-catalog` command: a small loader that runs the command line's bundle,
 * dist/cli-main.js (built from server/src/cli.ts), with the V8 code cache the build made for it
 * (node/shippedCodeCache.ts, bench/NOTES.md "Start-up").
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runWithShippedCodeCache } from './node/shippedCodeCache';

const bundle = path.join(__dirname, 'cli-main.js');
if (fs.existsSync(bundle)) runWithShippedCodeCache(bundle);
else {
  // dist/cli.js copied alone: one line, as for any other problem the command reports (exit 2).
  process.stderr.write(
    `mcp-catalog: ${bundle} is missing beside ${__filename}; the installation is incomplete (build it with \`node scripts/build.mjs\`, or reinstall).\n`,
  );
  process.exitCode = 2;
}
