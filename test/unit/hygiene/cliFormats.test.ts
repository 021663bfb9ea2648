import { strict as assert } from 'node:assert';
import { fixture, runCli } from '../helpers';

/**
 * The hygiene fixture through `mcp-catalog check` in every output format: each rule is reported
 * with its default severity, and no format — messages, `data`, SARIF properties — echoes a literal
 * credential (only a masked form like `ghp_…`).
 */

const LITERALS = ['ghp_FAKE0123456789abcdefghijklmnopqrstuv', 'FAKEfakeFAKEfake0123456789'];

describe('hygiene: mcp-catalog check on test/fixtures/hygiene/mcp.json', () => {
  it('reports each rule at its default severity (json format)', async () => {
    const run = await runCli(['check', '--format', 'json', '--no-process-env', '--known', 'LOCAL_API_KEY', fixture('hygiene', 'mcp.json')], {
      cwd: fixture('hygiene'),
    });
    assert.equal(run.code, 0, 'warnings and information only');
    const [file] = (JSON.parse(run.stdout) as { files: { diagnostics: { code: string; severity: string }[] }[] }).files;
    assert.deepEqual(
      file.diagnostics.map((d) => `${d.code}/${d.severity}`),
      [
        'npx-cache-isolated/information',
        'hardcoded-secret/warning',
        'npx-cache-isolated/information',
        'insecure-transport/warning',
        'hardcoded-secret/warning',
        'tool-name-collision/warning',
        'tool-name-collision/warning',
      ],
    );
  });

  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`never prints a literal credential (${format})`, async () => {
      const run = await runCli(['check', '--format', format, '--no-process-env', fixture('hygiene', 'mcp.json')], { cwd: fixture('hygiene') });
      for (const literal of LITERALS) {
        for (const fragment of [literal, literal.slice(5, 15), literal.slice(-10)]) {
          assert.ok(!run.stdout.includes(fragment) && !run.stderr.includes(fragment), `${format} output contains ${fragment}`);
        }
      }
    });
  }
});
