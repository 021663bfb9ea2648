import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { previewRuntimeConfig, RUNTIMES } from '../../server/src/service/runtime';
import { catalog, facts, fixture, runCli, scratchDir } from './runtime/helpers';
import { generate, mcpServers } from './runtime/generate';

const ZIMMER = fixture('readiness', 'zimmer', 'mcp.json');

describe('preview: selection and what is left out (SPEC §6.3, §10)', () => {
  const roots = JSON.stringify({ alpha: { description: 'a', default_mcp_servers: ['explicit'] }, beta: { description: 'b' } });
  // alpha's root-side default_mcp_servers counts for nothing (SPEC §4.4).
  const entries = {
    first: { type: 'stdio', command: 'a' },
    inverted: { type: 'stdio', command: 'b', default_in_roots: ['alpha'] },
    explicit: { type: 'stdio', command: 'c' },
    off: { type: 'stdio', command: 'd', unavailable: 'down', default_in_roots: ['*'] },
  };

  it('all servers by default, every one whatever its readiness, in catalog order', () => {
    assert.deepEqual(Object.keys(mcpServers(generate('claude', entries))), ['first', 'inverted', 'explicit', 'off']);
  });

  it('a root\'s defaults: the servers whose default_in_roots names it (with "*"); root-side default_mcp_servers ignored', () => {
    const rootFacts = facts({ rootsText: roots });
    assert.deepEqual(Object.keys(mcpServers(generate('claude', entries, { selection: { kind: 'root', root: 'alpha' }, facts: rootFacts }))), [
      'inverted',
      'off',
      'zimmer-self-session',
    ]);
    assert.deepEqual(Object.keys(mcpServers(generate('claude', entries, { selection: { kind: 'root', root: 'beta' }, facts: rootFacts }))), [
      'off',
      'zimmer-self-session',
    ]);
  });

  it('named servers, in catalog order', () => {
    assert.deepEqual(Object.keys(mcpServers(generate('claude', entries, { selection: { kind: 'servers', names: ['off', 'first'] } }))), ['first', 'off']);
  });

  it('an unknown root or server is refused with a suggestion', () => {
    const unknownRoot = previewRuntimeConfig(catalog(entries), { runtime: 'claude', selection: { kind: 'root', root: 'alpah' } }, facts({ rootsText: roots }));
    assert.ok(!unknownRoot.ok && unknownRoot.problem === 'unknown-root');
    assert.match(unknownRoot.message, /did you mean "alpha"/);
    const noRoots = previewRuntimeConfig(catalog(entries), { runtime: 'claude', selection: { kind: 'root', root: 'alpha' } }, facts());
    assert.ok(!noRoots.ok && noRoots.problem === 'unknown-root');
    assert.match(noRoots.message, /no roots index was found/);
    const unknownServer = previewRuntimeConfig(catalog(entries), { runtime: 'codex', selection: { kind: 'servers', names: ['frist'] } });
    assert.ok(!unknownServer.ok && unknownServer.problem === 'unknown-server');
    assert.match(unknownServer.message, /"frist" is not a server of this catalog \(did you mean "first"\?\)/);
  });

  it('entries that break structural rules are left out with a warning naming them', () => {
    for (const runtime of RUNTIMES) {
      const config = generate(runtime, { good: { type: 'stdio', command: 'x' }, bad: { type: 'http', url: 'https://e.com' }, worse: 'not an object' });
      assert.deepEqual(config.warnings.length, 2, runtime);
      assert.match(config.warnings[0], /"bad" is left out because it breaks a structural rule: type "http" is not a transport/);
      assert.match(config.warnings[1], /"worse" is left out/);
      const content = config.files[0].content;
      assert.ok(content.includes('good') && !content.includes('bad') && !content.includes('worse'), runtime);
    }
  });

  it('a file with a recoverable syntax error still previews, with a warning that AIR would refuse it', () => {
    const config = generate('claude', '{"a": {"type": "stdio", "command": "x"},}');
    assert.deepEqual(Object.keys(mcpServers(config)), ['a']);
    assert.match(config.warnings[0], /not strict JSON/);
  });

  it('a file that is not a JSON object is unparseable', () => {
    for (const text of ['', '[]', 'null', '"x"']) {
      const outcome = previewRuntimeConfig(text, { runtime: 'pi' });
      assert.ok(!outcome.ok && outcome.problem === 'unparseable', JSON.stringify(text));
    }
    // An unterminated object is still an object: recovered, previewed, and flagged.
    const recovered = previewRuntimeConfig('{', { runtime: 'pi' });
    assert.ok(recovered.ok && recovered.config.warnings.some((w) => /not strict JSON/.test(w)));
  });

  it('the Zimmer corpus previews cleanly for every runtime and parses back', () => {
    const text = fs.readFileSync(ZIMMER, 'utf8');
    for (const runtime of RUNTIMES) {
      const outcome = previewRuntimeConfig(text, { runtime });
      assert.ok(outcome.ok);
      assert.deepEqual(outcome.config.warnings, [], runtime);
      const content = outcome.config.files[0].content;
      const servers = runtime === 'codex' ? (parseToml(content).mcp_servers as object) : (JSON.parse(content) as { mcpServers: object }).mcpServers;
      assert.equal(Object.keys(servers).length, 16, runtime);
    }
  });
});

