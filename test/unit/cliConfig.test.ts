import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_CONFIG_KEYS, parseProjectConfig } from '../../server/src/service/projectConfig';
import { ALL_CODES } from '../../server/src/service/codes';
import { SETTINGS_IN_PROJECT_CONFIG } from '../../shared/src/settings';
import { REPO_ROOT, runCli, tempTree, type CliRun } from './helpers';

/** `.mcp-catalog.json` on the command line (docs/configuration.md "Configuration file"). */

/** A catalog with one missing variable (a warning) and a timeout out of range (a warning). */
export const CONFIG_CATALOG = `${JSON.stringify({ s: { type: 'stdio', command: 'npx', env: { TOKEN: '${TEAM_TOKEN}' }, startup_timeout_sec: 4 } }, null, 2)}\n`;

const codes = (run: CliRun): string[] =>
  (JSON.parse(run.stdout) as { files: { diagnostics: { code: string; severity: string }[] }[] }).files
    .flatMap((f) => f.diagnostics.map((d) => `${d.severity} ${d.code}`))
    .sort((a, b) => a.split(' ')[1].localeCompare(b.split(' ')[1]));

describe('mcp-catalog: the .mcp-catalog.json configuration', () => {
  it('changes the verdict: known variables silence unresolved-variable, a severity raises timeout-range to an error', async () => {
    const dir = tempTree({ 'mcp.json': CONFIG_CATALOG });
    const before = await runCli(['check', '--format', 'json', '--no-process-env'], { cwd: dir });
    assert.deepEqual(codes(before), ['warning timeout-range', 'warning unresolved-variable']);
    assert.equal(before.code, 0);
    fs.writeFileSync(
      path.join(dir, '.mcp-catalog.json'),
      JSON.stringify({ knownVariables: ['TEAM_TOKEN'], severity: { 'timeout-range': 'error' }, readProcessEnv: false }),
    );
    const after = await runCli(['check', '--format', 'json'], { cwd: dir });
    assert.deepEqual(codes(after), ['error timeout-range']);
    assert.equal(after.code, 1);
  });

  it('is found from the current directory upward; paths in it are relative to the file', async () => {
    const dir = tempTree({
      '.mcp-catalog.json': JSON.stringify({ envFiles: ['config/team.env'], rootsFiles: ['config/roots.json'], readProcessEnv: false }),
      'config/team.env': 'TEAM_TOKEN=x\n',
      'config/roots.json': JSON.stringify({ web: { description: 'Web' } }),
      'src/deep/mcp.json': `${JSON.stringify({ s: { type: 'stdio', command: 'x', env: { T: '${TEAM_TOKEN}' }, default_in_roots: ['web', 'nope'] } }, null, 2)}\n`,
    });
    const run = await runCli(['check', '--format', 'json', 'mcp.json'], { cwd: path.join(dir, 'src', 'deep') });
    assert.deepEqual(codes(run), ['error undefined-root'], 'TEAM_TOKEN is set in config/team.env; web is a root of config/roots.json, nope is not');
  });

  it('a flag wins over the file: --known replaces its names, --severity overrides per code, --no-process-env', async () => {
    const dir = tempTree({
      'mcp.json': CONFIG_CATALOG,
      '.mcp-catalog.json': JSON.stringify({ knownVariables: ['TEAM_TOKEN'], severity: { 'timeout-range': 'error', 'unresolved-variable': 'error' } }),
    });
    const run = await runCli(['check', '--format', 'json', '--known', 'OTHER', '--severity', 'timeout-range=hint', '--no-process-env'], {
      cwd: dir,
      env: { TEAM_TOKEN: 'set' },
    });
    assert.deepEqual(codes(run), ['hint timeout-range', 'error unresolved-variable']);
  });

  it('--config FILE names another file; --no-config reads none', async () => {
    const dir = tempTree({
      'mcp.json': CONFIG_CATALOG,
      '.mcp-catalog.json': JSON.stringify({ severity: { 'timeout-range': 'error' }, readProcessEnv: false }),
      'ci/strict.json': JSON.stringify({ severity: { 'unresolved-variable': 'error' }, readProcessEnv: false }),
    });
    assert.deepEqual(codes(await runCli(['check', '--format', 'json', '--config', 'ci/strict.json'], { cwd: dir })), [
      'warning timeout-range',
      'error unresolved-variable',
    ]);
    assert.deepEqual(codes(await runCli(['check', '--format', 'json', '--no-config', '--no-process-env'], { cwd: dir })), [
      'warning timeout-range',
      'warning unresolved-variable',
    ]);
    const both = await runCli(['check', '--config', 'ci/strict.json', '--no-config'], { cwd: dir });
    assert.equal(both.code, 2);
    const missing = await runCli(['check', '--config', 'ci/missing.json'], { cwd: dir });
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /cannot read the configuration file ci\/missing\.json/);
  });

  it('a file with a problem is exit 2 naming the file and every problem, never half-read', async () => {
    const dir = tempTree({
      'mcp.json': CONFIG_CATALOG,
      '.mcp-catalog.json': JSON.stringify({ knownVariable: ['X'], severity: { 'timeout-range': 'loud' }, readProcessEnv: 'no' }),
    });
    const run = await runCli(['check'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.match(run.stderr, /\.mcp-catalog\.json: unknown key "knownVariable"/);
    assert.match(run.stderr, /severity\.timeout-range must be error, warning, information, hint or off/);
    assert.match(run.stderr, /readProcessEnv must be true or false/);
    assert.doesNotMatch(run.stderr, /\n\s+at /);
    const broken = tempTree({ 'mcp.json': CONFIG_CATALOG, '.mcp-catalog.json': '{"knownVariables": [' });
    const syntax = await runCli(['check'], { cwd: broken });
    assert.equal(syntax.code, 2);
    assert.match(syntax.stderr, /\.mcp-catalog\.json: it is not valid JSON/);
  });

  it('readiness reads it too: a known name makes a server ready', async () => {
    const dir = tempTree({ 'mcp.json': CONFIG_CATALOG });
    const without = await runCli(['readiness', '--no-process-env', 'mcp.json'], { cwd: dir });
    assert.match(without.stdout, /1 server, 0 can start/);
    fs.writeFileSync(path.join(dir, '.mcp-catalog.json'), JSON.stringify({ knownVariables: ['TEAM_TOKEN'], readProcessEnv: false }));
    const withConfig = await runCli(['readiness', 'mcp.json'], { cwd: dir });
    assert.match(withConfig.stdout, /1 server, 1 can start/);
  });

  describe('its definition', () => {
    const schema = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'schemas', 'mcp-catalog-config.schema.json'), 'utf8')) as {
      properties: Record<string, { properties?: Record<string, unknown> }>;
      additionalProperties: boolean;
    };

    it('the bundled schema has exactly the keys the readers accept, and every code under severity', () => {
      assert.deepEqual(Object.keys(schema.properties).sort(), ['$schema', ...PROJECT_CONFIG_KEYS].sort());
      assert.equal(schema.additionalProperties, false);
      assert.deepEqual(Object.keys(schema.properties.severity.properties ?? {}).sort(), [...ALL_CODES].sort());
    });

    it("the settings the client marks as explicitly set are the file's keys but exclude", () => {
      assert.deepEqual([...SETTINGS_IN_PROJECT_CONFIG].sort(), PROJECT_CONFIG_KEYS.filter((key) => key !== 'exclude').sort());
    });

    it('package.json gives the editor the schema for .mcp-catalog.json (completion and validation)', () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
        contributes: { jsonValidation: { fileMatch: string; url: string }[] };
      };
      const entry = pkg.contributes.jsonValidation.find((item) => item.fileMatch === '.mcp-catalog.json');
      assert.ok(entry);
      assert.ok(fs.existsSync(path.join(REPO_ROOT, entry.url)));
    });

    it("the repository's own configuration is valid", () => {
      assert.deepEqual(parseProjectConfig(fs.readFileSync(path.join(REPO_ROOT, '.mcp-catalog.json'), 'utf8')).problems, []);
    });
  });
});
