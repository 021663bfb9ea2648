// Bundles the benchmark scripts with esbuild into out/bench-build/ (`npm run bench` runs this first).
// Bundled like the shipped server (scripts/build.mjs: node20, cjs, jsonc-parser's ESM build), so the
// engine measured here is the code the server runs; and a private output folder, so another
// `tsc -p .` rewriting out/ cannot swap modules under a running benchmark. Type-checking of bench/
// is part of the project's `tsc -p .` (and `tsc -p bench`).
import * as esbuild from 'esbuild';

const entries = ['run', 'memory', 'generate', 'profile', 'profile-server', 'floorServer'];

await esbuild.build({
  entryPoints: entries.map((name) => `bench/${name}.ts`),
  outdir: 'out/bench-build',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  mainFields: ['module', 'main'],
  // Loaded from node_modules at run time, as a user's editor would: the peer and the tools.
  external: ['vscode-json-languageservice', 'esbuild'],
  logLevel: 'warning',
});
