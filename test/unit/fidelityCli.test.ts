import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { REPO_ROOT, tempTree } from './helpers';

/**
 * The fidelity cases (SPEC §1, §3, §5, §6.1, §6.3, §6.5, §10) through the bundled command as a
 * process — `node dist/cli.js check / readiness --format json / preview --format json` — each
 * beside its nearest neighbours.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');

function cli(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

interface CheckJson {
  files: { path: string; diagnostics: { code: string; severity: string; range: { start: { line: number; character: number } } }[] }[];
}

const stdio = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'stdio', command: 'node', ...extra });
const remote = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'streamable-http', url: 'https://e.example/mcp', ...extra });
const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

describe('fidelity through node dist/cli.js', function () {
  before(function () {
    if (!fs.existsSync(BIN)) this.skip();
  });

  it('check: the file kind from $schema (last segment, case, query, backslashes; the last $schema wins), severities of OAuth and unknown fields', () => {
    const dir = tempTree({
      'a-mcp.json': '{"$schema": "ROOTS.SCHEMA.JSON", "web": {"display_name": "Web"}}',
      'b-mcp.json': '{"$schema": "C:\\\\schemas\\\\roots.schema.json", "web": {"description": "Web."}}',
      'c-roots.json': json({ $schema: 'mcp.schema.json?x=1', s: stdio() }),
      'd-roots.json': json({ $schema: 'my-mcp.schema.json', s: stdio() }),
      'e-mcp.json': '{"$schema": "https://e.com/roots.schema.json", "s": {"type": "stdio", "command": "x"}, "$schema": "https://e.com/mcp.schema.json"}',
      'f-mcp.json': json({ s: remote({ oauth: { clientId: '', client_secret: '${S}', scope: ['x'] } }), t: stdio({ defaultInRoots: [], comand: 'x' }) }),
      'g-mcp.json': json({ s: remote({ oauth: { clientId: 'id', clientSecret: '${S}' } }) }),
    });
    const run = cli(
      [
        'check',
        '--format',
        'json',
        '--no-process-env',
        '--known',
        'S',
        'a-mcp.json',
        'b-mcp.json',
        'c-roots.json',
        'd-roots.json',
        'e-mcp.json',
        'f-mcp.json',
        'g-mcp.json',
      ],
      dir,
    );
    const report = JSON.parse(run.stdout) as CheckJson;
    const of = (file: string): string[] => report.files.find((f) => f.path === file)!.diagnostics.map((d) => `${d.severity} ${d.code}`);
    assert.deepEqual(of('a-mcp.json'), ['error missing-field']); // a roots index: `description` missing
    assert.deepEqual(of('b-mcp.json'), []); // a clean roots index
    assert.deepEqual(of('c-roots.json'), []); // a clean catalog
    assert.deepEqual(of('d-roots.json'), ['error missing-field']); // my-mcp.schema.json names nothing: the name decides (roots)
    assert.deepEqual(of('e-mcp.json'), ['error duplicate-key']); // a catalog: no false missing `description`
    assert.deepEqual(of('f-mcp.json'), ['warning invalid-value', 'warning unknown-field', 'hint unknown-field', 'warning unknown-field', 'hint unknown-field']);
    assert.deepEqual(of('g-mcp.json'), []);
    assert.equal(run.code, 1);
  });

  it('readiness --format json: a blank credential header is no credential; a repeated name sits at its first position', () => {
    const dir = tempTree({
      'mcp.json':
        '{\n' +
        '  "blank": {"type": "streamable-http", "url": "https://e.example/mcp", "headers": {"Authorization": ""}},\n' +
        '  "spaces": {"type": "sse", "url": "https://e.example/sse", "headers": {"X-API-Key": "   "}},\n' +
        '  "set": {"type": "sse", "url": "https://e.example/sse", "headers": {"X-API-Key": "abc"}},\n' +
        '  "twice": {"type": "stdio", "command": "first"},\n' +
        '  "after": {"type": "stdio", "command": "x"},\n' +
        '  "twice": {"type": "sse", "url": "https://e.example/sse"}\n' +
        '}\n',
    });
    const run = cli(['readiness', '--format', 'json', '--no-process-env', 'mcp.json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const servers = (JSON.parse(run.stdout) as { servers: { name: string; state: string }[] }).servers;
    assert.deepEqual(
      servers.map((s) => `${s.name} ${s.state}`),
      ['set no_credential_required', 'after no_credential_required', 'blank needs_authorization', 'spaces needs_authorization', 'twice needs_authorization'],
    );
  });

  it('preview --format json: callbackPort from the URL parser, scopes kept, empty strings and snake_case dropped', () => {
    const oauth = (redirectUri: string, extra: Record<string, unknown> = {}): Record<string, unknown> => remote({ oauth: { redirectUri, ...extra } });
    const dir = tempTree({
      'mcp.json': json({
        http80: oauth('http://localhost:80/callback'),
        https80: oauth('https://localhost:80/callback'),
        https443: oauth('https://login.example:443/cb'),
        zero: oauth('http://localhost:0/cb'),
        port: oauth('http://localhost:8765/cb', { scopes: [], clientId: '', client_id: 'x' }),
      }),
    });
    const run = cli(['preview', '--runtime', 'claude', '--format', 'json', 'mcp.json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const servers = (
      JSON.parse((JSON.parse(run.stdout) as { files: { content: string }[] }).files[0].content) as { mcpServers: Record<string, { oauth?: unknown }> }
    ).mcpServers;
    assert.deepEqual(servers.http80.oauth, {});
    assert.deepEqual(servers.https80.oauth, { callbackPort: 80 });
    assert.deepEqual(servers.https443.oauth, {});
    assert.deepEqual(servers.zero.oauth, { callbackPort: 0 });
    assert.deepEqual(servers.port.oauth, { callbackPort: 8765, scopes: [] });
  });

  it("preview --format json (codex): a forwarded NPM_CONFIG_CACHE is overridden, a literal path is kept, ${OTHER} is rebound in AIR's shim", () => {
    const npx = (env?: Record<string, string>): Record<string, unknown> => stdio({ command: 'npx', args: ['-y', 'pkg@1'], ...(env ? { env } : {}) });
    const dir = tempTree({
      'mcp.json': json({
        forwarded: npx({ NPM_CONFIG_CACHE: '${NPM_CONFIG_CACHE}' }),
        other: npx({ NPM_CONFIG_CACHE: '${OTHER}' }),
        literal: npx({ NPM_CONFIG_CACHE: '/var/npm' }),
        plain: npx(),
      }),
    });
    const run = cli(
      [
        'preview',
        '--runtime',
        'codex',
        '--server',
        'forwarded',
        '--server',
        'other',
        '--server',
        'literal',
        '--server',
        'plain',
        '--format',
        'json',
        'mcp.json',
      ],
      dir,
    );
    assert.equal(run.code, 0, run.stderr);
    const tables = (
      parseToml((JSON.parse(run.stdout) as { files: { content: string }[] }).files[0].content) as { mcp_servers: Record<string, Record<string, unknown>> }
    ).mcp_servers;
    assert.equal(tables.forwarded.env_vars, undefined);
    assert.deepEqual({ ...(tables.forwarded.env as object) }, { NPM_CONFIG_CACHE: '<clone>/.npm-cache/isolated/forwarded' });
    // A renamed reference is rebound in AIR's launch shim (SPEC §6.3), so the launch is `sh`, outside the npx group.
    assert.deepEqual(JSON.parse(JSON.stringify(tables.other)), {
      command: 'sh',
      args: ['-c', `NPM_CONFIG_CACHE="\${OTHER}" exec 'npx' '-y' 'pkg@1'`],
      env_vars: ['OTHER'],
      startup_timeout_sec: 180,
    });
    assert.deepEqual({ ...(tables.literal.env as object) }, { NPM_CONFIG_CACHE: '/var/npm' });
    assert.deepEqual({ ...(tables.plain.env as object) }, { NPM_CONFIG_CACHE: '<clone>/.npm-cache/isolated/plain' });
  });

  it('preview --format json: what Zimmer adds to a root session, marked as added, with --zimmer-url; a repeated name keeps its first position', () => {
    const dir = tempTree({
      'mcp.json':
        '{"tool": {"type": "stdio", "command": "x", "env": {"ELICITATION_TTL_MS": "1"}, "default_in_roots": ["lead"]},\n' +
        ' "other": {"type": "stdio", "command": "y", "default_in_roots": ["lead"]},\n' +
        ' "tool": {"type": "stdio", "command": "last", "env": {"ELICITATION_TTL_MS": "1"}, "default_in_roots": ["lead"]}}\n',
      'roots.json': json({
        lead: { description: 'Lead.' },
        web: { description: 'Web.', default_in_roots: ['lead'] },
        api: { description: 'API.', default_in_roots: ['lead'] },
      }),
    });
    const run = cli(['preview', '--runtime', 'claude', '--root', 'lead', '--zimmer-url', 'https://z.test/', '--format', 'json', 'mcp.json'], dir);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { files: { content: string }[]; added: { kind: string; server: string }[]; notes: string[] };
    const servers = (JSON.parse(out.files[0].content) as { mcpServers: Record<string, Record<string, unknown>> }).mcpServers;
    assert.deepEqual(Object.keys(servers), ['tool', 'other', 'zimmer']);
    assert.equal(servers.tool.command, 'last');
    assert.equal(servers.zimmer.url, 'https://z.test/mcp?allowed_agent_roots=web%2Capi&session_id=<SESSION_ID>');
    assert.equal((servers.tool.env as Record<string, string>).ELICITATION_TTL_MS, '3600000');
    assert.equal((servers.other.env as Record<string, string>).ELICITATION_SESSION_ID, '<SESSION_ID>');
    assert.deepEqual(
      out.added.map((a) => `${a.kind} ${a.server}`),
      ['server zimmer', 'env tool', 'env other'],
    );
    assert.equal(out.notes.filter((note) => /production behaviour/.test(note)).length, 1);
    assert.ok(!run.stdout.includes('ZIMMER_PROD_API_KEY='), 'never a value');

    const one = cli(['preview', '--runtime', 'claude', '--server', 'other', '--format', 'json', 'mcp.json'], dir);
    const alone = JSON.parse(one.stdout) as { files: { content: string }[]; added?: unknown };
    assert.deepEqual(Object.keys((JSON.parse(alone.files[0].content) as { mcpServers: object }).mcpServers), ['other']);
    assert.equal(alone.added, undefined);
  });
});
