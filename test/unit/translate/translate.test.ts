import { strict as assert } from 'node:assert';
import { parse as parseToml } from 'smol-toml';
import { serverAtOffset, serverNames, translateCatalog, type VsCodeMcpJson } from '../../../server/src/service/translate';
import { catalog, readFixture } from '../helpers';

/**
 * Copy-as: every output is parsed with its target format's own rules — JSON.parse
 * for VS Code and Claude Code, a TOML parser for Codex — and checked against the target's shape.
 */

const GITHUB_TOKEN_LITERAL = 'ghp_FAKE0123456789abcdefghijklmnopqrstuv';

const CATALOG = catalog({
  github: {
    title: 'GitHub',
    description: 'Issues and PRs.',
    type: 'stdio',
    command: 'npx',
    args: ['-y', '@modelcontextprotocol/server-github@1.2.3'],
    env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}', LOG_LEVEL: '${LOG_LEVEL:-info}' },
    default_in_roots: ['web'],
    startup_timeout_sec: 60,
  },
  zimmer: {
    type: 'streamable-http',
    url: 'https://zimmer.example.com/mcp',
    headers: { 'X-API-Key': '${ZIMMER_PROD_API_KEY}' },
    unavailable: 'Down for maintenance.',
  },
  strad: { type: 'streamable-http', url: 'https://strad.example.com/mcp', headers: { Authorization: 'Bearer ${STRAD_API_KEY}' } },
  events: { type: 'sse', url: 'https://events.example.com/sse', oauth: { clientId: 'abc', redirectUri: 'http://localhost:8765/cb' } },
  leaky: { type: 'stdio', command: 'npx', args: ['-y', 'leaky-mcp@1.0.0'], env: { GITHUB_TOKEN: GITHUB_TOKEN_LITERAL } },
  broken: { type: 'http', url: 'https://x.example.com' },
});

/** Every `${input:ID}` in a JSON value. */
function inputReferences(value: unknown): string[] {
  return [...JSON.stringify(value).matchAll(/\$\{input:([^}]+)\}/g)].map((match) => match[1]);
}

describe('translate: VS Code .vscode/mcp.json', () => {
  const translation = translateCatalog(CATALOG, 'vscode');
  const parsed = JSON.parse(translation.content) as VsCodeMcpJson;

  it('is a `servers` map with VS Code types (stdio, http, sse) and only the fields VS Code reads', () => {
    assert.deepEqual(Object.keys(parsed), ['servers', 'inputs']);
    assert.deepEqual(Object.keys(parsed.servers), ['github', 'zimmer', 'strad', 'events', 'leaky']);
    assert.deepEqual(parsed.servers.github, {
      type: 'stdio',
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github@1.2.3'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${input:GITHUB_TOKEN}', LOG_LEVEL: '${input:LOG_LEVEL}' },
    });
    assert.deepEqual(parsed.servers.zimmer, { type: 'http', url: 'https://zimmer.example.com/mcp', headers: { 'X-API-Key': '${input:ZIMMER_PROD_API_KEY}' } });
    assert.deepEqual(parsed.servers.strad.headers, { Authorization: 'Bearer ${input:STRAD_API_KEY}' });
    assert.deepEqual(parsed.servers.events, { type: 'sse', url: 'https://events.example.com/sse' });
  });

  it('declares one promptString input per variable, password: true for secrets, and uses every one', () => {
    const inputs = parsed.inputs ?? [];
    for (const input of inputs) assert.equal(input.type, 'promptString');
    const byId = new Map(inputs.map((input) => [input.id, input]));
    assert.deepEqual([...byId.keys()].sort(), [...new Set(inputReferences(parsed.servers))].sort());
    for (const secret of ['GITHUB_TOKEN', 'ZIMMER_PROD_API_KEY', 'STRAD_API_KEY']) assert.equal(byId.get(secret)?.password, true, secret);
    assert.equal(byId.get('LOG_LEVEL')?.password, undefined);
    assert.equal(byId.get('LOG_LEVEL')?.default, 'info');
    assert.match(byId.get('ZIMMER_PROD_API_KEY')!.description, /"zimmer"/);
    // No catalog `${VAR}` is left for VS Code to leave unexpanded.
    assert.ok(!/\$\{(?!input:)/.test(JSON.stringify(parsed.servers)));
  });

  it('never copies a literal credential: it becomes a password input', () => {
    assert.ok(!translation.content.includes(GITHUB_TOKEN_LITERAL));
    assert.equal(parsed.servers.leaky.env && (parsed.servers.leaky.env as Record<string, string>).GITHUB_TOKEN, '${input:GITHUB_TOKEN}');
    assert.equal(parsed.inputs?.find((input) => input.id === 'GITHUB_TOKEN')?.password, true);
    assert.ok(translation.warnings.some((w) => w.includes('"leaky"') && w.includes('${GITHUB_TOKEN}')));
    assert.ok(!translation.warnings.join(' ').includes(GITHUB_TOKEN_LITERAL.slice(4, 12)));
  });

  it('says what it left out (an untranslatable entry, oauth)', () => {
    assert.ok(translation.warnings.some((w) => w.startsWith('"broken" is left out')));
    assert.ok(translation.warnings.some((w) => w.startsWith('"events": `oauth` is left out')));
  });

  it('omits `inputs` when nothing needs one', () => {
    const plain = JSON.parse(translateCatalog(catalog({ a: { type: 'stdio', command: 'node', args: ['s.js'] } }), 'vscode').content);
    assert.deepEqual(plain, { servers: { a: { type: 'stdio', command: 'node', args: ['s.js'] } } });
  });
});

