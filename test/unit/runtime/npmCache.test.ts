import { strict as assert } from 'node:assert';
import { isolatedCacheDirName, npxPackageSpecs } from '../../../server/src/service/runtime';
import { codexServers, generate, mcpServers, plain } from './generate';

const npx = (args: string[], extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'stdio', command: 'npx', args, ...extra });

/** NPM_CONFIG_CACHE per server in Pi's output (Zimmer writes every cache into Pi's entries). */
function caches(entries: Record<string, unknown>, clonePath?: string): Record<string, string | undefined> {
  const servers = mcpServers(generate('pi', entries, { clonePath }));
  const out: Record<string, string | undefined> = {};
  for (const [name, entry] of Object.entries(servers)) out[name] = (entry.env as Record<string, string> | undefined)?.NPM_CONFIG_CACHE;
  return out;
}

describe('runtime: npx package specs (SPEC §6.3, §10)', () => {
  const cases: [string[], string[]][] = [
    [['-y', 'pkg@1'], ['pkg@1']],
    [['pkg@1', '--flag', 'other'], ['pkg@1']],
    [['-p', 'a', 'cmd'], ['a']],
    [
      ['--package', 'a', '--package=b', '-p=c', 'cmd', 'arg'],
      ['a', 'b', 'c'],
    ],
    [['--prefix', '/opt/x', 'pkg'], ['pkg']],
    [['--prefix=/opt/x', 'pkg'], ['pkg']],
    [['-c', 'echo hi', '--call', 'x', '--userconfig', 'u', '--cache', 'c', '--node-options', 'n', '--shell', 'bash', 'pkg'], ['pkg']],
    [['--yes', '--quiet', 'pkg'], ['pkg']],
    [['--', 'pkg', '--', 'x'], ['pkg']],
    [['-y', '--', '-weird-name'], ['-weird-name']],
    [['-p', 'a', '--', 'cmd'], ['a']],
    [['-y'], []],
    [[], []],
  ];
  for (const [args, specs] of cases) {
    it(`${JSON.stringify(args)} → ${JSON.stringify(specs)}`, () => assert.deepEqual(npxPackageSpecs(args), specs));
  }

  it('isolated folder names keep [A-Za-z0-9._-] and replace the rest; blank or all-dots → unnamed', () => {
    assert.equal(isolatedCacheDirName('a[1]'), 'a_1_');
    assert.equal(isolatedCacheDirName('$x.y-z_0'), '_x.y-z_0');
    assert.equal(isolatedCacheDirName(''), 'unnamed');
    assert.equal(isolatedCacheDirName('..'), 'unnamed');
    assert.equal(isolatedCacheDirName('   '), 'unnamed');
  });
});

