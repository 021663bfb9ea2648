import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { computeFixAll } from '../../server/src/service/fixes';
import { facts as factsWith, readFixture, runCli, tempTree, type CliRun } from './helpers';

/** `mcp-catalog fix` (docs/command-line.md "Fixing from the terminal"): the editor's fix-all, from the terminal. */

const FIX_ALL = readFixture('fixes', 'fix-all-mcp.json');
const ROOTS_WITH_COMMA = '{\n  "web": { "description": "Web", },\n  "web": { "description": "Web again" }\n}\n';
const AIR_WITH_COMMA = '{\n  "name": "x",\n  "mcp": ["./mcp.json"],\n  "roots": ["./roots.json"],\n}\n';
const OTHER = { '.env': 'TOKEN=\n', 'package.json': '{ "name": "x", }\n', 'notes-mcp.txt': 'not json' };

const codes = (run: CliRun): string[] =>
  (JSON.parse(run.stdout) as { files: { diagnostics: { code: string }[] }[] }).files.flatMap((f) => f.diagnostics.map((d) => d.code));

function snapshot(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (folder: string): void => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else files.set(path.relative(dir, full), fs.readFileSync(full, 'utf8'));
    }
  };
  walk(dir);
  return files;
}

describe('mcp-catalog fix', () => {
  it('applies fix-all to catalogs and roots indexes, leaves only unfixable findings, and touches no other file', async () => {
    const dir = tempTree({ 'mcp.json': FIX_ALL, 'roots.json': ROOTS_WITH_COMMA, 'air.json': AIR_WITH_COMMA, ...OTHER });
    const before = snapshot(dir);
    const run = await runCli(['fix', '--format', 'json', '--no-process-env'], { cwd: dir });
    const after = snapshot(dir);
    assert.deepEqual(
      [...after.keys()].filter((file) => after.get(file) !== before.get(file)).sort(),
      ['mcp.json', 'roots.json'],
      'only the catalog and the roots index changed; air.json, .env, package.json untouched, no temporary file left',
    );
    assert.deepEqual([...after.keys()].sort(), [...before.keys()].sort());
    // One implementation: the file now holds exactly what the editor's fix-all produces.
    assert.equal(after.get('mcp.json'), computeFixAll(FIX_ALL, 'catalog', factsWith()).text);
    assert.equal(after.get('roots.json'), '{\n  "web": { "description": "Web again" }\n}\n');
    // Left: the comment (fix-all never deletes the author's text), a case change and a closest-name
    // guess (never in fix-all), and the air.json's trailing comma (air.json is reported, not fixed).
    assert.deepEqual(codes(run).sort(), ['json-comment', 'json-trailing-comma', 'lowercase-variable', 'unknown-type']);
    const again = await runCli(['fix', '--dry-run', '--no-process-env'], { cwd: dir });
    assert.equal(again.stdout, '', 'nothing fixable is left');
    assert.match(run.stderr, /mcp-catalog fix: fixed \d+ problem\(s\) in mcp\.json; \d+ left/);
    assert.match(run.stderr, /fixed 2 problem\(s\) in roots\.json; 0 left/);
    assert.equal(run.code, 1, 'an error is left (the comment)');
  });

  it('exits like check on what is left: 0 when nothing but warnings remain', async () => {
    const dir = tempTree({
      'mcp.json':
        '{\n  "s": { "type": "stdio", "command": "x", "startup_timeout_sec": 601, },\n  "t": { "type": "stdio", "command": "y", "env": { "A": "${token}" } }\n}\n',
    });
    const run = await runCli(['fix', '--no-process-env'], { cwd: dir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), /"startup_timeout_sec": 600 \}/);
    assert.match(run.stdout, /warning lowercase-variable/);
    assert.match(run.stdout, /1 file checked: 0 error\(s\), 1 warning\(s\)/);
  });

  it("never creates the roots.json the roots-not-found quick fix offers (a new file is the user's choice)", async () => {
    const catalog = '{\n  "s": { "type": "stdio", "command": "x", "default_in_roots": ["web"] }\n}\n';
    const dir = tempTree({ 'mcp.json': catalog });
    const run = await runCli(['fix', '--format', 'json', '--no-process-env'], { cwd: dir });
    assert.deepEqual([...snapshot(dir).entries()], [['mcp.json', catalog]]);
    assert.deepEqual(codes(run), ['roots-not-found']);
  });

  it('never fixes a named file §1 does not classify', async () => {
    const dir = tempTree({ 'servers.json': '{ "s": { "type": "http", "url": "https://x.example/mcp" }, }\n' });
    const run = await runCli(['fix', 'servers.json'], { cwd: dir });
    assert.equal(fs.readFileSync(path.join(dir, 'servers.json'), 'utf8'), '{ "s": { "type": "http", "url": "https://x.example/mcp" }, }\n');
    assert.match(run.stderr, /servers\.json is not fixed: it is not named or marked \(\$schema\) as a catalog or roots index/);
    assert.equal(run.code, 1);
  });

  describe('--dry-run', () => {
    it('prints a unified diff that git apply turns into the fixed file, writes nothing, and exits 1', async () => {
      const dir = tempTree({ 'mcp.json': FIX_ALL, 'team/roots.json': ROOTS_WITH_COMMA });
      const run = await runCli(['fix', '--dry-run', '--no-process-env'], { cwd: dir });
      assert.equal(run.code, 1);
      assert.equal(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), FIX_ALL, 'nothing written');
      assert.match(run.stdout, /^--- a\/mcp\.json\n\+\+\+ b\/mcp\.json\n@@ -1,\d+ \+1,\d+ @@\n/);
      assert.match(
        run.stdout,
        /^--- a\/team\/roots\.json\n\+\+\+ b\/team\/roots\.json\n@@ -1,4 \+1,3 @@\n-\{\n\+\{\n|^- {2}"web": \{ "description": "Web", \},$/m,
      );
      assert.match(run.stdout, /^- {4}"type": "http",\n\+ {4}"type": "streamable-http",$/m);
      assert.match(run.stderr, /would fix \d+ problem\(s\) in mcp\.json/);
      assert.match(run.stderr, /error json-comment/, 'what would be left is reported on stderr');

      const patch = path.join(dir, 'fix.patch');
      fs.writeFileSync(patch, run.stdout);
      const applied = spawnSync('git', ['apply', '--unsafe-paths', patch], { cwd: dir, encoding: 'utf8' });
      assert.equal(applied.status, 0, applied.stderr);
      assert.equal(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), computeFixAll(FIX_ALL, 'catalog', factsWith()).text);
      assert.equal(fs.readFileSync(path.join(dir, 'team', 'roots.json'), 'utf8'), '{\n  "web": { "description": "Web again" }\n}\n');
    });

    it('prints nothing and exits like check when nothing would change', async () => {
      const dir = tempTree({ 'mcp.json': '{\n  "s": { "type": "stdio", "command": "x" }\n}\n' });
      const run = await runCli(['fix', '--dry-run', '--no-process-env'], { cwd: dir });
      assert.equal(run.stdout, '');
      assert.equal(run.code, 0);
    });
  });
});
