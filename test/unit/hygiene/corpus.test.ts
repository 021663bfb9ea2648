import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CachingReader, diskReader } from '../../../server/src/node/files';
import { Workspace } from '../../../server/src/node/workspace';
import { checkDocument } from '../../../server/src/service/engine';
import { describe as describeFindings, fixture, readFixture, runCli, tempTree } from '../helpers';

/**
 * SPEC §9 with the hygiene rules on: the Zimmer catalog (with its roots index, its air.json and the
 * three names known) and AIR's example stay free of errors and warnings. Zimmer's npx specs are
 * all distinct `@latest` ones: no npx-cache-isolated, and unpinned-package is off by default.
 */

const KNOWN = 'SLACK_BOT_TOKEN,STRAD_API_KEY,ZIMMER_PROD_API_KEY';
const SEVERE = new Set(['error', 'warning']);

function settings(known: string[]) {
  return { knownVariables: known, envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true };
}

describe('hygiene: the corpus stays clean (SPEC §9)', () => {
  for (const [folder, files, known] of [
    ['zimmer', ['mcp.json', 'roots.json', 'air.json'], KNOWN.split(',')],
    ['air-example', ['mcp.json', 'roots.json'], [] as string[]],
  ] as const) {
    for (const file of files) {
      it(`${folder}/${file}: no error or warning`, () => {
        const filePath = fixture(folder, file);
        const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: fixture(folder), env: {} });
        const text = readFixture(folder, file);
        const kind = workspace.classify(filePath, text) ?? 'catalog';
        // AIR's example names its own variables; they count as provided (only the hygiene verdicts matter here).
        const names = known.length > 0 ? [...known] : [...text.matchAll(/\$\{([A-Z_][A-Z0-9_]*)/g)].map((match) => match[1]);
        const { facts } = workspace.factsFor(filePath, kind, settings(names));
        // AIR's example roots index predates 0.12: its root-side arrays are only legacy-root-membership (SPEC §4.4).
        const severe = checkDocument(text, kind, facts).findings.filter((f) => SEVERE.has(f.severity) && f.code !== 'legacy-root-membership');
        assert.deepEqual(severe, [], describeFindings(text, severe));
      });
    }
  }

  it('mcp-catalog check on the Zimmer catalog copied beside its roots index exits 0 with no error or warning', async () => {
    const dir = tempTree({
      'zimmer-mcp.json': readFixture('zimmer', 'mcp.json'),
      'zimmer-roots.json': readFixture('zimmer', 'roots.json'),
    });
    const run = await runCli(['check', '--format', 'json', '--known', KNOWN, '--no-process-env', 'zimmer-mcp.json', 'zimmer-roots.json'], { cwd: dir });
    assert.equal(run.code, 0, run.stdout + run.stderr);
    const report = JSON.parse(run.stdout) as { files: { diagnostics: { severity: string; code: string }[] }[] };
    const severe = report.files.flatMap((file) => file.diagnostics.filter((d) => SEVERE.has(d.severity)));
    assert.deepEqual(severe, []);
    assert.ok(!report.files.some((file) => file.diagnostics.some((d) => d.code === 'npx-cache-isolated' || d.code === 'unpinned-package')));
  });

  it('the shared corpus copy in test/fixtures is the real Zimmer catalog (16 servers)', () => {
    assert.equal(Object.keys(JSON.parse(fs.readFileSync(path.join(fixture('zimmer'), 'mcp.json'), 'utf8'))).length - 1, 16);
  });
});
