import { strict as assert } from 'node:assert';
import { codexServers, generate, plain } from './generate';

describe('runtime: Codex .codex/config.toml (SPEC §6.3, §10)', () => {
  it('one [mcp_servers.<name>] table per server, parsed back by a TOML parser', () => {
    const config = generate('codex', {
      a: { type: 'stdio', command: 'node', args: ['s.js'] },
      b: { type: 'streamable-http', url: 'https://e.com/mcp', headers: { Authorization: '${T}' } },
    });
    assert.equal(config.runtime, 'codex');
    assert.deepEqual(config.env, {});
    assert.match(config.files[0].content, /^\[mcp_servers\.a\]$/m);
    assert.match(config.files[0].content, /^\[mcp_servers\.b\]$/m);
    assert.deepEqual(plain(codexServers(config)), {
      a: { command: 'node', args: ['s.js'], startup_timeout_sec: 180 },
      b: { url: 'https://e.com/mcp', env_http_headers: { Authorization: 'T' } },
    });
  });

  it('names that are not bare TOML keys are quoted', () => {
    const config = generate('codex', {
      'a[1]': { type: 'stdio', command: 'x' },
      $dollar: { type: 'stdio', command: 'y' },
      plain_name: { type: 'stdio', command: 'z' },
    });
    const content = config.files[0].content;
    assert.match(content, /^\[mcp_servers\."a\[1\]"\]$/m);
    assert.match(content, /^\[mcp_servers\."\$dollar"\]$/m);
    assert.match(content, /^\[mcp_servers\.plain_name\]$/m);
    assert.deepEqual(Object.keys(codexServers(config)), ['a[1]', '$dollar', 'plain_name']);
  });

  it('stdio env: a whole-value same-name reference becomes env_vars, the rest stays in env', () => {
    const servers = codexServers(
      generate('codex', {
        s: { type: 'stdio', command: 'x', env: { TOKEN: '${TOKEN}', OTHER: '${DIFFERENT}', MIXED: 'a-${MIXED}', DEF: '${DEF:-1}', PLAIN: 'v' } },
        only: { type: 'stdio', command: 'x', env: { A: '${A}', B: '${B}' } },
        empty: { type: 'stdio', command: 'x', env: {} },
      }),
    );
    assert.deepEqual(plain(servers.s.env_vars), ['TOKEN']);
    assert.deepEqual(plain(servers.s.env), { OTHER: '${DIFFERENT}', MIXED: 'a-${MIXED}', DEF: '${DEF:-1}', PLAIN: 'v' });
    assert.deepEqual(plain(servers.only), { command: 'x', env_vars: ['A', 'B'], startup_timeout_sec: 180 });
    assert.deepEqual(plain(servers.empty), { command: 'x', env: {}, startup_timeout_sec: 180 });
  });

  it('remote: url, http_headers, and env_http_headers for whole-value header references', () => {
    const servers = codexServers(
      generate('codex', {
        r: {
          type: 'streamable-http',
          url: 'https://e.com/${PATH_PART}',
          headers: { 'X-API-Key': '${ZIMMER_KEY}', Authorization: 'Bearer ${TOKEN}', 'X-Static': 'v' },
        },
      }),
    );
    assert.deepEqual(plain(servers.r), {
      url: 'https://e.com/${PATH_PART}',
      http_headers: { Authorization: 'Bearer ${TOKEN}', 'X-Static': 'v' },
      env_http_headers: { 'X-API-Key': 'ZIMMER_KEY' },
    });
  });

  it('drops oauth, remote env, title, description, default_in_roots, unavailable and unknown fields; sse is a url table', () => {
    const servers = codexServers(
      generate('codex', {
        s: {
          type: 'sse',
          url: 'https://e.com/sse',
          env: { A: '1' },
          oauth: { clientId: 'c' },
          title: 't',
          description: 'd',
          default_in_roots: ['x'],
          unavailable: 'u',
          mystery: 1,
        },
      }),
    );
    assert.deepEqual(plain(servers.s), { url: 'https://e.com/sse' });
  });

  it('startup_timeout_sec: a valid declaration is written on stdio and remote, longer or shorter; invalid ones fall back', () => {
    const servers = codexServers(
      generate('codex', {
        short: { type: 'stdio', command: 'x', startup_timeout_sec: 10 },
        long: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 500 },
        quoted: { type: 'stdio', command: 'x', startup_timeout_sec: '20' },
        quotedRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: '20' },
      }),
    );
    assert.equal(servers.short.startup_timeout_sec, 10);
    assert.equal(servers.long.startup_timeout_sec, 500);
    assert.equal(servers.quoted.startup_timeout_sec, 180);
    assert.equal(servers.quotedRemote.startup_timeout_sec, undefined);
  });

  it("an entry's own startup_timeout_ms is kept and nothing is added; tool_timeout_sec and enabled pass through", () => {
    const servers = codexServers(
      generate('codex', {
        ms: { type: 'stdio', command: 'x', startup_timeout_ms: 45000, startup_timeout_sec: 300, tool_timeout_sec: 90, enabled: false },
      }),
    );
    assert.deepEqual(plain(servers.ms), { command: 'x', startup_timeout_ms: 45000, tool_timeout_sec: 90, enabled: false });
  });

  it('warns when two server names give the same Codex tool names', () => {
    const config = generate('codex', { 'a[1]': { type: 'stdio', command: 'x' }, a_1_: { type: 'stdio', command: 'y' }, b: { type: 'stdio', command: 'z' } });
    assert.equal(config.warnings.length, 1);
    assert.match(config.warnings[0], /"a\[1\]" and "a_1_" both become `mcp__a_1___<tool>`/);
  });

  it('a native key TOML cannot hold is left out with a warning instead of failing', () => {
    const config = generate('codex', { n: { type: 'stdio', command: 'x', enabled: [null] } });
    assert.equal(codexServers(config).n.enabled, undefined);
    assert.match(config.warnings.join('\n'), /`enabled` holds a value TOML cannot represent/);
  });

  it('strings that need escaping survive the round trip', () => {
    const servers = codexServers(generate('codex', { q: { type: 'stdio', command: 'say "hi"\\', args: ['line\nbreak', 'tab\t', 'del\u007f', 'é ✓'] } }));
    assert.equal(servers.q.command, 'say "hi"\\');
    assert.deepEqual(plain(servers.q.args), ['line\nbreak', 'tab\t', 'del\u007f', 'é ✓']);
  });

  it('with no server selected the file is empty (valid TOML)', () => {
    const config = generate('codex', {});
    assert.equal(config.files[0].content, '');
    assert.deepEqual(codexServers(config), {});
  });
});
