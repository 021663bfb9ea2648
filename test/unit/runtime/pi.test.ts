import { strict as assert } from 'node:assert';
import { generate, mcpServers } from './generate';

/**
 * Pi's `.mcp.json` (SPEC §6.3, §10): written by Zimmer itself from the catalog (tadasant/zimmer
 * `app/services/pi_mcp_config_post_processor.rb` at 06cda448 — `catalog_entry_for` and
 * `apply_startup_timeouts!`; AIR's Pi adapter is skills-only).
 */

describe('runtime: Pi .mcp.json (SPEC §6.3, §10)', () => {
  it('stdio carries "type": "stdio"; remote is {type: "http", url, headers} with headers always present; no oauth; no process environment', () => {
    const config = generate('pi', {
      l: { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '${A}' } },
      r: {
        type: 'streamable-http',
        url: 'https://e.com/mcp',
        headers: { Authorization: '${T}' },
        oauth: { clientId: 'c', redirectUri: 'http://127.0.0.1:9000/cb' },
      },
      bare: { type: 'streamable-http', url: 'https://e.com/bare' },
    });
    assert.equal(config.runtime, 'pi');
    assert.deepEqual(config.env, {});
    assert.deepEqual(config.warnings, []);
    const servers = mcpServers(config);
    assert.deepEqual(servers.l, { type: 'stdio', command: 'node', args: ['s.js'], env: { A: '${A}' }, requestTimeoutMs: 180000 });
    assert.deepEqual(servers.r, { type: 'http', url: 'https://e.com/mcp', headers: { Authorization: '${T}' } });
    assert.deepEqual(servers.bare, { type: 'http', url: 'https://e.com/bare', headers: {} });
    assert.deepEqual(Object.keys(servers.l), ['type', 'command', 'args', 'env', 'requestTimeoutMs']);
  });

  it('an sse entry keeps "type": "sse" (a different wire protocol from http)', () => {
    assert.deepEqual(mcpServers(generate('pi', { s: { type: 'sse', url: 'https://e.com/sse' } })).s, { type: 'sse', url: 'https://e.com/sse', headers: {} });
  });

  it('args and env only when non-empty', () => {
    assert.deepEqual(mcpServers(generate('pi', { e: { type: 'stdio', command: 'x', args: [], env: {} } })).e, {
      type: 'stdio',
      command: 'x',
      requestTimeoutMs: 180000,
    });
  });

  it('a stdio entry with a blank command is left out with a warning', () => {
    const config = generate('pi', { blank: { type: 'stdio', command: '  ' }, ok: { type: 'stdio', command: 'x' } });
    assert.deepEqual(Object.keys(mcpServers(config)), ['ok']);
    assert.deepEqual(config.warnings, [`"blank" is left out of Pi's .mcp.json: no command, so Zimmer skips it.`]);
  });

  // tadasant/zimmer test/services/pi_mcp_config_post_processor_test.rb @ 4a294d5e: "every seeded stdio
  // server gets the shared MCP startup budget", "a non-npx stdio server gets the same budget", "an http
  // server is not given a startup budget" (the auto-injected Zimmer entries included).
  it('Zimmer: every stdio entry, npx or not, gets 180000; an http entry, the added zimmer-self-session included, gets none', () => {
    const servers = mcpServers(
      generate(
        'pi',
        {
          npx: { type: 'stdio', command: 'npx', args: ['-y', 'p@1'] },
          notNpx: { type: 'stdio', command: '/usr/local/bin/thing' },
          http: { type: 'streamable-http', url: 'https://acme.example.com/mcp' },
        },
        { selection: { kind: 'all' } },
      ),
    );
    assert.equal(servers.npx.requestTimeoutMs, 180000);
    assert.equal(servers.notNpx.requestTimeoutMs, 180000);
    assert.equal(servers.http.requestTimeoutMs, undefined);
    assert.ok(servers['zimmer-self-session']);
    assert.equal(servers['zimmer-self-session'].requestTimeoutMs, undefined);
  });

  it('only ever lengthens: a declaration at or under 180 s is dropped, one above is written for stdio and remote', () => {
    const servers = mcpServers(
      generate('pi', {
        shortLocal: { type: 'stdio', command: 'x', startup_timeout_sec: 30 },
        shortRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 30 },
        exactRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 180 },
        longLocal: { type: 'stdio', command: 'x', startup_timeout_sec: 600 },
        longRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 240 },
      }),
    );
    assert.equal(servers.shortLocal.requestTimeoutMs, 180000);
    assert.equal(servers.shortRemote.requestTimeoutMs, undefined);
    assert.equal(servers.exactRemote.requestTimeoutMs, undefined);
    assert.equal(servers.longLocal.requestTimeoutMs, 600000);
    assert.equal(servers.longRemote.requestTimeoutMs, 240000);
  });

  it("a catalog's own requestTimeoutMs, Codex's native keys and the Zimmer fields are not copied (the entry is built from known fields)", () => {
    const servers = mcpServers(
      generate('pi', {
        own: { type: 'stdio', command: 'x', requestTimeoutMs: 5000, startup_timeout_ms: 1, tool_timeout_sec: 2, enabled: true, title: 't' },
        ownRemote: { type: 'sse', url: 'https://e.com', requestTimeoutMs: 900000 },
      }),
    );
    assert.deepEqual(servers.own, { type: 'stdio', command: 'x', requestTimeoutMs: 180000 });
    assert.deepEqual(servers.ownRemote, { type: 'sse', url: 'https://e.com', headers: {} });
  });
});
