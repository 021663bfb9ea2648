import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalog, tempTree } from '../helpers';

/**
 * SPEC §7, §8 through the real command (`dist/cli.js`, as a user starts it): `--env-file` that
 * Node itself does not take, a closed pipe that ends quietly, terminal controls escaped in every
 * text output, and a named source that cannot be read is a usage error with one line.
 */

/** The bundled command; MCP_CATALOG_CLI_SCRIPT points the test at another build (to watch it fail on an older one). */
const CLI = process.env.MCP_CATALOG_CLI_SCRIPT || path.resolve(__dirname, '..', '..', '..', '..', 'dist', 'cli.js');

function run(args: string[], cwd: string, viaNode = false): { code: number | null; stdout: string; stderr: string } {
  const [file, argv] = viaNode ? [process.execPath, [CLI, ...args]] : [CLI, args];
  const result = spawnSync(file, argv, { cwd, encoding: 'utf8', timeout: 30_000, env: { PATH: process.env.PATH } });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const USES_FOO = catalog({ s: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1.0.0'], env: { A: '${FOO}' } } });
const ESC = '\u001b';
const BEL = '\u0007';

describe('the mcp-catalog command against hostile input (SPEC §7, §8)', function () {
  this.timeout(60_000);

  it('--env-file works through the bin on every Node (Node 20 takes it for itself after `node script`), and --dotenv works however it is started', () => {
    const dir = tempTree({ 'mcp.json': USES_FOO, 'my.env': 'FOO=1\n' });
    const viaBin = run(['check', '--no-process-env', '--env-file', 'my.env', 'mcp.json'], dir);
    assert.equal(viaBin.code, 0, viaBin.stderr);
    assert.doesNotMatch(viaBin.stdout, /unresolved-variable/);
    for (const spelling of [['--dotenv', 'my.env'], ['--dotenv=my.env']]) {
      const viaNode = run(['check', '--no-process-env', ...spelling, 'mcp.json'], dir, true);
      assert.equal(viaNode.code, 0, viaNode.stderr);
      assert.doesNotMatch(viaNode.stdout, /unresolved-variable/);
    }
  });

  it('a named source that cannot be read is a usage error (exit 2) with a one-line message', () => {
    const dir = tempTree({ 'mcp.json': USES_FOO });
    execFileSync('mkfifo', [path.join(dir, 'pipe.env')]);
    const cases: [string[], RegExp][] = [
      [['--env-file', 'missing.env'], /^mcp-catalog check: cannot read --env-file missing\.env: it does not exist\n$/],
      [['--dotenv', 'pipe.env'], /^mcp-catalog check: cannot read --env-file pipe\.env: it is a FIFO \(named pipe\)\n$/],
      [['--roots', 'missing-roots.json'], /^mcp-catalog check: cannot read --roots missing-roots\.json: it does not exist\n$/],
      [['--secrets-file', 'missing.json'], /^mcp-catalog check: cannot read --secrets-file missing\.json: it does not exist\n$/],
    ];
    for (const [flags, message] of cases) {
      const result = run(['check', ...flags, 'mcp.json'], dir);
      assert.equal(result.code, 2, flags.join(' '));
      assert.match(result.stderr, message);
    }
    const readiness = run(['readiness', '--env-file', 'missing.env', 'mcp.json'], dir);
    assert.equal(readiness.code, 2);
    assert.match(readiness.stderr, /^mcp-catalog readiness: cannot read --env-file missing\.env: it does not exist\n$/);
    const preview = run(['preview', '--runtime', 'claude', '--roots', 'missing.json', 'mcp.json'], dir);
    assert.equal(preview.code, 2);
    assert.match(preview.stderr, /^mcp-catalog preview: cannot read --roots missing\.json: it does not exist\n$/);
  });

  it('a FILE that is a FIFO or a symlink loop: exit 2 at once, saying what it is', () => {
    const dir = tempTree();
    execFileSync('mkfifo', [path.join(dir, 'mcp.json')]);
    fs.symlinkSync('loop-mcp.json', path.join(dir, 'loop-mcp.json'));
    const fifo = run(['check', 'mcp.json'], dir);
    assert.equal(fifo.code, 2);
    assert.match(fifo.stderr, /cannot read mcp\.json: it is a FIFO \(named pipe\)/);
    const loop = run(['readiness', 'loop-mcp.json'], dir);
    assert.equal(loop.code, 2);
    assert.match(loop.stderr, /cannot read loop-mcp\.json: it is a symlink loop/);
  });

  it('a roots.json linked to /proc/self/pagemap is refused, not read until memory runs out', function () {
    if (!fs.existsSync('/proc/self/pagemap')) this.skip();
    const dir = tempTree({ 'mcp.json': catalog({ s: { type: 'stdio', command: 'npx', default_in_roots: ['zimmer'] } }) });
    fs.symlinkSync('/proc/self/pagemap', path.join(dir, 'roots.json'));
    fs.symlinkSync('/proc/self/pagemap', path.join(dir, '.env'));
    const result = run(['check', '--no-process-env', 'mcp.json'], dir);
    assert.equal(result.code, 0, result.stderr);
    assert.match(result.stdout, /roots-not-found: default_in_roots could not be checked: .*roots\.json is outside the current directory/);
  });

  it('a reader that closes the pipe early (`check … | head -1`): no stack trace, the usual status', () => {
    const entries: Record<string, unknown> = {};
    for (let i = 0; i < 3000; i++) entries[`server-${i}`] = { type: 'stdio', command: 'npx', startup_timeout_sec: 700 };
    const dir = tempTree({ 'mcp.json': catalog(entries) });
    const result = spawnSync(
      'bash',
      ['-c', `"${process.execPath}" "${CLI}" check --no-process-env mcp.json 2>err.txt | head -1 >/dev/null; echo "\${PIPESTATUS[0]}"`],
      { cwd: dir, encoding: 'utf8', timeout: 60_000 },
    );
    assert.equal(fs.readFileSync(path.join(dir, 'err.txt'), 'utf8'), '');
    assert.equal(result.stdout.trim(), '0', 'warnings only: exit 0 as usual');
  });

  it('terminal controls from names and values are escaped in the text and github formats and in readiness and preview text', () => {
    const name = `evil${ESC}]0;owned${BEL}${ESC}[2J\u009b31m\u007f`;
    const text = catalog({
      [name]: { type: 'stdio', command: `npx${ESC}[31m`, startup_timeout_sec: 700, default_in_roots: [`r${ESC}[8m`] },
      ok: { type: 'stdio', command: 'npx', args: [`-y${ESC}[8m`, `pkg\u009b2J\u007f@1.0.0`] },
    });
    const dir = tempTree({ 'mcp.json': text, 'roots.json': JSON.stringify({ zimmer: { description: 'Z.' } }) });
    const outputs = {
      text: run(['check', '--no-process-env', 'mcp.json'], dir),
      github: run(['check', '--no-process-env', '--format', 'github', 'mcp.json'], dir),
      readiness: run(['readiness', '--no-process-env', 'mcp.json'], dir),
      preview: run(['preview', '--runtime', 'codex', 'mcp.json'], dir),
    };
    for (const [format, output] of Object.entries(outputs)) {
      assert.ok(output.stdout.length > 0, format);
      assert.doesNotMatch(output.stdout + output.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/, format);
      assert.match(output.stdout + output.stderr, /\\x1b|\\x9b|\\x7f/, format);
    }
    // JSON stays exact: the name round-trips.
    const json = JSON.parse(run(['check', '--no-process-env', '--format', 'json', 'mcp.json'], dir).stdout) as {
      files: { diagnostics: { message: string }[] }[];
    };
    // A message quotes a name JSON-escaped (text.ts quoted()), so the control shows as \u001b there.
    assert.ok(json.files[0].diagnostics.some((d) => d.message.includes('\\u001b')));
  });
});
