import { strict as assert } from 'node:assert';
import { readCatalog } from '../../server/src/service/catalogView';
import { kindFromSchemaUrl } from '../../server/src/service/classify';
import { computeReadiness } from '../../server/src/service/readiness';
import { npmCacheAssignments } from '../../server/src/service/runtime';
import { schemaUrlOf } from '../../server/src/service/schemaUrl';
import { translateCatalog } from '../../server/src/service/translate';
import { check, expectOne, facts, runCli, tempTree, withCode } from './helpers';
import { codexServers, generate, mcpServers, plain } from './runtime/generate';

/**
 * Where the checker must do exactly what AIR and Zimmer do (SPEC §1, §6.1, §6.3, §10): file kind
 * from `$schema`, the last `$schema`, blank credential headers, a repeated server name, a
 * forwarded npm cache. Each case beside its nearest neighbours.
 */

describe('fidelity: $schema decides the file kind as AIR does (SPEC §1)', () => {
  const cases: [string, string | undefined][] = [
    ['https://example.com/schemas/mcp.schema.json', 'catalog'],
    ['mcp.schema.json', 'catalog'],
    ['mcp.schema.json?x=1', 'catalog'],
    ['https://e.com/mcp.schema.json#frag', 'catalog'],
    ['MCP.Schema.JSON', 'catalog'],
    ['my-mcp.schema.json', undefined],
    ['mcp.schema.json/extra', undefined],
    ['roots.schema.json', 'roots'],
    ['ROOTS.SCHEMA.JSON', 'roots'],
    ['C:\\schemas\\roots.schema.json', 'roots'],
    ['./schemas/roots.schema.json?v=2#x', 'roots'],
    ['roots.schema.json.bak', undefined],
    ['https://e.com/air.schema.json', 'air'],
    ['', undefined],
  ];
  for (const [url, kind] of cases) {
    it(`${JSON.stringify(url)} → ${kind ?? 'no kind'}`, () => assert.equal(kindFromSchemaUrl(url), kind));
  }

  it('the last of two $schema keys wins, in any escaping; one $schema is read as before', () => {
    const last = '{"$schema": "https://e.com/roots.schema.json", "a": {"type": "stdio", "command": "x"}, "$schema": "https://e.com/mcp.schema.json"}';
    assert.equal(schemaUrlOf(last), 'https://e.com/mcp.schema.json');
    assert.equal(schemaUrlOf('{"$schema": "roots.schema.json", "\\u0024schema": "mcp.schema.json"}'), 'mcp.schema.json');
    assert.equal(schemaUrlOf('{"$schema": "roots.schema.json", "a": {"x": "$schema"}}'), 'roots.schema.json');
    assert.equal(schemaUrlOf('{"$schema": "roots.schema.json", "a": {}}'), 'roots.schema.json');
    assert.equal(schemaUrlOf('{"a": {}, "$schema": "roots.schema.json"}'), 'roots.schema.json');
  });

  it('mcp.json whose $schema names the roots schema is checked as a roots index (CLI, in-process)', async () => {
    const dir = tempTree({
      'mcp.json': '{"$schema": "ROOTS.SCHEMA.JSON", "web": {"display_name": "Web"}}',
      'team-mcp.json': '{"$schema": "https://e.com/roots.schema.json", "a": {"type": "stdio", "command": "x"}, "$schema": "https://e.com/mcp.schema.json"}',
      'other-mcp.json': '{"$schema": "my-roots.schema.json", "a": {"type": "stdio", "command": "x"}}',
    });
    const run = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json', 'team-mcp.json', 'other-mcp.json'], { cwd: dir });
    const report = JSON.parse(run.stdout) as { files: { path: string; diagnostics: { code: string; message: string }[] }[] };
    const codes = (file: string): string[] => report.files.find((f) => f.path === file)!.diagnostics.map((d) => d.code);
    assert.deepEqual(codes('mcp.json'), ['missing-field']);
    // Checked as a catalog (the last $schema), so no false missing `description`.
    assert.deepEqual(codes('team-mcp.json'), ['duplicate-key']);
    assert.deepEqual(codes('other-mcp.json'), []);
  });
});

describe('fidelity: a blank credential header is no credential (SPEC §6.1)', () => {
  const stateOf = (headers: Record<string, string>, known: string[] = []): string =>
    computeReadiness(JSON.stringify({ s: { type: 'streamable-http', url: 'https://e.example/mcp', headers } }), facts({ known })).servers[0].state;

  for (const blank of ['', '  ', '\t']) {
    it(`Authorization: ${JSON.stringify(blank)} → needs_authorization`, () => assert.equal(stateOf({ Authorization: blank }), 'needs_authorization'));
  }
  it('a non-blank literal credential → no_credential_required; a known ${TOKEN} → ready', () => {
    assert.equal(stateOf({ Authorization: 'Bearer abc' }), 'no_credential_required');
    assert.equal(stateOf({ 'X-API-Key': '${TOKEN}' }, ['TOKEN']), 'ready');
  });
  it('a blank credential beside a real one still sends a credential', () => {
    assert.equal(stateOf({ Authorization: '', 'X-API-Key': 'k' }), 'no_credential_required');
  });
  it('a blank value on a non-credential header changes nothing', () => assert.equal(stateOf({ 'X-Trace': '' }), 'needs_authorization'));
  it('insecure-transport ignores a blank credential header', () => {
    const text = (value: string): string => JSON.stringify({ s: { type: 'sse', url: 'http://api.example.com/sse', headers: { Authorization: value } } });
    assert.equal(withCode(check(text('')), 'insecure-transport').length, 0);
    assert.equal(withCode(check(text('Bearer x')), 'insecure-transport').length, 1);
  });
});

