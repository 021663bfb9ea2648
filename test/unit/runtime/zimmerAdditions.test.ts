import { strict as assert } from 'node:assert';
import { computeFixAll } from '../../../server/src/service/fixes/fixAll';
import { coversSelfSession, DEFAULT_ZIMMER_URL } from '../../../server/src/service/runtime';
import { normaliseSettings } from '../../../shared/src/settings';
import { codexServers, generate, mcpServers, plain } from './generate';
import { catalog, facts, runCli } from './helpers';

/** SPEC §6.5: what Zimmer adds at prepare, shown in previews of a session and marked as added. */

const ALL = { kind: 'all' } as const;
// Zimmer builds its URLs' queries with sorted keys and stamps the session (tadasant/zimmer
// test/services/claude_mcp_config_post_processor_test.rb, newest stored version, self_session_url).
const SELF = { type: 'http', url: 'https://zimmer.example.com/mcp?session_id=<SESSION_ID>&tool_groups=self_session', headers: { 'X-API-Key': '<KEY>' } };
const ELICITATION = {
  ELICITATION_REQUEST_URL: 'https://zimmer.example.com/api/v1/elicitations',
  ELICITATION_POLL_URL: 'https://zimmer.example.com/api/v1/elicitations',
  ELICITATION_PREFER_HTTP_FALLBACK: 'true',
  ELICITATION_TTL_MS: '3600000',
  ELICITATION_SESSION_ID: '<SESSION_ID>',
};
// Membership is declared on the artifact (SPEC §4.4): web and api are subagents of lead; a
// root-side default_subagent_roots (empty's) counts for nothing.
const roots = JSON.stringify({
  lead: { description: 'Lead.' },
  plain: { description: 'Plain.' },
  empty: { description: 'Empty.', default_subagent_roots: ['web'] },
  web: { description: 'Web.', default_in_roots: ['lead'] },
  api: { description: 'API.', default_in_roots: ['@local/lead'] },
});
const tool = { type: 'stdio', command: 'npx', args: ['-y', 'tool@1'], env: { A: '1' } };
const member = { ...tool, default_in_roots: ['lead', 'plain', 'empty'] };

