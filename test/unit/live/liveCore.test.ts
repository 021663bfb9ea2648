import { strict as assert } from 'node:assert';
import * as net from 'node:net';
import { FakeZimmer, liveRoot, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY, serveMatchingCatalog, serveOlderCatalog } from '../../support/liveScenario';
import { checkInstanceUrl, type LiveComparison } from '../../../server/src/service/live';
import { compareLive } from './helpers';

/** The live comparison's core (SPEC §11) through the real transport against our own instance on 127.0.0.1. */

function kinds(comparison: LiveComparison | undefined): string[] {
  return (comparison?.drift ?? []).map((d) => `${d.kind}:${d.server ?? d.root}`).sort();
}

describe('live comparison: core against a local instance (SPEC §11)', () => {
  let fake: FakeZimmer;
  before(async () => {
    fake = await FakeZimmer.start(LIVE_KEY);
  });
  after(() => fake.close());
  beforeEach(() => {
    fake.reset();
    serveMatchingCatalog(fake);
  });

  it('a matching catalog has no drift; /up is asked first without the key, then /configs with it', async () => {
    const { read, comparison } = await compareLive(fake.url, LIVE_KEY);
    assert.ok(read.ok, JSON.stringify(read));
    assert.deepEqual(comparison!.drift, []);
    assert.deepEqual(
      fake.requests.map((r) => [r.path, r.apiKey]),
      [
        ['/up', undefined],
        ['/api/v1/configs', LIVE_KEY],
      ],
    );
  });

  it('each live reason text maps to its state, beside the offline state', async () => {
    const { comparison } = await compareLive(fake.url, LIVE_KEY);
    const row = (name: string) => comparison!.servers.find((s) => s.name === name)!;
    assert.equal(row('github').live!.state, 'startable');
    assert.equal(row('github').offline!.state, 'ready');
    assert.equal(row('figma').live!.state, 'needs_authorization');
    assert.equal(row('figma').offline!.state, 'needs_authorization');
    assert.deepEqual([row('fleet').live!.state, row('fleet').live!.variables], ['missing_configuration', ['ZIMMER_PROD_API_KEY']]);
    assert.equal(row('legacy').live!.state, 'declared_unavailable');
    assert.equal(row('legacy').live!.declaredInFile, true);
    fake.servers[0] = seedServer('context7', { reason: 'OAuth token expired and cannot be refreshed' });
    fake.servers[2] = seedServer('figma', { description: 'Figma designs', reason: '`FIGMA_TOKEN`, `FIGMA_TEAM` unresolved' });
    const again = await compareLive(fake.url, LIVE_KEY);
    const row2 = (name: string) => again.comparison!.servers.find((s) => s.name === name)!;
    assert.equal(row2('context7').live!.state, 'needs_reauth');
    assert.deepEqual(row2('figma').live!.variables, ['FIGMA_TOKEN', 'FIGMA_TEAM']);
    // Auth and missing configuration are states, not drift: only the instance can know them.
    assert.deepEqual(kinds(again.comparison), []);
  });

  it('the older shape: no states, no unavailable or timeout drift, and a note saying so', async () => {
    serveOlderCatalog(fake);
    const { comparison } = await compareLive(fake.url, LIVE_KEY);
    assert.deepEqual(comparison!.drift, []);
    assert.ok(comparison!.servers.every((s) => s.live?.state === 'unknown'));
    assert.ok(
      comparison!.notes.some((n) => n.includes('older instance')),
      comparison!.notes.join('\n'),
    );
  });

  it('a server only in the file, one only on the instance, a differing description and title', async () => {
    fake.servers = fake.servers.filter((s) => s.name !== 'context7');
    fake.servers.push(seedServer('sentry'));
    fake.servers[0] = seedServer('github', { title: 'GitHub (old)', description: 'Issues' });
    fake.roots[1] = liveRoot('app', ['github', 'figma', 'context7']);
    const { comparison } = await compareLive(fake.url, LIVE_KEY);
    assert.deepEqual(kinds(comparison), ['description:github', 'server-only-in-file:context7', 'server-only-on-instance:sentry', 'title:github']);
    const onlyLive = comparison!.drift.find((d) => d.kind === 'server-only-on-instance')!;
    assert.match(onlyLive.message, /on the instance but not in this file/);
    assert.ok(onlyLive.causes.some((c) => c.includes('another index')));
    const description = comparison!.drift.find((d) => d.kind === 'description')!;
    assert.deepEqual([description.file, description.live], ['Issues and pull requests', 'Issues']);
    for (const item of comparison!.drift) {
      assert.ok(
        item.causes.some((c) => c.includes('last good catalog')),
        'says a failed resolve may serve the last good catalog',
      );
      assert.ok(
        item.causes.some((c) => c.includes('behind this file')),
        'says the deployment may be behind',
      );
    }
    const sentry = comparison!.servers.find((s) => s.name === 'sentry')!;
    assert.equal(sentry.offline, undefined);
  });

  it('a root whose default servers differ as a set (order does not matter), and roots only on one side', async () => {
    fake.roots = [liveRoot('app', ['context7', 'github']), liveRoot('review', [])];
    const { comparison } = await compareLive(fake.url, LIVE_KEY);
    assert.deepEqual(kinds(comparison), ['root-default-servers:app', 'root-only-in-file:ops', 'root-only-on-instance:review']);
    const app = comparison!.drift.find((d) => d.kind === 'root-default-servers')!;
    assert.match(app.message, /only in the file: figma/);
    fake.roots = [liveRoot('app', ['figma', '@local/github', 'context7']), liveRoot('ops', [])];
    assert.deepEqual(kinds((await compareLive(fake.url, LIVE_KEY)).comparison), []);
  });

  it('a refused startup_timeout_sec (live null) and unavailable drift both ways', async () => {
    fake.servers[3] = seedServer('fleet', { reason: '`ZIMMER_PROD_API_KEY` unresolved', timeout: null });
    fake.servers[4] = seedServer('legacy');
    fake.servers[0] = seedServer('context7', { reason: 'Maintenance window' });
    const { comparison } = await compareLive(fake.url, LIVE_KEY);
    assert.deepEqual(kinds(comparison), ['startup-timeout:fleet', 'unavailable:context7', 'unavailable:legacy']);
    const timeout = comparison!.drift.find((d) => d.kind === 'startup-timeout')!;
    assert.deepEqual([timeout.file, timeout.live], [300, null]);
    assert.match(comparison!.drift.find((d) => d.server === 'legacy')!.message, /declared unavailable in this file, but the instance offers it/);
  });

  describe('failures each give one clear message and no exception', () => {
    it('a 401 says authentication failed and is not retried', async () => {
      const { read } = await compareLive(fake.url, 'wrong-key');
      assert.ok(!read.ok);
      assert.equal(read.failure.kind, 'unauthorized');
      assert.match(read.failure.message, /^Authentication failed: .* refused the API key \("Invalid or missing API key"\)/);
      assert.deepEqual(
        fake.requests.map((r) => r.path),
        ['/up', '/api/v1/configs'],
      );
    });

    it('a JSON 404 on /configs falls back to /mcp_servers (no roots compared); 404 on both is "too old"', async () => {
      fake.routes.set('/api/v1/configs', { kind: 'json', status: 404, body: { error: 'Not Found' } });
      const { read, comparison } = await compareLive(fake.url, LIVE_KEY);
      assert.ok(read.ok && read.endpoint === '/api/v1/mcp_servers');
      assert.deepEqual(comparison!.drift, []);
      assert.ok(comparison!.notes.some((n) => n.includes('roots are not compared')));
      fake.routes.set('/api/v1/mcp_servers', { kind: 'json', status: 404, body: { error: 'Not Found' } });
      const old = await compareLive(fake.url, LIVE_KEY);
      assert.ok(!old.read.ok);
      assert.equal(old.read.failure.kind, 'too-old');
      assert.match(old.read.failure.message, /too old/);
    });

    it('a 500 with an HTML body, and a 200 that is an HTML login page, are unavailable', async () => {
      fake.routes.set('/api/v1/configs', { kind: 'raw', status: 500, contentType: 'text/html', body: '<html><h1>Bad gateway</h1></html>' });
      const error = (await compareLive(fake.url, LIVE_KEY)).read;
      assert.ok(!error.ok);
      assert.equal(error.failure.kind, 'unavailable');
      assert.match(error.failure.message, /answered 500 with an HTML page/);
      fake.routes.set('/api/v1/configs', { kind: 'raw', status: 200, contentType: 'text/html', body: '<html>Sign in</html>' });
      const login = (await compareLive(fake.url, LIVE_KEY)).read;
      assert.ok(!login.ok);
      assert.match(login.failure.message, /not JSON .*HTML page/);
    });

    it('an answer of the wrong shape names where it is wrong', async () => {
      for (const [body, where] of [
        [{ servers: [] }, /`mcp_servers` is missing/],
        [{ mcp_servers: [{ name: 7 }], agent_roots: [] }, /`mcp_servers\[0\]`\.name is not a string/],
        [{ mcp_servers: [{ name: 'a', unavailable: 'yes' }], agent_roots: [] }, /unavailable is not true or false/],
        [{ mcp_servers: [{ name: 'a' }, { name: 'a' }], agent_roots: [] }, /listed twice/],
        [{ mcp_servers: [], agent_roots: [{ name: 'r', default_mcp_servers: 'x' }] }, /default_mcp_servers is not a list/],
        [[1, 2], /not a JSON object/],
      ] as const) {
        fake.routes.set('/api/v1/configs', { kind: 'json', status: 200, body });
        const { read } = await compareLive(fake.url, LIVE_KEY);
        assert.ok(!read.ok, JSON.stringify(body));
        assert.match(read.failure.message, where);
      }
    });

    it('a body over the size cap is abandoned, not read to the end', async () => {
      fake.routes.set('/api/v1/configs', { kind: 'endless' });
      const { read } = await compareLive(fake.url, LIVE_KEY, { maxBytes: 256 * 1024 });
      assert.ok(!read.ok);
      assert.match(read.failure.message, /larger than the 256 KB limit/);
    });

    it('a connection refused is "unreachable"', async () => {
      const port = await closedPort();
      const { read } = await compareLive(`http://127.0.0.1:${port}`, LIVE_KEY);
      assert.ok(!read.ok);
      assert.equal(read.failure.kind, 'unreachable');
      assert.match(read.failure.message, /^Cannot reach http:\/\/127\.0\.0\.1:\d+: the connection was refused/);
    });

    it('an instance that never answers times out', async () => {
      fake.routes.set('/api/v1/configs', { kind: 'hang' });
      const { read } = await compareLive(fake.url, LIVE_KEY, { timeoutMs: 300 });
      assert.ok(!read.ok);
      assert.match(read.failure.message, /no answer in time/);
      fake.routes.set('/up', { kind: 'hang' });
      const up = (await compareLive(fake.url, LIVE_KEY, { timeoutMs: 300 })).read;
      assert.ok(!up.ok && up.failure.kind === 'unreachable');
    });
  });

  it('a redirect to another host is not followed, so the key never reaches it', async () => {
    const other = await FakeZimmer.start(LIVE_KEY);
    try {
      fake.routes.set('/api/v1/configs', { kind: 'redirect', location: `${other.url}/api/v1/configs` });
      const { read } = await compareLive(fake.url, LIVE_KEY);
      assert.ok(!read.ok);
      assert.match(read.failure.message, /redirect to http:\/\/127\.0\.0\.1:\d+, which is not followed/);
      assert.deepEqual(other.requests, []);
    } finally {
      await other.close();
    }
  });

  it('an instance that echoes the key gets it masked in every message', async () => {
    fake.routes.set('/api/v1/configs', { kind: 'json', status: 401, body: { error: 'Unauthorized', message: `key ${LIVE_KEY} is not valid` } });
    const { read } = await compareLive(fake.url, LIVE_KEY);
    assert.ok(!read.ok);
    assert.ok(!read.failure.message.includes(LIVE_KEY), read.failure.message);
  });

  it('a file that is not strict JSON is compared as far as it can be read', async () => {
    const { comparison } = await compareLive(fake.url, LIVE_KEY, {}, '{ "github": 1, }');
    assert.deepEqual(kinds(comparison).filter((k) => k.startsWith('server-only-on-instance')).length, 4);
    assert.equal(comparison!.servers.find((s) => s.name === 'github')!.offline!.state, 'invalid');
  });
});

