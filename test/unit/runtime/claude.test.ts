import { strict as assert } from 'node:assert';
import { callbackPort } from '../../../server/src/service/runtime';
import { generate, mcpServers } from './generate';

describe('runtime: Claude .mcp.json (SPEC §6.3, §10)', () => {
  // tadasant/zimmer app/services/claude_spawn_env.rb at 1bf5a8c4 (build_claude_spawn_env, configure_mcp_env).
  it("the agent process gets MCP_TIMEOUT, the shared npm cache and ENABLE_TOOL_SEARCH (Zimmer's default: on)", () => {
    assert.deepEqual(generate('claude', { a: { type: 'stdio', command: 'node' } }).env, {
      MCP_TIMEOUT: '180000',
      NPM_CONFIG_CACHE: '<clone>/.npm-cache',
      ENABLE_TOOL_SEARCH: 'true',
    });
    assert.equal(generate('claude', {}, { clonePath: '/work/s' }).env.NPM_CONFIG_CACHE, '/work/s/.npm-cache');
  });

  it('is {"mcpServers": …} written as 2-space JSON with a final newline', () => {
    const config = generate('claude', { a: { type: 'stdio', command: 'node' } });
    assert.equal(config.runtime, 'claude');
    assert.equal(config.files[0].content, '{\n  "mcpServers": {\n    "a": {\n      "command": "node"\n    }\n  }\n}\n');
  });

  it('stdio → {command, args?, env?} with no type; empty args and env are kept as written', () => {
    const servers = mcpServers(
      generate('claude', {
        full: {
          type: 'stdio',
          command: 'uvx',
          args: ['--from', 'x', 'y'],
          env: { A: '${A}' },
          title: 'T',
          description: 'D',
          default_in_roots: ['r'],
          unavailable: 'no',
          startup_timeout_sec: 30,
          custom: 1,
        },
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
          oauth: {
            clientSecret: '${SECRET}',
            redirectUri: 'http://localhost:8765/callback',
            scopes: ['read'],
            clientId: 'abc',
            authServerMetadataUrl: 'https://auth.e.com/.well-known/x',
            extra: 1,
          },
        },
      }),
    );
    assert.deepEqual(servers.o.oauth, {
      clientId: 'abc',
      callbackPort: 8765,
      scopes: ['read'],
      authServerMetadataUrl: 'https://auth.e.com/.well-known/x',
      clientSecret: '${SECRET}',
    });
    assert.deepEqual(Object.keys(servers.o.oauth as object), ['clientId', 'callbackPort', 'scopes', 'authServerMetadataUrl', 'clientSecret']);
  });

  it('callbackPort is omitted when the redirect URI has no port or a placeholder for it', () => {
    const oauthOf = (redirectUri: string): Record<string, unknown> =>
      mcpServers(generate('claude', { o: { type: 'sse', url: 'https://e.com/sse', oauth: { clientId: 'c', redirectUri } } })).o.oauth as Record<
        string,
        unknown
      >;
    assert.deepEqual(oauthOf('http://localhost/callback'), { clientId: 'c' });
    assert.deepEqual(oauthOf('http://localhost:${PORT}/callback'), { clientId: 'c' });
  });

  it("callbackPort is the URL parser's port: a default port is omitted, :0 gives 0, an unparsable URI gives none", () => {
    assert.equal(callbackPort('http://localhost:80/cb'), undefined);
    assert.equal(callbackPort('https://localhost:80/cb'), 80);
    assert.equal(callbackPort('https://example.com:443'), undefined);
    assert.equal(callbackPort('http://example.com:443'), 443);
    assert.equal(callbackPort('http://localhost:0/cb'), 0);
    assert.equal(callbackPort('http://localhost:08765/cb'), 8765);
    assert.equal(callbackPort('http://[::1]:3000/cb'), 3000);
    assert.equal(callbackPort('http://user:pw@host:4000/cb?x=http://a:1'), 4000);
    assert.equal(callbackPort('http://[::1]/cb'), undefined);
    assert.equal(callbackPort('http://localhost:99999/cb'), undefined);
    assert.equal(callbackPort('http://localhost:/cb'), undefined);
    assert.equal(callbackPort('not a uri'), undefined);
    assert.equal(callbackPort('http://localhost:${PORT}/cb'), undefined);
  });

  it("oauth as AIR's Claude adapter writes it: empty strings dropped, scopes kept even when [], snake_case and unknown keys dropped", () => {
    const oauthOf = (oauth: Record<string, unknown>): unknown =>
      mcpServers(generate('claude', { o: { type: 'sse', url: 'https://e.com/sse', oauth } })).o.oauth;
    assert.deepEqual(oauthOf({ clientId: '', clientSecret: '', scopes: [] }), { scopes: [] });
    assert.deepEqual(oauthOf({ clientId: 'c', redirectUri: 'http://localhost:0/cb' }), { clientId: 'c', callbackPort: 0 });
    assert.deepEqual(oauthOf({ clientId: 'c', redirectUri: 'http://localhost:80/cb' }), { clientId: 'c' });
    assert.deepEqual(oauthOf({ clientId: 'c', redirectUri: 'https://localhost:80/cb' }), { clientId: 'c', callbackPort: 80 });
    assert.deepEqual(
      oauthOf({ client_id: 'c', client_secret: '${S}', redirect_uri: 'http://localhost:9000/cb', auth_server_metadata_url: 'https://a.example/x' }),
      {},
    );
  });

  it('placeholders are kept exactly as written, defaults included', () => {
    const servers = mcpServers(generate('claude', { a: { type: 'stdio', command: '${BIN:-node}', args: ['${ARG}'], env: { K: 'pre-${K}-post' } } }));
    assert.deepEqual(servers.a, { command: '${BIN:-node}', args: ['${ARG}'], env: { K: 'pre-${K}-post' } });
  });
});
