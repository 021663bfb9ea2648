import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { runCli, tempTree, type CliRun } from './helpers';

/**
 * The command line reads only what lies inside the folder it checks (SPEC §8, a repository you do
 * not trust): a catalog found by discovery or named as a FILE must resolve there after following
 * symbolic links, as side files already must. A link that leaves it is reported as skipped — its
 * name, never what it points at — and never read, whatever the command and the format; in CI a
 * pull request could otherwise point one at the runner's credentials and publish what comes out.
 */

const SECRETS = ['client_secret', 'refresh_token', 'CLIENT-SECRET-VALUE-7c1', 'REFRESH-VALUE-9d2', 'OUTSIDE-HOSTNAME-3e5'];

/** A repository whose catalogs include links out of it, a link inside it, and a clean catalog. */
function repository(): { dir: string; outside: string } {
  const base = tempTree({
    'outside/adc.json': JSON.stringify({
      client_id: 'x.apps.example.com',
      client_secret: 'CLIENT-SECRET-VALUE-7c1',
      refresh_token: 'REFRESH-VALUE-9d2',
      type: 'authorized_user',
    }),
    'outside/hostname': 'OUTSIDE-HOSTNAME-3e5\n',
    'repo/mcp.json': JSON.stringify({ github: { type: 'stdio', command: 'npx', args: ['-y', 'gh@1.0.0'] } }, null, 2),
  });
  const dir = path.join(base, 'repo');
  fs.symlinkSync(path.join(base, 'outside/adc.json'), path.join(dir, 'creds-mcp.json'));
  fs.symlinkSync(path.join('..', 'outside', 'hostname'), path.join(dir, 'host-mcp.json'));
  if (fs.existsSync('/etc/hostname')) fs.symlinkSync('/etc/hostname', path.join(dir, 'etc-mcp.json'));
  fs.symlinkSync('mcp.json', path.join(dir, 'inside-mcp.json'));
  return { dir, outside: path.join(base, 'outside') };
}

function assertNothingFromOutside(run: CliRun, label: string): void {
  const output = run.stdout + run.stderr;
  for (const secret of SECRETS) assert.ok(!output.includes(secret), `${label}: ${secret} reached the output:\n${output}`);
  if (fs.existsSync('/etc/hostname')) {
    const hostname = fs.readFileSync('/etc/hostname', 'utf8').trim();
    if (hostname.length >= 4) assert.ok(!output.includes(hostname), `${label}: /etc/hostname's content reached the output`);
  }
}

describe('mcp-catalog: no file outside the checked folder is read', () => {
  let dir: string;
  before(() => {
    ({ dir } = repository());
  });

  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`check --format ${format}: links out are skipped and named, the link inside is checked`, async () => {
      const run = await runCli(['check', '--format', format], { cwd: dir });
      assertNothingFromOutside(run, `check --format ${format}`);
      assert.match(run.stderr, /skipped creds-mcp\.json: it links outside the current directory, so it is not read/);
      assert.match(run.stderr, /skipped host-mcp\.json/);
      if (format === 'json') {
        const files = (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((file) => file.path);
        assert.deepEqual(files, ['inside-mcp.json', 'mcp.json']);
      }
    });
  }

  it('check FILE and fix FILE: a named link out is skipped too', async () => {
    for (const argv of [
      ['check', 'creds-mcp.json', 'mcp.json'],
      ['check', '--format', 'sarif', './host-mcp.json'],
      ['fix', '--dry-run', 'creds-mcp.json'],
    ]) {
      const run = await runCli(argv, { cwd: dir });
      assertNothingFromOutside(run, argv.join(' '));
      assert.match(run.stderr, /skipped .*-mcp\.json: it links outside the current directory, so it is not read/, argv.join(' '));
    }
  });

  it('readiness and preview of a link out: refused, nothing read', async () => {
    for (const argv of [
      ['readiness', 'creds-mcp.json'],
      ['readiness', '--format', 'json', 'host-mcp.json'],
      ['preview', '--runtime', 'claude', 'creds-mcp.json'],
      ['preview', '--runtime', 'codex', '--format', 'json', 'host-mcp.json'],
    ]) {
      const run = await runCli(argv, { cwd: dir });
      assertNothingFromOutside(run, argv.join(' '));
      assert.equal(run.code, 2, argv.join(' '));
      assert.match(run.stderr, /-mcp\.json: it links outside the current directory, so it is not read/, argv.join(' '));
    }
    const inside = await runCli(['readiness', 'inside-mcp.json'], { cwd: dir });
    assert.equal(inside.code, 0, inside.stderr);
    assert.match(inside.stdout, /github/);
  });

  it('diff against the working tree: the links out are not read', async () => {
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
    git('init', '-q');
    git('add', 'mcp.json');
    git('commit', '-q', '-m', 'base');
    for (const format of ['text', 'json', 'markdown']) {
      const run = await runCli(['diff', '--format', format, 'HEAD'], { cwd: dir });
      assertNothingFromOutside(run, `diff --format ${format}`);
    }
  });

  it('a .mcp-catalog.json found upward that links out of its folder is refused, its keys never quoted', async () => {
    const { dir: repo, outside } = repository();
    fs.symlinkSync(path.join(outside, 'adc.json'), path.join(repo, '.mcp-catalog.json'));
    const run = await runCli(['check'], { cwd: repo });
    assertNothingFromOutside(run, 'check with a linked configuration');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /\.mcp-catalog\.json links outside its folder, so it is not read/);
    const inside = tempTree({ 'config/settings.json': JSON.stringify({ knownVariables: ['X'] }), 'mcp.json': '{}' });
    fs.symlinkSync(path.join('config', 'settings.json'), path.join(inside, '.mcp-catalog.json'));
    assert.equal((await runCli(['check'], { cwd: inside })).code, 0, 'a link inside its folder is read');
  });

  it('an air.json naming files and catalog folders outside, and a folder that links out: none is read', async () => {
    const { dir: repo, outside } = repository();
    fs.writeFileSync(path.join(outside, 'team-mcp.json'), JSON.stringify({ leaked: { type: 'stdio', command: 'OUTSIDE-HOSTNAME-3e5' } }));
    fs.writeFileSync(
      path.join(repo, 'air.json'),
      JSON.stringify({ name: 'team', mcp: ['../outside/adc.json', path.join(outside, 'team-mcp.json')], catalogs: ['../outside'] }),
    );
    fs.symlinkSync(outside, path.join(repo, 'linked'));
    for (const argv of [
      ['check', '--format', 'json'],
      ['check', 'linked'],
      ['readiness', 'linked'],
    ]) {
      const run = await runCli(argv, { cwd: repo });
      assertNothingFromOutside(run, argv.join(' '));
    }
    const run = await runCli(['check', '--format', 'json'], { cwd: repo });
    assert.match(run.stderr, /skipped \S*outside\/adc\.json: it is outside the current directory, so it is not read/);
  });
});
