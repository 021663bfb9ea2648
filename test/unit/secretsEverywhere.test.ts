import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { assertNoLeak, PLANTED_FIXTURE, plantedFiles, plantedValues, type Planted } from '../support/plantedSecrets';
import { REPO_ROOT, runCli, tempTree, type CliRun } from './helpers';

/**
 * SPEC §4.3/§7/§8 — secrets everywhere, on the command line: distinctive values,
 * random per run, are planted in the process environment (`io.env`, and the real environment of
 * `node dist/cli.js`), a dotenv file and an AIR secrets file for names the catalog references.
 * `check` in every format, `readiness` in text and JSON and `preview` for every runtime in text and
 * JSON may print none of them, nor any 12-character slice of one. Each run also proves the sources
 * were read (those names resolve; beta is `ready`), so silence cannot pass for safety.
 */

function assertNoLeakIn(run: CliRun | { stdout: string; stderr: string }, planted: Planted, what: string): void {
  assertNoLeak(`${run.stdout}\n${run.stderr}`, planted, what);
}

/** The fixture catalog and roots index, `.env` beside them (found by discovery) and `secrets.json`. */
function plantWorkspace(planted: Planted): string {
  const dir = tempTree(plantedFiles(planted));
  fs.cpSync(PLANTED_FIXTURE, dir, { recursive: true });
  return dir;
}

const RESOLVED = ['TOKEN_A', 'TOKEN_B', 'TOKEN_C', 'TOKEN_D'];
const UNRESOLVED = ['MISSING_EVERYWHERE', 'TOKEN_AA', 'TOKEN_BLANK'];

/** The names reported unresolved, read from whichever format the run printed. */
function unresolvedNames(format: string, stdout: string): string[] {
  const names = new Set<string>();
  if (format === 'json') {
    const json = JSON.parse(stdout) as { files: { diagnostics: { code: string; data?: { name?: string } }[] }[] };
    for (const file of json.files) for (const d of file.diagnostics) if (d.code === 'unresolved-variable') names.add(d.data?.name ?? '?');
  } else if (format === 'sarif') {
    const sarif = JSON.parse(stdout) as { runs: { results: { ruleId: string; message: { text: string } }[] }[] };
    for (const result of sarif.runs[0].results)
      if (result.ruleId === 'unresolved-variable') names.add(/^([A-Z_0-9]+) is (?:set in no source|empty in)/.exec(result.message.text)?.[1] ?? '?');
  } else {
    for (const line of stdout.split('\n'))
      if (line.includes('unresolved-variable')) names.add(/(?:unresolved-variable: |::)([A-Z_0-9]+) is (?:set in no source|empty in)/.exec(line)?.[1] ?? '?');
  }
  return [...names].sort();
}