describe('fidelity: a server name written twice is the object JSON.parse builds (SPEC §10)', () => {
  const text = '{\n  "a": {"type": "stdio", "command": "first"},\n  "b": {"type": "stdio", "command": "b"},\n  "a": {"type": "stdio", "command": "last"}\n}\n';
  const parsed = JSON.parse(text) as Record<string, unknown>;

  it('readCatalog: first position, last value', () => {
    const view = readCatalog(text);
    assert.deepEqual(
      view.entries.map((e) => e.name),
      Object.keys(parsed),
    );
    assert.deepEqual(view.entries[0].value, parsed.a);
    assert.equal(text.slice(view.entries[0].keySpan.start, view.entries[0].keySpan.end), '"a"');
    assert.ok(view.entries[0].keySpan.start > text.indexOf('"b"'), 'the key span is the effective (last) one');
  });
  it('previews, readiness and copy-as agree', () => {
    assert.deepEqual(Object.keys(mcpServers(generate('claude', text))), ['a', 'b']);
    assert.equal(mcpServers(generate('claude', text)).a.command, 'last');
    assert.deepEqual(Object.keys(codexServers(generate('codex', text))), ['a', 'b']);
    const readiness = computeReadiness(text, facts());
    assert.deepEqual(
      readiness.servers.map((s) => s.name),
      ['a', 'b'],
    );
    const copied = JSON.parse(translateCatalog(text, 'claude').content) as { mcpServers: Record<string, { command: string }> };
    assert.deepEqual(Object.keys(copied.mcpServers), ['a', 'b']);
    assert.equal(copied.mcpServers.a.command, 'last');
  });
  it('without a repeat, document order as before', () => {
    assert.deepEqual(
      readCatalog('{"b": {"type": "stdio", "command": "x"}, "a": {"type": "stdio", "command": "y"}}').entries.map((e) => e.name),
      ['b', 'a'],
    );
  });
});

describe('fidelity: a forwarded NPM_CONFIG_CACHE is overridden (SPEC §6.3)', () => {
  const pair = (own: string): { name: string; value: Record<string, unknown> }[] => [
    { name: 'a', value: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1'], env: { NPM_CONFIG_CACHE: own } } },
    { name: 'b', value: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1'] } },
  ];

  it('"${NPM_CONFIG_CACHE}" is replaced by the isolated cache, and the entry still counts in its group', () => {
    const caches = npmCacheAssignments(pair('${NPM_CONFIG_CACHE}'), '<clone>');
    assert.equal(caches.get('a'), '<clone>/.npm-cache/isolated/a');
    assert.equal(caches.get('b'), '<clone>/.npm-cache/isolated/b');
  });
  for (const own of ['${OTHER}', '/var/cache/npm', '${NPM_CONFIG_CACHE:-/tmp/x}', ' ${NPM_CONFIG_CACHE}']) {
    it(`${JSON.stringify(own)} is the operator's own and kept; the other entry is still isolated`, () => {
      const caches = npmCacheAssignments(pair(own), '<clone>');
      assert.equal(caches.get('a'), undefined);
      assert.equal(caches.get('b'), '<clone>/.npm-cache/isolated/b');
    });
  }
  it('Codex writes the isolated path in env, not env_vars = ["NPM_CONFIG_CACHE"]', () => {
    const table = plain(codexServers(generate('codex', { a: pair('${NPM_CONFIG_CACHE}')[0].value, b: pair('')[1].value })).a);
    assert.equal(table.env_vars, undefined);
    assert.deepEqual(table.env, { NPM_CONFIG_CACHE: '<clone>/.npm-cache/isolated/a' });
    // A renamed reference is the operator's own: AIR's Codex adapter rebinds it in its launch shim (SPEC §6.3).
    const kept = plain(codexServers(generate('codex', { a: { type: 'stdio', command: 'npx', args: ['p@1'], env: { NPM_CONFIG_CACHE: '${OTHER}' } } })).a);
    assert.deepEqual(kept.args, ['-c', `NPM_CONFIG_CACHE="\${OTHER}" exec 'npx' 'p@1'`]);
    assert.deepEqual(kept.env_vars, ['OTHER']);
    assert.equal(kept.env, undefined);
  });
  it('npx-cache-isolated reports the entry whose cache is only forwarded', () => {
    const text = JSON.stringify({ a: pair('${NPM_CONFIG_CACHE}')[0].value, b: pair('')[1].value }, null, 2);
    assert.equal(withCode(check(text), 'npx-cache-isolated').length, 2);
  });
});

describe('fidelity: ELICITATION_* in a catalog entry is ineffective (SPEC §6.5)', () => {
  it('a stdio entry that sets ELICITATION_REQUEST_URL gets ineffective-field on that key', () => {
    const text = JSON.stringify({ s: { type: 'stdio', command: 'x', env: { ELICITATION_REQUEST_URL: 'https://me', OTHER: 'y' } } }, null, 2);
    const finding = expectOne(text, check(text), 'ineffective-field', { range: '"ELICITATION_REQUEST_URL"', severity: 'hint' });
    assert.deepEqual(finding.data?.path, ['s', 'env', 'ELICITATION_REQUEST_URL']);
  });
  it('a near name (ELICITATION_URL) is silent', () => {
    assert.deepEqual(check(JSON.stringify({ s: { type: 'stdio', command: 'x', env: { ELICITATION_URL: 'y' } } })), []);
  });
});
