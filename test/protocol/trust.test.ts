/**
 * Workspace trust through the bundled server. With
 * `initializationOptions.workspaceTrusted: false` (VS Code's restricted mode) the server reads no
 * dotenv file, no secrets file and no process environment, so nothing can be said about a
 * variable that is not declared known: no unresolved-variable warning, and readiness says "not
 * checked" naming the variables it could not look up. Everything else still runs (the catalog
 * rules, names declared in `mcpCatalog.knownVariables`). `mcpCatalog/trustChanged` switches it at
 * run time and the diagnostics are republished.
 */
import * as assert from 'node:assert/strict';
import type { CodeAction, CompletionList, Diagnostic, Hover } from 'vscode-languageserver-protocol';
import type { ReadinessResult } from '../../shared/src/protocol';
import { Capabilities, FileChange, fileUri, LspClient, stopAllClients, type StartOptions } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

const CATALOG = `${JSON.stringify(
  {
    s: {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@example/s@1.0.0', '--token', 'ghp_0123456789abcdefghijABCDEFGHIJ012345'],
      env: { A: '${DOTENV_ONLY}', B: '${SECRETS_ONLY}', C: '${PROCESS_ONLY}', D: '${KNOWN_ONLY}', E: '${' },
      startup_timeout_sec: 4,
    },
  },
  null,
  2,
)}\n`;

const FROM_SOURCES = ['DOTENV_ONLY', 'PROCESS_ONLY', 'SECRETS_ONLY'];

