import { strict as assert } from 'node:assert';
import { isLoopbackHost, plainHttpHost } from '../../../server/src/service/rules/hygiene/insecureTransport';
import { catalog, check, expectNone, expectOne, facts, remote, stdio, withCode } from '../helpers';

const KNOWN = facts({ known: ['TOKEN', 'KEY'] });

describe('hygiene: insecure-transport', () => {
  it('fires on an http:// url to a non-loopback host with a credential header, with related info at the header', () => {
    const text = remote({ url: 'http://api.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}', 'X-Trace': '1' } });
    const finding = expectOne(text, check(text, 'catalog', KNOWN), 'insecure-transport', { range: '"http://api.example.com/mcp"', severity: 'warning' });
    assert.match(
      finding.message,
      /^Credential headers go unencrypted over http:\/\/, so anyone on the network path can read them\. Use https:\/\/\. Sent to api\.example\.com: Authorization\./,
    );
    assert.deepEqual(finding.data, { path: ['s', 'url'], host: 'api.example.com', headers: ['Authorization'] });
    assert.equal(finding.related?.length, 1);
    assert.equal(text.slice(finding.related[0].start, finding.related[0].end), '"Authorization"');
  });

  it('names every credential header (X-API-Key, PRIVATE-TOKEN) on sse too, with ports and user info', () => {
    const text = remote({ url: 'HTTP://user@10.0.0.5:8080/sse', headers: { 'X-API-Key': '${KEY}', 'PRIVATE-TOKEN': '${TOKEN}' } }, 'sse');
    const finding = expectOne(text, check(text, 'catalog', KNOWN), 'insecure-transport', { range: '"HTTP://user@10.0.0.5:8080/sse"' });
    assert.deepEqual(finding.data?.headers, ['X-API-Key', 'PRIVATE-TOKEN']);
    assert.equal(finding.data?.host, '10.0.0.5');
  });

  describe('is silent on', () => {
    const silent: [string, string][] = [
      ['https', remote({ url: 'https://api.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } })],
      ['localhost', remote({ url: 'http://localhost:3000/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } })],
      ['127.0.0.1', remote({ url: 'http://127.0.0.1/mcp', headers: { 'X-API-Key': '${KEY}' } })],
      ['[::1]', remote({ url: 'http://[::1]:9000/mcp', headers: { 'X-API-Key': '${KEY}' } })],
      ['a *.localhost name', remote({ url: 'http://mcp.localhost/mcp', headers: { 'X-API-Key': '${KEY}' } })],
      ['no credential header', remote({ url: 'http://api.example.com/mcp', headers: { 'Idempotency-Key': 'x', 'X-Author': 'me' } })],
      ['no headers', remote({ url: 'http://api.example.com/mcp' })],
      ['a host written as a placeholder', remote({ url: 'http://${HOST}/mcp', headers: { Authorization: 'Bearer ${TOKEN}' } })],
    ];
    for (const [title, text] of silent)
      it(title, () => expectNone(text, check(text, 'catalog', facts({ known: ['TOKEN', 'KEY', 'HOST'] })), 'insecure-transport'));
  });

  it('reads hosts the way a URL does', () => {
    assert.equal(plainHttpHost('https://a.example'), undefined);
    assert.equal(plainHttpHost('http://A.Example:80/x'), 'a.example');
    assert.equal(plainHttpHost('http://u:p@h.example/x'), 'h.example');
    assert.equal(plainHttpHost('http://[::1]:80/'), '[::1]');
    assert.ok(isLoopbackHost('127.1.2.3'));
    assert.ok(!isLoopbackHost('127.example.com'));
    assert.ok(!isLoopbackHost('0.0.0.0'));
  });
});

describe('hygiene: tool-name-collision (SPEC §6.3)', () => {
  it('fires on both names that Codex sanitises alike, each with related info at the other', () => {
    const text = catalog({ 'a[1]': { type: 'stdio', command: 'x' }, a_1_: { type: 'stdio', command: 'y' }, b: { type: 'stdio', command: 'z' } });
    const findings = withCode(check(text), 'tool-name-collision');
    assert.deepEqual(
      findings.map((f) => [text.slice(f.start, f.end), f.severity, f.data?.collidesWith]),
      [
        ['"a[1]"', 'warning', ['a_1_']],
        ['"a_1_"', 'warning', ['a[1]']],
      ],
    );
    assert.equal(text.slice(findings[0].related![0].start, findings[0].related![0].end), '"a_1_"');
    assert.match(findings[0].message, /mcp__a_1___<tool>/);
  });

  it('fires on a name containing __', () => {
    const text = catalog({ my__server: { type: 'stdio', command: 'x' } });
    const finding = expectOne(text, check(text), 'tool-name-collision', { range: '"my__server"', severity: 'warning' });
    assert.equal(finding.data?.doubleUnderscore, true);
  });

  it('is silent on names that stay distinct (`-` and `_` are kept)', () => {
    const text = catalog({
      'a-1': { type: 'stdio', command: 'x' },
      a_1: { type: 'stdio', command: 'y' },
      a: { type: 'stdio', command: 'z' },
      _a_: { type: 'stdio', command: 'w' },
    });
    expectNone(text, check(text), 'tool-name-collision');
  });

  it('is silent on a roots index', () => {
    const text = catalog({ a__b: { description: 'x' } });
    expectNone(text, check(text, 'roots'), 'tool-name-collision');
  });
});

describe('hygiene: duplicate-server', () => {
  const composition = {
    airPath: '/ws/air.json',
    catalogs: [
      { path: '/ws/team-mcp.json', servers: new Map([['github', { span: { start: 5, end: 13 }, defaultInRoots: [] }]]), listing: { start: 30, end: 47 } },
    ],
  };

  it('is an error on the name, with related info at the other definition and at its listing in the air.json', () => {
    const text = stdio().replace('"s"', '"github"');
    const finding = expectOne(text, check(text, 'catalog', facts({ composition })), 'duplicate-server', { range: '"github"', severity: 'error' });
    assert.match(finding.message, /^This server is also in team-mcp\.json, so AIR refuses to load air\.json\./);
    assert.deepEqual(
      finding.related?.map((r) => [r.path, r.start, r.end]),
      [
        ['/ws/team-mcp.json', 5, 13],
        ['/ws/air.json', 30, 47],
      ],
    );
  });

  it('is silent without an air.json composing the catalog, or without a shared name', () => {
    const text = stdio().replace('"s"', '"github"');
    expectNone(text, check(text), 'duplicate-server');
    const other = stdio().replace('"s"', '"gitlab"');
    expectNone(other, check(other, 'catalog', facts({ composition })), 'duplicate-server');
  });
});
