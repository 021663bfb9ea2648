/**
 * The complexity tier through the bundled server over stdio (SPEC §8: never hang, every request
 * bounded): opening each hostile shape, typing a space in it, hovering inside it, completing
 * inside deep nesting and translating it, at n and 2n, costs at most ~3× more of the server's CPU
 * at 2n (read from /proc, a ratio within one run — never a timed assertion). Before the scans were
 * made linear, these cost seconds to minutes while every other request waited.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CancellationTokenSource, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Hover } from 'vscode-languageserver-protocol';
import { processCpuMs } from '../../fuzz/cpu';
import { assertScalesLinearly } from '../../support/complexity';
import { CHECKED_SHAPES, QUADRATIC_SIZES as SIZES, deepArrays, deepEnvCatalog, nestedOpenings, type HostileShape } from '../../support/hostileShapes';
import { LspClient, stopAllClients } from '../lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from '../workspace';

/** Generous: on main a 2n case took tens of seconds, and a failing test should say "ratio", not "timeout". */
const TIMEOUT_MS = 300_000;

interface Session {
  client: LspClient;
  ws: TempWorkspace;
  /** CPU milliseconds the server spends while `run` runs (and answers one more round trip). */
  cpu(run: () => Promise<unknown>): Promise<number>;
}

async function session(): Promise<Session> {
  const ws = TempWorkspace.create();
  const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), timeoutMs: TIMEOUT_MS });
  if (processCpuMs(client.pid) === undefined) throw new Error('/proc/<pid>/stat is not readable here: the protocol complexity tier needs Linux');
  return {
    client,
    ws,
    async cpu(run) {
      const before = processCpuMs(client.pid)!;
      await run();
      await client.roundTrip(TIMEOUT_MS);
      return processCpuMs(client.pid)! - before;
    },
  };
}

/** A request and its `$/cancelRequest` in the same tick; resolves with the answer, whatever it is. */
async function sendCancelled(client: LspClient, method: string, params: unknown): Promise<void> {
  // LspClient.request takes no cancellation token: use its connection, as the cancellation suite does.
  const connection = (client as unknown as { connection: MessageConnection }).connection;
  const source = new CancellationTokenSource();
  const sent = connection.sendRequest(method, params, source.token);
  source.cancel();
  await sent.catch(() => undefined);
  source.dispose();
}

let folderCount = 0;

/** The shape's files in a fresh subfolder of the workspace; returns the target's path. */
function writeWorld(ws: TempWorkspace, shape: HostileShape, n: number): string {
  const world = shape.build(n);
  const folder = `${shape.name}-${n}-${folderCount++}`;
  fs.mkdirSync(ws.path(folder));
  for (const [name, text] of Object.entries(world.files)) ws.write(path.join(folder, name), text);
  return ws.path(path.join(folder, world.target));
}

describe('complexity: the server scales linearly on hostile repetition', function () {
  this.timeout(1_200_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  for (const shape of CHECKED_SHAPES) {
    it(`opens ${shape.describe}, and re-checks it after a typed space, in linear time`, async () => {
      const { client, ws, cpu } = await session();
      const opened = new Map<number, string>();
      await assertScalesLinearly(`server open, ${shape.name}`, SIZES[shape.name], (size) =>
        cpu(async () => {
          const uri = client.open(writeWorld(ws, shape, size));
          opened.set(size, uri);
          await client.waitForDiagnostics(uri, { version: 1 });
        }),
      );
      await assertScalesLinearly(`server typed space, ${shape.name}`, SIZES[shape.name], (size) =>
        cpu(async () => {
          const uri = opened.get(size)!;
          const version = client.edit(uri, [{ range: { start: { line: 0, character: 1 }, end: { line: 0, character: 1 } }, text: ' ' }]);
          await client.waitForDiagnostics(uri, { version });
        }),
      );
    });
  }

  it('answers a hover inside a string of nested openings, and one cancelled while it opens, in linear time', async () => {
    const { client, ws, cpu } = await session();
    const n = SIZES['nested-openings'];
    await assertScalesLinearly('server hover, nested openings', n, async (size) => {
      const file = writeWorld(ws, nestedOpenings, size);
      const uri = client.open(file);
      await client.waitForDiagnostics(uri, { version: 1 });
      const line = fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .findIndex((text) => text.includes('${${}'));
      return cpu(async () => assert.ok(await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: 10 } })));
    });
    await assertScalesLinearly('server cancelled hover while opening, nested openings', n, (size) =>
      cpu(async () => {
        const file = writeWorld(ws, nestedOpenings, size);
        const uri = client.open(file);
        await sendCancelled(client, 'textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 10 } });
        await client.waitForDiagnostics(uri, { version: 1 });
      }),
    );
  });

  it('completes inside deeply nested arrays in linear time', async () => {
    const { client, ws, cpu } = await session();
    await assertScalesLinearly('server completion, deep arrays', 50_000, async (depth) => {
      const { text, cursorOffset } = deepArrays(depth);
      const uri = client.open(ws.write(`deep-${depth}-${folderCount++}.mcp.json`, text));
      await client.waitForDiagnostics(uri, { version: 1 });
      return cpu(() => client.request('textDocument/completion', { textDocument: { uri }, position: { line: 0, character: cursorOffset } }));
    });
  });

  it('translates a deeply nested catalog without overflowing the stack, in linear time', async () => {
    const { client, ws, cpu } = await session();
    await assertScalesLinearly('server translate, deep env', 5_000, async (depth) => {
      const uri = client.open(ws.write(`deep-env-${depth}-${folderCount++}.mcp.json`, deepEnvCatalog(depth)));
      await client.waitForDiagnostics(uri, { version: 1 });
      return cpu(async () => {
        const result = await client.request<{ ok: boolean; message?: string }>('mcpCatalog/translate', { uri, target: 'codex', servers: ['s'] });
        assert.equal(result.ok, false, 'the only server is left out: nothing to translate');
        assert.match(result.message ?? '', /left out: a value nests more than 64 levels deep/);
      });
    });
  });
});