describe('live comparison: which URLs may get the key (SPEC §11)', () => {
  it('https anywhere, plain http only on loopback, never credentials in the URL', () => {
    assert.deepEqual(checkInstanceUrl('https://zimmer.example.com/'), { ok: true, base: 'https://zimmer.example.com', origin: 'https://zimmer.example.com' });
    const below = checkInstanceUrl('https://example.com/zimmer/');
    assert.equal(below.ok && below.base, 'https://example.com/zimmer');
    for (const ok of ['http://127.0.0.1:3000', 'http://localhost:3000', 'http://[::1]:3000']) assert.ok(checkInstanceUrl(ok).ok, ok);
    for (const [bad, why] of [
      ['http://zimmer.example.com', /refusing plain http:/],
      ['http://127.0.0.1.example.com', /refusing plain http:/],
      ['https://user:pw@zimmer.example.com', /user name or password/],
      ['https://zimmer.example.com/?x=1', /query or fragment/],
      ['ftp://zimmer.example.com', /must start with https:/],
      ['zimmer.example.com', /is not a URL/],
    ] as const) {
      const result = checkInstanceUrl(bad);
      assert.ok(!result.ok, bad);
      assert.match(result.message, why);
    }
  });
});

/** A port nothing listens on: bind one, then close it. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
