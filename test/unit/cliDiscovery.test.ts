import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalog, REPO_ROOT, runCli, tempTree, type CliRun } from './helpers';

/** `mcp-catalog check [PATH…]` on directories (docs/files.md). */

const CLEAN = catalog({ s: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1.0.0'] } });
const ROOTS = `${JSON.stringify({ web: { description: 'Web' } }, null, 2)}\n`;
const AIR_SCHEMA = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';

const paths = (run: CliRun): string[] => (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((f) => f.path.split(path.sep).join('/'));

/** A tree exercising every skip rule, and what discovery must find in it. */
const TREE: Record<string, string> = {
  'mcp.json': CLEAN,
  'team/team-mcp.json': CLEAN,
  'team/roots.json': ROOTS,
  'servers.json': JSON.stringify({ $schema: AIR_SCHEMA, s: { type: 'stdio', command: 'x' } }),
  'package.json': '{"name": "x"}',
  'schemas/mcp.schema.json': '{}',
  '.mcp.json': '{"mcpServers": {}}',
  '.vscode/mcp.json': '{"servers": {}}',
  '.hidden/mcp.json': CLEAN,
  '.git/mcp.json': CLEAN,
  'node_modules/pkg/mcp.json': CLEAN,
  'dist/mcp.json': CLEAN,
  'build/mcp.json': CLEAN,
  'coverage/mcp.json': CLEAN,
  'target/mcp.json': CLEAN,
  'vendor/mcp.json': CLEAN,
  '.gitignore': 'generated/\n*-local-mcp.json\n!keep-local-mcp.json\n/anchored-mcp.json\n**/cache/**\n',
  'generated/mcp.json': CLEAN,
  'a/dev-local-mcp.json': CLEAN,
  'a/keep-local-mcp.json': CLEAN,
  'anchored-mcp.json': CLEAN,
  'a/anchored-mcp.json': CLEAN,
  'x/cache/mcp.json': CLEAN,
  'sub/.gitignore': 'ignored-mcp.json\n',
  'sub/ignored-mcp.json': CLEAN,
  'sub/kept-mcp.json': CLEAN,
  'other/ignored-mcp.json': CLEAN,
  'deep/1/2/3/4/5/mcp.json': CLEAN,
  'composed/air.json': JSON.stringify({ name: 'c', mcp: ['./servers/list.json'], roots: ['./roots.json'], catalogs: ['./cat'] }),
  'composed/servers/list.json': CLEAN,
  'composed/roots.json': ROOTS,
  'composed/cat/a/b/c/mcp.json': CLEAN,
  'composed/cat/a/b/c/d/mcp.json': CLEAN,
  'composed/cat/x/tools.json': JSON.stringify({ $schema: AIR_SCHEMA }),
  'excluded/mcp.json': CLEAN,
  '.mcp-catalog.json': JSON.stringify({ exclude: ['excluded/'], readProcessEnv: false }),
};

const FOUND = [
  'a/anchored-mcp.json',
  'a/keep-local-mcp.json',
  'composed/air.json',
  'composed/cat/a/b/c/mcp.json',
  'composed/cat/x/tools.json',
  'composed/roots.json',
  'composed/servers/list.json',
  'deep/1/2/3/4/5/mcp.json',
  'mcp.json',
  'other/ignored-mcp.json',
  'servers.json',
  'sub/kept-mcp.json',
  'team/roots.json',
  'team/team-mcp.json',
];

describe('mcp-catalog check: discovery in directories', () => {
  it('finds what the editor would check and skips hidden entries, build folders, .gitignore and exclude', async () => {
    const dir = tempTree(TREE);
    const run = await runCli(['check', '--format', 'json'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(paths(run), FOUND);
  });

  it('a directory PATH finds the same files below it, with the .gitignore files above it up to the repository root', async () => {
    const dir = tempTree(TREE);
    const run = await runCli(['check', '--format', 'json', 'a', 'sub', 'x'], { cwd: dir });
    assert.deepEqual(paths(run), ['a/anchored-mcp.json', 'a/keep-local-mcp.json', 'sub/kept-mcp.json']);
    assert.equal(run.code, 0);
  });

  it('a named file is checked whatever discovery or exclude would say, once even when also found', async () => {
    const dir = tempTree(TREE);
    const run = await runCli(['check', '--format', 'json', 'excluded/mcp.json', 'generated/mcp.json', 'team', 'team/roots.json'], { cwd: dir });
    assert.deepEqual(paths(run), ['excluded/mcp.json', 'generated/mcp.json', 'team/roots.json', 'team/team-mcp.json']);
  });

  it('the text summary says how many files were checked', async () => {
    const dir = tempTree(TREE);
    const run = await runCli(['check'], { cwd: dir });
    assert.match(run.stdout, new RegExp(`^${FOUND.length} files checked: 0 error\\(s\\)`, 'm'));
  });

  it('readiness and preview accept a directory holding one catalog, and refuse one holding several', async () => {
    const dir = tempTree({ 'one/mcp.json': CLEAN, 'one/roots.json': ROOTS, 'two/a-mcp.json': CLEAN, 'two/b-mcp.json': CLEAN, 'none/package.json': '{}' });
    const readiness = await runCli(['readiness', '--no-process-env', 'one'], { cwd: dir });
    assert.equal(readiness.code, 0, readiness.stderr);
    assert.match(readiness.stdout, /^one\/mcp\.json: 1 server, 1 can start/);
    const preview = await runCli(['preview', '--runtime', 'claude', 'one'], { cwd: dir });
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, /==> \.mcp\.json <==/);
    const several = await runCli(['readiness', 'two'], { cwd: dir });
    assert.equal(several.code, 2);
    assert.match(several.stderr, /two holds 2 catalogs \(two\/a-mcp\.json, two\/b-mcp\.json\); name one/);
    const none = await runCli(['preview', '--runtime', 'pi', 'none'], { cwd: dir });
    assert.equal(none.code, 2);
    assert.match(none.stderr, /no catalog found in none/);
  });

  describe('at the repository root', () => {
    it('checks examples/zimmer (the configuration excludes the test fixtures), says how many files and exits 0', async () => {
      const run = await runCli(['check', '--format', 'json'], { cwd: REPO_ROOT, env: { PATH: process.env.PATH } });
      assert.deepEqual(paths(run), ['examples/zimmer/air.json', 'examples/zimmer/mcp.json', 'examples/zimmer/roots.json']);
      assert.equal(run.code, 0, run.stderr);
    });

    it('as a process: `mcp-catalog check` with no argument, and the README set-up command `npm run example`', function () {
      const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
      if (!fs.existsSync(bin)) this.skip();
      // The example shows what a new user sees in the editor: the variables no source sets. The
      // repository's own .mcp-catalog.json declares none of them, so every way of checking agrees.
      const summary = '3 files checked: 0 error(s), 6 warning(s), 0 information, 0 hint(s)\n';
      const run = spawnSync(process.execPath, [bin, 'check'], { cwd: REPO_ROOT, encoding: 'utf8' });
      assert.equal(run.stdout.slice(run.stdout.lastIndexOf('3 files')), summary);
      assert.equal(run.status, 0, run.stderr);
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
      const example = spawnSync(pkg.scripts.example, { cwd: REPO_ROOT, encoding: 'utf8', shell: true });
      assert.equal(example.status, 0, example.stderr);
      assert.ok(example.stdout.endsWith(summary), example.stdout);
      const inside = spawnSync(process.execPath, [bin, 'check'], { cwd: path.join(REPO_ROOT, 'examples', 'zimmer'), encoding: 'utf8' });
      const positions = (stdout: string): string[] =>
        [...stdout.matchAll(/mcp\.json:(\d+:\d+): warning unresolved-variable: (\w+)/g)].map((m) => `${m[1]} ${m[2]}`);
      assert.deepEqual(positions(inside.stdout), positions(run.stdout));
      assert.equal(positions(run.stdout).length, 6);
    });
  });
});
