/**
 * The bundled server, spawned over stdio, publishes SPEC §5 diagnostics for a catalog and a
 * roots index — codes, source, severities, ranges and `data` — and none for
 * files SPEC §1 says are not ours.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic, Range } from 'vscode-languageserver-protocol';
import type { DocumentAnalysedParams } from '../../shared/src/protocol';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, codesOf, rangeIn, removeAllWorkspaces, single, TempWorkspace, withCode } from './workspace';

const ERROR = 1;
const WARNING = 2;

interface Expected {
  code: string;
  severity: number;
  range: Range;
  data: Record<string, unknown>;
}

function assertDiagnostic(diagnostics: Diagnostic[], expected: Expected): Diagnostic {
  const diagnostic = single(diagnostics, expected.code);
  assert.equal(diagnostic.source, 'mcp-catalog', `${expected.code}: source`);
  assert.equal(diagnostic.severity, expected.severity, `${expected.code}: severity`);
  assert.deepEqual(diagnostic.range, expected.range, `${expected.code}: range`);
  assert.ok(diagnostic.message.length > 0, `${expected.code}: message`);
  const data = diagnostic.data as Record<string, unknown>;
  assert.equal(data?.code, expected.code, `${expected.code}: data.code`);
  for (const [key, value] of Object.entries(expected.data)) assert.deepEqual(data[key], value, `${expected.code}: data.${key}`);
  return diagnostic;
}

describe('protocol: diagnostics from the bundled server', function () {
  this.timeout(30_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('publishes the mission diagnostics of a catalog with codes, source, severities, ranges and data', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const text = ws.read('mcp.json');
    const uri = client.open(ws.path('mcp.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });

    // Exactly these: the valid edges (5, 600, `${X:-default}`) stay silent.
    assert.deepEqual(
      codesOf(diagnostics),
      [
        'invalid-placeholder',
        'lowercase-variable',
        'timeout-fractional',
        'timeout-range',
        'timeout-type',
        'unavailable-empty',
        'unavailable-multiline',
        'unavailable-too-long',
        'unavailable-type',
        'undefined-root',
        'unresolved-variable',
      ].sort(),
    );

    assertDiagnostic(diagnostics, {
      code: 'timeout-range',
      severity: WARNING,
      range: rangeIn(text, '"startup_timeout_sec": 4', '4'),
      data: { path: ['too-short', 'startup_timeout_sec'], replacement: 5 },
    });
    assertDiagnostic(diagnostics, {
      code: 'timeout-type',
      severity: WARNING,
      range: rangeIn(text, '"startup_timeout_sec": "20"', '"20"'),
      data: { path: ['quoted-timeout', 'startup_timeout_sec'], replacement: 20 },
    });
    const fractional = assertDiagnostic(diagnostics, {
      code: 'timeout-fractional',
      severity: WARNING,
      range: rangeIn(text, '"startup_timeout_sec": 20.5', '20.5'),
      data: { path: ['fractional-timeout', 'startup_timeout_sec'] },
    });
    assert.ok(Number.isInteger((fractional.data as { replacement: unknown }).replacement), 'timeout-fractional: data.replacement is the rounded integer');
    assertDiagnostic(diagnostics, {
      code: 'unavailable-type',
      severity: WARNING,
      range: rangeIn(text, '"unavailable": true', 'true'),
      data: { path: ['boolean-unavailable', 'unavailable'] },
    });
    assertDiagnostic(diagnostics, {
      code: 'unavailable-empty',
      severity: WARNING,
      range: rangeIn(text, '"unavailable": "   "', '"   "'),
      data: { path: ['blank-unavailable', 'unavailable'] },
    });
    assertDiagnostic(diagnostics, {
      code: 'unavailable-multiline',
      severity: WARNING,
      range: rangeIn(text, '"Vendor outage.\\nBack next week."'),
      data: { path: ['multiline-unavailable', 'unavailable'], normalised: 'Vendor outage. Back next week.' },
    });
    const longReason = /"unavailable": ("The vendor retired[^"]*")/.exec(text)![1];
    assertDiagnostic(diagnostics, {
      code: 'unavailable-too-long',
      severity: WARNING,
      range: rangeIn(text, longReason),
      data: { path: ['long-unavailable', 'unavailable'] },
    });
    const unresolved = assertDiagnostic(diagnostics, {
      code: 'unresolved-variable',
      severity: WARNING,
      range: rangeIn(text, '"Bearer ${MISSION_UNSET_TOKEN}"', '${MISSION_UNSET_TOKEN}'),
      data: { path: ['placeholders', 'headers', 'Authorization'], name: 'MISSION_UNSET_TOKEN' },
    });
    assert.match(unresolved.message, /^MISSION_UNSET_TOKEN is set in no source, so placeholders starts without it\./, 'short, and names the server');
    assert.match(unresolved.message, /knownVariables/, 'the message says how to declare the name known');
    assertDiagnostic(diagnostics, {
      code: 'invalid-placeholder',
      severity: ERROR,
      range: rangeIn(text, '"${MISSION-BROKEN}"', '${MISSION-BROKEN}'),
      data: { path: ['placeholders', 'headers', 'X-Broken'], placeholder: '${MISSION-BROKEN}' },
    });
    assertDiagnostic(diagnostics, {
      code: 'lowercase-variable',
      severity: WARNING,
      range: rangeIn(text, '"${mission_lower}"', '${mission_lower}'),
      data: { path: ['placeholders', 'headers', 'X-Lower'], name: 'mission_lower', replacement: 'MISSION_LOWER' },
    });
    const undefinedRoot = assertDiagnostic(diagnostics, {
      code: 'undefined-root',
      severity: ERROR,
      range: rangeIn(text, '["zimmer", "nightly"]', '"nightly"'),
      data: { path: ['too-short', 'default_in_roots', 1], name: 'nightly', rootsFile: ws.path('roots.json') },
    });
    // The client advertised relatedInformation: the related location is the roots index.
    assert.equal(undefinedRoot.relatedInformation?.[0]?.location.uri, ws.uri('roots.json'));

    const analysed = await client.waitForNotification<DocumentAnalysedParams>('mcpCatalog/documentAnalysed', (p) => p.uri === uri && p.version === 1);
    assert.deepEqual(
      { kind: analysed.kind, servers: analysed.servers, errors: analysed.errors, warnings: analysed.warnings },
      { kind: 'catalog', servers: 10, errors: 2, warnings: 9 },
    );
  });

  it('publishes diagnostics for a roots index: legacy-root-membership, undefined-server and missing-field', async () => {
    const ws = TempWorkspace.create('mission');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const text = ws.read('roots.json');
    const uri = client.open(ws.path('roots.json'));
    const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
    assert.deepEqual(codesOf(diagnostics), ['legacy-root-membership', 'missing-field', 'undefined-server']);
    assertDiagnostic(diagnostics, {
      code: 'legacy-root-membership',
      severity: WARNING,
      range: rangeIn(text, '"default_mcp_servers"'),
      data: { root: 'zimmer', field: 'default_mcp_servers' },
    });
    assertDiagnostic(diagnostics, {
      code: 'undefined-server',
      severity: ERROR,
      range: rangeIn(text, '["too-short", "ghost-server"]', '"ghost-server"'),
      data: { path: ['zimmer', 'default_mcp_servers', 1], name: 'ghost-server', catalogFile: ws.path('mcp.json') },
    });
    const missing = single(diagnostics, 'missing-field');
    assert.equal(missing.severity, ERROR);
    assert.deepEqual((missing.data as { field: unknown }).field, 'description');
    // On the root's name key (SPEC §10), never the whole entry.
    const key = rangeIn(text, '"undocumented"');
    assert.deepEqual(missing.range.start, key.start);
    assert.ok(
      missing.range.end.line === key.end.line && missing.range.end.character <= key.end.character,
      `missing-field sits on the key: ${JSON.stringify(missing.range)}`,
    );
    const analysed = await client.waitForNotification<DocumentAnalysedParams>('mcpCatalog/documentAnalysed', (p) => p.uri === uri);
    assert.equal(analysed.kind, 'roots');
  });

  it('leaves .vscode/mcp.json, .mcp.json, package.json, node_modules and *.schema.json alone', async () => {
    const ws = TempWorkspace.create('unrelated');
    // Created here: .gitignore keeps node_modules/ out of the fixtures.
    ws.write('node_modules/some-pkg/mcp.json', '{ "x": { "type": "http", "startup_timeout_sec": 4 } }\n');
    ws.write('schemas/mcp.schema.json', '{ "x": { "type": "http", "startup_timeout_sec": 4 } }\n');
    const barrier = ws.write('mcp.json', '{ "barrier": { "type": "stdio", "command": "b", "startup_timeout_sec": 4 } }\n');
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const unrelated = ['.vscode/mcp.json', '.mcp.json', 'package.json', 'node_modules/some-pkg/mcp.json', 'schemas/mcp.schema.json'].map((file) =>
      client.open(ws.path(file), undefined, file.endsWith('mcp.json') ? 'jsonc' : 'json'),
    );
    // Opened last: once its diagnostics are in, the unrelated files (opened first) were handled.
    const barrierUri = client.open(barrier);
    const { diagnostics } = await client.waitForDiagnostics(barrierUri, { version: 1 });
    assert.deepEqual(codesOf(diagnostics), ['timeout-range']);
    await client.roundTrip();
    for (const uri of unrelated) {
      const nonEmpty = client.publicationsFor(uri).filter((p) => p.diagnostics.length > 0);
      assert.deepEqual(nonEmpty, [], `${uri} must get no diagnostics`);
      const analysed = client.notifications.filter((n) => n.method === 'mcpCatalog/documentAnalysed' && (n.params as DocumentAnalysedParams).uri === uri);
      assert.deepEqual(analysed, [], `${uri} is not analysed as a catalog or roots index`);
    }
  });

  it('classifies by token and $schema: team-mcp.json and a $schema-marked file are catalogs', async () => {
    const ws = TempWorkspace.create();
    const team = ws.write('team-mcp.json', '{ "a": { "type": "stdio", "command": "a", "startup_timeout_sec": 601 } }\n');
    const marked = ws.write(
      'servers.json',
      '{ "$schema": "https://pulsemcp.github.io/air/schemas/mcp.schema.json?v=1", "a": { "type": "stdio", "command": "a", "startup_timeout_sec": 601 } }\n',
    );
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    for (const file of [team, marked]) {
      const uri = client.open(file);
      const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1 });
      assert.equal(withCode(diagnostics, 'timeout-range').length, 1, `${file}: ${codesOf(diagnostics)}`);
    }
  });
});
