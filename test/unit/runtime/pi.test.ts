import { strict as assert } from 'node:assert';
import { generate, mcpServers } from './generate';

describe('runtime: Pi .mcp.json (SPEC §6.3, §10)', () => {
  it("has Claude's shape plus requestTimeoutMs, and no process environment", () => {
    const config = generate('pi', {
      l: { type: 'stdio', command: 'node', args: ['s.js'] },
      r: { type: 'streamable-http', url: 'https://e.com/mcp', headers: { Authorization: '${T}' }, oauth: { redirectUri: 'http://127.0.0.1:9000/cb' } },
    });
    assert.equal(config.runtime, 'pi');
    assert.deepEqual(config.env, {});
    const servers = mcpServers(config);
    assert.deepEqual(servers.l, { command: 'node', args: ['s.js'], requestTimeoutMs: 180000 });
    assert.deepEqual(servers.r, { type: 'http', url: 'https://e.com/mcp', headers: { Authorization: '${T}' }, oauth: { callbackPort: 9000 } });
  });

  it('only ever lengthens: a declaration under 180 s is dropped, one above is written for stdio and remote', () => {
    const servers = mcpServers(
      generate('pi', {
        shortLocal: { type: 'stdio', command: 'x', startup_timeout_sec: 30 },
        shortRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 30 },
        longLocal: { type: 'stdio', command: 'x', startup_timeout_sec: 600 },
        longRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 240 },
      }),
    );
    assert.equal(servers.shortLocal.requestTimeoutMs, 180000);
    assert.equal(servers.shortRemote.requestTimeoutMs, undefined);
    assert.equal(servers.longLocal.requestTimeoutMs, 600000);
    assert.equal(servers.longRemote.requestTimeoutMs, 240000);
  });

  it("an entry's own requestTimeoutMs is kept as written and nothing is added", () => {
    const servers = mcpServers(
      generate('pi', {
        own: { type: 'stdio', command: 'x', requestTimeoutMs: 5000, startup_timeout_sec: 600 },
        ownRemote: { type: 'sse', url: 'https://e.com', requestTimeoutMs: 900000 },
      }),
    );
    assert.equal(servers.own.requestTimeoutMs, 5000);
    assert.equal(servers.ownRemote.requestTimeoutMs, 900000);
  });

  it("drops Codex's native keys and the Zimmer fields", () => {
    const servers = mcpServers(generate('pi', { a: { type: 'stdio', command: 'x', startup_timeout_ms: 1, tool_timeout_sec: 2, enabled: true, title: 't' } }));
    assert.deepEqual(servers.a, { command: 'x', requestTimeoutMs: 180000 });
  });
});
