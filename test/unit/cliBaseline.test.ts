import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { catalog, runCli, tempTree } from './helpers';

/** `--max-warnings N` and `--baseline FILE` (docs/command-line.md "Thresholds and baselines"). */

const TWO_WARNINGS = catalog({
  a: { type: 'stdio', command: 'x', startup_timeout_sec: 4 },
  b: { type: 'stdio', command: 'y', unavailable: 'down\nuntil Friday' },
});

describe('mcp-catalog check: thresholds and baselines', () => {
  describe('--max-warnings', () => {
    it('exits 1 above the limit and 0 at it', async () => {
      const dir = tempTree({ 'mcp.json': TWO_WARNINGS });
      const at = await runCli(['check', '--no-process-env', '--max-warnings', '2'], { cwd: dir });
      assert.equal(at.code, 0);
      const above = await runCli(['check', '--no-process-env', '--max-warnings', '1'], { cwd: dir });
      assert.equal(above.code, 1);
      assert.match(above.stderr, /2 warning\(s\), more than --max-warnings 1/);
      assert.equal((await runCli(['check', '--no-process-env', '--max-warnings', '0'], { cwd: dir })).code, 1);
    });

    it('is a usage error when not a whole number', async () => {
      const dir = tempTree({ 'mcp.json': TWO_WARNINGS });
      for (const value of ['-1', 'many', '1.5']) {
        const run = await runCli(['check', `--max-warnings=${value}`], { cwd: dir });
        assert.equal(run.code, 2, value);
        assert.match(run.stderr, /--max-warnings needs a whole number/);
      }
      // Written apart, a value that starts with a dash reads as a forgotten value (util.parseArgs).
      const apart = await runCli(['check', '--max-warnings', '-1'], { cwd: dir });
      assert.equal(apart.code, 2);
      assert.match(apart.stderr, /--max-warnings needs a value \(one that starts with a dash is written --max-warnings=VALUE\)/);
    });
  });

  describe('--baseline', () => {
    it('records the findings, then reports only new ones, surviving an unrelated edit above them', async () => {
      const dir = tempTree({ 'mcp.json': TWO_WARNINGS });
      const written = await runCli(['check', '--no-process-env', '--baseline', 'baseline.json', '--write-baseline'], { cwd: dir });
      assert.equal(written.code, 0);
      assert.match(written.stderr, /wrote 2 finding\(s\) of 1 file\(s\) to baseline\.json/);
      const baseline = JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8')) as {
        findings: { code: string; file: string; entry: string; count: number }[];
      };
      assert.deepEqual(baseline.findings, [
        { code: 'timeout-range', file: 'mcp.json', entry: 'a', count: 1 },
        { code: 'unavailable-multiline', file: 'mcp.json', entry: 'b', count: 1 },
      ]);

      const quiet = await runCli(['check', '--no-process-env', '--baseline', 'baseline.json', '--max-warnings', '0'], { cwd: dir });
      assert.equal(quiet.code, 0);
      assert.match(quiet.stdout, /^1 file checked: 0 error\(s\), 0 warning\(s\)/m);
      assert.match(quiet.stderr, /2 finding\(s\) recorded in baseline\.json not shown/);

      // An unrelated edit above both findings moves every line; a new problem is added in a new entry.
      const edited = catalog({
        first: { type: 'stdio', command: 'z', description: 'added above, moving every line' },
        a: { type: 'stdio', command: 'x', startup_timeout_sec: 4 },
        b: { type: 'stdio', command: 'y', unavailable: 'down\nuntil Friday' },
        c: { type: 'stdio', command: 'w', startup_timeout_sec: 700 },
      });
      fs.writeFileSync(path.join(dir, 'mcp.json'), edited);
      const after = await runCli(['check', '--no-process-env', '--baseline', 'baseline.json', '--format', 'json'], { cwd: dir });
      const reported = (JSON.parse(after.stdout) as { files: { diagnostics: { code: string; data: { path: unknown[] } }[] }[] }).files[0].diagnostics;
      assert.deepEqual(
        reported.map((d) => `${d.code} ${String(d.data.path[0])}`),
        ['timeout-range c'],
        "only the new entry's finding",
      );
    });

    it('counts: a second equal finding in the same entry is new', async () => {
      const dir = tempTree({ 'mcp.json': catalog({ a: { type: 'stdio', command: 'x', env: { A: '${token}' } } }) });
      await runCli(['check', '--no-process-env', '--baseline', 'b.json', '--write-baseline'], { cwd: dir });
      fs.writeFileSync(path.join(dir, 'mcp.json'), catalog({ a: { type: 'stdio', command: 'x', env: { A: '${token}', B: '${other}' } } }));
      const run = await runCli(['check', '--no-process-env', '--baseline', 'b.json'], { cwd: dir });
      assert.match(run.stdout, /warning lowercase-variable: .*other/);
      assert.match(run.stdout, /1 warning\(s\)/);
    });

    it('an error in the baseline no longer fails the check; a missing or malformed baseline is exit 2', async () => {
      const dir = tempTree({ 'mcp.json': catalog({ a: { type: 'http', url: 'https://x.example/mcp' } }) });
      assert.equal((await runCli(['check', '--no-process-env'], { cwd: dir })).code, 1);
      await runCli(['check', '--no-process-env', '--baseline', 'b.json', '--write-baseline'], { cwd: dir });
      assert.equal((await runCli(['check', '--no-process-env', '--baseline', 'b.json'], { cwd: dir })).code, 0);
      const missing = await runCli(['check', '--baseline', 'nope.json'], { cwd: dir });
      assert.equal(missing.code, 2);
      assert.match(missing.stderr, /--baseline nope\.json: it does not exist \(write it with --write-baseline\)/);
      fs.writeFileSync(path.join(dir, 'bad.json'), '{"findings": 3}');
      assert.equal((await runCli(['check', '--baseline', 'bad.json'], { cwd: dir })).code, 2);
      assert.equal((await runCli(['check', '--write-baseline'], { cwd: dir })).code, 2, '--write-baseline needs --baseline');
    });
  });
});
