/**
 * Server robustness (the server side): a rule that throws is reported once and
 * every other finding still arrives (in-process, through the engine's `rules` seam); requests
 * cancelled the moment they are sent are answered — RequestCancelled or a result, never an
 * internal error or a dead server — and the server goes on publishing diagnostics afterwards.
 */
import { strict as assert } from 'node:assert';
import { FuzzServer } from '../fuzz/lspDriver';
import { LineTable } from '../fuzz/oracle';
import { diskWorld, engineWorld, type DiskWorld } from '../fuzz/workspace';
import { checkDocument, RULES } from '../../server/src/service/engine';
import type { Rule } from '../../server/src/service/rules/rule';

/** A catalog with something for every rule family to say. */
const CATALOG = `{
  "$schema": "https://pulsemcp.github.io/air/schemas/mcp.schema.json",
  "no-type": { "command": "x" },
  "http": { "type": "http", "url": "https://example.com/mcp" },
  "slow": { "type": "stdio", "command": "npx", "args": ["-y", "pkg@1.0.0"], "startup_timeout_sec": 4 },
  "twin": { "type": "stdio", "command": "npx", "args": ["-y", "pkg@1.0.0"] },
  "down": { "type": "stdio", "command": "x", "unavailable": "line one\\nline two" },
  "vars": { "type": "stdio", "command": "x", "env": { "A": "\${MISSING}", "B": "\${lower}", "C": "\${BAD-x}" }, "title": "\${X}" },
  "roots": { "type": "stdio", "command": "x", "default_in_roots": ["zimmer", "nowhere"] },
  "remote": { "type": "sse", "url": "http://10.0.0.1/mcp", "env": { "A": "1" }, "headers": { "Authorization": "Bearer sk-live-0123456789abcdef0123456789abcdef" } }
}
`;

/** Throws from every hook: once per entry and once per document. */
const exploding: Rule = {
  id: 'exploding',
  appliesTo: ['catalog', 'roots'],
  codes: {},
  alsoReports: ['invalid-value'],
  checkEntry() {
    throw new Error('boom in an entry');
  },
  checkDocument() {
    throw new Error('boom in the document');
  },
};

