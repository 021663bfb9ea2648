import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FakeZimmer, liveRoot, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY, serveMatchingCatalog } from '../../support/liveScenario';
import { api, closeAllEditors, openDocument, replaceText, revert, waitFor, type McpCatalogApi } from '../helpers';

/**
 * The live comparison in VS Code (SPEC §11) against our own instance on 127.0.0.1, inside the
 * extension host: the key kept in SecretStorage, the readiness view's live column and "Drift"
 * group, the failures' messages, and no key in any setting, log or protocol trace.
 * Fixture: live/mcp.json + live/roots.json (ZIMMER_PROD_API_KEY is declared known in the
 * workspace settings, GITHUB_TOKEN is not: the offline and live columns differ on purpose).
 */

type TreeProvider = vscode.TreeDataProvider<unknown>;
interface Row {
  label: string;
  description: string;
  item: vscode.TreeItem;
  node: unknown;
}

async function rows(provider: TreeProvider, parent?: unknown): Promise<Row[]> {
  const children = (await provider.getChildren(parent)) ?? [];
  return Promise.all(
    children.map(async (node) => {
      const item = await provider.getTreeItem(node);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      return { label, description: typeof item.description === 'string' ? item.description : '', item, node };
    }),
  );
}

/** The top-level sections, the server rows and the Drift group's rows, once `until` holds. */
async function view(extension: McpCatalogApi, until: (tree: { sections: Row[]; servers: Row[]; drift: Row[] }) => boolean, what: string) {
  const provider = extension.readiness as unknown as TreeProvider;
  let last = '';
  try {
    return await waitFor(what, async () => {
      const sections = await rows(provider);
      const servers = sections[0] ? await rows(provider, sections[0].node) : [];
      const driftSection = sections.find((s) => s.label === 'Drift');
      const drift = driftSection ? await rows(provider, driftSection.node) : [];
      const tree = { sections, servers, drift };
      last = JSON.stringify({
        sections: sections.map((s) => `${s.label}: ${s.description}`),
        servers: servers.map((s) => `${s.label}: ${s.description}`),
        drift: drift.map((d) => d.label),
      });
      return until(tree) ? tree : false;
    });
  } catch (error) {
    throw new Error(`${error instanceof Error ? error.message : String(error)}\nlast tree: ${last}`);
  }
}

const describe = (list: Row[], name: string): string => list.find((r) => r.label === name)?.description ?? '';