/** The readiness of server `s`, once the server's analysis satisfies `until`. */
async function serverState(client: LspClient, uri: string, until: (state: string) => boolean = () => true): Promise<{ state: string; variables: string[] }> {
  for (let attempt = 0; ; attempt++) {
    const readiness = await client.request<ReadinessResult>('mcpCatalog/readiness', { uri });
    const server = readiness.servers.find((candidate) => candidate.name === 's')!;
    if (until(server.state) || attempt > 100) return { state: server.state, variables: [...(server.variables ?? [])].sort() };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function workspace(): TempWorkspace {
  const ws = TempWorkspace.create();
  ws.write('mcp.json', CATALOG);
  ws.write('.env', 'DOTENV_ONLY=dotenv-value\n');
  ws.write('secrets.json', JSON.stringify({ SECRETS_ONLY: 'secrets-value' }));
  return ws;
}

function start(ws: TempWorkspace, options: Partial<StartOptions> = {}): Promise<LspClient> {
  return LspClient.start({
    workspaceFolders: [ws.dir],
    env: { PROCESS_ONLY: 'process-value' },
    settings: catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json', knownVariables: ['KNOWN_ONLY'] }),
    ...options,
  });
}

const unresolvedNames = (diagnostics: Diagnostic[]): string[] =>
  withCode(diagnostics, 'unresolved-variable')
    .map((d) => (d.data as { name: string }).name)
    .sort();

describe('protocol: workspace trust', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('restricted: no unresolved-variable (nothing could be looked up), readiness "not checked" names what was not; the rules still run; known names count', async () => {
    const ws = workspace();
    const client = await start(ws, { initializationOptions: { workspaceTrusted: false } });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });

    assert.deepEqual(unresolvedNames(diagnostics), [], 'a name the sources may set is not called unset');
    // The catalog rules are not trust-dependent.
    for (const code of ['timeout-range', 'hardcoded-secret', 'invalid-placeholder']) assert.equal(withCode(diagnostics, code).length, 1, `${code} still fires`);
    await client.waitForLog((line) => /ready \(restricted workspace\)/.test(line.message));

    const readiness = await client.request<ReadinessResult>('mcpCatalog/readiness', { uri });
    assert.equal(readiness.trusted, false);
    const server = readiness.servers.find((s) => s.name === 's')!;
    assert.equal(server.state, 'not_checked');
    assert.deepEqual([...(server.variables ?? [])].sort(), FROM_SOURCES, 'KNOWN_ONLY still counts');
    assert.match(server.reason ?? '', /Restricted Mode reads no env file, secrets file or process environment/);

    // Hover says why; a known name names its source.
    const text = client.document(uri).getText();
    const hover = async (target: string): Promise<string> => {
      const range = rangeIn(text, `"${target}"`, target);
      const result = await client.request<Hover | null>('textDocument/hover', {
        textDocument: { uri },
        position: { line: range.start.line, character: range.start.character + 3 },
      });
      return (result?.contents as { value: string } | undefined)?.value ?? '';
    };
    assert.match(await hover('${DOTENV_ONLY}'), /restricted workspace/);
    assert.match(await hover('${KNOWN_ONLY}'), /Source: names declared in mcpCatalog\.knownVariables\./);

    // Completion after `${` names no source it may not read: the catalog's own names come from the
    // document itself, and only the known names are said to be set.
    const completion = await client.request<CompletionList>('textDocument/completion', {
      textDocument: { uri },
      position: rangeIn(text, '"E": "${"', '${').end,
    });
    const variables = completion.items.filter((item) => item.kind === 6);
    assert.deepEqual(
      variables.filter((item) => item.detail?.includes('set in')).map((item) => item.label),
      ['KNOWN_ONLY'],
    );
    // `E` is the env key being written: offered as its own name first.
    for (const item of variables)
      if (item.label !== 'KNOWN_ONLY') assert.equal(item.detail, item.label === 'E' ? 'the name of this env key' : 'used in this catalog', item.label);

    // No fix reads or writes the dotenv file it may not read: no secret is moved.
    const actions = await client.request<CodeAction[]>('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: client.document(uri).positionAt(text.length) },
      context: { diagnostics, only: ['quickfix'] },
    });
    const titles = actions.map((action) => action.title);
    const touched = actions.flatMap((action) =>
      Object.keys(action.edit?.changes ?? {}).concat(
        (action.edit?.documentChanges ?? []).map((change) => ('textDocument' in change ? change.textDocument.uri : change.kind === 'create' ? change.uri : '')),
      ),
    );
    assert.ok(!touched.includes(fileUri(ws.path('.env'))), `no fix edits .env in a restricted workspace: ${JSON.stringify(titles)}`);
    assert.ok(!titles.some((title) => title.startsWith('Move the secret')), 'the secret is not moved into a dotenv file');
  });

  it('restricted: neither an open, unsaved .env nor a changed one on disk is read', async () => {
    const ws = workspace();
    const client = await start(ws, { initializationOptions: { workspaceTrusted: false } });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });
    // An edited .env revalidates the catalogs that may depend on it…
    let mark = client.mark();
    client.open(ws.path('.env'), 'DOTENV_ONLY=dotenv-value\nSECRETS_ONLY=x\nPROCESS_ONLY=y\n', 'dotenv');
    await client.waitForDiagnostics(uri, { since: mark });
    assert.deepEqual(await serverState(client, uri), { state: 'not_checked', variables: FROM_SOURCES }, 'the open .env was not read');
    // …and so does a change on disk; neither is read.
    mark = client.mark();
    ws.write('.env', 'DOTENV_ONLY=a\nSECRETS_ONLY=b\nPROCESS_ONLY=c\n');
    client.didChangeWatchedFiles([{ path: ws.path('.env'), type: FileChange.Changed }]);
    await client.waitForDiagnostics(uri, { since: mark });
    assert.deepEqual(await serverState(client, uri), { state: 'not_checked', variables: FROM_SOURCES }, 'the .env on disk was not read');
  });

  it('trustChanged {trusted: true}: the sources are read, the readiness is checked, and unset names are reported again', async () => {
    const ws = workspace();
    ws.write('mcp.json', CATALOG.replace('"E": "${"', '"E": "${NOWHERE}"'));
    const client = await start(ws, { initializationOptions: { workspaceTrusted: false } });
    const uri = client.open(ws.path('mcp.json'));
    assert.deepEqual(unresolvedNames((await client.waitForDiagnostics(uri, { version: 1 })).diagnostics), []);
    const mark = client.mark();
    client.notify('mcpCatalog/trustChanged', { trusted: true });
    const trusted = await client.waitForDiagnostics(uri, { since: mark, match: (d) => unresolvedNames(d).length > 0 });
    assert.deepEqual(unresolvedNames(trusted.diagnostics), ['NOWHERE'], 'only the name no source sets');
    assert.equal(withCode(trusted.diagnostics, 'timeout-range').length, 1, 'the other diagnostics stay');
    await client.waitForLog((line) => /Workspace is now trusted/.test(line.message));
    const readiness = await client.request<ReadinessResult>('mcpCatalog/readiness', { uri });
    assert.equal(readiness.trusted, true);
    assert.deepEqual(await serverState(client, uri), { state: 'missing_configuration', variables: ['NOWHERE'] });
    // Now the dotenv file may be read, so its fix is offered again.
    const text = client.document(uri).getText();
    const hover = await client.request<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: rangeIn(text, '"${DOTENV_ONLY}"', 'DOTENV_ONLY').start,
    });
    assert.match((hover.contents as { value: string }).value, /Source: \.env\./);
  });

  it('trust can also be withdrawn at run time; a client that says nothing about trust is trusted', async () => {
    const ws = workspace();
    const client = await start(ws);
    const uri = client.open(ws.path('mcp.json'));
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    assert.deepEqual(unresolvedNames(first.diagnostics), [], 'no workspaceTrusted option: trusted (Neovim, Helix)');
    assert.equal((await client.request<ReadinessResult>('mcpCatalog/readiness', { uri })).trusted, true);
    const mark = client.mark();
    client.notify('mcpCatalog/trustChanged', { trusted: false });
    await client.waitForDiagnostics(uri, { since: mark });
    assert.deepEqual(await serverState(client, uri, (state) => state === 'not_checked'), { state: 'not_checked', variables: FROM_SOURCES });
    assert.equal((await client.request<ReadinessResult>('mcpCatalog/readiness', { uri })).trusted, false);
  });

  it('restricted, with settings from initializationOptions (a client without workspace/configuration)', async () => {
    const ws = workspace();
    const client = await start(ws, {
      capabilities: Capabilities.withoutConfiguration(),
      settings: {},
      initializationOptions: {
        workspaceTrusted: false,
        settings: { validation: { delay: 0 }, readProcessEnv: true, secretsFile: 'secrets.json', knownVariables: ['KNOWN_ONLY', 'SECRETS_ONLY'] },
      },
    });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.deepEqual(unresolvedNames(diagnostics), []);
    assert.equal(withCode(diagnostics, 'timeout-range').length, 1);
    assert.deepEqual(await serverState(client, uri), { state: 'not_checked', variables: ['DOTENV_ONLY', 'PROCESS_ONLY'] }, 'both known names count');
  });
});