describe('mcp-catalog preview (SPEC §7)', () => {
  it('--format json gives {runtime, files: [{path, content}], env}', async () => {
    const run = await runCli(['preview', '--runtime', 'claude', '--root', 'fleet-maintenance', '--format', 'json', ZIMMER]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as {
      runtime: string;
      files: { path: string; content: string }[];
      env: Record<string, string>;
      warnings?: string[];
      added?: unknown[];
      notes?: string[];
    };
    assert.deepEqual(Object.keys(json), ['runtime', 'files', 'env', 'added', 'notes']);
    assert.equal(json.runtime, 'claude');
    assert.deepEqual(json.env, { MCP_TIMEOUT: '180000', NPM_CONFIG_CACHE: '<clone>/.npm-cache', ENABLE_TOOL_SEARCH: 'true' });
    assert.equal(json.files[0].path, '.mcp.json');
    // zimmer-fleet's tool_groups do not include self_session, so Zimmer adds zimmer-self-session (SPEC §6.5).
    assert.deepEqual(JSON.parse(json.files[0].content), {
      mcpServers: {
        'zimmer-fleet': {
          type: 'http',
          url: 'https://zimmer.example.com/mcp?tool_groups=sessions,health_readonly&session_id=<SESSION_ID>',
          headers: { 'X-API-Key': '${ZIMMER_PROD_API_KEY}' },
        },
        'zimmer-self-session': {
          type: 'http',
          url: 'https://zimmer.example.com/mcp?session_id=<SESSION_ID>&tool_groups=self_session',
          headers: { 'X-API-Key': '<KEY>' },
        },
      },
    });
    assert.deepEqual(json.added, [
      { kind: 'session-id', server: 'zimmer-fleet' },
      { kind: 'server', server: 'zimmer-self-session', replaces: false },
    ]);
  });

  it('codex with --server and --clone: the TOML parses and the clone path is used', async () => {
    const run = await runCli([
      'preview',
      '--runtime',
      'codex',
      '--server',
      'context7',
      '--server',
      'zimmer',
      '--clone',
      '/srv/session',
      '--format',
      'json',
      ZIMMER,
    ]);
    assert.equal(run.code, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { files: { path: string; content: string }[]; env: object };
    assert.equal(json.files[0].path, '.codex/config.toml');
    assert.deepEqual(json.env, {});
    const toml = parseToml(json.files[0].content) as { mcp_servers: Record<string, Record<string, unknown>> };
    assert.deepEqual(Object.keys(toml.mcp_servers), ['context7', 'zimmer']);
    assert.deepEqual({ ...(toml.mcp_servers.context7.env as object) }, { NPM_CONFIG_CACHE: '/srv/session/.npm-cache' });
    assert.deepEqual({ ...(toml.mcp_servers.zimmer.env_http_headers as object) }, { 'X-API-Key': 'ZIMMER_PROD_API_KEY' });
  });

  it('text format: the file under its path, then the process environment; warnings on stderr', async () => {
    const dir = scratchDir();
    try {
      fs.writeFileSync(path.join(dir, 'mcp.json'), catalog({ a: { type: 'stdio', command: 'x', startup_timeout_sec: 400 }, b: { type: 'stdio' } }));
      const run = await runCli(['preview', '--runtime', 'claude', path.join(dir, 'mcp.json')], {}, dir);
      assert.equal(run.code, 0);
      assert.ok(run.stdout.startsWith('==> .mcp.json <==\n{\n  "mcpServers"'));
      assert.ok(run.stdout.endsWith('==> process environment <==\nMCP_TIMEOUT=400000\nNPM_CONFIG_CACHE=<clone>/.npm-cache\nENABLE_TOOL_SEARCH=true\n'));
      assert.match(run.stderr, /^warning: "b" is left out/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a warning or note is one line whatever the names hold: a newline in a hostile name cannot forge a line', async () => {
    const dir = scratchDir();
    try {
      const hostile = 'a\nnote: all servers are ready';
      fs.writeFileSync(
        path.join(dir, 'mcp.json'),
        catalog({
          [hostile]: { type: 'stdio', command: 'x' },
          h: { type: 'streamable-http', url: 'https://x.example', headers: { 'X-A\u2028warning: forged': 'k-${S}' } },
        }),
      );
      const run = await runCli(['preview', '--runtime', 'codex', path.join(dir, 'mcp.json')], {}, dir);
      assert.equal(run.code, 0);
      const lines = run.stderr.split('\n').filter((line) => line.length > 0);
      assert.ok(lines.length > 0);
      for (const line of lines) assert.match(line, /^(warning|note): /, line);
      assert.ok(!lines.some((line) => line.startsWith('note: all servers')));
      assert.match(run.stderr, /"a\\nnote: all servers are ready" is left out/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('never contains a resolved secret: planted values in the environment and an env file stay out', async () => {
    const dir = scratchDir();
    const planted = 'planted-secret-4b1e9';
    try {
      fs.copyFileSync(ZIMMER, path.join(dir, 'mcp.json'));
      fs.copyFileSync(fixture('readiness', 'zimmer', 'roots.json'), path.join(dir, 'roots.json'));
      fs.writeFileSync(path.join(dir, '.env'), `ZIMMER_PROD_API_KEY=${planted}\nSLACK_BOT_TOKEN=${planted}\n`);
      const env = { ZIMMER_PROD_API_KEY: planted, SLACK_BOT_TOKEN: planted, STRAD_API_KEY: planted };
      for (const runtime of RUNTIMES) {
        for (const format of ['json', 'text']) {
          const run = await runCli(['preview', '--runtime', runtime, '--format', format, path.join(dir, 'mcp.json')], env, dir);
          assert.equal(run.code, 0);
          assert.ok(!run.stdout.includes(planted) && !run.stderr.includes(planted), `${runtime} ${format}`);
          assert.ok(run.stdout.includes('ZIMMER_PROD_API_KEY'), 'the placeholder name is still there');
        }
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('exit 2 for usage errors: unknown --root or --server, a missing or bad --runtime, --root with --server, unreadable file', async () => {
    const cases: string[][] = [
      ['preview', '--runtime', 'claude', '--root', 'nope', ZIMMER],
      ['preview', '--runtime', 'claude', '--server', 'nope', ZIMMER],
      ['preview', ZIMMER],
      ['preview', '--runtime', 'vscode', ZIMMER],
      ['preview', '--runtime', 'claude', '--root', 'zimmer', '--server', 'figma', ZIMMER],
      ['preview', '--runtime', 'claude', 'no/such/mcp.json'],
      ['preview', '--runtime', 'claude'],
    ];
    for (const argv of cases) {
      const run = await runCli(argv);
      assert.equal(run.code, 2, argv.join(' '));
      assert.equal(run.stdout, '', argv.join(' '));
      assert.ok(run.stderr.length > 0);
    }
    assert.match((await runCli(['preview', '--runtime', 'claude', '--server', 'figmaa', ZIMMER])).stderr, /did you mean "figma"/);
  });

  it('exit 1 when the catalog cannot be parsed at all', async () => {
    const dir = scratchDir();
    try {
      fs.writeFileSync(path.join(dir, 'mcp.json'), '');
      const run = await runCli(['preview', '--runtime', 'pi', path.join(dir, 'mcp.json')], {}, dir);
      assert.equal(run.code, 1);
      assert.match(run.stderr, /cannot be parsed/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
