/**
 * Build-time only (scripts/build.mjs, never shipped): `node maker.js <dist/cli-main.js> <command…>`
 * runs the command line's bundle with that command and writes its shipped V8 code cache as the
 * process exits (node/shippedCodeCache.ts).
 */
import { makeShippedCodeCache } from './node/shippedCodeCache';

const [bundle, ...args] = process.argv.slice(2);
if (!bundle || !makeShippedCodeCache(bundle, args)) {
  process.stderr.write(`cliCodeCacheMaker: ${bundle ?? '(no bundle named)'} has no build id\n`);
  process.exitCode = 3;
}
