/**
 * Hostile input through the server (npm run fuzz grows this into fuzzing) and
 * rapid edits: every case yields diagnostics with valid ranges, the server keeps answering, and
 * after a burst of edits the diagnostics that stay are those of the last version.
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { describePublications, LspClient, stopAllClients, type Publication } from './lspClient';
import { assertRangesValid, catalogSettings, codesOf, lineOf, removeAllWorkspaces, single, TempWorkspace, withCode } from './workspace';

interface HostileCase {
  name: string;
  text: () => string;
  /** What the diagnostics must show. */
  expect: (diagnostics: Diagnostic[], text: string) => void;
  timeoutMs?: number;
}

const hasCode = (code: string) => (diagnostics: Diagnostic[]) =>
  assert.ok(withCode(diagnostics, code).length > 0, `expected ${code}, got ${codesOf(diagnostics).join() || 'nothing'}`);

/** Deterministic bytes 0–255 (NULs, control characters, invalid UTF-8), decoded as a client would. */
function binaryGarbage(): string {
  const bytes = Buffer.alloc(4096);
  let state = 0x2545f491;
  for (let i = 0; i < bytes.length; i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    bytes[i] = state & 0xff;
  }
  return `${bytes.toString('latin1')}\ud800\udfff\udc00{"x":`;
}

function bigCatalog(servers: number): string {
  const lines = ['{'];
  for (let i = 0; i < servers; i++) {
    const timeout = i === servers - 1 ? 4 : 30;
    lines.push(`  "server-${i}": { "type": "stdio", "command": "cmd-${i}", "startup_timeout_sec": ${timeout} }${i === servers - 1 ? '' : ','}`);
  }
  lines.push('}', '');
  return lines.join('\n');
}

const HOSTILE: HostileCase[] = [
  { name: 'an empty file', text: () => '', expect: hasCode('json-syntax') },
  { name: 'a root array', text: () => '[{"type": "stdio"}]\n', expect: hasCode('not-an-object') },
  {
    name: '20,000 levels of nested arrays',
    text: () => `{"deep": {"type": "stdio", "command": "x", "args": ${'['.repeat(20_000)}${']'.repeat(20_000)}}}`,
    expect: (d) => assert.ok(d.length > 0, 'some diagnostic'),
  },
  {
    name: '20,000 levels of nested objects inside an entry',
    text: () => `{"deep": {"type": "stdio", "command": "x", "env": ${'{"a":'.repeat(20_000)}"\${X}"${'}'.repeat(20_000)}}}`,
    expect: (d) => assert.ok(d.length > 0, 'some diagnostic'),
  },
  {
    name: '20,000 levels of unclosed nesting',
    text: () => `{"deep": ${'{"a": ['.repeat(20_000)}`,
    expect: hasCode('json-syntax'),
  },
  { name: 'binary garbage', text: binaryGarbage, expect: hasCode('json-syntax') },
  {
    name: 'a 20,000-server catalog',
    text: () => bigCatalog(20_000),
    expect: (diagnostics, text) => {
      const range = single(diagnostics, 'timeout-range');
      assert.equal(range.range.start.line, lineOf(text, '"server-19999"'));
    },
    timeoutMs: 60_000,
  },
];

