import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readFixture, REPO_ROOT, tempTree } from './helpers';

/**
 * `mcp-catalog check .` as a process (dist/cli.js) on a catalog repository laid out as Zimmer's
 * (corpus zimmer-air.json): it finds every index type with the editor's discovery (SPEC §12) and
 * reports their problems in every format, leaving other tools' files of the same names alone.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');

function check(format: string, cwd: string): { code: number | null; stdout: string; stderr: string } {
  return bin(['check', '--no-process-env', '--format', format, '.'], cwd);
}

function bin(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
    env: { PATH: process.env.PATH },
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Zimmer's layout, with one problem in each of the four new index types and one under a catalogs folder. */
const REPOSITORY: Record<string, string> = {
  'air.json': readFixture('zimmer', 'air.json'),
  'mcp.json': json({ github: { type: 'stdio', command: 'npx', args: ['-y', 'gh@1.0.0'] } }),
  'roots.json': json({ zimmer: { description: 'Zimmer.' } }),
  'skills/skills.json': json({ 'open-pr': { description: 'Open a pull request.' } }),
  'hooks/hooks.json': json({ lint: { description: 'Lint.', path: './lint', default_in_roots: ['zimmer'] } }),
  'plugins/plugins.json': json({ web: { description: 'Web.', version: '1.0' } }),
  'references/references.json': '{"style": {"description": "Style.", "path": "./style.md",}}\n',
  'air.team.json': json({ name: 'team', catalogs: ['./catalogs'] }),
  'catalogs/team/team-hooks.json': json({ y: { description: 'Y.' } }),
  '.cursor/skills.json': json({ x: {} }),
  '.claude/hooks.json': json({ x: {} }),
};

/** File, code and 0-based line of each error. */
const PROBLEMS = [
  ['catalogs/team/team-hooks.json', 'missing-field', 1],
  ['plugins/plugins.json', 'invalid-value', 3],
  ['references/references.json', 'json-trailing-comma', 0],
  ['skills/skills.json', 'missing-field', 1],
];

describe('mcp-catalog check on a whole catalog repository (SPEC §12), as a process', function () {
  this.timeout(120_000);
  before(function () {
    if (!fs.existsSync(BIN)) this.skip();
  });

  it('json: every index type found, each problem once, other tools’ files left out', () => {
    const dir = tempTree(REPOSITORY);
    const run = check('json', dir);
    assert.equal(run.code, 1, run.stderr);
    const files = (
      JSON.parse(run.stdout) as { files: { path: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[] }
    ).files;
    assert.deepEqual(
      files.map((file) => file.path.split(path.sep).join('/')),
      [
        'air.json',
        'air.team.json',
        'catalogs/team/team-hooks.json',
        'hooks/hooks.json',
        'mcp.json',
        'plugins/plugins.json',
        'references/references.json',
        'roots.json',
        'skills/skills.json',
      ],
    );
    const errors = files.flatMap((file) =>
      file.diagnostics.filter((d) => d.severity === 'error').map((d) => [file.path.split(path.sep).join('/'), d.code, d.range.start.line]),
    );
    assert.deepEqual(errors, PROBLEMS);
  });

  it('text, sarif and github name the same problems', () => {
    const dir = tempTree(REPOSITORY);
    const text = check('text', dir);
    assert.equal(text.code, 1);
    for (const [file, code, line] of PROBLEMS) assert.match(text.stdout, new RegExp(`^${String(file)}:${Number(line) + 1}:\\d+: error ${String(code)}: `, 'm'));
    assert.match(text.stdout, /^9 files checked: 4 error\(s\)/m);
    assert.doesNotMatch(text.stdout, /\.cursor|\.claude/);

    const sarif = JSON.parse(check('sarif', dir).stdout) as {
      runs: { results: { ruleId: string; level: string; locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    assert.deepEqual(
      sarif.runs[0].results.filter((r) => r.level === 'error').map((r) => [r.locations[0].physicalLocation.artifactLocation.uri, r.ruleId]),
      PROBLEMS.map(([file, code]) => [file, code]),
    );

    const github = check('github', dir);
    for (const [file, code, line] of PROBLEMS)
      assert.match(github.stdout, new RegExp(`^::error file=${String(file)},line=${Number(line) + 1},.*title=mcp-catalog ${String(code)}::`, 'm'));
  });

  it('readiness and preview refuse a skills or plugins index: it holds no servers', () => {
    const dir = tempTree(REPOSITORY);
    for (const [command, file, noun] of [
      ['readiness', 'skills/skills.json', 'skills index'],
      ['preview', 'plugins/plugins.json', 'plugins index'],
    ]) {
      const run = bin(command === 'preview' ? [command, '--runtime', 'claude', file] : [command, file], dir);
      assert.equal(run.code, 2, `${command} ${file}`);
      assert.match(run.stderr, new RegExp(`${file} is a ${noun}; give the catalog \\(mcp\\.json\\) of its repository`));
    }
  });
});
