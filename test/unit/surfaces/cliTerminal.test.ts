import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import { FakeZimmer, seedServer } from '../../support/fakeZimmer';
import { LIVE_KEY, serveMatchingCatalog } from '../../support/liveScenario';
import { RAW_CONTROL } from '../../support/outputInvariants';
import { fixture, runCli, tempTree, writeTree } from '../helpers';

/**
 * Every command's every format writes through the one terminal writer (SPEC §7, §8): a name, a
 * reason or a message from a repository or an instance never drives the reader's terminal —
 * no ESC/CSI/OSC/DCS sequence, no C1 control, no bidirectional override, in text, GitHub, JSON,
 * SARIF and Markdown alike (a JSON file `cat` to a terminal is read there too).
 */

const ESC = '\u001b';
const BEL = '\u0007';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

const EVIL = `evil${ESC}]0;TITLE${BEL}${ESC}[2J\u009b31m\u202e`;

describe('terminal output of every command', () => {
  it('diff: a server named with a title-setting OSC and a screen clear is escaped in text, JSON and Markdown', async () => {
    const dir = tempTree({ 'mcp.json': json({ ok: { type: 'stdio', command: 'npx' } }) });
    git(dir, 'init', '-q');
    git(dir, 'add', '-A');
    git(dir, 'commit', '-q', '-m', 'base');
    writeTree(dir, {
      'mcp.json': json({ ok: { type: 'stdio', command: 'npx' }, [EVIL]: { type: 'stdio', command: 'npx', unavailable: `gone${ESC}]52;c;aGk=${BEL}` } }),
    });
    git(dir, 'commit', '-q', '-am', 'change');
    for (const format of ['text', 'json', 'markdown']) {
      const run = await runCli(['diff', '--format', format, 'HEAD~1', 'HEAD'], { cwd: dir });
      assert.ok(run.stdout.includes('evil'), `${format}: ${run.stderr}`);
      assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL, format);
      if (format === 'json') assert.ok(JSON.stringify(JSON.parse(run.stdout)).includes('evil\\u001b]0;TITLE'), 'JSON still decodes to the name');
    }
  });

  describe('live', function () {
    let fake: FakeZimmer;
    before(async () => {
      fake = await FakeZimmer.start(LIVE_KEY);
    });
    after(() => fake?.close());

    it("an instance's unavailable_reason writing the clipboard (OSC 52) and a name with C1 and bidi are escaped in text and JSON", async () => {
      fake.reset();
      serveMatchingCatalog(fake);
      fake.servers.push(seedServer(EVIL, { reason: `x${ESC}]52;c;cm0gLXJmIH4=${BEL}\u009d0;t\u009c` }));
      for (const format of ['text', 'json']) {
        const run = await runCli(['live', '--format', format, fake.url, fixture('live', 'mcp.json')], {
          cwd: fixture('live'),
          env: { ZIMMER_API_KEY: LIVE_KEY },
        });
        assert.equal(run.code, 1, run.stderr);
        assert.ok(run.stdout.includes('evil'), format);
        assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL, format);
      }
    });
  });

  it('check, readiness and preview: JSON and SARIF carry no raw C1 or bidi control, and still decode to the name', async () => {
    const name = `n\u0085\u009b2J\u202e\u2066\u200f\u061c\u2028`;
    const dir = tempTree({ 'mcp.json': json({ [name]: { type: 'stdio', command: 'npx', startup_timeout_sec: 700 } }) });
    for (const argv of [
      ['check', '--no-process-env', '--format', 'json', 'mcp.json'],
      ['check', '--no-process-env', '--format', 'sarif', 'mcp.json'],
      ['readiness', '--no-process-env', '--format', 'json', 'mcp.json'],
      ['preview', '--format', 'json', '--runtime', 'claude', 'mcp.json'],
      ['check', '--no-process-env', 'mcp.json'],
      ['check', '--no-process-env', '--format', 'github', 'mcp.json'],
      ['readiness', '--no-process-env', 'mcp.json'],
      ['preview', '--runtime', 'codex', 'mcp.json'],
    ]) {
      const run = await runCli(argv, { cwd: dir });
      assert.ok(run.stdout.length > 0, `${argv.join(' ')}: ${run.stderr}`);
      assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL, argv.join(' '));
      if (argv.includes('json') || argv.includes('sarif')) assert.ok(JSON.stringify(JSON.parse(run.stdout)).includes(name), argv.join(' '));
    }
  });

  it('check text: a file name with a line break cannot forge a line of its own', async () => {
    const name = 'a\n1 file checked: 0 error(s)\n-mcp.json';
    const dir = tempTree({ [name]: json({ s: { type: 'stdio', command: 'npx', startup_timeout_sec: 700 } }) });
    const run = await runCli(['check', '--no-process-env', name], { cwd: dir });
    const lines = run.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, run.stdout);
    assert.match(lines[0], /^a\\n1 file checked: 0 error\(s\)\\n-mcp\.json:\d+:\d+: warning /);
  });

  it('fix --dry-run: the diff escapes a control character and says so on stderr', async () => {
    const dir = tempTree({ 'mcp.json': json({ [`a\u202eb`]: { type: 'stdio', command: 'npx', startup_timeout_sec: 7.5 } }) });
    const run = await runCli(['fix', '--dry-run', '--no-process-env', 'mcp.json'], { cwd: dir });
    assert.ok(run.stdout.length > 0, run.stderr);
    assert.doesNotMatch(run.stdout + run.stderr, RAW_CONTROL);
    assert.match(run.stderr, /shows control characters escaped; run `mcp-catalog fix` rather than applying it/);
  });
});