describe('protocol: hostile input and rapid edits', function () {
  this.timeout(180_000);

  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('hostile input yields diagnostics, valid ranges, and a server that still answers', async () => {
    const ws = TempWorkspace.create();
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings(), timeoutMs: 20_000 });
    const timings: string[] = [];
    for (const [index, hostile] of HOSTILE.entries()) {
      const text = hostile.text();
      const file = ws.write(`hostile-${index}-mcp.json`, text);
      const started = Date.now();
      const uri = client.open(file, text);
      const { diagnostics } = await client.waitForDiagnostics(uri, { version: 1, timeoutMs: hostile.timeoutMs }).catch((error: Error) => {
        throw new Error(`${hostile.name}: ${error.message}`);
      });
      timings.push(`${hostile.name}: ${Date.now() - started} ms`);
      hostile.expect(diagnostics, text);
      assertRangesValid(diagnostics, text);
      for (const diagnostic of diagnostics) assert.equal(diagnostic.source, 'mcp-catalog');

      // Still alive: it answers a request, and a normal catalog still gets its diagnostics.
      await client.roundTrip();
      const probe = ws.write(`probe-${index}-mcp.json`, '{ "probe": { "type": "stdio", "command": "p", "startup_timeout_sec": 601 } }\n');
      const probed = await client.waitForDiagnostics(client.open(probe), { version: 1 });
      assert.deepEqual(codesOf(probed.diagnostics), ['timeout-range'], `after ${hostile.name}`);
      client.close(uri);
    }
    assert.equal(client.hasExited, false);
    assert.doesNotMatch(client.stderr(), /RangeError|Maximum call stack|FATAL/i);
    // Shown with --reporter spec when a case gets slow; the run's wall time is in the report.
    if (process.env.MCP_CATALOG_TIMINGS) console.log(timings.join('\n'));
  });

  for (const delay of [0, 150]) {
    it(`rapid edits (versions 2..20, validation delay ${delay} ms): the diagnostics that stay are the last version's`, async () => {
      const ws = TempWorkspace.create();
      // Version v has v servers, each with a broken timeout: a stale publication would show fewer.
      const catalog = (servers: number): string =>
        `{\n${Array.from({ length: servers }, (_, i) => `  "s${i}": { "type": "stdio", "command": "c", "startup_timeout_sec": ${1000 + i} }`).join(',\n')}\n}\n`;
      const file = ws.write('mcp.json', catalog(1));
      const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings({ validation: { delay } }) });
      const uri = client.open(file);
      await client.waitForDiagnostics(uri, { version: 1 });

      // Alternate incremental edits (append one entry before the closing brace) and full replacements.
      for (let version = 2; version <= 20; version++) {
        if (version % 2 === 0) {
          const lines = client.document(uri).lineCount;
          const closing = { line: lines - 2, character: 0 }; // the line holding "}"
          const previousEnd = { line: lines - 3, character: client.document(uri).getText().split('\n')[lines - 3].length };
          client.edit(
            uri,
            [
              {
                range: { start: previousEnd, end: closing },
                text: `,\n  "s${version - 1}": { "type": "stdio", "command": "c", "startup_timeout_sec": ${1000 + version - 1} }\n`,
              },
            ],
            version,
          );
        } else {
          client.change(uri, catalog(version), version);
        }
      }
      assert.equal(client.document(uri).getText(), catalog(20), 'the incremental edits built the expected text');

      const last = await client.waitForDiagnostics(uri, { version: 20 });
      assert.equal(withCode(last.diagnostics, 'timeout-range').length, 20);
      // Barrier: a round trip and another document's diagnostics; anything stale would have come by now.
      await client.roundTrip();
      await client.waitForDiagnostics(client.open(ws.write('barrier-mcp.json', '{}\n')), { version: 1 });

      // Later publications may only repeat version 20 (a revalidation, e.g. because another
      // catalog opened); an older version after it would be stale diagnostics that stay.
      const publications: Publication[] = client.publicationsFor(uri);
      for (const later of publications.filter((p) => p.seq > last.seq)) {
        assert.equal(later.version, 20, `a stale publication followed version 20's:${describePublications(publications)}`);
        assert.deepEqual(later.diagnostics, last.diagnostics, `version 20 republished with other diagnostics:${describePublications(publications)}`);
      }
      assert.equal(client.latest(uri)!.version, 20);
      const versions = publications.map((p) => p.version ?? -1);
      assert.deepEqual(
        [...versions].sort((a, b) => a - b),
        versions,
        `publications arrive in version order:${describePublications(publications)}`,
      );
      if (delay > 0) assert.ok(publications.length <= 4, `debounced: ${publications.length} publications for 20 versions`);
    });
  }
});
