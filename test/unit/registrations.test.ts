import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ALL_CODES } from '../../server/src/service/codes';
import { REPO_ROOT, tempTree } from './helpers';

/**
 * Every list of the diagnostic codes outside server/src/service/codes.ts is generated from it
 * (scripts/generate-registrations.mjs): the severity setting in package.json, the
 * `.mcp-catalog.json` schema and the README's rule table. A code added there and not generated
 * fails here, naming the file and the command; every code has its page in docs/rules/.
 */

function check(cwd: string): { status: number | null; stderr: string } {
  const run = spawnSync(process.execPath, ['scripts/generate-registrations.mjs', '--check'], { cwd, encoding: 'utf8' });
  return { status: run.status, stderr: run.stderr };
}

describe('registrations generated from the code registry (npm run generate)', function () {
  this.timeout(60_000);

  it('package.json, the .mcp-catalog.json schema and the README are what `npm run generate` writes', () => {
    const run = check(REPO_ROOT);
    assert.equal(run.stderr, '');
    assert.equal(run.status, 0);
  });

  it('a stale file fails, naming itself and the command', () => {
    // A copy of what the generator reads, with one code taken out of the README's table.
    const files: Record<string, string> = {};
    for (const file of [
      'package.json',
      'README.md',
      'schemas/mcp-catalog-config.schema.json',
      'server/src/service/codes.ts',
      'scripts/generate-registrations.mjs',
    ])
      files[file] = fs.readFileSync(path.join(REPO_ROOT, file), 'utf8');
    files['README.md'] = files['README.md'].replace(/^\| \[`json-bom`\].*\n/m, '');
    const dir = tempTree(files);
    fs.symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const run = check(dir);
    assert.equal(run.status, 1);
    assert.equal(run.stderr, 'README.md does not list the codes of server/src/service/codes.ts: run `npm run generate` and commit it.\n');
  });

  it('the README table and docs/rules/ list every code, each row linking its page', () => {
    const readme = fs.readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8');
    const rows = [...readme.matchAll(/^\| \[`([a-z-]+)`\]\(docs\/rules\/([a-z-]+)\.md\) \|/gm)];
    assert.deepEqual(
      rows.map((row) => row[1]),
      ALL_CODES,
    );
    for (const row of rows) assert.equal(row[2], row[1]);
    const pages = fs.readdirSync(path.join(REPO_ROOT, 'docs', 'rules')).filter((name) => name.endsWith('.md'));
    assert.deepEqual(pages.map((name) => name.slice(0, -3)).sort(), [...ALL_CODES].sort());
  });
});
