// Bundles the client, the language server and the command line with esbuild (DESIGN §12).
// `--production` minifies; `--watch` rebuilds on change; `--outdir=DIR` writes elsewhere than dist/
// (test/unit/build.test.ts builds twice and compares).
import * as esbuild from 'esbuild';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { staleRulesMessage } from './generate-registrations.mjs';
import { staleValidatorsMessage } from './generate-validators.mjs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const outdir = process.argv.find((arg) => arg.startsWith('--outdir='))?.slice('--outdir='.length) || 'dist';

/**
 * Node's `crypto` costs 15–35 ms to load here and `child_process` ~4 (bench/NOTES.md "Start-up"),
 * and libraries load them at their top level for functions neither a check nor the server calls:
 * vscode-jsonrpc (pipe names) and dotenv (encrypted vaults) `crypto`, vscode-languageserver
 * (global module folders) `child_process`. In the bundles each is loaded on first use instead. The
 * build fails when a library no longer has the line, so the substitution never silently lapses.
 */
const LAZY_BUILTINS = [
  {
    file: /[\\/]node_modules[\\/]vscode-jsonrpc[\\/]lib[\\/]node[\\/]main\.js$/,
    line: 'const crypto_1 = require("crypto");',
    name: 'crypto_1',
    module: 'crypto',
  },
  { file: /[\\/]node_modules[\\/]dotenv[\\/]lib[\\/]main\.js$/, line: "const crypto = require('crypto')", name: 'crypto', module: 'crypto' },
  {
    file: /[\\/]node_modules[\\/]vscode-languageserver[\\/]lib[\\/]node[\\/]files\.js$/,
    line: 'const child_process_1 = require("child_process");',
    name: 'child_process_1',
    module: 'child_process',
  },
];

const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    for (const { file, line, name, module } of LAZY_BUILTINS) {
      build.onLoad({ filter: file }, (args) => {
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes(line)) return { errors: [{ text: `lazy-builtins: ${args.path} no longer has \`${line}\`` }] };
        const lazy = `const ${name} = new Proxy({}, { get: (_, key) => require('${module}')[key] });`;
        return { contents: source.replace(line, lazy), loader: 'js' };
      });
    }
  },
};

const common = {
  bundle: true,
  plugins: [lazyBuiltins],
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

/**
 * The web build (docs/web.md): the extension's `browser` entry and the language server as a web
 * worker, for vscode.dev and github.dev, where no Node runs. No Node built-in may reach them
 * (test/unit/build.test.ts reads the metafiles written beside them): `path` is path-browserify
 * (the POSIX functions, which is what a virtual workspace's paths are), and the three built-ins
 * dotenv loads at its top level for what is never called here (files, the home folder, encrypted
 * vaults; only its `parse` is) are stand-ins that throw when touched.
 */
const UNAVAILABLE_ON_THE_WEB = /^(?:node:)?(?:fs|os|crypto)$/;

const webStandIns = {
  name: 'web-stand-ins',
  setup(build) {
    build.onResolve({ filter: UNAVAILABLE_ON_THE_WEB }, (args) => {
      if (!/[\\/]node_modules[\\/]dotenv[\\/]/.test(args.importer)) return undefined;
      return { path: args.path.replace(/^node:/, ''), namespace: 'unavailable-on-the-web' };
    });
    build.onLoad({ filter: /.*/, namespace: 'unavailable-on-the-web' }, (args) => ({
      contents: `module.exports = new Proxy({}, { get(_, key) { throw new Error('${args.path}.' + String(key) + ' is not available in the web extension'); } });`,
      loader: 'js',
    }));
  },
};

const web = {
  platform: 'browser',
  target: 'es2022',
  mainFields: ['browser', 'module', 'main'],
  alias: { path: 'path-browserify', 'node:path': 'path-browserify' },
  plugins: [webStandIns],
  metafile: true,
};

const builds = [
  { entryPoints: ['client/src/extension.ts'], outfile: `${outdir}/client.js`, external: ['vscode'] },
  { entryPoints: ['client/src/web/extension.ts'], outfile: `${outdir}/web/client.js`, external: ['vscode'], ...web },
  { entryPoints: ['server/src/web/server.ts'], outfile: `${outdir}/web/server.js`, ...web, format: 'iife' },
  { entryPoints: ['server/src/server.ts'], outfile: `${outdir}/server.js`, banner: { js: '#!/usr/bin/env node' } },
  // `node --`: Node 20 reads `--env-file` anywhere on its command line, even after the script name,
  // so `mcp-catalog check --env-file X` would be Node's option; after `--` every argument is ours.
  { entryPoints: ['server/src/cli.ts'], outfile: `${outdir}/cli.js`, banner: { js: '#!/usr/bin/env -S node --' } },
].filter((build) => existsSync(build.entryPoints[0]));

// The entry validators are generated code committed with their source
// (scripts/generate-validators.mjs): never bundle a stale one.
// So is the list of rules (scripts/generate-registrations.mjs): a rule left out of it would be silently missing.
const stale = staleValidatorsMessage() ?? (await staleRulesMessage());
if (stale) {
  console.error(`build: ${stale}`);
  process.exit(1);
}

/**
 * Bundles are ASCII: one character outside it makes V8 hold the whole ~1 MB source as UTF-16
 * (twice the memory, kept for lazy compilation; ~2 MB of the server's resident memory,
 * bench/NOTES.md "Peak memory"). esbuild escapes strings, templates and identifiers but keeps the
 * comments it preserves and regular-expression literals as written; those take `\uXXXX`, which
 * is the same character in both (a template literal's raw text would not be: such a line, unless
 * it is a comment line, fails the build instead).
 */
function escapeToAscii(file) {
  const text = readFileSync(file, 'utf8');
  if (!/[^\x00-\x7f]/.test(text)) return;
  const lines = text.split('\n').map((line, index) => {
    if (!/[^\x00-\x7f]/.test(line)) return line;
    if (line.includes('`') && !/^\s*(\/\/|\/\*|\*)/.test(line)) {
      const at = line.search(/[^\x00-\x7f]/);
      throw new Error(
        `${file}:${index + 1}: a non-ASCII character near ${JSON.stringify(line.slice(Math.max(0, at - 40), at + 10))}, on a line with a template literal; write it as \\u in the source`,
      );
    }
    return line.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  });
  writeFileSync(file, lines.join('\n'));
}

if (watch) {
  for (const build of builds) (await esbuild.context({ ...common, ...build })).watch();
} else {
  const results = await Promise.all(builds.map((build) => esbuild.build({ ...common, ...build })));
  builds.forEach((build, i) => {
    escapeToAscii(build.outfile);
    if (build.banner) chmodSync(build.outfile, 0o755);
    // What went into a web bundle, for the test that no Node built-in did.
    if (results[i].metafile) writeFileSync(build.outfile.replace(/\.js$/, '.meta.json'), JSON.stringify(results[i].metafile));
  });
  reportSizes();
}

/** The web bundles' sizes next to the Node ones' (the web build carries the same core). */
function reportSizes() {
  const size = (file) => (existsSync(file) ? `${(statSync(file).size / 1024).toFixed(0)} KB` : 'missing');
  console.log(
    `bundle sizes: server ${size(`${outdir}/server.js`)} (Node), ${size(`${outdir}/web/server.js`)} (web worker); client ${size(`${outdir}/client.js`)} (Node), ${size(`${outdir}/web/client.js`)} (web)`,
  );
}
