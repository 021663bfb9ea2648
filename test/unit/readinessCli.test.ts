import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixture, REPO_ROOT, runCli, scratchDir } from './runtime/helpers';

const ZIMMER = fixture('readiness', 'zimmer', 'mcp.json');

interface ReadinessJson {
  servers: { name: string; state: string; startable: boolean; reason?: string; variables?: string[] }[];
  roots: { name: string; servers: string[]; worstState?: string; warning?: string }[];
}

function assertZimmerVerdicts(json: ReadinessJson): void {
  const state = (name: string): string | undefined => json.servers.find((s) => s.name === name)?.state;
  assert.equal(state('figma'), 'needs_authorization');
  assert.equal(state('notion'), 'needs_authorization');
  assert.equal(state('zimmer-fleet'), 'missing_configuration');
  assert.deepEqual(json.servers.find((s) => s.name === 'zimmer-fleet')!.variables, ['ZIMMER_PROD_API_KEY']);
  assert.equal(state('context7'), 'no_credential_required');
  assert.equal(state('slack-workspace'), 'ready');
  const fleet = json.roots.find((r) => r.name === 'fleet-maintenance');
  assert.deepEqual(fleet, {
    name: 'fleet-maintenance',
    servers: ['zimmer-fleet'],
    worstState: 'missing_configuration',
    warning: 'preparing the session is expected to fail until ZIMMER_PROD_API_KEY is set',
  });
}