describe('robustness: a throwing rule, cancelled requests', function () {
  this.timeout(300_000);
  const engine = engineWorld();

  describe('a rule that throws', () => {
    const facts = engine.factsFor('catalog', 'full');
    const baseline = checkDocument(CATALOG, 'catalog', facts, { rules: RULES });

    it('the fixture exercises many rules (so "every other finding" means something)', () => {
      const codes = new Set(baseline.findings.map((f) => f.code));
      for (const code of [
        'unknown-type',
        'timeout-range',
        'unavailable-multiline',
        'unresolved-variable',
        'lowercase-variable',
        'invalid-placeholder',
        'undefined-root',
        'ineffective-field',
      ]) {
        assert.ok(codes.has(code as never), `${code} among ${[...codes].join(', ')}`);
      }
    });

    for (const [where, rules] of [
      ['first', [exploding, ...RULES]],
      ['in the middle', [...RULES.slice(0, 3), exploding, ...RULES.slice(3)]],
      ['last', [...RULES, exploding]],
    ] as const) {
      it(`run ${where}: reported once per document, and every other finding still arrives`, () => {
        const errors: { rule: string; message: string }[] = [];
        const result = checkDocument(CATALOG, 'catalog', facts, {
          rules,
          onRuleError: (rule, error) => errors.push({ rule, message: (error as Error).message }),
        });
        assert.deepEqual(
          errors.map((e) => e.rule),
          ['exploding'],
          'once, although it threw for every one of the 8 entries and for the document',
        );
        assert.deepEqual(result.findings, baseline.findings);
      });
    }

    it('a second document reports it again (once per document, not once per process)', () => {
      const errors: string[] = [];
      for (let i = 0; i < 2; i++) checkDocument(CATALOG, 'catalog', facts, { rules: [exploding, ...RULES], onRuleError: (rule) => errors.push(rule) });
      assert.deepEqual(errors, ['exploding', 'exploding']);
    });
  });

  describe('cancellation through the language server', () => {
    let disk: DiskWorld;
    let server: FuzzServer;

    before(async () => {
      disk = diskWorld();
      server = await FuzzServer.start(disk, { requests: false });
    });
    after(async () => {
      await server?.stop();
      disk?.dispose();
    });
    afterEach(() => {
      assert.ok(server.alive, server.describe());
      assert.deepEqual(server.takeErrorLogs(), [], 'the server logged no error');
    });

    /** A catalog big enough that analysing a new version takes a while (thousands of entries). */
    function bigCatalog(version: number): string {
      const lines: string[] = [];
      for (let i = 0; i < 5_000; i++) {
        lines.push(
          `  "server-${i}": { "type": "stdio", "command": "npx", "args": ["-y", "pkg-${i % 50}@1.0.0"], "env": { "TOKEN": "\${TOKEN_${i}}" }, "startup_timeout_sec": ${(i + version) % 700} }`,
        );
      }
      return `{\n${lines.join(',\n')}\n}\n`;
    }

    function requestsFor(uri: string, text: string): { method: string; params: unknown }[] {
      const lines = new LineTable(text);
      const position = lines.positionAt(text.indexOf('"server-4999"') + 3);
      const range = { start: lines.positionAt(0), end: lines.positionAt(text.length) };
      const wanted = [
        { method: 'textDocument/hover', capability: 'hoverProvider', params: { textDocument: { uri }, position } },
        { method: 'textDocument/completion', capability: 'completionProvider', params: { textDocument: { uri }, position } },
        {
          method: 'textDocument/codeAction',
          capability: 'codeActionProvider',
          params: { textDocument: { uri }, range, context: { diagnostics: [], only: ['source.fixAll.mcp-catalog'] } },
        },
        { method: 'textDocument/documentSymbol', capability: 'documentSymbolProvider', params: { textDocument: { uri } } },
        { method: 'textDocument/definition', capability: 'definitionProvider', params: { textDocument: { uri }, position } },
        {
          method: 'textDocument/references',
          capability: 'referencesProvider',
          params: { textDocument: { uri }, position, context: { includeDeclaration: true } },
        },
        { method: 'mcpCatalog/readiness', params: { uri } },
        { method: 'mcpCatalog/preview', params: { uri, runtime: 'codex' } },
      ];
      return wanted.filter((request) => !request.capability || server.capabilities[request.capability]);
    }

    it('requests cancelled as they are sent are answered with RequestCancelled or a result, on a document being re-analysed', async () => {
      const uri = server.uriFor('catalog');
      await server.diagnosticsFor('catalog', bigCatalog(0));
      const text = bigCatalog(1);
      // A new version: its analysis is pending while the requests (and their cancellations) arrive.
      const diagnostics = server.diagnosticsFor('catalog', text);
      const requests = requestsFor(uri, text);
      assert.ok(requests.length >= 2, 'the server serves at least the readiness and preview requests');
      const answers = await Promise.all(requests.map((request) => server.request(request.method, request.params, { cancel: true })));
      for (const [i, answer] of answers.entries()) {
        if (answer.error) {
          assert.ok([-32800, -32801, -32601].includes(answer.error.code ?? 0), `${requests[i].method}: ${answer.error.code} ${answer.error.message}`);
        }
      }
      const published = await diagnostics;
      assert.ok(published.length > 0, 'the new version is still analysed and published');
    });

    it('the same requests, not cancelled, still work afterwards; then a fresh version is published', async () => {
      const uri = server.uriFor('catalog');
      const text = bigCatalog(2);
      await server.diagnosticsFor('catalog', text);
      for (const request of requestsFor(uri, text)) {
        const answer = await server.request(request.method, request.params);
        assert.equal(answer.error, undefined, `${request.method}: ${JSON.stringify(answer.error)}`);
      }
      const small = '{"s": {"type": "stdio", "command": "x", "startup_timeout_sec": 4}}';
      const diagnostics = await server.diagnosticsFor('catalog', small);
      assert.deepEqual(
        diagnostics.map((d) => d.code),
        ['timeout-range'],
      );
    });

    it('a burst of versions, each followed by requests (half cancelled), ends with the last version published', async () => {
      const uri = server.uriFor('catalog');
      const requests: Promise<unknown>[] = [];
      let waitForLast: (() => Promise<{ code?: unknown; message?: unknown }[]>) | undefined;
      for (let version = 0; version < 10; version++) {
        const text = `{"s${version}": {"type": "stdio", "command": "x", "startup_timeout_sec": ${1000 + version}}}`;
        // The server may skip intermediate versions; only the last one must be published.
        waitForLast = server.change('catalog', text);
        for (const request of requestsFor(uri, text)) requests.push(server.request(request.method, request.params, { cancel: version % 2 === 0 }));
      }
      const settled = await Promise.allSettled(requests);
      assert.deepEqual(
        settled.filter((s) => s.status === 'rejected'),
        [],
        'every request was answered',
      );
      const diagnostics = await waitForLast!();
      assert.deepEqual(
        diagnostics.map((d) => [d.code, String(d.message).includes('1009')]),
        [['timeout-range', true]],
      );
    });
  });
});
