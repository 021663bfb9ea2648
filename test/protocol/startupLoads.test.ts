/**
 * The language server's start-up (bench/NOTES.md "Start-up"): up to the first diagnostics it
 * loads what a check needs and not the editor features that come later — hover, completion,
 * navigation, folding and formatting, the fixes, readiness, the runtime-config generators and the
 * TOML writer, copy-as, the live comparison. Each is loaded on its first request and then works.
 * Run on the compiled server (out/server/src/server.js), whose modules are the bundle's.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { LspClient, REPO_ROOT, SERVER_SCRIPT, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const SERVER = path.join(REPO_ROOT, 'out', 'server', 'src', 'server.js');

const LATER = [
  /^server\/src\/service\/(language\/(hover|completion|navigation|symbols|structure|rootDefaults)|fixes\/|readiness\/index|runtime\/(index|claude|codex|cursor|pi|preview|selection|shellWords)|translate\/|live\/)/,
  /^node_modules\/smol-toml\//,
];

/** Starts the compiled server with a hook that lists, on request, the modules loaded so far. */
async function startWithLoadLog(ws: TempWorkspace): Promise<{ client: LspClient; loaded: () => Promise<string[]> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-loads-'));
  const hook = path.join(dir, 'hook.js');
  const log = path.join(dir, 'loaded.json');
  // SIGUSR2 writes the list; the test asks after each step.
  fs.writeFileSync(
    hook,
    `process.on('SIGUSR2', () => require('node:fs').writeFileSync(${JSON.stringify(log)}, JSON.stringify(Object.keys(require.cache))));\n`,
  );
  const client = await LspClient.start({
    workspaceFolders: [ws.dir],
    settings: catalogSettings(),
    wrap: (node, args) => ({ file: node, args: ['-r', hook, SERVER, ...args.slice(1)] }),
  });
  const out = path.join(REPO_ROOT, 'out') + path.sep;
  const loaded = async (): Promise<string[]> => {
    fs.rmSync(log, { force: true });
    process.kill(client.pid!, 'SIGUSR2');
    for (let i = 0; i < 200 && !fs.existsSync(log); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const files = JSON.parse(fs.readFileSync(log, 'utf8')) as string[];
    return files.map((file) => (file.startsWith(out) ? file.slice(out.length) : file.replace(/^.*[\\/]node_modules[\\/]/, 'node_modules/')));
  };
  return { client, loaded };
}

describe('protocol: what the server loads before its first diagnostics', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('the first check loads the engine and none of the later features; each loads on its first request', async function () {
    if (!fs.existsSync(SERVER)) this.skip();
    const ws = TempWorkspace.create('mission');
    const { client, loaded } = await startWithLoadLog(ws);
    const uri = client.open(ws.path('mcp.json'));
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok(first.diagnostics.length > 0, 'the fixture has findings');
    const atFirstCheck = await loaded();
    assert.ok(atFirstCheck.includes('server/src/service/engine.js'), atFirstCheck.join('\n'));
    assert.deepEqual(
      atFirstCheck.filter((file) => LATER.some((pattern) => pattern.test(file))),
      [],
    );

    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: 2, character: 6 },
    });
    assert.ok(hover, 'a hover on the first server');
    const folding = await client.request<unknown[]>('textDocument/foldingRange', { textDocument: { uri } });
    assert.ok(folding.length > 0);
    const actions = await client.request<unknown[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: first.diagnostics[0].range,
      context: { diagnostics: [first.diagnostics[0]] },
    });
    assert.ok(Array.isArray(actions));
    const later = await loaded();
    for (const module of [
      'server/src/service/language/hover.js',
      'server/src/service/language/structure.js',
      'server/src/service/fixes/index.js',
      'server/src/service/readiness/index.js',
    ])
      assert.ok(later.includes(module), `${module} is loaded once asked for`);
  });

  it("the bundled server loads neither crypto nor child_process up to its first diagnostics (scripts/build.mjs defers the libraries' top-level require)", async function () {
    if (!fs.existsSync(SERVER_SCRIPT)) this.skip();
    const ws = TempWorkspace.create('mission');
    fs.writeFileSync(ws.path('.env'), 'GITHUB_TOKEN=x\n');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-catalog-builtins-'));
    const hook = path.join(dir, 'hook.js');
    const log = path.join(dir, 'builtins.json');
    fs.writeFileSync(
      hook,
      `const Module = require('node:module'); const seen = new Set(); const load = Module._load;
Module._load = function (request, ...rest) { if (Module.isBuiltin(request)) seen.add(request.replace(/^node:/, '')); return load.call(this, request, ...rest); };
process.on('SIGUSR2', () => require('node:fs').writeFileSync(${JSON.stringify(log)}, JSON.stringify([...seen])));\n`,
    );
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings(),
      wrap: (node, args) => ({ file: node, args: ['-r', hook, ...args] }),
    });
    const uri = client.open(ws.path('mcp.json'));
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    assert.ok(first.diagnostics.length > 0, 'the fixture has findings');
    process.kill(client.pid!, 'SIGUSR2');
    for (let i = 0; i < 200 && !fs.existsSync(log); i++) await new Promise((resolve) => setTimeout(resolve, 25));
    const builtins = JSON.parse(fs.readFileSync(log, 'utf8')) as string[];
    assert.ok(builtins.includes('fs'), builtins.join(', '));
    assert.deepEqual(
      builtins.filter((name) => name === 'crypto' || name === 'child_process'),
      [],
      builtins.join(', '),
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
