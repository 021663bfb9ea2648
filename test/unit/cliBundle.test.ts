import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, tempTree } from './helpers';

/**
 * Every `mcp-catalog` command from the built bundle, as the bin runs it: each command's module is
 * loaded only when that command runs (cli/main.ts, bench/NOTES.md "Start-up"), so each must still
 * be reachable from dist/cli.js — and a `check` loads none of the other commands' code, nor git,
 * the TOML writer, the fixes, HTTP or dotenv when it has no dotenv file.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');
const COMMANDS = ['check', 'fix', 'diff', 'readiness', 'preview', 'live'];

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function bin(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Run {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH, ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function git(dir: string, ...args: string[]): void {
  const run = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(run.status, 0, run.stderr);
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const CATALOG = {
  github: { type: 'stdio', command: 'npx', args: ['-y', 'gh@1.0.0'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } },
  docs: { type: 'streamable-http', url: 'https://docs.example.com/mcp' },
};

describe('every mcp-catalog command from the bundle (dist/cli.js)', function () {
  this.timeout(120_000);
  before(function () {
    if (!fs.existsSync(BIN)) this.skip();
  });

  it('--version, --help listing every command, and each command’s --help', () => {
    const dir = tempTree();
    const version = bin(['--version'], dir);
    assert.equal(version.code, 0);
    assert.equal(version.stdout, `${(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string }).version}\n`);
    const help = bin(['--help'], dir);
    assert.equal(help.code, 0);
    for (const command of COMMANDS) {
      assert.match(help.stdout, new RegExp(`^  mcp-catalog ${command} `, 'm'));
      const own = bin([command, '--help'], dir);
      assert.equal(own.code, 0, own.stderr);
      assert.match(own.stdout, new RegExp(`^Usage: mcp-catalog ${command} `));
    }
  });

  it('a name that is no command is a usage error, even one every object has ("constructor")', () => {
    const dir = tempTree();
    for (const name of ['constructor', '__proto__', 'toString', 'chek']) {
      const run = bin([name], dir);
      assert.equal(run.code, 2, name);
      assert.match(run.stderr, new RegExp(`^mcp-catalog: unknown command "${name}"\\n\\nUsage:\\n`));
    }
  });

  it('check, with and without a baseline', () => {
    const dir = tempTree({ 'mcp.json': json({ ...CATALOG, broken: { type: 'http', url: 'https://x.example.com' } }), '.env': 'GITHUB_TOKEN=x\n' });
    const run = bin(['check', '--no-process-env'], dir);
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /error unknown-type/);
    const write = bin(['check', '--no-process-env', '--baseline', 'baseline.json', '--write-baseline'], dir);
    assert.equal(write.code, 0, write.stderr);
    const baselined = bin(['check', '--no-process-env', '--baseline', 'baseline.json'], dir);
    assert.equal(baselined.code, 0, baselined.stderr);
    assert.match(baselined.stderr, /finding\(s\) recorded in baseline\.json not shown/);
  });

  it('fix writes the fixed catalog', () => {
    const dir = tempTree({ 'mcp.json': json({ broken: { type: 'http', url: 'https://x.example.com/mcp' } }) });
    const run = bin(['fix', '--no-process-env'], dir);
    assert.equal(run.code, 0, run.stderr);
    assert.match(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), /"type": "streamable-http"/);
  });

  it('diff between two commits (git)', () => {
    const dir = tempTree({ 'mcp.json': json(CATALOG) });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    fs.writeFileSync(path.join(dir, 'mcp.json'), json({ ...CATALOG, foo: { type: 'stdio', command: 'foo' } }));
    git(dir, 'commit', '-q', '-am', 'change');
    const run = bin(['diff', 'HEAD~1', 'HEAD', '--no-process-env'], dir);
    assert.ok(run.code === 0 || run.code === 1, run.stderr);
    assert.match(run.stdout, /^mcp-catalog diff HEAD~1 → HEAD: 1 file\(s\) with changes$/m);
    assert.match(run.stdout, /foo/);
  });

  it('readiness, and preview as TOML (Codex)', () => {
    const dir = tempTree({ 'mcp.json': json(CATALOG) });
    const readiness = bin(['readiness', '--known', 'GITHUB_TOKEN', '--no-process-env', 'mcp.json'], dir);
    assert.equal(readiness.code, 0, readiness.stderr);
    assert.match(readiness.stdout, /github/);
    const preview = bin(['preview', '--runtime', 'codex', 'mcp.json'], dir);
    assert.equal(preview.code, 0, preview.stderr);
    assert.match(preview.stdout, /^\[mcp_servers\.github\]$/m);
  });

  it('live against an instance that does not answer: one line, exit 2', () => {
    const dir = tempTree({ 'mcp.json': json(CATALOG) });
    const run = bin(['live', 'http://127.0.0.1:9/', 'mcp.json'], dir, { ZIMMER_API_KEY: 'k' });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /^mcp-catalog live: [^\n]+\n$/);
    assert.doesNotMatch(run.stderr, /Usage:/);
  });
});

/** The modules (relative to out/) and Node built-ins a run of the compiled command line loaded. */
function loadedBy(
  args: string[],
  files: Record<string, string>,
  cli = path.join(REPO_ROOT, 'out', 'server', 'src', 'cli.js'),
): { modules: string[]; builtins: string[] } {
  const dir = tempTree(files);
  const hook = path.join(dir, '..', `${path.basename(dir)}-hook.js`);
  fs.writeFileSync(
    hook,
    `const Module = require('node:module'); const builtins = new Set(); const load = Module._load;
Module._load = function (request, ...rest) { if (Module.isBuiltin(request)) builtins.add(request.replace(/^node:/, '')); return load.call(this, request, ...rest); };
process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(path.join(dir, 'loaded.json'))}, JSON.stringify({ modules: Object.keys(require.cache), builtins: [...builtins] })));\n`,
  );
  try {
    const run = spawnSync(process.execPath, ['-r', hook, cli, ...args], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } });
    assert.ok(run.status === 0 || run.status === 1, run.stderr);
    const loaded = JSON.parse(fs.readFileSync(path.join(dir, 'loaded.json'), 'utf8')) as { modules: string[]; builtins: string[] };
    const out = path.join(REPO_ROOT, 'out') + path.sep;
    return {
      modules: loaded.modules.map((file) => (file.startsWith(out) ? file.slice(out.length) : file.replace(/^.*[\\/]node_modules[\\/]/, 'node_modules/'))),
      builtins: loaded.builtins,
    };
  } finally {
    fs.rmSync(hook, { force: true });
  }
}

