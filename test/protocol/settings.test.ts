/**
 * Settings reach the rules from every place a client can put them — workspace/configuration,
 * initializationOptions, a didChangeConfiguration push — and the server works with none at all.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { Capabilities, LspClient, stopAllClients } from './lspClient';
import { catalogSettings, codesOf, removeAllWorkspaces, single, TempWorkspace, withCode } from './workspace';

const ERROR = 1;
const WARNING = 2;

const unresolvedNames = (diagnostics: Diagnostic[]): string[] =>
  withCode(diagnostics, 'unresolved-variable')
    .map((d) => String((d.data as { name: string }).name))
    .sort();

/** A catalog referencing one variable from the process environment and two that are nowhere. */
const VARIABLES_CATALOG = `{
  "vars": {
    "type": "stdio",
    "command": "vars-server",
    "env": {
      "FROM_PROCESS": "\${MCP_CATALOG_TEST_PROCESS_VAR}",
      "DECLARED": "\${DECLARED_ELSEWHERE}",
      "MISSING": "\${NOWHERE_AT_ALL}"
    }
  }
}
`;

describe('protocol: settings', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('a per-code severity override from workspace/configuration: off drops a code, error raises one', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings({ severity: { 'timeout-range': 'off', 'unavailable-type': 'error', 'undefined-root': 'warning' } }),
    });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.equal(withCode(diagnostics, 'timeout-range').length, 0, 'off drops it');
    assert.equal(single(diagnostics, 'unavailable-type').severity, ERROR, 'error raises it');
    assert.equal(single(diagnostics, 'undefined-root').severity, WARNING, 'warning lowers it');
    assert.equal(single(diagnostics, 'timeout-type').severity, WARNING, 'codes without an override keep their default');
    assert.ok(
      client.configurationRequests.some((request) => request.items.some((item) => item.section === 'mcpCatalog' && item.scopeUri === uri)),
      'settings are asked per resource, section mcpCatalog',
    );
  });

  it('knownVariables silences unresolved-variable for the declared names only', async () => {
    const ws = TempWorkspace.create();
    const file = ws.write('mcp.json', VARIABLES_CATALOG);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings({ knownVariables: ['DECLARED_ELSEWHERE'] }) });
    const uri = client.open(file);
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.deepEqual(unresolvedNames(diagnostics), ['MCP_CATALOG_TEST_PROCESS_VAR', 'NOWHERE_AT_ALL']);
  });

  it('readProcessEnv: the process environment counts by default and not when switched off', async () => {
    const ws = TempWorkspace.create();
    const file = ws.write('mcp.json', VARIABLES_CATALOG);
    const env = { MCP_CATALOG_TEST_PROCESS_VAR: 'present' };

    const reading = await LspClient.start({ env, workspaceFolders: [ws.dir], settings: { mcpCatalog: { validation: { delay: 0 } } } });
    const on = await reading.waitForDiagnostics(reading.open(file), { version: 1 });
    assert.deepEqual(unresolvedNames(on.diagnostics), ['DECLARED_ELSEWHERE', 'NOWHERE_AT_ALL']);

    const notReading = await LspClient.start({ env, workspaceFolders: [ws.dir], settings: catalogSettings({ readProcessEnv: false }) });
    const offUri = notReading.open(file);
    const off = await notReading.waitForDiagnostics(offUri, { version: 1 });
    assert.deepEqual(unresolvedNames(off.diagnostics), ['DECLARED_ELSEWHERE', 'MCP_CATALOG_TEST_PROCESS_VAR', 'NOWHERE_AT_ALL']);
    // The hover on the placeholder says the process environment was not read (the Problems row stays short).
    const unresolved = off.diagnostics.find((d) => (d.data as { name: string }).name === 'MCP_CATALOG_TEST_PROCESS_VAR')!;
    const hover = await notReading.request<{ contents: { value: string } } | null>('textDocument/hover', {
      textDocument: { uri: offUri },
      position: { line: unresolved.range.start.line, character: unresolved.range.start.character + 3 },
    });
    assert.match(hover?.contents.value ?? '', /process environment \(switched off\)/, 'the hover says the process environment was not read');
  });

  it('settings from initializationOptions for a client without workspace/configuration', async () => {
    const ws = TempWorkspace.create();
    const file = ws.write('mcp.json', VARIABLES_CATALOG);
    const client = await LspClient.start({
      capabilities: Capabilities.withoutConfiguration(),
      env: { MCP_CATALOG_TEST_PROCESS_VAR: 'present' },
      workspaceFolders: [ws.dir],
      initializationOptions: {
        settings: { validation: { delay: 0 }, knownVariables: ['DECLARED_ELSEWHERE'], readProcessEnv: false, severity: { 'unresolved-variable': 'error' } },
      },
    });
    const { diagnostics } = await client.waitForDiagnostics(client.open(file), { version: 1 });
    assert.deepEqual(unresolvedNames(diagnostics), ['MCP_CATALOG_TEST_PROCESS_VAR', 'NOWHERE_AT_ALL']);
    assert.ok(withCode(diagnostics, 'unresolved-variable').every((d) => d.severity === ERROR));
    assert.equal(client.configurationRequests.length, 0, 'a client without the capability is never asked');
  });

  it('revalidates with new settings after workspace/didChangeConfiguration (pulled, and pushed)', async () => {
    const ws = TempWorkspace.create();
    const file = ws.write('mcp.json', VARIABLES_CATALOG);
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(file);
    await client.waitForDiagnostics(uri, { version: 1, match: (d) => unresolvedNames(d).length === 3 });

    // Pulled: the server is told "something changed" and asks again.
    const asked = client.configurationRequests.length;
    client.setSettings(catalogSettings({ knownVariables: ['NOWHERE_AT_ALL'] }));
    await client.waitForDiagnostics(uri, {
      match: (d) => JSON.stringify(unresolvedNames(d)) === JSON.stringify(['DECLARED_ELSEWHERE', 'MCP_CATALOG_TEST_PROCESS_VAR']),
    });
    assert.ok(client.configurationRequests.length > asked, 'the server asked for the settings again');

    // Pushed: a client without workspace/configuration sends the settings in the notification.
    const pushedClient = await LspClient.start({
      capabilities: Capabilities.withoutConfiguration(),
      workspaceFolders: [ws.dir],
      initializationOptions: { settings: { validation: { delay: 0 }, readProcessEnv: false } },
    });
    const pushedUri = pushedClient.open(file);
    await pushedClient.waitForDiagnostics(pushedUri, { version: 1, match: (d) => unresolvedNames(d).length === 3 });
    pushedClient.setSettings({}, true, { mcpCatalog: { validation: { delay: 0 }, readProcessEnv: false, severity: { 'unresolved-variable': 'off' } } });
    await pushedClient.waitForDiagnostics(pushedUri, { match: (d) => withCode(d, 'unresolved-variable').length === 0 });
  });

  it('works with no settings and no workspace/configuration capability at all', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ capabilities: Capabilities.none() });
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    // Default severities; the sibling roots index is still found without a workspace folder.
    assert.equal(single(diagnostics, 'timeout-range').severity, WARNING);
    assert.equal(single(diagnostics, 'undefined-root').severity, ERROR);
    assert.equal(single(diagnostics, 'invalid-placeholder').severity, ERROR);
    assert.ok(codesOf(diagnostics).includes('unresolved-variable'), codesOf(diagnostics).join());
    assert.equal(client.configurationRequests.length, 0);
    assert.deepEqual(client.registrations, [], 'nothing is registered with a client that offered nothing');
    // Without relatedInformation support the server leaves it out.
    assert.equal(single(diagnostics, 'undefined-root').relatedInformation, undefined);
  });
});
