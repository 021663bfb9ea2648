#!/usr/bin/env node
// Writes what lists every diagnostic code from the one registry, server/src/service/codes.ts
// (SPEC §5), so adding a code is one line there: the `mcpCatalog.severity` setting's properties in
// package.json, the `severity` properties of schemas/mcp-catalog-config.schema.json, and the rule
// table of README.md (between its two "generated" comments; each row links docs/rules/<code>.md).
//
// The files are committed, and the build never rewrites them: test/unit/registrations.test.ts runs
// `--check`, which names each stale file and this command.
//
//   npm run generate                                     write the files (after changing codes.ts)
//   node scripts/generate-registrations.mjs --check      exit 1, naming each stale file
import * as esbuild from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const COMMAND = 'npm run generate';
export const TABLE_START = '<!-- The rule table is generated from server/src/service/codes.ts: run `npm run generate`, never edit it here. -->';
export const TABLE_END = '<!-- End of the generated rule table. -->';

/** The registry itself, compiled from its TypeScript (it imports nothing). */
async function registry() {
  const built = await esbuild.build({
    entryPoints: [join(root, 'server/src/service/codes.ts')],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'silent',
  });
  const module = { exports: {} };
  new Function('module', 'exports', built.outputFiles[0].text)(module, module.exports);
  return module.exports;
}

/** One property per code: its severities, and what it reports with its default. */
function severityProperties({ CODES, SEVERITY_SETTINGS }) {
  return Object.fromEntries(
    Object.entries(CODES).map(([code, info]) => [
      code,
      { type: 'string', enum: [...SEVERITY_SETTINGS], markdownDescription: `${info.summary} Default: \`${info.severity}\`.` },
    ]),
  );
}

function ruleTable({ CODES }) {
  const cell = (text) => text.replace(/\|/g, '\\|');
  return [
    '| code | default | what it reports | example |',
    '| --- | --- | --- | --- |',
    ...Object.entries(CODES).map(
      ([code, info]) => `| [\`${code}\`](docs/rules/${code}.md) | ${info.severity} | ${cell(info.summary)} | ${cell(info.example ?? '')} |`,
    ),
  ].join('\n');
}

/** JSON as the repository writes it (two spaces, a final newline), so a fresh generation of an unchanged registry changes nothing. */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

/** Each generated file: its path and the text it should have. */
export async function generatedFiles() {
  const codes = await registry();
  const properties = severityProperties(codes);
  const files = [];

  const packageText = readFileSync(join(root, 'package.json'), 'utf8');
  const pkg = JSON.parse(packageText);
  pkg.contributes.configuration.properties['mcpCatalog.severity'].properties = properties;
  files.push({ path: 'package.json', current: packageText, wanted: json(pkg) });

  const schemaPath = 'schemas/mcp-catalog-config.schema.json';
  const schemaText = readFileSync(join(root, schemaPath), 'utf8');
  const schema = JSON.parse(schemaText);
  schema.properties.severity.properties = properties;
  files.push({ path: schemaPath, current: schemaText, wanted: json(schema) });

  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has lost the comments around its rule table:\n${TABLE_START}\n${TABLE_END}`);
  const table = `${TABLE_START}\n\n${ruleTable(codes)}\n\n`;
  files.push({ path: 'README.md', current: readme, wanted: readme.slice(0, start) + table + readme.slice(end) });
  return files;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const files = await generatedFiles();
  const stale = files.filter((file) => file.current !== file.wanted);
  if (process.argv.includes('--check')) {
    for (const file of stale) console.error(`${file.path} does not list the codes of server/src/service/codes.ts: run \`${COMMAND}\` and commit it.`);
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const file of stale) {
      writeFileSync(join(root, file.path), file.wanted);
      console.log(`wrote ${file.path}`);
    }
  }
}
