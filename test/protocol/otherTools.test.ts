/**
 * Other tools' MCP files are never catalogs (SPEC §1), through the bundled server: Cursor's
 * `.cursor/mcp.json`, Windsurf's `mcp_config.json`, JetBrains Air's `mcp.json` with an
 * `mcpServers` envelope, VS Code's `.vscode/mcp.json` and Claude Code's `.mcp.json` get no
 * diagnostics, no kind (the client's language switch asks `mcpCatalog/classify`), no readiness and
 * no hover — while the same envelope with AIR's `$schema`, or listed by an air.json, is checked.
 */
import * as assert from 'node:assert/strict';
import type { Hover } from 'vscode-languageserver-protocol';
import type { ClassifyResult, ReadinessResult } from '../../shared/src/protocol';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, removeAllWorkspaces, TempWorkspace } from './workspace';

const ENVELOPE =
  '{\n  "mcpServers": {\n    "github": { "command": "npx", "args": ["-y", "gh"], "env": { "T": "${GH_TOKEN}" }, "startup_timeout_sec": 4 }\n  }\n}\n';
const VSCODE = '{\n  "inputs": [],\n  "servers": { "github": { "type": "stdio", "command": "npx", "startup_timeout_sec": 4 } }\n}\n';
const AIR_SCHEMA = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';

const OTHER_TOOLS: Record<string, string> = {
  '.cursor/mcp.json': ENVELOPE,
  'mcp_config.json': ENVELOPE,
  'jetbrains/mcp.json': ENVELOPE,
  '.vscode/mcp.json': VSCODE,
  '.mcp.json': ENVELOPE,
};

describe("protocol: other tools' MCP files get nothing from us (SPEC §1)", function () {
  this.timeout(30_000);

  after(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('no diagnostics, no kind, no readiness, no hover for each; the envelope with AIR’s $schema or an air.json listing is checked', async () => {
    const ws = TempWorkspace.create();
    for (const [file, text] of Object.entries(OTHER_TOOLS)) ws.write(file, text);
    const controlTexts: Record<string, string> = {
      'with-schema/mcp.json': ENVELOPE.replace('{\n', `{\n  "$schema": "${AIR_SCHEMA}",\n`),
      'listed/mcp.json': ENVELOPE,
    };
    for (const [file, text] of Object.entries(controlTexts)) ws.write(file, text);
    ws.write('air.json', '{ "mcp": ["./listed/mcp.json"] }\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const others = Object.entries(OTHER_TOOLS).map(([file, text]) => client.open(ws.path(file), text));
    // Opened last, so analysed last: once they have diagnostics, the server has had its chance at the others.
    for (const [file, text] of Object.entries(controlTexts)) {
      const uri = client.open(ws.path(file));
      const published = await client.waitForDiagnostics(uri, { match: (diagnostics) => diagnostics.length > 0 });
      assert.ok(published.diagnostics.length > 0, file);
      assert.deepEqual(await client.request<ClassifyResult>('mcpCatalog/classify', { uri, text }), { kind: 'catalog' }, file);
    }
    for (const [index, file] of Object.keys(OTHER_TOOLS).entries()) {
      const uri = others[index];
      assert.equal(client.latest(uri)?.diagnostics.length ?? 0, 0, `${file}: no diagnostics`);
      assert.deepEqual(await client.request<ClassifyResult>('mcpCatalog/classify', { uri, text: OTHER_TOOLS[file] }), { kind: null }, `${file}: no kind`);
      assert.equal(await client.request<ReadinessResult | null>('mcpCatalog/readiness', { uri }), null, `${file}: no readiness`);
      const at = OTHER_TOOLS[file].split('\n').findIndex((line) => line.includes('startup_timeout_sec'));
      const character = OTHER_TOOLS[file].split('\n')[at].indexOf('startup_timeout_sec') + 2;
      assert.equal(
        await client.request<Hover | null>('textDocument/hover', { textDocument: { uri }, position: { line: at, character } }),
        null,
        `${file}: no hover`,
      );
    }
  });
});
