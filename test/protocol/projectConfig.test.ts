/**
 * `.mcp-catalog.json` in the language server (docs/configuration.md "Configuration file"): the workspace
 * folder's file lies under the user's settings, changes a verdict exactly as it does on the
 * command line, gives way to a setting the user set, and its `exclude` silences a file.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { FileChange, LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { removeAllWorkspaces, TempWorkspace } from './workspace';

const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];

/** One missing variable and an out-of-range timeout: two warnings without configuration. */
const CATALOG = `${JSON.stringify({ s: { type: 'stdio', command: 'npx', env: { TOKEN: '${TEAM_TOKEN}' }, startup_timeout_sec: 4 } }, null, 2)}\n`;
const CONFIG = JSON.stringify({ knownVariables: ['TEAM_TOKEN'], severity: { 'timeout-range': 'error' }, readProcessEnv: false });

const verdict = (diagnostics: readonly Diagnostic[]): string[] => diagnostics.map((d) => `${SEVERITY[d.severity ?? 0]} ${String(d.code)}`).sort();

/** What `mcp-catalog check` says about the same folder, in the same words. */
function cliVerdict(dir: string): string[] {
  const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
  const run = spawnSync(process.execPath, [bin, 'check', '--format', 'json'], { cwd: dir, encoding: 'utf8', env: { PATH: process.env.PATH } });
  const report = JSON.parse(run.stdout) as { files: { diagnostics: { severity: string; code: string }[] }[] };
  return report.files.flatMap((f) => f.diagnostics.map((d) => `${d.severity} ${d.code}`)).sort();
}

describe('protocol: the .mcp-catalog.json configuration', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('changes the verdict the way it does on the command line', async () => {
    assert.ok(existsSync(path.join(REPO_ROOT, 'dist', 'cli.js')), 'built');
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    ws.write('.mcp-catalog.json', CONFIG);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: { validation: { delay: 0 } } } });
    const { diagnostics } = await client.waitForDiagnostics(client.open(ws.path('mcp.json')), { version: 1 });
    assert.deepEqual(verdict(diagnostics), ['error timeout-range']);
    assert.deepEqual(cliVerdict(ws.dir), verdict(diagnostics), 'the command line agrees');
  });

  it('a setting the user set wins over the file; severity overrides merge per code', async () => {
    const ws = TempWorkspace.create();
    ws.write(
      'mcp.json',
      `${JSON.stringify({ s: { type: 'stdio', command: 'npx', env: { TOKEN: '${TEAM_TOKEN}' }, startup_timeout_sec: 4, unavailable: '' } }, null, 2)}\n`,
    );
    ws.write(
      '.mcp-catalog.json',
      JSON.stringify({ knownVariables: ['TEAM_TOKEN'], severity: { 'timeout-range': 'error', 'unavailable-empty': 'error' }, readProcessEnv: false }),
    );
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: { mcpCatalog: { validation: { delay: 0 }, knownVariables: ['OTHER'], severity: { 'timeout-range': 'hint' } } },
    });
    const { diagnostics } = await client.waitForDiagnostics(client.open(ws.path('mcp.json')), { version: 1 });
    assert.deepEqual(verdict(diagnostics), ['error unavailable-empty', 'hint timeout-range', 'warning unresolved-variable']);
  });

  it('names the file as the source of known names where the sources searched are listed (the hover)', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG.replace('TEAM_TOKEN', 'MISSING_TOKEN'));
    ws.write('.mcp-catalog.json', CONFIG);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: { validation: { delay: 0 } } } });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    const unresolved = diagnostics.find((d) => d.code === 'unresolved-variable');
    assert.ok(unresolved);
    const position = { line: unresolved.range.start.line, character: unresolved.range.start.character + 3 };
    const hover = await client.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position });
    assert.match(hover?.contents.value ?? '', /knownVariables of \.mcp-catalog\.json/);
  });

  it('exclude: an excluded file gets no diagnostics; editing the file and telling the server re-checks', async () => {
    const ws = TempWorkspace.create();
    ws.write('fixtures/mcp.json', CATALOG);
    ws.write('.mcp-catalog.json', JSON.stringify({ exclude: ['fixtures/'], readProcessEnv: false }));
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: { validation: { delay: 0 } } } });
    const uri = client.open(ws.path('fixtures/mcp.json'));
    const excluded = await client.waitForDiagnostics(uri);
    assert.deepEqual(excluded.diagnostics, []);
    const mark = client.mark();
    ws.write('.mcp-catalog.json', JSON.stringify({ readProcessEnv: false, knownVariables: ['TEAM_TOKEN'] }));
    client.didChangeWatchedFiles([{ path: ws.path('.mcp-catalog.json'), type: FileChange.Changed }]);
    const checked = await client.waitForDiagnostics(uri, { since: mark, match: (d) => d.length > 0 });
    assert.deepEqual(verdict(checked.diagnostics), ['warning timeout-range']);
  });

  it('a file with a problem is logged and its valid keys still apply', async () => {
    const ws = TempWorkspace.create();
    ws.write('mcp.json', CATALOG);
    ws.write('.mcp-catalog.json', JSON.stringify({ knownVariables: ['TEAM_TOKEN'], severity: { 'timeout-range': 'loud' }, readProcessEnv: false }));
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: { mcpCatalog: { validation: { delay: 0 } } } });
    const { diagnostics } = await client.waitForDiagnostics(client.open(ws.path('mcp.json')), { version: 1 });
    assert.deepEqual(verdict(diagnostics), ['warning timeout-range']);
    await client.waitForLog((line) => /\.mcp-catalog\.json: severity\.timeout-range must be error, warning, information, hint or off/.test(line.message));
  });
});
