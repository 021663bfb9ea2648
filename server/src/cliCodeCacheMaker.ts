/**
 * Build-time only (scripts/build.mjs, never shipped): `node maker.js <dist/cli-main.js> <command…>`
 * gives the command line's bundle its build id (a hash of its text) as its last line, runs it with
 * that command and writes its shipped V8 code cache as the process exits (node/shippedCodeCache.ts).
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import { makeShippedCodeCache, withBuildId } from './node/shippedCodeCache';

const [bundle, ...args] = process.argv.slice(2);
if (!bundle) {
  process.stderr.write('cliCodeCacheMaker: no bundle named\n');
  process.exitCode = 3;
} else {
  const text = fs.readFileSync(bundle, 'utf8');
  fs.writeFileSync(bundle, withBuildId(text, createHash('sha256').update(text).digest('hex').slice(0, 16)));
  makeShippedCodeCache(bundle, args);
}
