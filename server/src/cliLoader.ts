/**
 * dist/cli.js, the `mcp-catalog` command: a small loader that runs the command line's bundle,
 * dist/cli-main.js (built from server/src/cli.ts), with the V8 code cache the build made for it
 * (node/shippedCodeCache.ts, bench/NOTES.md "Start-up").
 */
import * as path from 'node:path';
import { runWithShippedCodeCache } from './node/shippedCodeCache';

runWithShippedCodeCache(path.join(__dirname, 'cli-main.js'));
