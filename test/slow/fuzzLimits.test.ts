/**
 * Hostile-input limits, proven at full size through the engine, the command line
 * (every format) and the language server: a document over `maxFileSizeMB` gets one information
 * diagnostic instead of a check; 100,000 levels of `[` and of `{"a":` never overflow the stack;
 * a 1 MB single-line string and 50,000 servers are checked and answered. No assertion is on time
 * (CI machines are loaded); the mocha timeout only guards against a hang.
 */
import { strict as assert } from 'node:assert';
import { CHECK_FORMATS, checkCliOutput, runCliInProcess, runEngine } from '../fuzz/drivers';
import { FuzzServer } from '../fuzz/lspDriver';
import { checkReported, signature, type Failure } from '../fuzz/oracle';
import { diskWorld, engineWorld, type DiskWorld, type EngineWorld } from '../fuzz/workspace';
import { checkDocument, DEFAULT_MAX_FILE_SIZE } from '../../server/src/service/engine';
import type { IndexKind } from '../../server/src/service/classify';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { VariableIndex } from '../../server/src/service/variables';

const DEPTH = 100_000;
const MEGABYTE = 1024 * 1024;

const oneMegabyte = (unit = 'x'): string => unit.repeat(Math.ceil(MEGABYTE / unit.length));

/**
 * The hostile documents, each with a code its findings must include. Every one goes through the
 * engine, nearly every one through the server; the command line (the same engine plus discovery
 * and formatting) takes 100,000 levels in every format and a few others in JSON — enough to
 * prove each path while keeping this suite to a couple of minutes of CPU.
 */
const HOSTILE: { name: string; text: () => string; expects: string; cli?: 'every format' | 'json'; server?: false }[] = [
  { name: `${DEPTH} levels of [`, text: () => '['.repeat(DEPTH) + ']'.repeat(DEPTH), expects: 'not-an-object', cli: 'every format' },
  { name: `${DEPTH} unclosed [`, text: () => '['.repeat(DEPTH), expects: 'json-syntax', cli: 'every format' },
  { name: `${DEPTH} levels of {"a":`, text: () => '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), expects: 'unknown-type', cli: 'every format' },
  { name: `${DEPTH} unclosed {"a":`, text: () => '{"a":'.repeat(DEPTH), expects: 'json-syntax', cli: 'json' },
  {
    name: `${DEPTH} levels of {"a": inside an entry's env, with a placeholder at the bottom`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "env": {"X": ${'{"a":'.repeat(DEPTH)}"\${X}"${'}'.repeat(DEPTH)}}}}`,
    expects: 'invalid-value',
  },
  {
    name: `${DEPTH} levels of [ as args, 5,000 placeholders at the bottom`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "args": ${'['.repeat(DEPTH)}${Array(5000).fill('"${lower}"').join(',')}${']'.repeat(DEPTH)}}}`,
    expects: 'lowercase-variable',
  },
  {
    name: 'a 1 MB single-line description',
    text: () => `{"s": {"type": "stdio", "command": "npx", "description": "${oneMegabyte()}"}}`,
    expects: 'invalid-value',
    cli: 'json',
  },
  {
    name: 'a 1 MB single-line unavailable reason',
    text: () => `{"s": {"type": "stdio", "command": "npx", "unavailable": "${oneMegabyte('down ')}"}}`,
    expects: 'unavailable-too-long',
    cli: 'json',
  },
  { name: 'a 1 MB server name of placeholders', text: () => `{"${oneMegabyte('${a}')}": {"type": "stdio", "command": "npx"}}`, expects: 'invalid-name' },
  {
    name: 'a 1 MB env value of placeholders',
    text: () => `{"s": {"type": "stdio", "command": "npx", "env": {"A": "${oneMegabyte('${MISSING}')}"}}}`,
    expects: 'unresolved-variable',
  },
  {
    name: 'a 1 MB title of escapes',
    text: () => `{"s": {"type": "stdio", "command": "npx", "title": "${oneMegabyte('\\u0041\\n')}"}}`,
    expects: 'invalid-value',
  },
  {
    name: '50,000 servers',
    text: () => servers(50_000, (i) => `{"type": "stdio", "command": "cmd-${i}", "startup_timeout_sec": ${i === 49_999 ? 4 : 30}}`),
    expects: 'timeout-range',
    cli: 'json',
  },
  {
    name: '50,000 servers running one npx package',
    text: () => servers(50_000, () => '{"type": "stdio", "command": "npx", "args": ["-y", "same@1.0.0"]}'),
    expects: 'npx-cache-isolated',
  },
  {
    name: '50,000 copies of one server name',
    text: () =>
      servers(
        50_000,
        () => '{"type": "stdio", "command": "x"}',
        () => 'same',
      ),
    expects: 'duplicate-key',
    server: false,
  },
];

function servers(count: number, entry: (i: number) => string, name: (i: number) => string = (i) => `server-${i}`): string {
  const lines: string[] = [];
  for (let i = 0; i < count; i++) lines.push(`  "${name(i)}": ${entry(i)}`);
  return `{\n${lines.join(',\n')}\n}\n`;
}

function describeFailures(failures: readonly Failure[]): string {
  return failures
    .slice(0, 8)
    .map((f) => `${signature(f)}: ${f.detail.slice(0, 400)}`)
    .join('\n');
}

