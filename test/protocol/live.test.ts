/**
 * The live comparison over the protocol (SPEC §11, shared/src/liveProtocol.ts): the client lends
 * its connection through `mcpCatalog/liveGet` and keeps the key; the server drives the read and
 * the drift. With verbose tracing on, the key must appear in no message in either direction, no
 * log line and nothing on stderr, and it must reach only the configured instance.
 */
import * as assert from 'node:assert/strict';
import { createInstanceGet } from '../../shared/src/liveTransport';
import { LIVE_COMPARE_REQUEST, LIVE_GET_REQUEST, type LiveCompareResult, type LiveGetParams } from '../../shared/src/liveProtocol';
import { FakeZimmer, seedServer } from '../support/fakeZimmer';
import { LIVE_KEY, serveMatchingCatalog } from '../support/liveScenario';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

describe('protocol: the live comparison (SPEC §11)', function () {
  this.timeout(30_000);
  let fake: FakeZimmer;
  before(async () => {
    fake = await FakeZimmer.start(LIVE_KEY);
  });
  after(() => fake.close());
  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('compares the open catalog through the client-held connection; the key is never in any message, log or trace', async () => {
    fake.reset();
    serveMatchingCatalog(fake);
    const ws = TempWorkspace.create('../live');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], trace: 'verbose', settings: catalogSettings({ knownVariables: ['GITHUB_TOKEN'] }) });
    client.notify('$/setTrace', { value: 'verbose' });
    const get = createInstanceGet({ base: fake.url, key: LIVE_KEY });
    const asked: LiveGetParams[] = [];
    const answers: unknown[] = [];
    client.onRequest(LIVE_GET_REQUEST, async (params) => {
      asked.push(params as LiveGetParams);
      const outcome = await get((params as LiveGetParams).path, (params as LiveGetParams).withKey);
      answers.push(outcome);
      return outcome;
    });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri);

    const matching = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: fake.url });
    assert.ok(matching.ok, JSON.stringify(matching));
    assert.deepEqual(matching.comparison.drift, []);
    assert.deepEqual(asked, [
      { path: '/up', withKey: false },
      { path: '/api/v1/configs', withKey: true },
    ]);

    // An edit re-compares with the answer read before: no new request to the instance.
    const text = client.document(uri).getText().replace('"Issues and pull requests"', '"Issues, pull requests and more"');
    client.change(uri, text);
    await client.waitForDiagnostics(uri, { version: 2 });
    const edited = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: fake.url, reuse: true });
    assert.ok(edited.ok && edited.reused);
    assert.deepEqual(
      edited.comparison.drift.map((d) => d.kind),
      ['description'],
    );
    assert.equal(asked.length, 2);

    // A refusal comes back as a failure, not an error.
    fake.servers.push(seedServer('sentry'));
    const refused = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: fake.url });
    assert.ok(refused.ok && refused.comparison.drift.some((d) => d.server === 'sentry'));
    fake.routes.set('/api/v1/configs', { kind: 'json', status: 401, body: { error: 'Unauthorized', message: 'Invalid or missing API key' } });
    const unauthorized = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: fake.url });
    assert.ok(!unauthorized.ok && unauthorized.failure.kind === 'unauthorized');
    await client.roundTrip();
    await client.stop();

    const everything = `${client.rawStdout()}\n${client.stderr()}\n${JSON.stringify(client.notifications)}\n${JSON.stringify(asked)}\n${JSON.stringify(answers)}`;
    assert.ok(client.rawStdout().includes('mcpCatalog/liveGet') || asked.length > 0);
    assert.equal(everything.includes(LIVE_KEY), false, 'the key appeared in a message, a log line or stderr');
    assert.equal(everything.includes(LIVE_KEY.slice(0, 12)), false, 'part of the key appeared');
    // And it went only to the configured instance's API paths.
    for (const request of fake.requests) assert.equal(request.apiKey, request.path === '/up' ? undefined : LIVE_KEY);
  });

  it('a client that does not lend a connection gets a clear failure, never a dead server', async () => {
    const ws = TempWorkspace.create('../live');
    const client = await LspClient.start({ workspaceFolders: [ws.dir] });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri);
    const result = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: 'http://127.0.0.1:9' });
    assert.ok(!result.ok);
    assert.match(result.failure.message, /^Cannot reach http:\/\/127\.0\.0\.1:9: the request failed/);
    const bad = await client.request<LiveCompareResult>(LIVE_COMPARE_REQUEST, { uri, instance: 'http://zimmer.example.com' });
    assert.ok(!bad.ok && /refusing plain http/.test(bad.failure.message));
    await client.roundTrip();
  });
});
