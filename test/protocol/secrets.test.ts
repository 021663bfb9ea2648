/**
 * SPEC §4.3/§8: the server shows names and sources, never values. Distinctive values planted in a
 * dotenv file, a secrets file and the server's own environment must appear in no message the
 * server sends (diagnostics, notifications, log lines at verbose trace) and nowhere on stderr.
 * secretsEverywhere.test.ts extends this to hovers, completion, code actions and previews.
 */
import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace, withCode } from './workspace';

describe('protocol: no secret value ever leaves the server', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('keeps dotenv, secrets-file and process-environment values out of diagnostics and verbose logs', async () => {
    const tag = randomBytes(6).toString('hex');
    const secrets = {
      dotenv: `dotenvValue${tag}Q7`,
      process: `processValue${tag}Z3`,
      secretsFile: `secretsFileValue${tag}K9`,
    };
    const ws = TempWorkspace.create();
    ws.write('.env', `MCP_TEST_DOTENV_TOKEN=${secrets.dotenv}\nexport MCP_TEST_DOTENV_QUOTED="${secrets.dotenv}"\n`);
    ws.write('secrets.json', JSON.stringify({ MCP_TEST_SECRETS_FILE_TOKEN: secrets.secretsFile }));
    // Every kind of reference: found in each source, a near-miss typo (whose fix suggests close
    // names), one nowhere, a lower-case one, and a placeholder where it is never substituted.
    const catalog = ws.write(
      'mcp.json',
      `${JSON.stringify(
        {
          secretive: {
            type: 'streamable-http',
            url: 'https://mcp.example.com/${MCP_TEST_PROCESS_TOKEN}',
            headers: {
              Authorization: 'Bearer ${MCP_TEST_DOTENV_TOKEN}',
              'X-Quoted': '${MCP_TEST_DOTENV_QUOTED}',
              'X-Secrets-File': '${MCP_TEST_SECRETS_FILE_TOKEN}',
              'X-Typo': '${MCP_TEST_DOTENV_TOKN}',
              'X-Process-Typo': '${MCP_TEST_PROCESS_TOKN}',
              'X-Lower': '${mcp_test_dotenv_token}',
            },
            description: 'Uses ${MCP_TEST_DOTENV_TOKEN}',
            startup_timeout_sec: 4,
          },
        },
        null,
        2,
      )}\n`,
    );
    const client = await LspClient.start({
      env: { MCP_TEST_PROCESS_TOKEN: secrets.process },
      workspaceFolders: [ws.dir],
      trace: 'verbose',
      settings: catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json' }),
    });
    client.notify('$/setTrace', { value: 'verbose' });
    const uri = client.open(catalog);
    const first = await client.waitForDiagnostics(uri, { version: 1 });
    // The test is only worth something if the values were found (so the server did read them)…
    const unresolved = withCode(first.diagnostics, 'unresolved-variable')
      .map((d) => (d.data as { name: string }).name)
      .sort();
    assert.deepEqual(unresolved, ['MCP_TEST_DOTENV_TOKN', 'MCP_TEST_PROCESS_TOKN']);
    // … and verbose logging was really on.
    await client.waitForLog((line) => /Checked mcp\.json/.test(line.message));

    // Drive more traffic: an edit, the .env opened in the editor, a settings change, a close.
    client.change(uri, client.document(uri).getText().replace('"startup_timeout_sec": 4', '"startup_timeout_sec": 4.5'));
    await client.waitForDiagnostics(uri, { version: 2 });
    const envUri = client.open(ws.path('.env'), ws.read('.env'), 'properties');
    await client.waitForDiagnostics(envUri);
    client.setSettings(catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json', knownVariables: ['MCP_TEST_DOTENV_TOKN'] }));
    await client.waitForDiagnostics(uri, { match: (d) => withCode(d, 'unresolved-variable').length === 1 });
    client.close(envUri);
    await client.roundTrip();
    await client.stop();

    const everything = `${client.rawStdout()}\n${client.stderr()}`;
    assert.ok(client.logs.length > 0 && everything.includes('MCP_TEST_DOTENV_TOKN'), 'names do appear');
    for (const [source, value] of Object.entries(secrets)) {
      // The whole value, and a distinctive part of it (a truncated echo is a leak too).
      for (const needle of [value, value.slice(0, 14), tag]) {
        assert.equal(everything.includes(needle), false, `the ${source} value (or part of it: ${needle}) appeared in the server's output`);
      }
    }
  });
});
