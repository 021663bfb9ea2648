import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, tempTree } from './helpers';

/**
 * Done when (SPEC §12): a root whose plugin brings a server with an unresolved variable shows that
 * server as missing configuration in `mcp-catalog readiness --root` and in the root's Claude
 * preview, from the sibling indexes the command line finds itself (test/fixtures/vscode-workspace/
 * root-plugins, the same folder the readiness view's test opens).
 */

describe('what a root gets, through mcp-catalog as a process (SPEC §7, §12)', () => {
  const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');
  const FIXTURE = path.join(REPO_ROOT, 'test', 'fixtures', 'vscode-workspace', 'root-plugins');
  const bin = (args: string[], cwd: string) => spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  const copy = (): string =>
    tempTree(
      Object.fromEntries(
        ['mcp.json', 'roots.json', 'plugins.json', 'skills.json', 'lint-fix/SKILL.md'].map((name) => [name, fs.readFileSync(path.join(FIXTURE, name), 'utf8')]),
      ),
    );

  it("readiness --root: the plugin's server with an unresolved variable is missing configuration, said to come from the plugin", function () {
    if (!fs.existsSync(BIN)) this.skip();
    const dir = copy();
    const json = bin(['readiness', '--root', 'web', '--format', 'json', '--no-process-env', 'mcp.json'], dir);
    assert.equal(json.status, 0, json.stderr);
    const readiness = JSON.parse(json.stdout) as {
      servers: { name: string; state: string; variables?: string[] }[];
      roots: { name: string; servers: string[]; broughtBy?: Record<string, string>; worstState?: string }[];
    };
    assert.deepEqual(
      readiness.servers.map((server) => [server.name, server.state]),
      [
        ['lin', 'no_credential_required'],
        ['eslint', 'missing_configuration'],
      ],
    );
    assert.deepEqual(readiness.roots, [
      {
        name: 'web',
        servers: ['lin', 'eslint'],
        worstState: 'missing_configuration',
        warning: 'preparing the session is expected to fail until ESLINT_TOKEN is set',
        broughtBy: { eslint: 'quality' },
        plugins: ['quality'],
        skills: [{ id: 'lint-fix', plugin: 'quality' }],
      },
    ]);
    const text = bin(['readiness', '--root', 'web', '--no-process-env', 'mcp.json'], dir);
    assert.match(text.stdout, /web +lin, eslint \(plugin quality\) — missing config: preparing the session is expected to fail until ESLINT_TOKEN is set/);
  });

  it("the root's Claude preview carries the plugin's server, its placeholder kept", function () {
    if (!fs.existsSync(BIN)) this.skip();
    const run = bin(['preview', '--runtime', 'claude', '--root', 'web', '--format', 'json', 'mcp.json'], copy());
    assert.equal(run.status, 0, run.stderr);
    const config = JSON.parse(run.stdout) as { files: { content: string }[] };
    const servers = (JSON.parse(config.files[0].content) as { mcpServers: Record<string, { env?: Record<string, string> }> }).mcpServers;
    assert.deepEqual(Object.keys(servers), ['lin', 'eslint', 'zimmer-self-session']);
    assert.equal(servers.eslint.env?.ESLINT_TOKEN, '${ESLINT_TOKEN}');
  });
});
