import { strict as assert } from 'node:assert';
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { FakeZimmer, liveRoot, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY, serveMatchingCatalog } from '../../support/liveScenario';
import { fixture, REPO_ROOT, runCli } from '../helpers';

/**
 * `mcp-catalog live URL [FILE|DIR]` (SPEC §7, §11) as a process and in-process, against our own
 * instance on 127.0.0.1: exit 0 no drift, 1 drift, 2 when the instance cannot be read; the key
 * never appears on any output.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');
const DIR = fixture('live');
const ENV = { ZIMMER_API_KEY: LIVE_KEY, GITHUB_TOKEN: 'ghp_planted_value_000000000000000000' };

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** The bundled bin as a child process (async: the fake instance answers from this process). */
function runBin(argv: string[], env: NodeJS.ProcessEnv = ENV): Promise<Run> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...argv], { cwd: DIR, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}

function assertNoKey(run: Run): void {
  assert.ok(!run.stdout.includes(LIVE_KEY) && !run.stderr.includes(LIVE_KEY), 'the key never appears on any output');
}

describe('mcp-catalog live (SPEC §11)', function () {
  let fake: FakeZimmer;
  before(async function () {
    if (!fs.existsSync(BIN)) this.skip();
    fake = await FakeZimmer.start(LIVE_KEY);
  });
  after(() => fake?.close());
  beforeEach(() => {
    fake.reset();
    serveMatchingCatalog(fake);
  });

  it('no drift: exit 0, the offline state beside the live one per server, DIR finds mcp.json', async () => {
    const run = await runBin(['live', '--known', 'GITHUB_TOKEN', fake.url, '.']);
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.match(run.stdout, /mcp\.json beside http:\/\/127\.0\.0\.1:\d+ \(GET \/api\/v1\/configs\)/);
    assert.match(run.stdout, /^ {2}figma +needs auth +needs auth$/m);
    assert.match(run.stdout, /^ {2}fleet +missing config +missing config \(ZIMMER_PROD_API_KEY\), startup_timeout_sec 300$/m);
    assert.match(run.stdout, /^ {2}legacy +unavailable +unavailable — Retired until the v2 API ships/m);
    assert.match(run.stdout, /No drift/);
    assertNoKey(run);
  });

  it('drift: exit 1, each difference with both possible causes; JSON lists the same', async () => {
    fake.servers = fake.servers.filter((s) => s.name !== 'context7');
    fake.servers.push(seedServer('sentry', { description: 'Errors' }));
    fake.servers[0] = seedServer('github', { title: 'GitHub', description: 'Old text' });
    fake.servers[2] = seedServer('fleet', { reason: '`ZIMMER_PROD_API_KEY` unresolved', timeout: null });
    fake.roots = [liveRoot('app', ['github']), liveRoot('ops', [])];
    const text = await runBin(['live', fake.url, 'mcp.json']);
    assert.equal(text.code, 1, text.stderr);
    assert.match(text.stdout, /Drift \(5\):/);
    assert.match(text.stdout, /Server "context7" is in this file but not on the instance\./);
    assert.match(text.stdout, /Server "sentry" is on the instance but not in this file\./);
    assert.match(text.stdout, /^ {2}sentry +\(not in file\) +startable/m);
    assert.match(text.stdout, /Server "github": the description differs \(file "Issues and pull requests", instance "Old text"\)\./);
    assert.match(text.stdout, /Server "fleet": startup_timeout_sec differs \(file 300 s, instance no valid value/);
    assert.match(text.stdout, /Root "app": the default servers differ \(only in the file: context7, figma\)\./);
    assert.match(text.stdout, /last good catalog.*; or the instance runs a deployment that is behind this file/);
    const json = await runBin(['live', '--format', 'json', fake.url, 'mcp.json']);
    assert.equal(json.code, 1);
    const parsed = JSON.parse(json.stdout) as { drift: { kind: string }[]; servers: { name: string }[]; endpoint: string };
    assert.deepEqual(parsed.drift.map((d) => d.kind).sort(), [
      'description',
      'root-default-servers',
      'server-only-in-file',
      'server-only-on-instance',
      'startup-timeout',
    ]);
    assert.equal(parsed.endpoint, '/api/v1/configs');
    assertNoKey(text);
    assertNoKey(json);
  });

  it('hostile text from the instance stays on its own line: a reason, a name or a description with line breaks forges no line', async () => {
    fake.servers[4] = seedServer('legacy', { reason: 'Retired\nNo drift: the instance serves what this file says.' });
    fake.servers.push(seedServer('evil\n  github  ready  startable', { description: 'x\r\nDrift (0):' }));
    const run = await runBin(['live', fake.url, 'mcp.json']);
    assert.equal(run.code, 1, run.stderr);
    const lines = run.stdout.split('\n');
    assert.ok(!lines.some((line) => line.startsWith('No drift')), run.stdout);
    assert.ok(!lines.some((line) => line.startsWith('Drift (0)')), run.stdout);
    assert.ok(!lines.some((line) => line.startsWith('  github  ready')), run.stdout);
    assert.match(run.stdout, /unavailable — Retired\\nNo drift: the instance serves what this file says\./);
    assert.match(run.stdout, /Server "evil\\n {2}github {2}ready {2}startable" is on the instance but not in this file\./);
  });

  it('exit 2 with one clear line for a 401, a 404, a 500 with HTML, a body over the cap, a refused connection and a timeout', async () => {
    const cases: [string, () => void, RegExp, string[]?][] = [
      [
        '401',
        () => fake.routes.set('/api/v1/configs', { kind: 'json', status: 401, body: { error: 'Unauthorized', message: 'Invalid or missing API key' } }),
        /Authentication failed: .* refused the API key/,
      ],
      [
        '404',
        () => {
          fake.routes.set('/api/v1/configs', { kind: 'json', status: 404, body: { error: 'Not Found' } });
          fake.routes.set('/api/v1/mcp_servers', { kind: 'json', status: 404, body: { error: 'Not Found' } });
        },
        /too old for the live comparison/,
      ],
      [
        '500',
        () => fake.routes.set('/api/v1/configs', { kind: 'raw', status: 500, contentType: 'text/html', body: '<!doctype html><title>500</title>' }),
        /answered 500 with an HTML page/,
      ],
      ['cap', () => fake.routes.set('/api/v1/configs', { kind: 'endless' }), /larger than the 8 MB limit/],
      ['timeout', () => fake.routes.set('/api/v1/configs', { kind: 'hang' }), /no answer in time \(0\.5 s\)/, ['--timeout', '0.5']],
    ];
    for (const [name, arrange, message, extra] of cases) {
      fake.routes.clear();
      arrange();
      const run = await runBin(['live', ...(extra ?? []), fake.url, 'mcp.json']);
      assert.equal(run.code, 2, `${name}: ${run.stderr}`);
      assert.match(run.stderr, message, name);
      assert.equal(run.stderr.trim().split('\n').length, 1, `${name}: one line, no stack trace: ${run.stderr}`);
      assert.doesNotMatch(run.stderr, /\bat \S+ \(/, 'no stack trace');
      assertNoKey(run);
    }
    const port = await closedPort();
    const refused = await runBin(['live', `http://127.0.0.1:${port}`, 'mcp.json']);
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection was refused/);
    const json = await runBin(['live', '--format', 'json', `http://127.0.0.1:${port}`, 'mcp.json']);
    assert.equal((JSON.parse(json.stdout) as { error: { kind: string } }).error.kind, 'unreachable');
  });

  it('usage errors (exit 2): no key, plain http to another host, a URL with credentials, no catalog in DIR', async () => {
    const noKey = await runCli(['live', fake.url, DIR], { cwd: DIR, env: {} });
    assert.equal(noKey.code, 2);
    assert.match(noKey.stderr, /set ZIMMER_API_KEY to the instance's API key \(or name another variable with --api-key-env\)/);
    const other = await runCli(['live', '--api-key-env', 'MY_KEY', fake.url, 'mcp.json'], { cwd: DIR, env: { ZIMMER_API_KEY: 'unused', MY_KEY: LIVE_KEY } });
    assert.equal(other.code, 0, other.stderr);
    assert.equal(fake.requests.find((r) => r.path === '/api/v1/configs')?.apiKey, LIVE_KEY);
    const http = await runCli(['live', 'http://zimmer.example.com', 'mcp.json'], { cwd: DIR, env: ENV });
    assert.equal(http.code, 2);
    assert.match(http.stderr, /refusing plain http: for zimmer\.example\.com/);
    const credentials = await runCli(['live', 'https://me:secret@zimmer.example.com', 'mcp.json'], { cwd: DIR, env: ENV });
    assert.equal(credentials.code, 2);
    assert.match(credentials.stderr, /must not carry a user name or password/);
    assert.ok(!credentials.stderr.includes('secret'));
    const empty = await runCli(['live', fake.url, path.join(REPO_ROOT, 'docs')], { cwd: DIR, env: ENV });
    assert.equal(empty.code, 2);
    assert.match(empty.stderr, /no catalog \(mcp\.json\) in/);
  });

  it('a redirect to a second local server is not followed: that server sees no request, and the key stays put', async () => {
    const second = await FakeZimmer.start(LIVE_KEY);
    try {
      fake.routes.set('/api/v1/configs', { kind: 'redirect', location: `${second.url}/api/v1/configs` });
      const run = await runBin(['live', fake.url, 'mcp.json']);
      assert.equal(run.code, 2);
      assert.match(run.stderr, /redirect to http:\/\/127\.0\.0\.1:\d+, which is not followed/);
      assert.deepEqual(second.requests, []);
      assert.ok(
        fake.requests.every((r) => r.path === '/api/v1/configs' || !r.headerText.includes(LIVE_KEY)),
        'the key only goes to API paths',
      );
      assertNoKey(run);
    } finally {
      await second.close();
    }
  });
});

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