suite('live comparison with a Zimmer instance', () => {
  let fake: FakeZimmer;
  let extension: McpCatalogApi;
  const settings = () => vscode.workspace.getConfiguration('mcpCatalog');

  suiteSetup(async () => {
    fake = await FakeZimmer.start(LIVE_KEY);
    extension = await api();
    await settings().update('trace.server', 'verbose', vscode.ConfigurationTarget.Global);
    await settings().update('live.timeoutSeconds', 1, vscode.ConfigurationTarget.Global);
  });
  suiteTeardown(async () => {
    await extension.live.live.disconnect();
    await extension.live.refresh();
    await settings().update('trace.server', undefined, vscode.ConfigurationTarget.Global);
    await settings().update('live.timeoutSeconds', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
    await fake.close();
  });
  setup(() => {
    fake.reset();
    serveMatchingCatalog(fake);
  });

  test('before connecting nothing changes: no Drift group, no live column', async () => {
    assert.equal(extension.live.state, 'off');
    await openDocument('live/mcp.json');
    const tree = await view(extension, (t) => t.servers.length === 5, 'the readiness view of live/mcp.json');
    assert.deepEqual(
      tree.sections.map((s) => s.label),
      ['Servers', 'Roots'],
    );
    assert.ok(tree.servers.every((s) => !s.description.includes(' · live:')));
    assert.deepEqual(fake.requests, [], 'nothing is sent before the user connects');
  });

  test('connecting keeps the key in SecretStorage (never a setting); the view shows each live state beside the offline one', async () => {
    await openDocument('live/mcp.json');
    const outcome = await extension.live.live.connect(fake.url, LIVE_KEY);
    assert.deepEqual(outcome, { ok: true });
    assert.equal(settings().get('live.url'), fake.url);
    assert.equal(await extension.live.live.keyFor(fake.url), LIVE_KEY, 'the key is read back from SecretStorage');
    assert.ok(!JSON.stringify(settings()).includes(LIVE_KEY), 'no setting holds the key');
    const tree = await view(extension, (t) => t.sections.length === 3 && /^live/.test(t.sections[2].description), 'the live comparison');
    assert.equal(tree.sections[2].label, 'Drift');
    assert.match(tree.sections[2].description, /^live · 0 differences · http:\/\/127\.0\.0\.1:\d+$/);
    assert.deepEqual(
      tree.drift.map((d) => d.label),
      ['No drift: the instance serves what this file says.'],
    );
    assert.match(describe(tree.servers, 'github'), /^missing config — .* · live: startable$/);
    assert.match(describe(tree.servers, 'figma'), /^needs auth — .* · live: needs auth$/);
    assert.match(describe(tree.servers, 'fleet'), /^ready — .* · live: missing config \(ZIMMER_PROD_API_KEY\)$/);
    assert.match(describe(tree.servers, 'legacy'), /^unavailable — Retired until the v2 API ships · live: unavailable$/);
    assert.equal(extension.live.state, 'live');
    assert.equal(fake.requests.find((r) => r.path === '/api/v1/configs')?.apiKey, LIVE_KEY);
  });

  test('drift: a differing description, a server only on the instance, a refused timeout, a root whose defaults differ', async () => {
    const document = await openDocument('live/mcp.json');
    fake.servers = fake.servers.filter((s) => s.name !== 'context7');
    fake.servers.push(seedServer('sentry'));
    fake.servers[0] = seedServer('github', { title: 'GitHub', description: 'Old words' });
    fake.servers[2] = seedServer('fleet', { reason: '`ZIMMER_PROD_API_KEY` unresolved', timeout: null });
    fake.roots = [liveRoot('ops', []), liveRoot('app', ['github', 'figma'])];
    await vscode.commands.executeCommand('mcpCatalog.refreshLive');
    const tree = await view(extension, (t) => t.drift.length >= 4, 'the drift group');
    const labels = tree.drift.map((d) => d.label);
    assert.ok(labels.includes('Server "context7" is in this file but not on the instance.'), labels.join('\n'));
    assert.ok(labels.includes('Server "sentry" is on the instance but not in this file.'));
    assert.ok(labels.some((l) => l.startsWith('Server "github": the description differs')));
    assert.ok(labels.some((l) => l.startsWith('Server "fleet": startup_timeout_sec differs (file 300 s, instance no valid value')));
    assert.ok(labels.some((l) => l.startsWith('Root "app": the default servers differ (only in the file: context7)')));
    const tooltip = tree.drift[0].item.tooltip as vscode.MarkdownString;
    assert.match(tooltip.value, /last good catalog/);
    assert.match(tooltip.value, /behind this file/);
    assert.match(describe(tree.servers, 'context7'), / · live: not on the instance$/);
    assert.match(tree.sections[2].description, /^live · 5 differences/);

    // An edit re-compares at once, with the answer already read: no new request to the instance.
    const before = fake.requests.length;
    try {
      await replaceText(document, '"Issues and pull requests"', '"Old words"');
      await view(
        extension,
        (t) => !t.drift.some((d) => d.label.startsWith('Server "github": the description differs')),
        'the edit to end the description drift',
      );
      assert.equal(fake.requests.length, before);
    } finally {
      await revert(document);
    }
  });

  test('failures: 401, 404, 500 with HTML, a body over the cap and a timeout each say so; the older answer is marked stale', async () => {
    await openDocument('live/mcp.json');
    await extension.live.refresh();
    await view(extension, (t) => /^live/.test(t.sections[2]?.description ?? ''), 'a live comparison first');
    const cases: [string, () => void, RegExp][] = [
      [
        '401',
        () => fake.routes.set('/api/v1/configs', { kind: 'json', status: 401, body: { error: 'Unauthorized', message: 'Invalid or missing API key' } }),
        /^Authentication failed: .* refused the API key/,
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
        () => fake.routes.set('/api/v1/configs', { kind: 'raw', status: 500, contentType: 'text/html', body: '<html>oops</html>' }),
        /answered 500 with an HTML page/,
      ],
      ['cap', () => fake.routes.set('/api/v1/configs', { kind: 'endless' }), /larger than the 8 MB limit/],
      ['timeout', () => fake.routes.set('/api/v1/configs', { kind: 'hang' }), /no answer in time/],
    ];
    for (const [name, arrange, message] of cases) {
      fake.routes.clear();
      arrange();
      await extension.live.refresh();
      const tree = await view(extension, (t) => message.test(t.drift[0]?.label ?? ''), `the ${name} message in the Drift group`);
      assert.match(tree.sections[2].description, /^stale/, name);
      assert.equal(extension.live.state, 'stale');
    }
  });

  test('a refused connection: disconnected, with the reason', async () => {
    await openDocument('live/mcp.json');
    const port = await closedPort();
    await extension.live.live.connect(`http://127.0.0.1:${port}`, LIVE_KEY);
    const tree = await view(extension, (t) => /Cannot reach .*connection was refused/.test(t.drift[0]?.label ?? ''), 'the refused message');
    assert.match(tree.sections[2].description, /^disconnected/);
    assert.ok(tree.servers.every((s) => !s.description.includes('live:')));
    assert.equal(await extension.live.live.keyFor(fake.url), LIVE_KEY, 'each origin keeps its own key');
  });

  test('plain http to another host is refused; a redirect to a second local server is not followed', async () => {
    const refused = await extension.live.live.connect('http://zimmer.example.com', LIVE_KEY);
    assert.ok(!refused.ok && /refusing plain http:/.test(refused.message));
    const second = await FakeZimmer.start(LIVE_KEY);
    try {
      await openDocument('live/mcp.json');
      await extension.live.live.connect(fake.url, LIVE_KEY);
      fake.routes.set('/api/v1/configs', { kind: 'redirect', location: `${second.url}/api/v1/configs` });
      await extension.live.refresh();
      await view(extension, (t) => /redirect to http:\/\/127\.0\.0\.1:\d+, which is not followed/.test(t.drift[0]?.label ?? ''), 'the redirect message');
      assert.deepEqual(second.requests, [], 'the second server got no request at all');
    } finally {
      await second.close();
    }
  });

  test('the key is in no log, trace or settings file, while the verbose trace did record the live messages', async () => {
    // The harness keeps every file of the run (settings, the server's and extension host's logs,
    // the output channels) in one scratch folder: the parent of this process's TMPDIR.
    const scratch = path.dirname(os.tmpdir());
    const files = await waitFor('the trace of mcpCatalog/liveGet in a log file', () => {
      const found = listFiles(scratch);
      return found.some((file) => file.endsWith('.log') && read(file).includes('mcpCatalog/liveGet')) ? found : false;
    });
    const leaking = files.filter((file) => read(file).includes(LIVE_KEY));
    assert.deepEqual(leaking, [], 'files holding the key');
  });

  test('disconnecting forgets the key and the URL; the view goes back to what it was', async () => {
    await openDocument('live/mcp.json');
    await extension.live.live.connect(fake.url, LIVE_KEY);
    await vscode.commands.executeCommand('mcpCatalog.disconnectLive');
    assert.equal(await extension.live.live.keyFor(fake.url), undefined);
    assert.equal(settings().get('live.url'), '');
    const tree = await view(extension, (t) => t.sections.length === 2, 'the view without the Drift group');
    assert.ok(tree.servers.every((s) => !s.description.includes('live:')));
    assert.equal(extension.live.state, 'off');
  });
});

/** Files under a folder (not the browser's own profile, whose storage is the browser's business), at most 5 MB each. */
function listFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (/playwright|chrom|node_modules|extensions$/i.test(entry.name)) continue;
      out.push(...listFiles(full));
    } else if (entry.isFile() && fs.statSync(full).size < 5 * 1024 * 1024) {
      out.push(full);
    }
  }
  return out;
}

function read(file: string): string {
  try {
    return fs.readFileSync(file, 'latin1');
  } catch {
    return '';
  }
}

async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