describe('runtime: npm cache rules (SPEC §6.3, §10)', () => {
  it('every stdio npx entry shares <clone>/.npm-cache', () => {
    assert.deepEqual(caches({ a: npx(['-y', 'a@1']), b: npx(['-y', 'b@1']) }), { a: '<clone>/.npm-cache', b: '<clone>/.npm-cache' });
  });

  it('entries with identical specs each get an isolated cache named after the server', () => {
    assert.deepEqual(caches({ one: npx(['-y', 'same@1']), 'two[x]': npx(['same@1', '--port', '1']), other: npx(['same@2']) }), {
      one: '<clone>/.npm-cache/isolated/one',
      'two[x]': '<clone>/.npm-cache/isolated/two_x_',
      other: '<clone>/.npm-cache',
    });
  });

  it('the key is the sorted specs: -p/--package forms in any order collide, versions count', () => {
    assert.deepEqual(
      caches({
        a: npx(['-p', 'x@1', '--package=y@1', 'cmd']),
        b: npx(['--package', 'y@1', '-p=x@1', 'other']),
        c: npx(['-p', 'x@latest', '-p', 'y@1', 'cmd']),
      }),
      {
        a: '<clone>/.npm-cache/isolated/a',
        b: '<clone>/.npm-cache/isolated/b',
        c: '<clone>/.npm-cache',
      },
    );
  });

  it('--prefix skips its value (and --prefix=X is one token), so the package is what collides', () => {
    assert.deepEqual(caches({ a: npx(['--prefix', '/p', 'pkg']), b: npx(['--prefix=/q', 'pkg']) }), {
      a: '<clone>/.npm-cache/isolated/a',
      b: '<clone>/.npm-cache/isolated/b',
    });
  });

  it("an operator's own non-blank NPM_CONFIG_CACHE is kept and still counts in its group", () => {
    const result = caches({ own: npx(['pkg'], { env: { NPM_CONFIG_CACHE: '/var/cache/npm', X: '1' } }), peer: npx(['pkg']) });
    assert.deepEqual(result, { own: '/var/cache/npm', peer: '<clone>/.npm-cache/isolated/peer' });
  });

  it('a blank NPM_CONFIG_CACHE is replaced like an absent one', () => {
    assert.deepEqual(caches({ a: npx(['pkg'], { env: { NPM_CONFIG_CACHE: '  ' } }) }), { a: '<clone>/.npm-cache' });
  });

  it('npx entries without any spec never collide', () => {
    assert.deepEqual(caches({ a: npx(['-y']), b: npx(['-y']) }), { a: '<clone>/.npm-cache', b: '<clone>/.npm-cache' });
  });

  it('out of scope: /usr/bin/npx, sh -c "npx …", npm exec, bunx, pnpm dlx and remote entries', () => {
    const result = caches({
      abs: { type: 'stdio', command: '/usr/bin/npx', args: ['pkg'] },
      shell: { type: 'stdio', command: 'sh', args: ['-c', 'npx pkg'] },
      npm: { type: 'stdio', command: 'npm', args: ['exec', 'pkg'] },
      bunx: { type: 'stdio', command: 'bunx', args: ['pkg'] },
      pnpm: { type: 'stdio', command: 'pnpm', args: ['dlx', 'pkg'] },
      real: npx(['pkg']),
    });
    assert.deepEqual(result, { abs: undefined, shell: undefined, npm: undefined, bunx: undefined, pnpm: undefined, real: '<clone>/.npm-cache' });
  });

  it('grouping runs over the servers in the generated config only', () => {
    const entries = { a: npx(['pkg']), b: npx(['pkg']) };
    const one = mcpServers(generate('pi', entries, { selection: { kind: 'servers', names: ['a'] } }));
    assert.equal((one.a.env as Record<string, string>).NPM_CONFIG_CACHE, '<clone>/.npm-cache');
    // A structurally invalid peer is left out, so it does not isolate the other.
    const withBroken = mcpServers(generate('pi', { a: npx(['pkg']), b: npx(['pkg'], { url: 'https://x.com' }) }));
    assert.deepEqual(Object.keys(withBroken), ['a']);
    assert.equal((withBroken.a.env as Record<string, string>).NPM_CONFIG_CACHE, '<clone>/.npm-cache');
  });

  it('--clone DIR replaces <clone>', () => {
    assert.deepEqual(caches({ a: npx(['pkg']), b: npx(['pkg']), c: npx(['other']) }, '/work/session/'), {
      a: '/work/session/.npm-cache/isolated/a',
      b: '/work/session/.npm-cache/isolated/b',
      c: '/work/session/.npm-cache',
    });
  });

  it('the cache lands in Codex env table and Pi env', () => {
    const entries = { a: npx(['pkg'], { env: { KEEP: 'x' } }) };
    assert.deepEqual(plain(codexServers(generate('codex', entries)).a.env), { KEEP: 'x', NPM_CONFIG_CACHE: '<clone>/.npm-cache' });
    assert.deepEqual(mcpServers(generate('pi', entries)).a.env, { KEEP: 'x', NPM_CONFIG_CACHE: '<clone>/.npm-cache' });
  });

  // tadasant/zimmer test/services/npx_cache_isolator_test.rb @ 75bb0467: "answers for every npx
  // server, sharing the clone cache unless the server collides" — since `cache_dirs_for`, every npx
  // entry gets its cache written into its own env on every runtime (the Claude post-processor test
  // that left a lone server without one predates it; docs/upstream.md).
  it('Claude: every npx entry gets its cache in its own env (shared, or isolated when it shares a package); the agent process keeps the shared one', () => {
    const config = generate('claude', {
      lone: npx(['-y', 'lone@1']),
      one: npx(['-y', 'same@1']),
      two: npx(['-y', 'same@1']),
      own: npx(['x'], { env: { NPM_CONFIG_CACHE: '/mine' } }),
    });
    const servers = mcpServers(config);
    assert.deepEqual(servers.lone.env, { NPM_CONFIG_CACHE: '<clone>/.npm-cache' });
    assert.deepEqual(servers.one.env, { NPM_CONFIG_CACHE: '<clone>/.npm-cache/isolated/one' });
    assert.deepEqual(servers.two.env, { NPM_CONFIG_CACHE: '<clone>/.npm-cache/isolated/two' });
    assert.deepEqual(servers.own.env, { NPM_CONFIG_CACHE: '/mine' });
    assert.equal(config.env.NPM_CONFIG_CACHE, '<clone>/.npm-cache');
  });

  // tadasant/zimmer test/services/claude_mcp_config_post_processor_test.rb (newest stored version):
  // "post_process! writes an npx server's command and args through verbatim" — the npx
  // `--prefix /tmp` rewrite (NpxPrefixRewriter) was removed.
  it("no runtime inserts `--prefix /tmp`: an npx server's args are written as the catalog has them", () => {
    const entries = { a: npx(['-y', 'pkg@1']) };
    assert.deepEqual(mcpServers(generate('claude', entries, { selection: { kind: 'all' } })).a.args, ['-y', 'pkg@1']);
    assert.deepEqual(mcpServers(generate('pi', entries, { selection: { kind: 'all' } })).a.args, ['-y', 'pkg@1']);
    assert.deepEqual(plain(codexServers(generate('codex', entries, { selection: { kind: 'all' } })).a.args), ['-y', 'pkg@1']);
  });
});
