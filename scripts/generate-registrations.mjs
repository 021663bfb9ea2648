#!/usr/bin/env node
// Writes every list of the rules and their diagnostic codes (SPEC §5) from the one place each is
// declared, the rule's own module (server/src/service/rules/rule.ts `Rule.codes`), and the codes the
// engine reports itself (`ENGINE_CODES` in server/src/service/codes.ts):
//   - server/src/service/generated/rules.ts: every rule exported by a module under rules/ (the
//     engine's `RULES`) and the union of their codes (`RuleCode`, half of the `Code` type);
//   - the `mcpCatalog.severity` setting's properties in package.json;
//   - the `severity` properties of schemas/mcp-catalog-config.schema.json;
//   - the rule table of README.md (between its two "generated" comments; each row links
//     docs/rules/<code>.md).
// So adding a rule is writing its module and running this.
//
// The files are committed. The build refuses a stale generated/rules.ts (a rule left out of it
// would be silently missing); test/unit/registrations.test.ts runs `--check`, which names each
// stale file and this command.
//
//   npm run generate                                     write the files
//   node scripts/generate-registrations.mjs --check      exit 1, naming each stale file
import * as esbuild from 'esbuild';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const COMMAND = 'npm run generate';
const SERVICE = 'server/src/service';
export const RULES_MODULE = `${SERVICE}/generated/rules.ts`;
export const TABLE_START = '<!-- The rule table is generated from the rules under server/src/service/rules/: run `npm run generate`, never edit it here. -->';
export const TABLE_END = '<!-- End of the generated rule table. -->';

/** Every module under rules/, as a path from service/ with `/`, sorted. */
function ruleModulePaths(dir = join(root, SERVICE, 'rules')) {
  const out = [];
  for (const name of readdirSync(dir).sort()) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) out.push(...ruleModulePaths(full));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) out.push(relative(join(root, SERVICE), full).split('\\').join('/'));
  }
  return out;
}

/** What a module exports that the engine can run: an object with an id, the kinds it applies to, its codes and a check. */
function isRule(value) {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof value.id === 'string' &&
    Array.isArray(value.appliesTo) &&
    typeof value.codes === 'object' &&
    value.codes !== null &&
    (typeof value.checkEntry === 'function' || typeof value.checkDocument === 'function')
  );
}

/**
 * Every rule module and the engine's codes, compiled from their TypeScript in one bundle. The
 * generated list itself is replaced by an empty one, so a stale or missing list never stands in
 * the way of writing the new one.
 */