describe('secrets everywhere: no command prints a planted value', () => {
  const planted = plantedValues();
  const env = { ...planted.process };
  let dir: string;

  before(() => {
    dir = plantWorkspace(planted);
  });

  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`check --format ${format}: the planted names resolve, the missing ones are named, no value is printed`, async () => {
      const run = await runCli(['check', '--format', format, '--secrets-file', 'secrets.json', 'mcp.json', 'roots.json'], { cwd: dir, env });
      assert.equal(run.code, 1, run.stderr);
      assertNoLeakIn(run, planted, `check --format ${format}`);
      assert.deepEqual(unresolvedNames(format, run.stdout), UNRESOLVED);
      assert.match(run.stdout, /secrets file secrets\.json/);
      // The names (never the values) travel: close names are suggested.
      assert.match(run.stdout, /TOKEN_A/);
    });
  }

  it('check with explicit --env-file, --known and --no-process-env: the same silence', async () => {
    const runs = [
      await runCli(['check', '--format', 'json', '--env-file', '.env', '--secrets-file', 'secrets.json', '--known', 'TOKEN_AA', 'mcp.json'], { cwd: dir, env }),
      await runCli(['check', '--format', 'text', '--env-file', path.join(dir, '.env'), '--no-process-env', 'mcp.json'], { cwd: dir, env }),
    ];
    for (const run of runs) assertNoLeakIn(run, planted, 'check with explicit sources');
    assert.deepEqual(unresolvedNames('json', runs[0].stdout), ['MISSING_EVERYWHERE', 'TOKEN_BLANK']);
    // Without the process environment and the secrets file, TOKEN_B and TOKEN_C are missing (by name).
    assert.deepEqual(unresolvedNames('text', runs[1].stdout), ['MISSING_EVERYWHERE', 'TOKEN_AA', 'TOKEN_B', 'TOKEN_BLANK', 'TOKEN_C']);
  });

  it('check of the dotenv and secrets files themselves (a careless glob) prints no value either', async () => {
    for (const format of ['text', 'json', 'sarif', 'github']) {
      const run = await runCli(['check', '--format', format, '.env', 'secrets.json'], { cwd: dir, env });
      assert.equal(run.code, 1, `${format}: they are not catalogs, so they are errors`);
      assertNoLeakIn(run, planted, `check --format ${format} .env secrets.json`);
    }
  });

  for (const format of ['text', 'json']) {
    it(`readiness --format ${format}: beta is ready from the three sources, no value is printed`, async () => {
      const run = await runCli(['readiness', '--format', format, '--secrets-file', 'secrets.json', 'mcp.json'], { cwd: dir, env });
      assert.equal(run.code, 0, run.stderr);
      assertNoLeakIn(run, planted, `readiness --format ${format}`);
      if (format === 'json') {
        const json = JSON.parse(run.stdout) as { servers: { name: string; state: string; variables?: string[] }[] };
        const beta = json.servers.find((server) => server.name === 'beta')!;
        assert.equal(beta.state, 'ready');
        assert.deepEqual([...(beta.variables ?? [])].sort(), RESOLVED);
        assert.deepEqual([...(json.servers.find((server) => server.name === 'alpha')!.variables ?? [])].sort(), ['TOKEN_AA', 'TOKEN_BLANK']);
      } else {
        assert.match(run.stdout, /beta +ready/);
        assert.match(run.stdout, /TOKEN_B \(the process environment\), TOKEN_C \(secrets file secrets\.json\), TOKEN_A \(\.env\)/);
      }
    });
  }

  for (const runtime of ['claude', 'codex', 'pi', 'cursor']) {
    for (const format of ['text', 'json']) {
      it(`preview --runtime ${runtime} --format ${format}: all servers, each root, each server — placeholders as written`, async () => {
        const selections = [
          [],
          ['--root', 'zimmer'],
          ['--root', 'strad'],
          ['--server', 'alpha'],
          ['--server', 'beta'],
          ['--server', 'gamma', '--clone', '/work/clone'],
        ];
        for (const selection of selections) {
          const run = await runCli(['preview', '--runtime', runtime, '--format', format, ...selection, 'mcp.json'], { cwd: dir, env });
          assert.equal(run.code, 0, `${selection.join(' ')}: ${run.stderr}`);
          assertNoLeakIn(run, planted, `preview --runtime ${runtime} --format ${format} ${selection.join(' ')}`);
        }
        const all = await runCli(['preview', '--runtime', runtime, '--format', format, 'mcp.json'], { cwd: dir, env });
        assert.match(all.stdout, /TOKEN_C/, 'the placeholder is kept by name');
      });
    }
  }

  it('the real `node dist/cli.js` process, with the values in its environment, prints none of them', () => {
    const bin = path.join(REPO_ROOT, 'dist', 'cli.js');
    assert.ok(fs.existsSync(bin), `${bin} is missing: run \`node scripts/build.mjs\` first`);
    const processEnv = { PATH: process.env.PATH, ...planted.process };
    const invocations = [
      ['check', '--format', 'json', '--secrets-file', 'secrets.json', 'mcp.json', 'roots.json'],
      ['check', '--format', 'sarif', '--secrets-file', 'secrets.json', 'mcp.json'],
      ['check', '--format', 'github', '.env', 'secrets.json', 'mcp.json'],
      ['readiness', '--format', 'json', '--secrets-file', 'secrets.json', 'mcp.json'],
      ['readiness', '--secrets-file', 'secrets.json', 'mcp.json'],
      ['preview', '--runtime', 'claude', '--format', 'json', 'mcp.json'],
      ['preview', '--runtime', 'codex', '--root', 'zimmer', 'mcp.json'],
      ['preview', '--runtime', 'pi', '--format', 'json', '--server', 'beta', 'mcp.json'],
    ];
    for (const argv of invocations) {
      const run = spawnSync(process.execPath, [bin, ...argv], { cwd: dir, env: processEnv, encoding: 'utf8' });
      assert.ok(run.status === 0 || run.status === 1, `${argv.join(' ')} exited ${run.status}: ${run.stderr}`);
      assertNoLeakIn(run, planted, `node dist/cli.js ${argv.join(' ')}`);
      if (argv[0] === 'check' && argv[2] === 'json') assert.deepEqual(unresolvedNames('json', run.stdout), UNRESOLVED, 'the real process environment was read');
      if (argv[0] === 'readiness' && argv[2] === 'json') {
        const json = JSON.parse(run.stdout) as { servers: { name: string; state: string }[] };
        assert.equal(json.servers.find((server) => server.name === 'beta')!.state, 'ready');
      }
    }
  });
});
