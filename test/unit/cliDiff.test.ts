import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { DiffResult } from '../../server/src/cli/diffModel';
import { runCli, tempTree, writeTree } from './helpers';

/**
 * `mcp-catalog diff BASE [HEAD]` (docs/command-line.md "Reviewing a change") between two commits of a test
 * repository made here: a server added that needs an unset variable (a root's readiness gets
 * worse), a variable broken by a typo, and a root whose default servers change.
 */

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

const BASE_CATALOG = {
  github: { type: 'stdio', command: 'npx', args: ['-y', 'gh@1.0.0'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' }, default_in_roots: ['zimmer'] },
  docs: { type: 'streamable-http', url: 'https://docs.example.com/mcp', default_in_roots: ['web'] },
};
const BASE_ROOTS = { zimmer: { description: 'Zimmer' }, web: { description: 'Web' } };

const HEAD_CATALOG = {
  // github joins root web (membership is declared on the server, SPEC §4.4).
  github: { ...BASE_CATALOG.github, env: { GITHUB_TOKEN: '${GITHUB_TOKN}' }, default_in_roots: ['zimmer', 'web'] },
  docs: BASE_CATALOG.docs,
  foo: { type: 'stdio', command: 'foo', env: { FOO_TOKEN: '${FOO_TOKEN}' }, default_in_roots: ['zimmer', 'nope'] },
};
const HEAD_ROOTS = { ...BASE_ROOTS, web: { description: 'Web', display_name: 'Web app' } };

function git(dir: string, ...args: string[]): string {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout;
}

/** The repository: commit 1 the base, commit 2 the change. */
function repository(): string {
  const dir = tempTree({
    '.mcp-catalog.json': json({ knownVariables: ['GITHUB_TOKEN'], readProcessEnv: false }),
    'catalog/mcp.json': json(BASE_CATALOG),
    'catalog/roots.json': json(BASE_ROOTS),
  });
  git(dir, 'init', '-q');
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'base');
  writeTree(dir, { 'catalog/mcp.json': json(HEAD_CATALOG), 'catalog/roots.json': json(HEAD_ROOTS) });
  git(dir, 'commit', '-q', '-am', 'change');
  return dir;
}

describe('mcp-catalog diff', () => {
  let dir: string;
  before(() => {
    dir = repository();
  });

  it('text: findings, servers, readiness per server and root, and the runtime configs', async () => {
    const run = await runCli(['diff', 'HEAD~1', 'HEAD'], { cwd: dir });
    assert.equal(run.code, 1, 'an error is added and readiness gets worse');
    const out = run.stdout;
    assert.match(out, /^mcp-catalog diff HEAD~1 → HEAD: 2 file\(s\) with changes$/m);
    assert.match(out, /^catalog\/mcp\.json \(catalog, changed\)$/m);
    assert.match(out, /^ {2}servers added: foo$/m);
    assert.match(out, /^ {2}servers changed: github$/m);
    assert.match(out, /^ {2}\+ \d+: error undefined-root \(foo\): /m);
    assert.match(out, /^ {2}\+ \d+: warning unresolved-variable \(github\): GITHUB_TOKN /m);
    assert.match(out, /^ {2}server github: ready → missing config \(worse\) — GITHUB_TOKN/m);
    assert.match(out, /^ {2}server foo: new, missing config/m);
    assert.match(
      out,
      /^ {2}root zimmer: now preparing the session is expected to fail until GITHUB_TOKN and FOO_TOKEN are set \(was: every default server can start\)$/m,
    );
    assert.match(
      out,
      /^ {2}root web: now preparing the session is expected to fail until GITHUB_TOKN is set \(was: the session will pause for OAuth authorization before the agent runs\)$/m,
      'the root default change',
    );
    assert.match(out, /^ {2}claude \.mcp\.json:\n {4}--- a\/\.mcp\.json\n {4}\+\+\+ b\/\.mcp\.json\n {4}@@ /m);
    assert.match(out, /^ {4}-\s+"GITHUB_TOKEN": "\$\{GITHUB_TOKEN\}",?\n {4}\+\s+"GITHUB_TOKEN": "\$\{GITHUB_TOKN\}",?$/m);
    assert.match(out, /^ {2}codex \.codex\/config\.toml:$/m);
    assert.match(out, /^ {4}\+\[mcp_servers\.foo\]$/m);
    assert.match(out, /^catalog\/roots\.json \(roots, changed\)$/m);
    assert.match(out, /The change adds 1 error\(s\) and makes the readiness of 3 server\(s\) or root\(s\) worse\.\n$/);
  });

  it('JSON: the same comparison as data', async () => {
    const run = await runCli(['diff', '--format', 'json', 'HEAD~1', 'HEAD'], { cwd: dir });
    const result = JSON.parse(run.stdout) as DiffResult;
    assert.equal(result.addedErrors, 1);
    assert.equal(result.worsened, 3);
    const file = result.files.find((f) => f.path === path.join('catalog', 'mcp.json'))!;
    assert.deepEqual(file.serversAdded, ['foo']);
    assert.deepEqual(file.serversRemoved, []);
    assert.deepEqual(file.serversChanged, ['github']);
    assert.deepEqual(
      file.readiness.map((s) => [s.name, s.before ?? null, s.after ?? null, s.worse]),
      [
        ['github', 'ready', 'missing_configuration', true],
        ['foo', null, 'missing_configuration', false],
      ],
    );
    assert.deepEqual(
      file.roots.map((r) => [r.name, r.before?.worstState ?? null, r.after?.worstState ?? null, r.worse]),
      [
        ['zimmer', null, 'missing_configuration', true],
        ['web', 'needs_authorization', 'missing_configuration', true],
      ],
    );
    assert.deepEqual(
      file.runtimes.map((r) => `${r.runtime} ${r.path}`),
      ['claude .mcp.json', 'codex .codex/config.toml', 'pi .mcp.json'],
    );
    assert.deepEqual(file.findingsRemoved, []);
  });

  it('Markdown: a summary fit for a pull-request comment', async () => {
    const run = await runCli(['diff', '--format', 'markdown', 'HEAD~1', 'HEAD'], { cwd: dir });
    const out = run.stdout;
    assert.match(out, /^## MCP catalogs: `HEAD~1` → `HEAD`\n\n❌ The change adds 1 error\(s\)/);
    assert.match(out, /^### `catalog\/mcp\.json` \(catalog, changed\)$/m);
    assert.match(out, /^\*\*Servers:\*\* added `foo`, changed `github`$/m);
    assert.match(out, /^\| \| line \| severity \| code \| entry \| message \|\n\| --- \| --- \| --- \| --- \| --- \| --- \|$/m);
    assert.match(out, /^\| added \| \d+ \| error \| `undefined-root` \| `foo` \| /m);
    assert.match(out, /^- ⚠️ server `github`: ready → missing config \(worse\)/m);
    assert.match(out, /^- ⚠️ root `zimmer`: now preparing the session is expected to fail until GITHUB_TOKN and FOO_TOKEN are set/m);
    assert.match(out, /^<details><summary>codex: <code>\.codex\/config\.toml<\/code><\/summary>\n\n```diff\n--- a\/\.codex\/config\.toml\n/m);
    assert.equal(run.code, 1);
  });

  it('HEAD defaults to the working tree, which it reads without touching; an improvement exits 0', async () => {
    const work = repository();
    // In the working tree (not committed): foo removed and the typo fixed.
    writeTree(work, { 'catalog/mcp.json': json({ github: BASE_CATALOG.github, docs: BASE_CATALOG.docs }) });
    const status = git(work, 'status', '--porcelain');
    const run = await runCli(['diff', 'HEAD'], { cwd: work });
    assert.equal(run.code, 0, run.stdout);
    assert.match(run.stdout, /^mcp-catalog diff HEAD → working tree/);
    assert.match(run.stdout, /^ {2}servers removed: foo$/m);
    assert.match(run.stdout, /^ {2}- \d+: error undefined-root \(foo\)/m);
    assert.match(run.stdout, /^ {2}server github: missing config → ready$/m);
    assert.match(run.stdout, /^ {2}root zimmer: every default server can start now \(was: preparing the session/m);
    assert.match(run.stdout, /The change adds no error and makes no readiness worse\./);
    assert.equal(git(work, 'status', '--porcelain'), status, 'the working tree and index are as they were');
    assert.equal(fs.readFileSync(path.join(work, 'catalog', 'mcp.json'), 'utf8'), json({ github: BASE_CATALOG.github, docs: BASE_CATALOG.docs }));
  });

  it('no change: nothing to report, exit 0', async () => {
    const run = await runCli(['diff', 'HEAD', 'HEAD'], { cwd: dir });
    assert.equal(run.code, 0);
    assert.match(run.stdout, /0 file\(s\) with changes/);
  });

  it('exit 2 on a bad revision, outside a repository, and for usage errors', async () => {
    const bad = await runCli(['diff', 'no-such-branch'], { cwd: dir });
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /"no-such-branch" is not a revision of this repository/);
    assert.equal((await runCli(['diff', '--upload-pack=x'], { cwd: dir })).code, 2);
    assert.equal((await runCli(['diff', 'HEAD', '--format', 'xml'], { cwd: dir })).code, 2);
    assert.equal((await runCli(['diff'], { cwd: dir })).code, 2);
    const outside = await runCli(['diff', 'HEAD'], { cwd: tempTree({}) });
    assert.equal(outside.code, 2);
    assert.match(outside.stderr, /not inside a git repository/);
  });
});
