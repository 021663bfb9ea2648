/**
 * The command line's shipped V8 code cache (server/src/node/shippedCodeCache.ts): the build's cache
 * is what V8 uses for the bundle beside it, and no cache problem — another build's cache, damaged
 * or truncated data, a folder or a FIFO in its place, a bundle without a build id — changes what
 * the command prints or its exit code, nor makes it wait. Each run is its own process: within one
 * process V8 reuses what it compiled and ignores cached data.
 */
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT, tempTree } from './helpers';

const DIST = path.join(REPO_ROOT, 'dist');
const MODULE = path.join(REPO_ROOT, 'out', 'server', 'src', 'node', 'shippedCodeCache.js');

interface Run {
  code: number | null;
  stdout: string;
  outcome: string | undefined;
}

/** `bundle` run through the loader's function with `args`, in `cwd`; what it printed and what the cache gave. */
function run(bundle: string, args: string[], cwd: string): Run {
  const script = `const o = require(${JSON.stringify(MODULE)}); process.argv = [process.argv[0], 'cli', ...${JSON.stringify(args)}];
const outcome = o.runWithShippedCodeCache(${JSON.stringify(bundle)}); process.on('exit', () => process.stderr.write('\\noutcome=' + outcome + '\\n'));`;
  const child = spawnSync(process.execPath, ['-e', script], { cwd, encoding: 'utf8', timeout: 60_000, env: { PATH: process.env.PATH } });
  return { code: child.status, stdout: child.stdout, outcome: /\noutcome=(\w+)\n$/.exec(child.stderr)?.[1] };
}

const CATALOG = `${JSON.stringify(
  {
    github: { type: 'stdio', command: 'npx', args: ['-y', 'gh'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' }, startup_timeout_sec: 3 },
    docs: { type: 'http', url: 'https://docs.example.com/mcp' },
  },
  null,
  2,
)}\n`;

describe("the command line's shipped code cache", function () {
  this.timeout(120_000);
  let dir: string;
  let bundle: string;
  let cache: string;
  let expected: Run;
  before(function () {
    if (!fs.existsSync(path.join(DIST, 'cli-main.v8cache')) || !fs.existsSync(MODULE)) this.skip();
    dir = tempTree({ 'mcp.json': CATALOG });
    bundle = path.join(dir, 'cli-main.js');
    cache = path.join(dir, 'cli-main.v8cache');
    fs.copyFileSync(path.join(DIST, 'cli-main.js'), bundle);
    fs.copyFileSync(path.join(DIST, 'cli-main.v8cache'), cache);
    expected = run(bundle, ['check', '--no-process-env', 'mcp.json'], dir);
  });

  it("is used by V8 for the build's own bundle, and the check reports as without it", () => {
    assert.equal(expected.outcome, 'used');
    assert.equal(expected.code, 1);
    assert.match(expected.stdout, /error unknown-type/);
    assert.match(expected.stdout, /timeout/);
  });

  const variants: { name: string; outcome: string; make(): void }[] = [
    { name: 'no cache file', outcome: 'none', make: () => undefined },
    {
      name: "another build's cache",
      outcome: 'none',
      make: () => {
        const data = fs.readFileSync(path.join(DIST, 'cli-main.v8cache'));
        const newline = data.indexOf(10);
        fs.writeFileSync(cache, Buffer.concat([Buffer.from('mcp-catalog-code-cache 1 0123456789abcdef', 'latin1'), data.subarray(newline)]));
      },
    },
    {
      name: 'damaged data under the right header',
      outcome: 'rejected',
      make: () => {
        const data = Buffer.from(fs.readFileSync(path.join(DIST, 'cli-main.v8cache')));
        for (let i = data.indexOf(10) + 1; i < data.length; i += 7) data[i] ^= 0x5a;
        fs.writeFileSync(cache, data);
      },
    },
    {
      name: 'truncated data',
      outcome: 'rejected',
      make: () => {
        const data = fs.readFileSync(path.join(DIST, 'cli-main.v8cache'));
        fs.writeFileSync(cache, data.subarray(0, Math.floor(data.length / 3)));
      },
    },
    {
      name: 'a folder in its place',
      outcome: 'none',
      make: () => fs.mkdirSync(cache),
    },
    {
      name: 'a FIFO in its place (no writer ever comes)',
      outcome: 'none',
      make: () => assert.equal(spawnSync('mkfifo', [cache]).status, 0),
    },
  ];

  for (const variant of variants) {
    it(`with ${variant.name}: the same output and exit code`, function () {
      fs.rmSync(cache, { recursive: true, force: true });
      try {
        variant.make();
      } catch (error) {
        if (variant.name.startsWith('a FIFO')) this.skip();
        throw error;
      }
      const got = run(bundle, ['check', '--no-process-env', 'mcp.json'], dir);
      assert.equal(got.outcome, variant.outcome);
      assert.equal(got.code, expected.code);
      assert.equal(got.stdout, expected.stdout);
    });
  }

  it('dist/cli.js without its bundle says so in one line (exit 2), never with a stack trace', () => {
    const alone = tempTree({});
    fs.copyFileSync(path.join(DIST, 'cli.js'), path.join(alone, 'cli.js'));
    const child = spawnSync(process.execPath, [path.join(alone, 'cli.js'), 'check', '.'], { cwd: alone, encoding: 'utf8', timeout: 60_000 });
    assert.equal(child.status, 2);
    assert.equal(child.stdout, '');
    assert.match(child.stderr, /^mcp-catalog: \S+cli-main\.js is missing beside \S+cli\.js; the installation is incomplete [^\n]+\n$/);
  });

  it('is not looked for beside a bundle without a build id (a watch build)', () => {
    fs.rmSync(cache, { recursive: true, force: true });
    fs.copyFileSync(path.join(DIST, 'cli-main.v8cache'), cache);
    const text = fs.readFileSync(path.join(DIST, 'cli-main.js'), 'utf8');
    fs.writeFileSync(bundle, text.replace(/\n\/\/# mcpCatalogBuild=[0-9a-f]+\n$/, '\n'));
    const got = run(bundle, ['check', '--no-process-env', 'mcp.json'], dir);
    assert.equal(got.outcome, 'none');
    assert.equal(got.stdout, expected.stdout);
  });
});