const NOT_FOR_CHECK = [
  /^server\/src\/cli\/(fix|diff|diffModel|diffFormats|unifiedDiff|gitRevision|live|liveFormat|preview|readiness|baseline)\.js$/,
  /^server\/src\/service\/(runtime\/index|runtime\/codex|runtime\/preview|translate\/|fixes\/|live\/|readiness\/index)/,
  /^node_modules\/(smol-toml|dotenv|diff)\//,
];

describe('what a check loads (bench/NOTES.md "Start-up")', function () {
  this.timeout(60_000);
  const CLEAN = json(CATALOG);

  it('check loads the engine and none of the other commands, git, TOML, fixes, HTTP or dotenv', () => {
    const { modules, builtins } = loadedBy(['check', '--no-process-env', '--known', 'GITHUB_TOKEN'], { 'mcp.json': CLEAN });
    assert.ok(modules.includes('server/src/cli/check.js') && modules.includes('server/src/service/engine.js'), modules.join('\n'));
    assert.deepEqual(
      modules.filter((file) => NOT_FOR_CHECK.some((pattern) => pattern.test(file))),
      [],
    );
    assert.deepEqual(
      builtins.filter((name) => ['child_process', 'crypto', 'http', 'https', 'net'].includes(name)),
      [],
    );
  });

  it('what a check does not load is loaded when used: a dotenv file, --baseline', () => {
    const { modules } = loadedBy(['check', '--no-process-env', '--baseline', 'b.json', '--write-baseline'], { 'mcp.json': CLEAN, '.env': 'GITHUB_TOKEN=x\n' });
    assert.ok(modules.includes('server/src/cli/baseline.js'));
    assert.ok(modules.some((file) => file.startsWith('node_modules/dotenv/')));
  });

  it("the bundle loads no crypto, even to read a dotenv file (scripts/build.mjs defers the libraries' top-level require)", function () {
    if (!fs.existsSync(BIN)) this.skip();
    const { builtins } = loadedBy(['check', '--no-process-env'], { 'mcp.json': CLEAN, '.env': 'GITHUB_TOKEN=x\n' }, BIN);
    assert.ok(builtins.includes('fs'), builtins.join(', '));
    assert.deepEqual(
      builtins.filter((name) => ['child_process', 'crypto', 'http', 'https'].includes(name)),
      [],
    );
  });

  it('--version loads no command', () => {
    const { modules } = loadedBy(['--version'], {});
    assert.deepEqual(
      modules.filter((file) => file.startsWith('server/src/') && !/^server\/src\/(cli|cli\/main|cli\/args|service\/surfaces\/terminal)\.js$/.test(file)),
      [],
    );
  });
});
