import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALL_CODES, CODES, ENGINE_CODES } from '../../server/src/service/codes';
import { checkDocument, RULES } from '../../server/src/service/engine';
import { nodeSpan, type Rule } from '../../server/src/service/rules/rule';
import { loadSeeds } from '../fuzz/corpus';
import { facts, REPO_ROOT, tempTree } from './helpers';
import { messageSites } from './messageSites';

/**
 * A rule declares its codes in its own module (rules/rule.ts); every list of the rules or their
 * codes is generated from those declarations (scripts/generate-registrations.mjs): the engine's
 * rule list (service/generated/rules.ts), the severity setting in package.json, the
 * `.mcp-catalog.json` schema and the README's rule table. A rule or a code added and not generated
 * fails here, naming the file and the command; every code has its page in docs/rules/.
 */

const SERVICE = path.join(REPO_ROOT, 'server', 'src', 'service');

function run(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, ['scripts/generate-registrations.mjs', ...args], { cwd, encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A copy of what the generator reads and writes, with node_modules linked. */
function copyOfRepository(): string {
  const files: Record<string, string> = {};
  for (const file of ['package.json', 'README.md', 'scripts/generate-registrations.mjs']) files[file] = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
  const dir = tempTree(files);
  fs.cpSync(path.join(REPO_ROOT, 'schemas'), path.join(dir, 'schemas'), { recursive: true });
  fs.cpSync(SERVICE, path.join(dir, 'server', 'src', 'service'), { recursive: true });
  fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

/** A rule module as a contributor writes it (a name no real rule takes). */
const ruleModule = (code: string): string => `import type { Rule } from '../rule';

export const exampleRule: Rule = {
  id: 'example-of-a-new-rule',
  appliesTo: ['catalog'],
  codes: { '${code}': { severity: 'warning', summary: 'An example of a new rule.' } },
  checkEntry() {},
};
`;

describe('registrations generated from the rules (npm run generate)', function () {
  this.timeout(60_000);

  it('generated/rules.ts, package.json, the .mcp-catalog.json schema and the README are what `npm run generate` writes', () => {
    const result = run(REPO_ROOT, '--check');
    assert.equal(result.stderr, '');
    assert.equal(result.status, 0);
  });

  it('a stale file fails, naming itself and the command', () => {
    const dir = copyOfRepository();
    const readme = path.join(dir, 'README.md');
    fs.writeFileSync(readme, fs.readFileSync(readme, 'utf8').replace(/^\| \[`json-bom`\].*\n/m, ''));
    const result = run(dir, '--check');
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      'README.md does not list the codes the rules under server/src/service/rules/ and codes.ts declare: run `npm run generate` and commit it.\n',
    );
  });

  it('a new rule module is listed by `npm run generate` alone: the rule list, its code in the setting, the schema and the README', () => {
    const dir = copyOfRepository();
    fs.mkdirSync(path.join(dir, 'server/src/service/rules/examples'));
    fs.writeFileSync(path.join(dir, 'server/src/service/rules/examples/exampleRule.ts'), ruleModule('example-code'));
    const stale = run(dir, '--check');
    assert.equal(stale.status, 1);
    assert.match(
      stale.stderr,
      /^server\/src\/service\/generated\/rules\.ts does not list the rules under server\/src\/service\/rules\/: run `npm run generate`/,
    );
    assert.equal(stale.stderr.trim().split('\n').length, 4, stale.stderr);

    assert.equal(run(dir).status, 0);
    assert.equal(run(dir, '--check').status, 0);
    const list = fs.readFileSync(path.join(dir, 'server/src/service/generated/rules.ts'), 'utf8');
    assert.match(list, /^import \{ exampleRule \} from '\.\.\/rules\/examples\/exampleRule';$/m);
    assert.match(list, /^ {2}exampleRule,$/m);
    assert.match(list, /^ {2}\| 'example-code'$/m);
    assert.match(
      fs.readFileSync(path.join(dir, 'README.md'), 'utf8'),
      /^\| \[`example-code`\]\(docs\/rules\/example-code\.md\) \| warning \| An example of a new rule\. \|/m,
    );
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    assert.ok(pkg.contributes.configuration.properties['mcpCatalog.severity'].properties['example-code']);
  });

  it('a code declared twice stops the generation, naming both places', () => {
    const dir = copyOfRepository();
    fs.writeFileSync(path.join(dir, 'server/src/service/rules/again.ts'), ruleModule('timeout-range'));
    const result = run(dir);
    assert.equal(result.status, 1);
    assert.equal(
      result.stderr,
      '"timeout-range" is declared twice: by exampleRule in rules/again.ts and by timeoutRule in rules/timeout.ts. Declare it once and list it in the other\'s alsoReports.\n',
    );
  });

  it('every code a rule module reports is declared by a rule of that module (its codes or alsoReports)', () => {
    const undeclared: string[] = [];
    const byFile = new Map<string, Rule[]>();
    for (const site of messageSites(SERVICE)) {
      const file = site.where.split(':')[0];
      if (!file.startsWith('rules/')) continue;
      if (!byFile.has(file)) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- the compiled module beside this test's
        const exports = require(path.join('../../server/src/service', file.slice(0, -3))) as Record<string, unknown>;
        byFile.set(
          file,
          RULES.filter((rule) => Object.values(exports).includes(rule)),
        );
      }
      const rules = byFile.get(file)!;
      if (rules.length === 0) continue; // a helper module: its rule's module reports what it returns
      const declared = new Set(rules.flatMap((rule) => [...Object.keys(rule.codes), ...(rule.alsoReports ?? [])]));
      for (const code of site.codes) if (!declared.has(code)) undeclared.push(`${site.where}: ${code}`);
    }
    assert.ok(byFile.size >= 10, `expected the rule modules, found ${byFile.size}`);
    assert.deepEqual(undeclared, []);
  });

  it('CODES is the engine codes, then the codes of every rule, each once', () => {
    assert.deepEqual(ALL_CODES, [...Object.keys(ENGINE_CODES), ...RULES.flatMap((rule) => Object.keys(rule.codes))]);
    for (const rule of RULES) for (const [code, info] of Object.entries(rule.codes)) assert.equal(CODES[code as keyof typeof CODES], info);
  });

  it('the order of the rules shows in no finding (generated/rules.ts lists them by path, in no chosen order)', () => {
    const seeds = loadSeeds();
    assert.ok(seeds.length > 20, `expected the fixtures, found ${seeds.length}`);
    // Two rules that report the same code on the same range, in both orders.
    const saying = (message: string): Rule => ({
      id: message,
      appliesTo: ['catalog'],
      codes: {},
      alsoReports: ['invalid-value'],
      checkEntry: (entry, context) => context.report({ code: 'invalid-value', message, ...nodeSpan(entry.keyNode), data: { path: [entry.name] } }),
    });
    const text = '{"s": {"type": "stdio", "command": "x"}}';
    assert.deepEqual(
      checkDocument(text, 'catalog', facts(), { rules: [saying('One.'), saying('Two.')] }).findings,
      checkDocument(text, 'catalog', facts(), { rules: [saying('Two.'), saying('One.')] }).findings,
    );
    const reversed = [...RULES].reverse();
    for (const seed of seeds)
      for (const kind of ['catalog', 'roots'] as const)
        assert.deepEqual(
          checkDocument(seed.text, kind, facts(), { rules: reversed }).findings,
          checkDocument(seed.text, kind, facts()).findings,
          `${seed.name} as ${kind}`,
        );
  });

  it('the README table and docs/rules/ list every code, each row linking its page', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| \[`([a-z-]+)`\]\(docs\/rules\/([a-z-]+)\.md\) \|/gm)];
    assert.deepEqual(
      rows.map((row) => row[1]),
      ALL_CODES,
    );
    for (const row of rows) assert.equal(row[2], row[1]);
    const pages = fs.readdirSync(path.join(REPO_ROOT, 'docs', 'rules')).filter((name) => name.endsWith('.md'));
    assert.deepEqual(pages.map((name) => name.slice(0, -3)).sort(), [...ALL_CODES].sort());
  });
});