describe('translate: Claude Code .mcp.json', () => {
  const translation = translateCatalog(CATALOG, 'claude', ['github', 'zimmer', 'events', 'leaky']);
  const parsed = JSON.parse(translation.content) as { mcpServers: Record<string, Record<string, unknown>> };

  it('is {"mcpServers": …}: stdio without type, remote with `http`, placeholders kept for Claude to expand', () => {
    assert.deepEqual(Object.keys(parsed), ['mcpServers']);
    assert.deepEqual(parsed.mcpServers.github, {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github@1.2.3'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_TOKEN}', LOG_LEVEL: '${LOG_LEVEL:-info}' },
    });
    assert.deepEqual(parsed.mcpServers.zimmer, { type: 'http', url: 'https://zimmer.example.com/mcp', headers: { 'X-API-Key': '${ZIMMER_PROD_API_KEY}' } });
    assert.deepEqual(parsed.mcpServers.events, { type: 'sse', url: 'https://events.example.com/sse', oauth: { clientId: 'abc', callbackPort: 8765 } });
  });

  it('adds no Zimmer npm cache and never copies a literal credential', () => {
    assert.ok(!translation.content.includes('NPM_CONFIG_CACHE'));
    assert.ok(!translation.content.includes(GITHUB_TOKEN_LITERAL));
    assert.deepEqual(parsed.mcpServers.leaky.env, { GITHUB_TOKEN: '${GITHUB_TOKEN}' });
  });
});

describe('translate: Codex config.toml table', () => {
  const translation = translateCatalog(CATALOG, 'codex');
  const parsed = parseToml(translation.content) as { mcp_servers: Record<string, Record<string, unknown>> };
  const plain = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

  it("one [mcp_servers.<name>] table per server, exactly as AIR's Codex adapter writes it (SPEC §6.3)", () => {
    assert.match(translation.content, /^\[mcp_servers\.github\]$/m);
    assert.deepEqual(Object.keys(parsed), ['mcp_oauth_callback_url', 'mcp_servers']);
    // The renamed reference is rebound in AIR's launch shim; the default is no plain name, so it stays literal.
    assert.deepEqual(plain(parsed.mcp_servers.github), {
      command: 'sh',
      args: ['-c', `GITHUB_PERSONAL_ACCESS_TOKEN="\${GITHUB_TOKEN}" exec 'npx' '-y' '@modelcontextprotocol/server-github@1.2.3'`],
      env_vars: ['GITHUB_TOKEN'],
      env: { LOG_LEVEL: '${LOG_LEVEL:-info}' },
    });
    assert.deepEqual(plain(parsed.mcp_servers.zimmer), { url: 'https://zimmer.example.com/mcp', env_http_headers: { 'X-API-Key': 'ZIMMER_PROD_API_KEY' } });
    assert.deepEqual(plain(parsed.mcp_servers.events), { url: 'https://events.example.com/sse', oauth: { client_id: 'abc' } });
    assert.equal((parsed as Record<string, unknown>).mcp_oauth_callback_url, 'http://localhost:8765/cb');
  });

  it('`Authorization: Bearer ${X}` becomes bearer_token_env_var', () => {
    assert.deepEqual(plain(parsed.mcp_servers.strad), { url: 'https://strad.example.com/mcp', bearer_token_env_var: 'STRAD_API_KEY' });
  });

  it("a literal credential becomes env_vars, and AIR's warnings come along; Zimmer's additions do not", () => {
    assert.ok(!translation.content.includes(GITHUB_TOKEN_LITERAL));
    assert.ok(!translation.content.includes('startup_timeout_sec') && !translation.content.includes('NPM_CONFIG_CACHE'));
    assert.deepEqual(plain(parsed.mcp_servers.leaky.env_vars), ['GITHUB_TOKEN']);
    assert.ok(translation.warnings.some((w) => w.startsWith('"github": env `LOG_LEVEL` cannot be forwarded')));
  });

  it('quotes names that are not bare keys and warns about names that collide in Codex', () => {
    const text = translateCatalog(catalog({ 'a[1]': { type: 'stdio', command: 'x' }, a_1_: { type: 'stdio', command: 'y' } }), 'codex');
    assert.match(text.content, /^\[mcp_servers\."a\[1\]"\]$/m);
    assert.deepEqual(Object.keys((parseToml(text.content) as { mcp_servers: object }).mcp_servers), ['a[1]', 'a_1_']);
    assert.ok(text.warnings.some((w) => w.includes('collide')));
  });
});

