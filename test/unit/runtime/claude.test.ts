import { strict as assert } from 'node:assert';
import { explicitPort } from '../../../server/src/service/runtime';
import { generate, mcpServers } from './generate';

describe('runtime: Claude .mcp.json (SPEC §6.3, §10)', () => {
  it('is {"mcpServers": …} written as 2-space JSON with a final newline', () => {
    const config = generate('claude', { a: { type: 'stdio', command: 'node' } });
    assert.equal(config.runtime, 'claude');
    assert.equal(config.files[0].content, '{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n    }\n  }\n}\n');
  });

  it('stdio → {command, args?, env?} with no type; empty args and env are kept as written', () => {
    const servers = mcpServers(
      generate('claude', {
        full: { type: 'stdio', command: 'uvx', args: ['--from', 'x', 'y'], env: { A: '${A}' }, title: 'T', description: 'D', default_in_roots: ['r'], unavailable: 'no', startup_timeout_sec: 30, custom: 1 },
        empty: { type: 'stdio', command: 'uvx', args: [], env: {} },
      }),
    );
    assert.deepEqual(servers.full, { command: 'uvx', args: ['--from', 'x', 'y'], env: { A: '${A}' } });
    assert.deepEqual(servers.empty, { command: 'uvx', args: [], env: {} });
  });

  it('remote → {type, url, headers?, oauth?}: streamable-http is written as http, sse stays, env is dropped', () => {
    const servers = mcpServers(
      generate('claude', {
        h: { type: 'streamable-http', url: 'https://e.com/mcp', headers: { Authorization: 'Bearer ${T}' }, env: { X: '1' }, title: 't' },
        s: { type: 'sse', url: 'https://e.com/sse' },
      }),
    );
    assert.deepEqual(servers.h, { type: 'http', url: 'https://e.com/mcp', headers: { Authorization: 'Bearer ${T}' } });
    assert.deepEqual(servers.s, { type: 'sse', url: 'https://e.com/sse' });
  });

  it('oauth → {clientId?, callbackPort?, scopes?, authServerMetadataUrl?, clientSecret?} with the explicit redirect port', () => {
    const servers = mcpServers(
      generate('claude', {
        o: {
          type: 'streamable-http',
          url: 'https://e.com/mcp',
          oauth: { clientSecret: '${SECRET}', redirectUri: 'http://localhost:8765/callback', scopes: ['read'], clientId: 'abc', authServerMetadataUrl: 'https://auth.e.com/.well-known/x', extra: 1 },
        },
      }),
    );
    assert.deepEqual(servers.o.oauth, { clientId: 'abc', callbackPort: 8765, scopes: ['read'], authServerMetadataUrl: 'https://auth.e.com/.well-known/x', clientSecret: '${SECRET}' });
    assert.deepEqual(Object.keys(servers.o.oauth as object), ['clientId', 'callbackPort', 'scopes', 'authServerMetadataUrl', 'clientSecret']);
  });

  it('callbackPort is omitted when the redirect URI has no port or a placeholder for it', () => {
    const oauthOf = (redirectUri: string): Record<string, unknown> =>
      mcpServers(generate('claude', { o: { type: 'sse', url: 'https://e.com/sse', oauth: { clientId: 'c', redirectUri } } })).o.oauth as Record<string, unknown>;
    assert.deepEqual(oauthOf('http://localhost/callback'), { clientId: 'c' });
    assert.deepEqual(oauthOf('http://localhost:${PORT}/callback'), { clientId: 'c' });
  });

  it('the port is read textually: a default port written out counts, IPv6 and user info are handled', () => {
    assert.equal(explicitPort('http://localhost:80/cb'), 80);
    assert.equal(explicitPort('https://example.com:443'), 443);
    assert.equal(explicitPort('http://[::1]:3000/cb'), 3000);
    assert.equal(explicitPort('http://user:pw@host:4000/cb?x=http://a:1'), 4000);
    assert.equal(explicitPort('http://[::1]/cb'), undefined);
    assert.equal(explicitPort('http://localhost:99999/cb'), undefined);
    assert.equal(explicitPort('http://localhost:/cb'), undefined);
    assert.equal(explicitPort('not a uri'), undefined);
  });

  it('placeholders are kept exactly as written, defaults included', () => {
    const servers = mcpServers(generate('claude', { a: { type: 'stdio', command: '${BIN:-node}', args: ['${ARG}'], env: { K: 'pre-${K}-post' } } }));
    assert.deepEqual(servers.a, { command: '${BIN:-node}', args: ['${ARG}'], env: { K: 'pre-${K}-post' } });
  });
});