describe('runtime: what Zimmer adds at prepare (SPEC §6.5)', () => {
  it('all servers: zimmer-self-session appended, five ELICITATION_* in every stdio env after the npm cache', () => {
    const config = generate('pi', { tool, remote: { type: 'sse', url: 'https://e.example/sse' } }, { selection: ALL });
    const servers = mcpServers(config);
    assert.deepEqual(Object.keys(servers), ['tool', 'remote', 'zimmer-self-session']);
    assert.deepEqual(servers['zimmer-self-session'], { ...SELF, headers: SELF.headers });
    assert.deepEqual(servers.tool.env, { A: '1', NPM_CONFIG_CACHE: '<clone>/.npm-cache', ...ELICITATION });
    assert.deepEqual(Object.keys(servers.tool.env as object).slice(2), Object.keys(ELICITATION));
    assert.equal(servers.remote.env, undefined);
    assert.deepEqual(config.added, [
      { kind: 'server', server: 'zimmer-self-session', replaces: false },
      { kind: 'env', server: 'tool', keys: Object.keys(ELICITATION), overrides: [] },
    ]);
    assert.equal(config.notes.filter((note) => /production behaviour/.test(note)).length, 1);
  });

  it("the catalog's own ELICITATION_* values are overridden, in place", () => {
    const config = generate('claude', { tool: { type: 'stdio', command: 'x', env: { ELICITATION_TTL_MS: '5', B: '2' } } }, { selection: ALL });
    const env = mcpServers(config).tool.env as Record<string, string>;
    assert.equal(env.ELICITATION_TTL_MS, '3600000');
    assert.deepEqual(Object.keys(env).slice(0, 2), ['ELICITATION_TTL_MS', 'B']);
    assert.deepEqual(config.added[1], { kind: 'env', server: 'tool', keys: Object.keys(ELICITATION), overrides: ['ELICITATION_TTL_MS'] });
  });

  it('one server previewed shows that server alone', () => {
    const config = generate('claude', { tool }, { selection: { kind: 'servers', names: ['tool'] } });
    assert.deepEqual(Object.keys(mcpServers(config)), ['tool']);
    assert.equal((mcpServers(config).tool.env as Record<string, string>).ELICITATION_SESSION_ID, undefined);
    assert.deepEqual(config.added, []);
    assert.deepEqual(config.notes, []);
  });

  it('a root with subagent roots (roots whose default_in_roots names it) gets the full-surface zimmer, which covers self-session', () => {
    const servers = mcpServers(generate('claude', { tool: member }, { selection: { kind: 'root', root: 'lead' }, facts: facts({ rootsText: roots }) }));
    assert.deepEqual(Object.keys(servers), ['tool', 'zimmer']);
    assert.deepEqual(servers.zimmer, {
      type: 'http',
      url: 'https://zimmer.example.com/mcp?allowed_agent_roots=web%2Capi&session_id=<SESSION_ID>',
      headers: { 'X-API-Key': '<KEY>' },
    });
  });

  it('a root without subagent roots (or with only a root-side default_subagent_roots) gets only zimmer-self-session', () => {
    for (const root of ['plain', 'empty']) {
      const servers = mcpServers(generate('claude', { tool: member }, { selection: { kind: 'root', root }, facts: facts({ rootsText: roots }) }));
      assert.deepEqual(Object.keys(servers), ['tool', 'zimmer-self-session'], root);
    }
  });

  it('no zimmer is added when an entry named exactly zimmer is selected', () => {
    const own = { type: 'streamable-http', url: 'https://z.example/mcp?tool_groups=sessions', headers: { 'X-API-Key': '${K}' }, default_in_roots: ['lead'] };
    const rootsWithZimmer = JSON.stringify({
      lead: { description: 'L.' },
      web: { description: 'W.', default_in_roots: ['lead'] },
    });
    const servers = mcpServers(
      generate('claude', { zimmer: own }, { selection: { kind: 'root', root: 'lead' }, facts: facts({ rootsText: rootsWithZimmer }) }),
    );
    // Its tool_groups lack self_session, so self-session is still added; the catalog entry is stamped.
    assert.deepEqual(Object.keys(servers), ['zimmer', 'zimmer-self-session']);
    assert.equal(servers.zimmer.url, `${own.url}&session_id=<SESSION_ID>`);
  });

  it('self-session coverage: a zimmer / zimmer-* entry with a url whose tool_groups is empty or lists self_session', () => {
    const covers = (name: string, url: unknown): boolean => coversSelfSession({ name, value: { type: 'streamable-http', url } });
    assert.equal(covers('zimmer', 'https://z/mcp'), true);
    assert.equal(covers('zimmer', 'https://z/mcp?tool_groups='), true);
    assert.equal(covers('zimmer-x', 'https://z/mcp?tool_groups=sessions,self_session'), true);
    assert.equal(covers('zimmer-x', 'https://z/mcp?a=1&tool_groups=self_session#f'), true);
    assert.equal(covers('zimmer-sessions', 'https://z/mcp?tool_groups=sessions'), false);
    assert.equal(covers('zimmer-self-session', 'https://z/mcp'), false);
    assert.equal(covers('zimmerx', 'https://z/mcp'), false);
    assert.equal(covers('my-zimmer', 'https://z/mcp'), false);
    assert.equal(covers('zimmer', undefined), false);
  });

  it("a selected catalog zimmer-self-session is replaced by Zimmer's, in its place", () => {
    const config = generate('claude', { 'zimmer-self-session': { type: 'sse', url: 'https://old.example/sse' }, tool }, { selection: ALL });
    const servers = mcpServers(config);
    assert.deepEqual(Object.keys(servers), ['zimmer-self-session', 'tool']);
    assert.deepEqual(servers['zimmer-self-session'], SELF);
    assert.deepEqual(config.added[0], { kind: 'server', server: 'zimmer-self-session', replaces: true });
  });

  it('the Zimmer URL setting is <BASE>; the key and session id stay placeholders', () => {
    const servers = mcpServers(generate('pi', { tool }, { selection: ALL, zimmerUrl: 'https://z.internal/' }));
    assert.equal(servers['zimmer-self-session'].url, 'https://z.internal/mcp?session_id=<SESSION_ID>&tool_groups=self_session');
    assert.equal((servers.tool.env as Record<string, string>).ELICITATION_POLL_URL, 'https://z.internal/api/v1/elicitations');
    assert.equal((servers['zimmer-self-session'].headers as Record<string, string>)['X-API-Key'], '<KEY>');
  });

  it('the editor setting mcpCatalog.preview.zimmerUrl defaults to https://zimmer.example.com', () => {
    assert.equal(normaliseSettings({}).preview.zimmerUrl, DEFAULT_ZIMMER_URL);
    assert.equal(normaliseSettings({ preview: { zimmerUrl: '  ' } }).preview.zimmerUrl, DEFAULT_ZIMMER_URL);
    assert.equal(normaliseSettings({ preview: { zimmerUrl: ' https://z.internal ' } }).preview.zimmerUrl, 'https://z.internal');
  });

  it('Codex: url + http_headers for the added server, the variables in the env table', () => {
    const servers = plain(codexServers(generate('codex', { tool }, { selection: ALL })));
    assert.deepEqual(servers['zimmer-self-session'], { url: SELF.url, http_headers: { 'X-API-Key': '<KEY>' } });
    assert.deepEqual(servers.tool.env, { A: '1', NPM_CONFIG_CACHE: '<clone>/.npm-cache', ...ELICITATION });
  });

  // tadasant/zimmer app/services/codex_config_toml_post_processor.rb at 015edcd2:
  // drop_forwarded_env_var! and forward_operator_ssh_key!.
  it('Codex: an ELICITATION_* forwarded by env_vars becomes the literal value; SSH_PRIVATE_KEY_PATH is forwarded to every launch', () => {
    const config = generate(
      'codex',
      {
        tool: { type: 'stdio', command: 'run', env: { ELICITATION_TTL_MS: '${ELICITATION_TTL_MS}', TOKEN: '${TOKEN}' } },
        remote: { type: 'sse', url: 'https://e.com' },
      },
      { selection: ALL },
    );
    const servers = plain(codexServers(config));
    assert.deepEqual(servers.tool.env_vars, ['TOKEN', 'SSH_PRIVATE_KEY_PATH']);
    assert.deepEqual(servers.tool.env, ELICITATION);
    assert.equal(servers.remote.env_vars, undefined);
    assert.ok(config.notes.some((note) => note.startsWith('Added by Zimmer at prepare: SSH_PRIVATE_KEY_PATH in env_vars of "tool"')));
    assert.ok(config.notes.some((note) => /moves each forwarded variable it holds itself/.test(note)));
  });

  it('Codex: a shimmed launch (command sh) still gets the session variables in its env table', () => {
    const servers = plain(codexServers(generate('codex', { tool: { type: 'stdio', command: 'run', env: { K: '${OTHER}' } } }, { selection: ALL })));
    assert.equal(servers.tool.command, 'sh');
    assert.deepEqual(servers.tool.env, ELICITATION);
    assert.deepEqual(servers.tool.env_vars, ['OTHER', 'SSH_PRIVATE_KEY_PATH']);
  });

  // tadasant/zimmer test/services/claude_mcp_config_post_processor_test.rb (newest stored version):
  // "post_process! does NOT retarget in production env" — only the session stamp is added.
  // tadasant/zimmer app/services/codex_config_toml_post_processor.rb (015edcd2, `forward_operator_ssh_key!`):
  // "Claude Code hands a stdio MCP server its own environment, so exporting the variable in the spawn
  // env (CliSpawnEnv#apply_operator_ssh_key) is enough there."
  it('Claude: SSH_PRIVATE_KEY_PATH reaches stdio servers through the agent process, said in a note; not for a remote-only session or one server', () => {
    const note = (config: { notes: string[] }) => config.notes.find((text) => text.includes('SSH_PRIVATE_KEY_PATH'));
    const session = generate('claude', { tool, remote: { type: 'sse', url: 'https://e.com' } }, { selection: ALL });
    assert.match(
      note(session) ?? '',
      /^Added by Zimmer at prepare: SSH_PRIVATE_KEY_PATH in the agent process's environment, which every stdio server inherits/,
    );
    assert.equal((mcpServers(session).tool.env as Record<string, string>).SSH_PRIVATE_KEY_PATH, undefined);
    assert.equal(note(generate('claude', { remote: { type: 'sse', url: 'https://e.com' } }, { selection: ALL })), undefined);
    assert.equal(note(generate('claude', { tool })), undefined);
  });

  it('every selected zimmer / zimmer-* URL is stamped with its session_id, query and fragment kept', () => {
    const config = generate(
      'claude',
      {
        zimmer: { type: 'streamable-http', url: 'https://zimmer.example.com/mcp', headers: { 'X-API-Key': '${K}' } },
        'zimmer-sessions': { type: 'streamable-http', url: 'https://zimmer.example.com/mcp?tool_groups=sessions#f' },
        zimmerish: { type: 'sse', url: 'https://e.com/sse' },
      },
      { selection: ALL },
    );
    const servers = mcpServers(config);
    assert.equal(servers.zimmer.url, 'https://zimmer.example.com/mcp?session_id=<SESSION_ID>');
    assert.equal(servers['zimmer-sessions'].url, 'https://zimmer.example.com/mcp?tool_groups=sessions&session_id=<SESSION_ID>#f');
    assert.equal(servers.zimmerish.url, 'https://e.com/sse');
    // The unscoped catalog zimmer covers self-session: nothing more is added.
    assert.deepEqual(Object.keys(servers), ['zimmer', 'zimmer-sessions', 'zimmerish']);
    assert.deepEqual(config.added, [
      { kind: 'session-id', server: 'zimmer' },
      { kind: 'session-id', server: 'zimmer-sessions' },
    ]);
    assert.ok(config.notes.includes('Added by Zimmer at prepare: session_id=<SESSION_ID> in the URL of "zimmer", "zimmer-sessions".'));
  });

  it('Cursor: Zimmer prepares no Cursor sessions, so a root or all-servers preview adds nothing', () => {
    const config = generate('cursor', { tool }, { selection: ALL });
    assert.deepEqual(Object.keys(mcpServers(config, '.cursor/mcp.json')), ['tool']);
    assert.deepEqual(config.added, []);
    assert.deepEqual(config.notes, []);
  });

  it('fix-all removes an ELICITATION_* key Zimmer overwrites', () => {
    const text = catalog({ s: { type: 'stdio', command: 'x', env: { ELICITATION_SESSION_ID: 'mine', KEEP: 'y' } } });
    const fixed = computeFixAll(text, 'catalog', facts());
    assert.deepEqual(JSON.parse(fixed.text), { s: { type: 'stdio', command: 'x', env: { KEEP: 'y' } } });
  });

  it('mcp-catalog preview --zimmer-url (in-process): added and notes in the JSON, notes on stderr in text', async () => {
    const { scratchDir } = await import('./helpers');
    const fs = await import('node:fs');
    const path = await import('node:path');
    const dir = scratchDir();
    try {
      fs.writeFileSync(path.join(dir, 'mcp.json'), catalog({ tool }));
      const json = await runCli(['preview', '--runtime', 'claude', '--zimmer-url', 'https://z.test', '--format', 'json', path.join(dir, 'mcp.json')]);
      assert.equal(json.code, 0, json.stderr);
      const out = JSON.parse(json.stdout) as { files: { content: string }[]; added: unknown[]; notes: string[] };
      assert.match(out.files[0].content, /https:\/\/z\.test\/mcp\?session_id=<SESSION_ID>&tool_groups=self_session/);
      assert.equal(out.added.length, 2);
      const text = await runCli(['preview', '--runtime', 'claude', path.join(dir, 'mcp.json')]);
      assert.match(text.stderr, /^note: Added by Zimmer at prepare: "zimmer-self-session"/m);
      assert.match(text.stderr, /^note: This preview shows production behaviour/m);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