describe('translate: Cursor .cursor/mcp.json', () => {
  const translation = translateCatalog(CATALOG, 'cursor');
  const parsed = JSON.parse(translation.content) as { mcpServers: Record<string, Record<string, unknown>> };

  it("is what AIR's Cursor adapter writes: ${VAR} as ${env:VAR}, no type, no oauth, never a literal credential", () => {
    assert.deepEqual(parsed.mcpServers.github, {
      command: 'npx',
      args: ['-y', '@modelcontextprotocol/server-github@1.2.3'],
      env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${env:GITHUB_TOKEN}', LOG_LEVEL: '${env:LOG_LEVEL:-info}' },
    });
    assert.deepEqual(parsed.mcpServers.strad, { url: 'https://strad.example.com/mcp', headers: { Authorization: 'Bearer ${env:STRAD_API_KEY}' } });
    assert.deepEqual(parsed.mcpServers.events, { url: 'https://events.example.com/sse' });
    assert.deepEqual(parsed.mcpServers.leaky.env, { GITHUB_TOKEN: '${env:GITHUB_TOKEN}' });
    assert.ok(!translation.content.includes(GITHUB_TOKEN_LITERAL));
    assert.ok(translation.content.endsWith('}\n'));
  });
});

describe('translate: the whole Zimmer catalog, for every client', () => {
  const zimmer = readFixture('zimmer', 'mcp.json');

  it('all 16 servers translate and parse in each format; nothing is left out', () => {
    const vscode = translateCatalog(zimmer, 'vscode');
    const claude = translateCatalog(zimmer, 'claude');
    const codex = translateCatalog(zimmer, 'codex');
    const cursor = translateCatalog(zimmer, 'cursor');
    for (const translation of [vscode, claude, codex, cursor]) assert.equal(translation.servers.length, 16, translation.target);
    assert.equal(Object.keys(JSON.parse(cursor.content).mcpServers).length, 16);
    assert.equal(Object.keys((JSON.parse(vscode.content) as VsCodeMcpJson).servers).length, 16);
    assert.equal(Object.keys(JSON.parse(claude.content).mcpServers).length, 16);
    assert.equal(Object.keys((parseToml(codex.content) as { mcp_servers: object }).mcp_servers).length, 16);
    const inputs = (JSON.parse(vscode.content) as VsCodeMcpJson).inputs ?? [];
    assert.deepEqual(inputs.map((input) => [input.id, input.password]).sort(), [
      ['SLACK_BOT_TOKEN', true],
      ['STRAD_API_KEY', true],
      ['ZIMMER_PROD_API_KEY', true],
    ]);
  });
});

describe('translate: which server', () => {
  it('finds the server under an offset (key or value) and lists names in catalog order', () => {
    const text = catalog({ a: { type: 'stdio', command: 'x' }, b: { type: 'stdio', command: 'y' } });
    assert.equal(serverAtOffset(text, text.indexOf('"y"')), 'b');
    assert.equal(serverAtOffset(text, text.indexOf('"a"') + 1), 'a');
    assert.equal(serverAtOffset(text, 0), undefined);
    assert.deepEqual(serverNames(text), ['a', 'b']);
  });

  it('translates only the named servers', () => {
    const translation = translateCatalog(CATALOG, 'claude', ['zimmer']);
    assert.deepEqual(translation.servers, ['zimmer']);
    assert.deepEqual(Object.keys(JSON.parse(translation.content).mcpServers), ['zimmer']);
  });
});

describe('copy-as: two different literals never share one ${NAME} (SPEC §13)', () => {
  const A = 'ghp_FAKEaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
  const B = 'ghp_FAKEbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

  it('the same flag twice, one header name in two servers: a name each; the same literal twice: one name', () => {
    const text = catalog({
      tool: { type: 'stdio', command: 'tool', args: ['--token', A, '--token', B, '--token', A] },
      one: { type: 'streamable-http', url: 'https://one.example.com/mcp', headers: { Authorization: `Bearer ${A}` } },
      two: { type: 'stdio', command: 'two', env: { GITHUB_TOKEN: A } },
      three: { type: 'stdio', command: 'three', env: { GITHUB_TOKEN: B } },
    });
    const parsed = JSON.parse(translateCatalog(text, 'claude').content) as { mcpServers: Record<string, { args?: string[]; env?: object }> };
    assert.deepEqual(parsed.mcpServers.tool.args, ['--token', '${TOOL_TOKEN}', '--token', '${TOOL_TOKEN_2}', '--token', '${TOOL_TOKEN}']);
    assert.deepEqual(parsed.mcpServers.two.env, { GITHUB_TOKEN: '${GITHUB_TOKEN}' });
    assert.deepEqual(parsed.mcpServers.three.env, { GITHUB_TOKEN: '${GITHUB_TOKEN_2}' });
  });
});