describe('limits: engine, CLI and server on hostile input at full size', function () {
  this.timeout(600_000);
  let engine: EngineWorld;
  let disk: DiskWorld;
  const texts = new Map<string, string>();
  const text = (name: string): string => {
    if (!texts.has(name)) texts.set(name, HOSTILE.find((h) => h.name === name)!.text());
    return texts.get(name)!;
  };

  before(() => {
    engine = engineWorld();
    disk = diskWorld();
  });
  after(() => disk.dispose());

  describe('the engine', () => {
    it(`a document over the limit (default ${DEFAULT_MAX_FILE_SIZE / MEGABYTE} MB) gets one information diagnostic and is not parsed`, () => {
      const big = `{"s": {"type": "stdio", "command": "${'x'.repeat(DEFAULT_MAX_FILE_SIZE)}"}}`;
      const result = checkDocument(big, 'catalog', { variables: VariableIndex.empty() });
      assert.equal(result.parsed, undefined);
      assert.equal(result.findings.length, 1);
      const [finding] = result.findings;
      assert.equal(finding.severity, 'information');
      assert.deepEqual([finding.start, finding.end], [0, 0]);
      assert.match(finding.message, /over the 20 MB limit \(mcpCatalog\.maxFileSizeMB\)/);
      assert.ok(Array.isArray(finding.data?.path));
    });

    it('the limit is configurable, and a document at the limit is checked', () => {
      const doc = `{"s": {"type": "stdio", "command": "npx", "description": "${'x'.repeat(2 * MEGABYTE)}"}}`;
      const over = checkDocument(doc, 'catalog', { variables: VariableIndex.empty() }, { maxFileSize: 1.5 * MEGABYTE });
      assert.deepEqual(
        over.findings.map((f) => [f.code, f.severity]),
        [['json-syntax', 'information']],
      );
      assert.match(over.findings[0].message, /over the 1\.5 MB limit/);
      const at = checkDocument(doc, 'catalog', { variables: VariableIndex.empty() }, { maxFileSize: doc.length });
      assert.ok(
        at.findings.some((f) => f.code === 'invalid-value'),
        'the 2 MB description is over 500 code points',
      );
    });

    for (const hostile of HOSTILE) {
      it(`${hostile.name}: valid findings as a catalog and as a roots index, no rule error`, () => {
        const results = new Map<IndexKind, readonly ResolvedFinding[]>();
        const failures = runEngine(text(hostile.name), { facts: 'full', cliKind: 'catalog', format: 'json' }, engine, undefined, results).filter(
          (f) => f.kind !== 'slow',
        );
        assert.equal(failures.length, 0, describeFailures(failures));
        const findings = results.get('catalog') ?? [];
        assert.ok(
          findings.some((f) => f.code === hostile.expects),
          `expected ${hostile.expects}; got ${[...new Set(findings.map((f) => f.code))].join(', ')}`,
        );
      });
    }
  });

  describe('the command line', () => {
    for (const hostile of HOSTILE.filter((h) => h.cli)) {
      const formats = hostile.cli === 'every format' ? CHECK_FORMATS : (['json'] as const);
      it(`${hostile.name}: exit 0 or 1 and a well-formed report (${formats.join(', ')})`, async () => {
        const failures: Failure[] = [];
        for (const format of formats) {
          failures.push(...(await runCliInProcess(text(hostile.name), { facts: 'full', cliKind: 'catalog', format }, disk)).filter((f) => f.kind !== 'slow'));
        }
        assert.equal(failures.length, 0, describeFailures(failures));
      });
    }

    it('checkCliOutput rejects a report that does not parse (the oracle the tests above rely on)', () => {
      const failures = checkCliOutput('cli', '{}', 'mcp.json', 'json', { code: 0, stdout: '{"files": [', stderr: '' });
      assert.ok(failures.some((f) => f.kind === 'output'));
    });
  });

  describe('the language server', () => {
    let server: FuzzServer;
    before(async () => {
      server = await FuzzServer.start(disk, { requests: false, settings: { maxFileSizeMB: 1 } });
    });
    after(async () => server?.stop());
    afterEach(() => {
      assert.ok(server.alive, server.describe());
      assert.deepEqual(server.takeErrorLogs(), [], 'the server logged no error');
    });

    it('a document over mcpCatalog.maxFileSizeMB gets one information diagnostic; raising the limit checks it', async () => {
      const doc = text('a 1 MB single-line description');
      const diagnostics = await server.diagnosticsFor('catalog', doc);
      assert.equal(diagnostics.length, 1, JSON.stringify(diagnostics).slice(0, 500));
      assert.equal(diagnostics[0].severity, 3, 'information');
      assert.match(String(diagnostics[0].message), /over the 1 MB limit \(mcpCatalog\.maxFileSizeMB\)/);
      assert.deepEqual(diagnostics[0].range, { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } });
      // The same server, the limit raised by a settings push: the document is checked in full.
      const next = server.nextPublication('catalog');
      server.pushSettings({ maxFileSizeMB: 20 });
      const checked = await next;
      assert.ok(
        checked.some((d) => d.code === 'invalid-value'),
        `the description is too long; got ${checked.map((d) => d.code).join()}`,
      );
    });

    describe('with the default 20 MB limit', () => {
      before(() => server.pushSettings({ maxFileSizeMB: 20 }));

      for (const hostile of HOSTILE.filter((h) => h.server !== false)) {
        it(`${hostile.name}: diagnostics with valid ranges, and the server keeps answering`, async () => {
          const doc = text(hostile.name);
          const diagnostics = await server.diagnosticsFor('catalog', doc);
          assert.deepEqual(
            checkReported('lsp', doc, diagnostics, { severities: [1, 2, 3, 4], source: 'mcp-catalog' }).map((f) => f.detail),
            [],
          );
          assert.ok(
            diagnostics.some((d) => d.code === hostile.expects),
            `expected ${hostile.expects}; got ${[...new Set(diagnostics.map((d) => String(d.code)))].join(', ')}`,
          );
          const answer = await server.request('mcpCatalogTest/ping', {});
          assert.equal(answer.error?.code, -32601, 'an unknown request is answered with MethodNotFound');
        });
      }
    });
  });
});