describe('mcp-catalog readiness (SPEC §7)', () => {
  it('the bundled bin reports the Zimmer corpus beside its roots index as the issue expects', function () {
    const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
    if (!fs.existsSync(bin)) this.skip();
    const run = spawnSync(process.execPath, [bin, 'readiness', '--format', 'json', '--known', 'SLACK_BOT_TOKEN', '--no-process-env', ZIMMER], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
    });
    assert.equal(run.status, 0, run.stderr);
    assertZimmerVerdicts(JSON.parse(run.stdout) as ReadinessJson);
  });

  it('in-process: the same verdicts, every root listed, startable servers first', async () => {
    const run = await runCli(['readiness', '--format', 'json', '--known', 'SLACK_BOT_TOKEN', '--no-process-env', ZIMMER]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as ReadinessJson;
    assertZimmerVerdicts(json);
    assert.equal(json.roots.length, 11);
    assert.deepEqual(
      json.roots.find((r) => r.name === 'zimmer'),
      { name: 'zimmer', servers: ['playwright-custom'] },
    );
    const firstBlocked = json.servers.findIndex((s) => !s.startable);
    assert.ok(
      json.servers.slice(firstBlocked).every((s) => !s.startable),
      'startable servers come first',
    );
    for (const s of json.servers)
      assert.deepEqual(
        Object.keys(s).filter((k) => !['name', 'state', 'startable', 'reason', 'variables'].includes(k)),
        [],
      );
  });

  it('a name found in the process environment makes a server ready, and its value is never printed', async () => {
    const planted = 'planted-secret-value-9f3c1';
    const run = await runCli(['readiness', '--format', 'json', ZIMMER], { ZIMMER_PROD_API_KEY: planted, SLACK_BOT_TOKEN: planted, STRAD_API_KEY: planted });
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as ReadinessJson;
    assert.equal(json.servers.find((s) => s.name === 'zimmer-fleet')!.state, 'ready');
    assert.equal(json.roots.find((r) => r.name === 'fleet-maintenance')!.worstState, undefined);
    assert.ok(!run.stdout.includes(planted) && !run.stderr.includes(planted));
    const text = await runCli(['readiness', ZIMMER], { ZIMMER_PROD_API_KEY: planted });
    assert.ok(!text.stdout.includes(planted) && !text.stderr.includes(planted));
  });

  it('text format: a name with a line break in a hostile catalog forges no line of its own', async () => {
    const dir = scratchDir();
    try {
      fs.writeFileSync(path.join(dir, 'mcp.json'), JSON.stringify({ 'x\nRoots\n  web  all ready': { type: 'stdio', command: 'y' } }));
      const run = await runCli(['readiness', '--no-process-env', path.join(dir, 'mcp.json')], {}, dir);
      assert.equal(run.code, 0, run.stderr);
      assert.deepEqual(
        run.stdout.split('\n').filter((line) => line === 'Roots' || line.startsWith('  web')),
        ['Roots'],
      );
      assert.match(run.stdout, /x\\nRoots\\n {2}web {2}all ready/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an env file next to the catalog counts as a source, by name only', async () => {
    const dir = scratchDir();
    try {
      fs.copyFileSync(ZIMMER, path.join(dir, 'mcp.json'));
      fs.copyFileSync(fixture('readiness', 'zimmer', 'roots.json'), path.join(dir, 'roots.json'));
      fs.writeFileSync(path.join(dir, '.env'), 'ZIMMER_PROD_API_KEY=dotenv-secret-771\n');
      const run = await runCli(['readiness', '--format', 'json', '--no-process-env', path.join(dir, 'mcp.json')], {}, dir);
      const json = JSON.parse(run.stdout) as ReadinessJson;
      assert.equal(json.servers.find((s) => s.name === 'zimmer')!.state, 'ready');
      assert.match(json.servers.find((s) => s.name === 'zimmer')!.reason!, /ZIMMER_PROD_API_KEY \(\.env\)/);
      assert.ok(!run.stdout.includes('dotenv-secret-771'));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('text output: a count line, startable servers first with badges, then the roots with their warning', async () => {
    const run = await runCli(['readiness', '--known', 'SLACK_BOT_TOKEN', '--no-process-env', ZIMMER]);
    assert.equal(run.code, 0);
    const lines = run.stdout.split('\n');
    assert.match(lines[0], /16 servers, 9 can start, 7 cannot$/);
    const canStart = lines.indexOf('Can start');
    const cannot = lines.indexOf('Cannot start');
    const roots = lines.indexOf('Roots');
    assert.ok(canStart > 0 && cannot > canStart && roots > cannot);
    assert.match(
      lines.find((l) => l.includes('✓ context7'))!,
      /^ {2}✓ context7 +ready$/,
    );
    assert.match(
      lines.find((l) => l.includes('✗ figma'))!,
      /needs auth — OAuth-capable/,
    );
    assert.match(
      lines.find((l) => l.trim().startsWith('fleet-maintenance'))!,
      /zimmer-fleet — missing config: preparing the session is expected to fail until ZIMMER_PROD_API_KEY is set/,
    );
  });

  it('--root: that root alone, with only the servers it gets', async () => {
    const run = await runCli(['readiness', '--root', 'zimmer', '--format', 'json', '--known', 'SLACK_BOT_TOKEN', '--no-process-env', ZIMMER]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as ReadinessJson;
    assert.deepEqual(
      json.roots.map((root) => root.name),
      ['zimmer'],
    );
    assert.deepEqual(json.servers.map((server) => server.name).sort(), [...json.roots[0].servers].sort());
  });

  it('exit 1 when the catalog cannot be parsed at all', async () => {
    const dir = scratchDir();
    try {
      for (const text of ['', '[1, 2]', '"just a string"']) {
        fs.writeFileSync(path.join(dir, 'mcp.json'), text);
        const run = await runCli(['readiness', path.join(dir, 'mcp.json')], {}, dir);
        assert.equal(run.code, 1, JSON.stringify(text));
        assert.equal(run.stdout, '');
        assert.match(run.stderr, /cannot be parsed/);
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a recoverable syntax error still gives output, with a note on stderr', async () => {
    const dir = scratchDir();
    try {
      fs.writeFileSync(path.join(dir, 'mcp.json'), '{"a": {"type": "stdio", "command": "npx",},}');
      const run = await runCli(['readiness', '--format', 'json', path.join(dir, 'mcp.json')], {}, dir);
      assert.equal(run.code, 0);
      assert.equal((JSON.parse(run.stdout) as ReadinessJson).servers[0].state, 'no_credential_required');
      assert.match(run.stderr, /not strict JSON/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exit 2 for an unreadable file and for usage errors', async () => {
    assert.equal((await runCli(['readiness', 'no/such/mcp.json'])).code, 2);
    assert.equal((await runCli(['readiness'])).code, 2);
    assert.equal((await runCli(['readiness', '--format', 'sarif', ZIMMER])).code, 2);
    assert.equal((await runCli(['readiness', ZIMMER, ZIMMER])).code, 2);
    assert.equal((await runCli(['readiness', '--bogus', ZIMMER])).code, 2);
    const unknownRoot = await runCli(['readiness', '--root', 'zimer', '--no-process-env', ZIMMER]);
    assert.equal(unknownRoot.code, 2);
    assert.match(unknownRoot.stderr, /"zimer" is not a root of .*roots\.json \(did you mean "zimmer"\?\)/);
    const roots = await runCli(['readiness', fixture('readiness', 'zimmer', 'roots.json')]);
    assert.equal(roots.code, 2);
    assert.match(roots.stderr, /roots index/);
  });
});
