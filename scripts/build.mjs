// Bundles the client, the language server and the command line with esbuild (DESIGN §12).
// `--production` minifies; `--watch` rebuilds on change; `--outdir=DIR` writes elsewhere than dist/
// (test/unit/build.test.ts builds twice and compares).
import * as esbuild from 'esbuild';
import { chmodSync, existsSync } from 'node:fs';
import { staleValidatorsMessage } from './generate-validators.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: production ? false : 'linked',
  minify: production,
  legalComments: 'none',
  // jsonc-parser's UMD build hides its requires from bundlers; its ESM build bundles cleanly.
  mainFields: ['module', 'main'],
  logLevel: 'warning',
};

const builds = [
  { entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/client.js`, external: ['vscode'] },
  // dist/server.js is a small loader running dist/server-main.js through V8's code cache
  // (server/src/serverLoader.ts, bench/NOTES.md "Start-up"); the main bundle has no shebang, as
  // the loader compiles it inside a CommonJS wrapper.
  { entryPoints: ['server/src/serverLoader.ts'], outfile: `${outdir}/server.js`, banner: { js: '#!/usr/bin/env node' } },
  { entryPoints: ['server/src/server.ts'], outfile: `${outdir}/server-main.js` },
  // `node --`: Node 20 reads `--env-file` anywhere on its command line, even after the script name,
  // so `mcp-catalog check --env-file X` would be Node's option; after `--` every argument is ours.
  { entryPoints: ['server/src/cli.ts'], outfile: `${outdir}/cli.js`, banner: { js: '#!/usr/bin/env -S node --' } },
].filter((build) => existsSync(build.entryPoints[0]));

// The entry validators are generated code committed with the schemas (scripts/generate-validators.mjs):
// never bundle a stale one.
const stale = staleValidatorsMessage();
if (stale) {
  console.error(`build: ${stale}`);
  process.exit(1);
}

if (watch) {
  for (const build of builds) (await esbuild.context({ ...common, ...build })).watch();
} else {
  await Promise.all(builds.map((build) => esbuild.build({ ...common, ...build })));
  for (const build of builds) if (build.banner) chmodSync(build.outfile, 0o755);
}
