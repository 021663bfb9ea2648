import { strict as assert } from 'node:assert';
import { catalog, runCli, tempTree } from './helpers';

/**
 * SPEC §4.3, §7, §8: nothing on any output ever contains a variable's value. Distinctive values
 * are planted in a dotenv file, a secrets file and the process environment, and the catalog is
 * made to produce every variable-related diagnostic; no format may echo a value.
 */

const DOTENV_VALUE = 'dotenv-PLANTED-4f1a9c7e-value';
const PROCESS_VALUE = 'process-PLANTED-b83e22d0-value';
const SECRETS_VALUE = 'secrets-PLANTED-0c5d7a11-value';
const PLANTED = [DOTENV_VALUE, PROCESS_VALUE, SECRETS_VALUE];

/** Resolved names (so their values matter), near-miss names (so close names are suggested), and problems. */
const CATALOG = catalog({
  tools: {
    type: 'stdio',
    command: 'npx',
    args: ['--token', '${DOTENV_TOKEN}', '${DOTENV_TOKN}', '${dotenv_token}'],
    env: { A: '${PROCESS_TOKEN}', B: '${PROCESS_TOKN}', C: '${SECRETS_TOKEN}', D: '${SECRETS_TOKN}', E: '${DOTENV_TOKEN-x}' },
    startup_timeout_sec: '${DOTENV_TOKEN}',
    title: '${PROCESS_TOKEN}',
    unavailable: '${SECRETS_TOKEN}\n',
  },
  web: { type: 'http', url: 'https://${DOTENV_TOKEN}/mcp', env: { X: '${PROCESS_TOKEN}' } },
});

function plant(): string {
  return tempTree({
    'mcp.json': CATALOG,
    '.env': `DOTENV_TOKEN=${DOTENV_VALUE}\nOTHER="${DOTENV_VALUE}"\n`,
    'secrets.json': JSON.stringify({ SECRETS_TOKEN: SECRETS_VALUE }),
  });
}

describe('secrets never reach any output', () => {
  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`${format}: no planted value on stdout or stderr`, async () => {
      const dir = plant();
      const run = await runCli(['check', '--format', format, '--secrets-file', 'secrets.json', 'mcp.json', 'missing.json'], {
        cwd: dir,
        env: { PROCESS_TOKEN: PROCESS_VALUE, UNRELATED: PROCESS_VALUE },
      });
      const output = run.stdout + run.stderr;
      // The run must really have reported on the variables, or the absence proves nothing.
      assert.match(output, /unresolved-variable/);
      assert.match(output, /DOTENV_TOKEN/, 'close known names are suggested by name');
      assert.match(output, /PROCESS_TOKEN/);
      assert.match(output, /SECRETS_TOKEN/);
      for (const value of PLANTED) assert.ok(!output.includes(value), `${format} output contains a planted value`);
      for (const value of PLANTED) assert.ok(!output.includes(value.slice(0, 16)), `${format} output contains part of a planted value`);
    });
  }

  it('does not echo values when an env file is given explicitly either', async () => {
    const dir = plant();
    const run = await runCli(['check', '--format', 'json', '--env-file', '.env', 'mcp.json'], { cwd: dir, env: { PROCESS_TOKEN: PROCESS_VALUE } });
    const output = run.stdout + run.stderr;
    assert.match(output, /placeholder-not-interpolated/);
    for (const value of PLANTED) assert.ok(!output.includes(value));
  });
});