async function load() {
  const modules = ruleModulePaths();
  const contents = [
    ...modules.map((path, i) => `export * as m${i} from './${path.slice(0, -3)}';`),
    "export { ENGINE_CODES } from './codes';",
    "export { SEVERITY_SETTINGS } from './severity';",
  ].join('\n');
  const emptyList = {
    name: 'empty-rule-list',
    setup(build) {
      build.onResolve({ filter: /(^|\/)generated\/rules$/ }, () => ({ path: 'rules', namespace: 'empty-rule-list' }));
      build.onLoad({ filter: /.*/, namespace: 'empty-rule-list' }, () => ({ contents: 'export const RULES = [];', loader: 'js' }));
    },
  };
  const built = await esbuild.build({
    stdin: { contents, resolveDir: join(root, SERVICE), sourcefile: 'rule-modules.ts', loader: 'ts' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    // jsonc-parser's UMD build hides its requires from bundlers; its ESM build bundles cleanly (as scripts/build.mjs).
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins: [emptyList],
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', built.outputFiles[0].text)(module, module.exports, createRequire(join(root, SERVICE, 'x.js')));
  const loaded = module.exports;
  return { modules: modules.map((path, i) => ({ path, exports: loaded[`m${i}`] })), engineCodes: loaded.ENGINE_CODES, severities: loaded.SEVERITY_SETTINGS };
}

/**
 * The registry: the rules (each with the module and export name it is imported by, in the order of
 * their modules' paths, then of their export names) and every code with its `CodeInfo` (the
 * engine's first). Throws, naming the places, when a code is declared twice or a rule reports a
 * code no one declares.
 */
export async function registry() {
  const { modules, engineCodes, severities } = await load();
  const rules = [];
  const seen = new Set();
  for (const { path, exports } of modules) {
    for (const [name, value] of Object.entries(exports).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      if (!isRule(value) || seen.has(value)) continue;
      seen.add(value);
      rules.push({ path, name, rule: value });
    }
  }
  const codes = new Map(Object.entries(engineCodes).map(([code, info]) => [code, { info, where: 'ENGINE_CODES in codes.ts' }]));
  const ids = new Map();
  for (const { path, name, rule } of rules) {
    const where = `${name} in ${path}`;
    if (ids.has(rule.id)) throw new Error(`Two rules have the id "${rule.id}": ${ids.get(rule.id)} and ${where}.`);
    ids.set(rule.id, where);
    for (const [code, info] of Object.entries(rule.codes)) {
      if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(code)) throw new Error(`${where} declares "${code}": a code is lower-case words joined by hyphens.`);
      if (codes.has(code))
        throw new Error(`"${code}" is declared twice: by ${codes.get(code).where} and by ${where}. Declare it once and list it in the other's alsoReports.`);
      if (!severities.includes(info.severity) || typeof info.summary !== 'string')
        throw new Error(`${where} declares "${code}" without a severity (${severities.join(', ')}) and a summary.`);
      codes.set(code, { info, where });
    }
  }
  for (const { path, name, rule } of rules) {
    for (const code of rule.alsoReports ?? [])
      if (!codes.has(code)) throw new Error(`${name} in ${path} reports "${code}", which no rule and no ENGINE_CODES declares.`);
    if (Object.keys(rule.codes).length + (rule.alsoReports ?? []).length === 0) throw new Error(`${name} in ${path} reports no code.`);
  }
  return { rules, codes: new Map([...codes].map(([code, { info }]) => [code, info])), severities };
}

/** The generated list of rules: imports, `RULES` and `RuleCode`. */
function rulesModule({ rules, codes }) {
  const ruleCodes = rules.flatMap(({ rule }) => Object.keys(rule.codes));
  return [
    '// Generated by scripts/generate-registrations.mjs from the rules the modules under',
    '// server/src/service/rules/ export: run `npm run generate`, never edit it here.',
    "import type { Rule } from '../rules/rule';",
    ...[...new Set(rules.map(({ path }) => path))].map(
      (path) =>
        `import { ${rules
          .filter((rule) => rule.path === path)
          .map(({ name }) => name)
          .join(', ')} } from '../${path.slice(0, -3)}';`,
    ),
    '',
    "/** Every rule, in the order of their modules' paths (an order no finding shows: engine.ts sorts them completely). */",
    'export const RULES: readonly Rule[] = [',
    ...rules.map(({ name }) => `  ${name},`),
    '];',
    '',
    "/** Every code a rule declares (its `codes`); codes.ts adds the engine's own to make `Code`. */",
    `export type RuleCode =${ruleCodes.map((code) => `\n  | '${code}'`).join('')};`,
    '',
  ].join('\n');
}

/** One property per code: its severities, and what it reports with its default. */
function severityProperties({ codes, severities }) {
  return Object.fromEntries(
    [...codes].map(([code, info]) => [code, { type: 'string', enum: [...severities], markdownDescription: `${info.summary} Default: \`${info.severity}\`.` }]),
  );
}

function ruleTable({ codes }) {
  const cell = (text) => text.replace(/\|/g, '\\|');
  return [
    '| code | default | what it reports | example |',
    '| --- | --- | --- | --- |',
    ...[...codes].map(([code, info]) => `| [\`${code}\`](docs/rules/${code}.md) | ${info.severity} | ${cell(info.summary)} | ${cell(info.example ?? '')} |`),
  ].join('\n');
}

/** JSON as the repository writes it (two spaces, a final newline), so a fresh generation of an unchanged registry changes nothing. */
const json = (value) => `${JSON.stringify(value, null, 2)}\n`;

function readText(path) {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch {
    return ''; // missing: stale
  }
}

/** Each generated file: its path, what it lists, the text it has and the text it should have. */
export async function generatedFiles() {
  const found = await registry();
  const properties = severityProperties(found);
  const files = [];
  const lists = 'the codes the rules under server/src/service/rules/ and codes.ts declare';

  files.push({ path: RULES_MODULE, lists: 'the rules under server/src/service/rules/', current: readText(RULES_MODULE), wanted: rulesModule(found) });

  const packageText = readFileSync(join(root, 'package.json'), 'utf8');
  const pkg = JSON.parse(packageText);
  pkg.contributes.configuration.properties['mcpCatalog.severity'].properties = properties;
  files.push({ path: 'package.json', lists, current: packageText, wanted: json(pkg) });

  const schemaPath = 'schemas/mcp-catalog-config.schema.json';
  const schemaText = readFileSync(join(root, schemaPath), 'utf8');
  const schema = JSON.parse(schemaText);
  schema.properties.severity.properties = properties;
  files.push({ path: schemaPath, lists, current: schemaText, wanted: json(schema) });

  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  const start = readme.indexOf(TABLE_START);
  const end = readme.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`README.md has lost the comments around its rule table:\n${TABLE_START}\n${TABLE_END}`);
  const table = `${TABLE_START}\n\n${ruleTable(found)}\n\n`;
  files.push({ path: 'README.md', lists, current: readme, wanted: readme.slice(0, start) + table + readme.slice(end) });
  return files;
}

const staleLine = (file) => `${file.path} does not list ${file.lists}: run \`${COMMAND}\` and commit it.`;

/** For the build: why generated/rules.ts must not be bundled as it is, or undefined. */
export async function staleRulesMessage() {
  const file = (await generatedFiles()).find((candidate) => candidate.path === RULES_MODULE);
  return file.current.replace(/\r\n/g, '\n') === file.wanted ? undefined : staleLine(file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  let files;
  try {
    files = await generatedFiles();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  const stale = files.filter((file) => file.current !== file.wanted);
  if (process.argv.includes('--check')) {
    for (const file of stale) console.error(staleLine(file));
    process.exitCode = stale.length ? 1 : 0;
  } else {
    for (const file of stale) {
      writeFileSync(join(root, file.path), file.wanted);
      console.log(`wrote ${file.path}`);
    }
  }
}
