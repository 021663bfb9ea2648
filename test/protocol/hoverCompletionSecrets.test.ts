/**
 * No completion or hover ever shows a variable's value (SPEC §4.3, §8): values
 * planted in a dotenv file, a secrets file and the server's own environment must appear in no
 * response, wherever the cursor is.
 */
import * as assert from 'node:assert/strict';
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { LspClient, REPO_ROOT, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'language', 'workspace');
const DOTENV_VALUE = 'd0tenv-Pl4nted-Zq9x';
const PROCESS_VALUE = 'pr0cess-Pl4nted-Kx7w';
const SECRETS_VALUE = 's3crets-Pl4nted-Jm2v';

describe('protocol: completion and hover never show a variable value', function () {
  this.timeout(60_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('keeps planted dotenv, secrets-file and process-environment values out of every completion and hover', async () => {
    const ws = TempWorkspace.create();
    cpSync(FIXTURE, ws.dir, { recursive: true });
    ws.write('.env', `GITHUB_TOKEN=${DOTENV_VALUE}\nDOTENV_ONLY=${DOTENV_VALUE}\n`);
    ws.write('secrets.json', JSON.stringify({ SECRET_FROM_FILE: SECRETS_VALUE }));
    const client = await LspClient.start({
      workspaceFolders: [ws.dir],
      settings: catalogSettings({ readProcessEnv: true, secretsFile: 'secrets.json' }),
      env: { PROCESS_ONLY: PROCESS_VALUE, SLACK_BOT_TOKEN: PROCESS_VALUE },
    });
    const text = [
      '{',
      '  "s": {',
      '    "type": "streamable-http",',
      '    "url": "https://${GITHUB_TOKEN}.example.com/${",',
      '    "headers": {"Authorization": "Bearer ${PROCESS_ONLY}", "X-Secret": "${SECRET_FROM_FILE}", "X-Partial": "${DOTENV_O}"},',
      '    "startup_timeout_sec": 20,',
      '    "default_in_roots": ["zimmer"]',
      '  },',
      '  "slack": {"type": "stdio", "command": "npx", "env": {"SLACK_BOT_TOKEN": "${SLACK_BOT_TOKEN}", "NEW": "${"}}',
      '}',
    ].join('\n');
    const uri = client.open(ws.path('mcp.json'), text);
    await client.waitForDiagnostics(uri, { version: 1 });
    const document = TextDocument.create(uri, 'json', 1, text);

    const responses: string[] = [];
    let variableItems = 0;
    for (let offset = 0; offset <= text.length; offset++) {
      const position = document.positionAt(offset);
      const [completion, hover] = await Promise.all([
        client.request<{ items: { kind?: number }[] } | null>('textDocument/completion', { textDocument: { uri }, position }),
        client.request<unknown>('textDocument/hover', { textDocument: { uri }, position }),
      ]);
      variableItems += completion?.items.filter((item) => item.kind === 6).length ?? 0;
      responses.push(JSON.stringify(completion), JSON.stringify(hover));
    }
    // The names were offered and hovered (the test would prove nothing otherwise)…
    assert.ok(variableItems > 0, 'no variable completion was offered');
    const all = responses.join('\n');
    for (const name of ['GITHUB_TOKEN', 'PROCESS_ONLY', 'SECRET_FROM_FILE', 'DOTENV_ONLY']) assert.ok(all.includes(name), `${name} never appeared`);
    assert.match(all, /Source: \.env/);
    assert.match(all, /Source: the process environment/);
    // …but never a value.
    for (const value of [DOTENV_VALUE, PROCESS_VALUE, SECRETS_VALUE]) assert.ok(!all.includes(value), `a response contains the planted value ${value}`);
    assert.ok(
      !client.rawStdout().includes(DOTENV_VALUE) && !client.rawStdout().includes(PROCESS_VALUE) && !client.rawStdout().includes(SECRETS_VALUE),
      'the planted value went over the wire',
    );
  });
});
