import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { parse as parseToml } from 'smol-toml';
import { codexServers, generate, plain } from './generate';

/**
 * Codex's `.codex/config.toml` (SPEC §6.3, §10): AIR's Codex adapter builds each table from scratch,
 * then Zimmer adds `startup_timeout_sec` and the npm cache. The golden cases marked "AIR:" are the
 * translateMcpServersByShort cases of pulsemcp/air
 * `packages/extensions/adapter-codex/tests/codex-adapter.test.ts` at 6ee86989 (the test named in
 * quotes), with Zimmer's additions on top. Previews of named servers: no session, so nothing of
 * SPEC §6.5 (zimmerAdditions.test.ts has those).
 */

type Tables = Record<string, Record<string, unknown>>;

function codex(entries: Record<string, unknown>): { tables: Tables; warnings: string[]; content: string } {
  const config = generate('codex', entries);
  return { tables: plain(codexServers(config)), warnings: config.warnings, content: config.files[0].content };
}

describe('runtime: Codex .codex/config.toml (SPEC §6.3, §10)', () => {
  describe('stdio env: three shapes', () => {
    it('AIR: "translates stdio servers with literal env into an env table" (title and description dropped)', () => {
      const { tables, warnings } = codex({
        github: { title: 'GitHub', description: 'GitHub MCP', type: 'stdio', command: 'npx', args: ['-y', '@mcp/github@1.0.0'], env: { LOG_LEVEL: 'debug' } },
      });
      assert.deepEqual(tables.github, {
        command: 'npx',
        args: ['-y', '@mcp/github@1.0.0'],
        env: { LOG_LEVEL: 'debug', NPM_CONFIG_CACHE: '<clone>/.npm-cache' },
        startup_timeout_sec: 180,
      });
      assert.deepEqual(warnings, []);
    });

    it('AIR: "forwards a ${VAR} env reference whose key matches via env_vars"', () => {
      const { tables } = codex({ github: { type: 'stdio', command: 'run', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } } });
      assert.deepEqual(tables.github, { command: 'run', env_vars: ['GITHUB_TOKEN'], startup_timeout_sec: 180 });
    });

    it('AIR: "rebinds a renamed ${VAR} env reference via a sh -c shim and forwards the source var" — and the npx launch loses the npm cache', () => {
      const { tables, warnings } = codex({ github: { type: 'stdio', command: 'npx', env: { TOKEN: '${GITHUB_TOKEN}' } } });
      assert.deepEqual(tables.github, {
        command: 'sh',
        args: ['-c', `TOKEN="\${GITHUB_TOKEN}" exec 'npx'`],
        env_vars: ['GITHUB_TOKEN'],
        startup_timeout_sec: 180,
      });
      assert.equal(warnings.length, 1);
      assert.match(
        warnings[0],
        /^"github": AIR wraps this npx launch in an `sh -c` shim .* Zimmer's npm cache for npx servers \(NPM_CONFIG_CACHE\) no longer reaches it\.$/,
      );
    });

    it('AIR: "rebinds a partial Bearer-style ${VAR} env value via a sh -c shim" (exact TOML text)', () => {
      const { content, warnings } = codex({ srv: { type: 'stdio', command: 'run', args: ['--serve'], env: { AUTH: 'Bearer ${TOKEN}' } } });
      assert.equal(
        content,
        [
          '[mcp_servers.srv]',
          'command = "sh"',
          `args = [ "-c", "AUTH=\\"Bearer \${TOKEN}\\" exec 'run' '--serve'" ]`,
          'env_vars = [ "TOKEN" ]',
          'startup_timeout_sec = 180',
          '',
        ].join('\n'),
      );
      assert.deepEqual(warnings, []);
    });

    it('AIR: "splits mixed env into env_vars + a sh -c shim + a literal env table"', () => {
      const { tables, warnings } = codex({ srv: { type: 'stdio', command: 'run', env: { API_KEY: '${API_KEY}', LOG_LEVEL: 'debug', RENAMED: '${OTHER}' } } });
      assert.deepEqual(tables.srv, {
        command: 'sh',
        args: ['-c', `RENAMED="\${OTHER}" exec 'run'`],
        env_vars: ['API_KEY', 'OTHER'],
        env: { LOG_LEVEL: 'debug' },
        startup_timeout_sec: 180,
      });
      assert.deepEqual(warnings, []);
    });

    it('AIR: "does NOT shim a ${VAR} reference carrying shell syntax — keeps it literal + warns"', () => {
      const { tables, warnings } = codex({ srv: { type: 'stdio', command: 'run', env: { EVIL: '${X:-$(touch /tmp/pwned)}' } } });
      assert.deepEqual(tables.srv, { command: 'run', env: { EVIL: '${X:-$(touch /tmp/pwned)}' }, startup_timeout_sec: 180 });
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /^"srv": env `EVIL` cannot be forwarded: the key or a `\$\{…\}` in its value is not a plain variable name/);
    });

    it('AIR: "does NOT shim when the env KEY itself carries shell metacharacters"', () => {
      const { tables, warnings } = codex({ srv: { type: 'stdio', command: 'run', env: { 'A;rm -rf /': '${TOKEN}' } } });
      assert.deepEqual(tables.srv, { command: 'run', env: { 'A;rm -rf /': '${TOKEN}' }, startup_timeout_sec: 180 });
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /^"srv": env `A;rm -rf \/` cannot be forwarded/);
    });

    it('a default (`${X:-d}`) is no plain name, so it stays literal with the warning; a lower-case same-name reference is forwarded', () => {
      const { tables, warnings } = codex({ s: { type: 'stdio', command: 'x', env: { DEF: '${DEF:-1}', foo: '${foo}', PLAIN: 'v' } } });
      assert.deepEqual(tables.s, { command: 'x', env_vars: ['foo'], env: { DEF: '${DEF:-1}', PLAIN: 'v' }, startup_timeout_sec: 180 });
      assert.equal(warnings.length, 1);
    });

    it('empty args and env are omitted; a source name is forwarded once', () => {
      const { tables } = codex({
        empty: { type: 'stdio', command: 'x', args: [], env: {} },
        twice: { type: 'stdio', command: 'x', env: { A: '${T}', B: 'x-${T}-${T}' } },
      });
      assert.deepEqual(tables.empty, { command: 'x', startup_timeout_sec: 180 });
      assert.deepEqual(tables.twice.env_vars, ['T']);
      assert.deepEqual(tables.twice.args, ['-c', `A="\${T}" B="x-\${T}-\${T}" exec 'x'`]);
    });
  });

  describe('the launch shim is injection-proof', () => {
    // AIR: "sh -c shim runtime behavior" — the produced command is run verbatim by a real shell,
    // with the forwarded variable set as Codex would set it; here with hostile words and text.
    const hostile = [`it's`, '$(echo pwned)', '`echo pwned`', '"quoted" \\ back', '; rm -rf /', '$HOME', "'", ''];

    it('every original word reaches the program unchanged', () => {
      const { tables } = codex({ srv: { type: 'stdio', command: 'printf', args: ['%s|', ...hostile], env: { DEST: '${SRC}' } } });
      const out = execFileSync(tables.srv.command as string, tables.srv.args as string[], { env: { PATH: process.env.PATH, SRC: 'v' }, encoding: 'utf8' });
      assert.equal(out, hostile.map((word) => `${word}|`).join(''));
    });

    it("the rebound value's literal text stays literal and the reference expands", () => {
      const literal = ` "q" \\b \`echo no\` $(echo no) $HOME 'x' `;
      const { tables } = codex({ srv: { type: 'stdio', command: 'printenv', args: ['DEST'], env: { DEST: `${literal}\${SRC}` } } });
      const out = execFileSync(tables.srv.command as string, tables.srv.args as string[], { env: { PATH: process.env.PATH, SRC: 's3cr3t' }, encoding: 'utf8' });
      assert.equal(out, `${literal}s3cr3t\n`);
    });

    it('a stdio entry with no command to wrap gets no shim: AIR leaves the rebinding out and warns', () => {
      const { tables, warnings } = codex({ srv: { type: 'stdio', command: '', env: { DEST: '${SRC}' } } });
      assert.deepEqual(tables.srv, { command: '', env_vars: ['SRC'] });
      assert.match(warnings.join('\n'), /"srv": env `DEST` need AIR's launch shim, but there is no command to wrap/);
    });
  });

  describe('remote', () => {
    it('AIR: "translates remote servers to a url-based entry" and "handles sse servers via the same url-based shape"', () => {
      const { tables } = codex({
        remote: { type: 'streamable-http', url: 'https://mcp.example.com/api' },
        events: { type: 'sse', url: 'https://mcp.example.com/sse' },
      });
      assert.deepEqual(tables, { remote: { url: 'https://mcp.example.com/api' }, events: { url: 'https://mcp.example.com/sse' } });
    });

    it('AIR: "maps a ${VAR} header to env_http_headers and literal headers to http_headers" (a renamed one too)', () => {
      const { tables } = codex({
        remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', headers: { Authorization: '${API_TOKEN}', 'X-Static': 'always' } },
      });
      assert.deepEqual(tables.remote, {
        url: 'https://mcp.example.com/api',
        http_headers: { 'X-Static': 'always' },
        env_http_headers: { Authorization: 'API_TOKEN' },
      });
    });

    it('AIR: "maps an Authorization: Bearer ${VAR} header to bearer_token_env_var" (the header name in any case)', () => {
      const { tables, warnings } = codex({
        remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', headers: { Authorization: 'Bearer ${API_TOKEN}' } },
        lower: { type: 'sse', url: 'https://e.com', headers: { authorization: 'Bearer  ${T}' } },
      });
      assert.deepEqual(tables.remote, { url: 'https://mcp.example.com/api', bearer_token_env_var: 'API_TOKEN' });
      assert.deepEqual(tables.lower, { url: 'https://e.com', bearer_token_env_var: 'T' });
      assert.deepEqual(warnings, []);
    });

    it('AIR: "warns and keeps a non-Bearer partial header literal (no Codex expression)"', () => {
      const { tables, warnings } = codex({
        remote: { type: 'streamable-http', url: 'https://mcp.example.com/api', headers: { 'X-Api-Key': 'key-${SECRET}' } },
      });
      assert.deepEqual(tables.remote, { url: 'https://mcp.example.com/api', http_headers: { 'X-Api-Key': 'key-${SECRET}' } });
      assert.equal(warnings.length, 1);
      assert.match(warnings[0], /^"remote": header `X-Api-Key` has a `\$\{…\}` inside a larger value, which Codex cannot forward/);
    });

    it('a remote entry drops env, title, description, default_in_roots, unavailable, unknown fields', () => {
      const { tables } = codex({
        s: { type: 'sse', url: 'https://e.com/sse', env: { A: '1' }, title: 't', description: 'd', default_in_roots: ['x'], unavailable: 'u', mystery: 1 },
      });
      assert.deepEqual(tables.s, { url: 'https://e.com/sse' });
    });
  });

  describe('oauth', () => {
    it('AIR: "emits per-server oauth.client_id and a global mcp_oauth_callback_url"', () => {
      const config = generate('codex', {
        remote: {
          type: 'streamable-http',
          url: 'https://mcp.example.com/api',
          oauth: { clientId: 'air-registered-client', redirectUri: 'https://cb.example.com/callback' },
        },
      });
      const parsed = parseToml(config.files[0].content) as Record<string, unknown>;
      assert.equal(parsed.mcp_oauth_callback_url, 'https://cb.example.com/callback');
      assert.deepEqual(plain(codexServers(config)).remote, { url: 'https://mcp.example.com/api', oauth: { client_id: 'air-registered-client' } });
      assert.match(config.files[0].content, /^mcp_oauth_callback_url = "https:\/\/cb\.example\.com\/callback"\n\n\[mcp_servers\.remote\]\n/);
    });

    it('AIR: "omits the oauth table when no clientId is configured" (the redirectUri is still the global callback)', () => {
      const config = generate('codex', {
        remote: { type: 'streamable-http', url: 'https://e.com', oauth: { redirectUri: 'https://cb.example.com/callback' } },
      });
      assert.deepEqual(plain(codexServers(config)).remote, { url: 'https://e.com' });
      assert.equal((parseToml(config.files[0].content) as Record<string, unknown>).mcp_oauth_callback_url, 'https://cb.example.com/callback');
    });

    it('AIR: "warns and keeps the first URI when servers declare distinct redirect URIs"', () => {
      const config = generate('codex', {
        alpha: {
          type: 'streamable-http',
          url: 'https://alpha.example.com/api',
          oauth: { clientId: 'alpha-client', redirectUri: 'https://alpha.example.com/callback' },
        },
        beta: {
          type: 'streamable-http',
          url: 'https://beta.example.com/api',
          oauth: { clientId: 'beta-client', redirectUri: 'https://beta.example.com/callback' },
        },
        same: { type: 'sse', url: 'https://s.example.com', oauth: { redirectUri: 'https://alpha.example.com/callback' } },
      });
      assert.equal((parseToml(config.files[0].content) as Record<string, unknown>).mcp_oauth_callback_url, 'https://alpha.example.com/callback');
      assert.equal(config.warnings.length, 1);
      assert.match(config.warnings[0], /mcp_oauth_callback_url: AIR writes "https:\/\/alpha\.example\.com\/callback" and drops the rest\.$/);
    });

    it('scopes (non-empty), clientSecret and authServerMetadataUrl are warned and dropped; empty ones silently', () => {
      const config = generate('codex', {
        full: {
          type: 'sse',
          url: 'https://e.com',
          oauth: { clientId: 'c', scopes: ['a'], clientSecret: '${S}', authServerMetadataUrl: 'https://a.example/.well-known' },
        },
        empty: { type: 'sse', url: 'https://f.com', oauth: { scopes: [], clientSecret: '' } },
      });
      assert.deepEqual(plain(codexServers(config)).full, { url: 'https://e.com', oauth: { client_id: 'c' } });
      assert.deepEqual(config.warnings, [
        `"full": oauth.scopes, oauth.clientSecret, oauth.authServerMetadataUrl have no Codex equivalent and are dropped: Codex's per-server oauth table takes only client_id (the callback URL is global).`,
      ]);
    });
  });

  describe("Zimmer's startup_timeout_sec and what never passes through", () => {
    it('a valid declaration is written on stdio and remote, longer or shorter; invalid ones fall back', () => {
      const { tables } = codex({
        short: { type: 'stdio', command: 'x', startup_timeout_sec: 10 },
        long: { type: 'sse', url: 'https://e.com', startup_timeout_sec: 500 },
        quoted: { type: 'stdio', command: 'x', startup_timeout_sec: '20' },
        quotedRemote: { type: 'sse', url: 'https://e.com', startup_timeout_sec: '20' },
      });
      assert.equal(tables.short.startup_timeout_sec, 10);
      assert.equal(tables.long.startup_timeout_sec, 500);
      assert.equal(tables.quoted.startup_timeout_sec, 180);
      assert.equal(tables.quotedRemote.startup_timeout_sec, undefined);
    });

    // tadasant/zimmer app/services/pi_mcp_config_post_processor.rb (`apply_startup_timeouts!`): the default
    // goes to "only entries with a `command`, exactly as on Codex" — a blank one (Ruby's `blank?`) has none.
    it('the default 180 goes to a launch only: a stdio table whose command is blank gets none, unless it declares one', () => {
      const { tables } = codex({
        empty: { type: 'stdio', command: '' },
        spaces: { type: 'stdio', command: '  ' },
        declared: { type: 'stdio', command: '', startup_timeout_sec: 30 },
      });
      assert.equal(tables.empty.startup_timeout_sec, undefined);
      assert.equal(tables.spaces.startup_timeout_sec, undefined);
      assert.equal(tables.declared.startup_timeout_sec, 30);
    });

    it("a catalog's Codex-native keys (startup_timeout_ms, tool_timeout_sec, enabled) never reach the table", () => {
      const { tables } = codex({
        ms: { type: 'stdio', command: 'x', startup_timeout_ms: 45000, startup_timeout_sec: 300, tool_timeout_sec: 90, enabled: [null] },
      });
      assert.deepEqual(tables.ms, { command: 'x', startup_timeout_sec: 300 });
    });
  });

  describe('TOML', () => {
    it('one [mcp_servers.<name>] table per server; names that are not bare keys are quoted', () => {
      const { tables, content } = codex({
        'a[1]': { type: 'stdio', command: 'x' },
        $dollar: { type: 'stdio', command: 'y' },
        plain_name: { type: 'stdio', command: 'z' },
      });
      assert.match(content, /^\[mcp_servers\."a\[1\]"\]$/m);
      assert.match(content, /^\[mcp_servers\."\$dollar"\]$/m);
      assert.match(content, /^\[mcp_servers\.plain_name\]$/m);
      assert.deepEqual(Object.keys(tables), ['a[1]', '$dollar', 'plain_name']);
    });

    it('hostile keys and values stay inside their strings: the file parses back to exactly what was written', () => {
      const evil = '"]\n[mcp_servers.evil]\ncommand = "rm';
      const { tables, content } = codex({
        '$[x]-': { type: 'stdio', command: 'x"\n[y]', args: ['line\nbreak', 'tab\t', 'del\u007f', 'é ✓'], env: { [evil]: evil, ['__proto__']: 'p' } },
      });
      assert.deepEqual(Object.keys(tables), ['$[x]-']);
      assert.deepEqual(tables['$[x]-'], {
        command: 'x"\n[y]',
        args: ['line\nbreak', 'tab\t', 'del\u007f', 'é ✓'],
        env: plain({ [evil]: evil, ['__proto__']: 'p' }),
        startup_timeout_sec: 180,
      });
      assert.doesNotMatch(content, /^\[mcp_servers\.evil\]$/m);
    });

    it('a lone UTF-16 surrogate, which TOML cannot hold, becomes U+FFFD so the file stays valid', () => {
      const { content, tables } = codex({ s: { type: 'stdio', command: 'x\udc00y', env: { ['K\ud800']: 'v' } } });
      assert.doesNotMatch(content, /\\ud800|\\udc00/i);
      assert.deepEqual(tables.s, { command: 'x\ufffdy', env: { 'K\ufffd': 'v' }, startup_timeout_sec: 180 });
    });

    it('warns when two server names give the same Codex tool names', () => {
      const config = generate('codex', { 'a[1]': { type: 'stdio', command: 'x' }, a_1_: { type: 'stdio', command: 'y' }, b: { type: 'stdio', command: 'z' } });
      assert.equal(config.warnings.length, 1);
      assert.match(config.warnings[0], /"a\[1\]" and "a_1_" both become `mcp__a_1___<tool>`/);
    });

    it('with no server selected the file is empty (valid TOML)', () => {
      const config = generate('codex', {});
      assert.equal(config.files[0].content, '');
      assert.deepEqual(codexServers(config), {});
      assert.deepEqual(config.env, {});
    });
  });
});
