import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * docs/upstream.md names, for every behaviour the previews and the live view copy from AIR and
 * Zimmer, the test that pins it (SPEC §6.6). A row whose test file is gone, or whose test was
 * renamed, would point at nothing: each row's test file must exist and hold the named test.
 * A row marked `(pending)` names a test still to be written and is only counted.
 */

interface Row {
  behaviour: string;
  upstream: string;
  file: string;
  test: string;
}

function rows(): Row[] {
  const text = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'upstream.md'), 'utf8');
  const section = text.slice(text.indexOf('## Behaviours'), text.indexOf('\n## ', text.indexOf('## Behaviours') + 1));
  return section
    .split('\n')
    .filter((line) => line.startsWith('| ') && !line.startsWith('| Behaviour') && !line.startsWith('| ---'))
    .map((line) => {
      const cells = line.slice(2, -2).split(' | ');
      assert.equal(cells.length, 4, `four cells in: ${line}`);
      const [behaviour, upstream, file, test] = cells.map((cell) => cell.trim());
      return { behaviour, upstream, file, test };
    });
}

describe('docs/upstream.md: every behaviour copied from upstream names a test that exists', () => {
  const table = rows();

  it('has rows, each naming an upstream file and a test', () => {
    assert.ok(table.length >= 30, `${table.length} rows`);
    for (const row of table) {
      assert.match(row.upstream, /^(air|zimmer) /, row.behaviour);
      assert.ok(row.test.length > 0, row.behaviour);
    }
  });

  it("each row's test file exists and contains the named test (pending rows aside)", () => {
    const missing: string[] = [];
    for (const row of table) {
      if (row.file.endsWith('(pending)')) continue;
      const file = path.join(REPO_ROOT, row.file);
      if (!fs.existsSync(file)) missing.push(`${row.behaviour}: no file ${row.file}`);
      else if (!fs.readFileSync(file, 'utf8').includes(row.test)) missing.push(`${row.behaviour}: no test "${row.test}" in ${row.file}`);
    }
    assert.deepEqual(missing, []);
  });

  it('no row is pending: every behaviour has its test', () => {
    assert.deepEqual(
      table.filter((row) => row.file.endsWith('(pending)')).map((row) => row.behaviour),
      [],
    );
  });
});
