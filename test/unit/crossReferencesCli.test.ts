import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixture, REPO_ROOT, tempTree, writeTree } from './helpers';

/**
 * SPEC §12 through `mcp-catalog check` as a process: in a repository whose air.json composes every
 * index type, each cross-reference kind, each path kind and the plugin cycle are reported on the
 * ID or path where it is written — and a repository without those mistakes gets none of them.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');
const OURS = new Set([
  'undefined-reference',
  'undefined-root',
  'undefined-skill',
  'undefined-hook',
  'undefined-plugin',
  'undefined-server',
  'plugin-cycle',
  'path-not-found',
  'path-not-checked',
  'invalid-hook-json',
  'reference-not-checked',
  'duplicate-id',
]);

interface Report {
  files: {
    path: string;
    diagnostics: { code: string; severity: string; range: { start: { line: number; character: number }; end: { line: number; character: number } } }[];
  }[];
}

/**
 * The fixture in a folder of its own, beside a file it must never read: a reference's `../OUTSIDE.md`
 * and `references/LINK.md`, a link to it, leave the repository.
 */
function copyOfFixture(): string {
  const dir = path.join(tempTree(), 'repository');
  fs.cpSync(fixture('cross-references'), dir, { recursive: true });
  fs.writeFileSync(path.join(dir, '..', 'OUTSIDE.md'), '# Not the repository\n');
  fs.symlinkSync(path.join(dir, '..', 'OUTSIDE.md'), path.join(dir, 'references', 'LINK.md'));
  const references = path.join(dir, 'references.json');
  const text = fs.readFileSync(references, 'utf8');
  fs.writeFileSync(references, text.replace('"path": "references/GIT.md"', '"path": "references/LINK.md"'));
  return dir;
}

/** `file code "text"` for every diagnostic of the SPEC §12 codes, in output order. */
function check(dir: string): { status: number | null; found: string[] } {
  // `check .`, as CI runs it: the folder named is the repository, never its parent.
  const run = spawnSync(process.execPath, [BIN, 'check', '--format', 'json', '--no-process-env', '.'], { cwd: dir, encoding: 'utf8' });
  assert.equal(run.stderr, '');
  const report = JSON.parse(run.stdout) as Report;
  const found: string[] = [];
  for (const file of report.files) {
    const lines = fs.readFileSync(path.join(dir, file.path), 'utf8').split('\n');
    for (const d of file.diagnostics) {
      if (!OURS.has(d.code)) continue;
      found.push(`${file.path} ${d.code} ${lines[d.range.start.line].slice(d.range.start.character, d.range.end.character)}`);
    }
  }
  return { status: run.status, found: found.sort() };
}

describe('mcp-catalog check: references between indexes and artifact paths (SPEC §12)', function () {
  this.timeout(60_000);

  it('reports each kind where it is written', () => {
    const { status, found } = check(copyOfFixture());
    assert.deepEqual(found, [
      'hooks.json invalid-hook-json "hooks/lint"',
      'hooks.json undefined-reference "stagng"',
      'hooks.json undefined-root "wb"',
      'plugins.json plugin-cycle "@local/solo"',
      'plugins.json plugin-cycle "base"',
      'plugins.json undefined-hook "lnt"',
      'plugins.json undefined-plugin "bse"',
      'plugins.json undefined-root "weeb"',
      'plugins.json undefined-server "linaer"',
      'plugins.json undefined-skill "reviw"',
      'references.json path-not-checked "../OUTSIDE.md"',
      'references.json path-not-checked "references/LINK.md"',
      'references.json path-not-found "references/STAGING.md"',
      'references.json undefined-root "wbb"',
      'skills.json path-not-found "skills/review"',
      'skills.json reference-not-checked "@acme/docs/style"',
      'skills.json undefined-reference "git-workflw"',
      'skills.json undefined-root "wbe"',
    ]);
    assert.equal(status, 1);
  });

  it('is silent once each is put right', () => {
    const dir = copyOfFixture();
    const fix = (file: string, from: string, to: string): void => {
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      assert.ok(text.includes(from), `${file} holds ${from}`);
      fs.writeFileSync(path.join(dir, file), text.replace(from, to));
    };
    fix('skills.json', '"git-workflw"', '"git-workflow"');
    fix('skills.json', '"wbe"', '"web"');
    fix('plugins.json', '"reviw"', '"review"');
    fix('plugins.json', '"linaer"', '"linear"');
    fix('plugins.json', '"lnt"', '"lint"');
    fix('plugins.json', '"bse"', '"base"');
    fix('plugins.json', '"weeb"', '"web"');
    fix('plugins.json', '"plugins": ["suite"]', '"skills": ["deploy"]');
    fix('plugins.json', '"plugins": ["@local/solo"]', '"hooks": ["@local/lint"]');
    fix('hooks.json', '"stagng"', '"staging"');
    fix('hooks.json', '"wb"', '"web"');
    fix('references.json', '"wbb"', '"web"');
    fix('references.json', '"../OUTSIDE.md"', '"references/GIT.md"');
    fix('references.json', '"references/LINK.md"', '"references/GIT.md"');
    fix('skills.json', ', "@acme/docs/style"', '');
    writeTree(dir, {
      'skills/review/SKILL.md': '# Review\n',
      'hooks/lint/HOOK.json': '{"event": "pre_commit", "command": "npm", "args": ["run", "lint"]}\n',
      'references/STAGING.md': '# Staging\n',
    });
    assert.deepEqual(check(dir).found, []);
  });

  it('reports one skill ID in two skills indexes of the air.json on both keys (AIR: "Duplicate skill ID")', () => {
    const dir = copyOfFixture();
    const air = path.join(dir, 'air.json');
    fs.writeFileSync(air, fs.readFileSync(air, 'utf8').replace('"skills": ["./skills.json"]', '"skills": ["./skills.json", "./team-skills.json"]'));
    writeTree(dir, { 'team-skills.json': '{\n  "deploy": { "description": "The team\'s deploy.", "path": "skills/deploy" }\n}\n' });
    const { found } = check(dir);
    assert.deepEqual(
      found.filter((line) => line.includes('duplicate-id')),
      ['skills.json duplicate-id "deploy"', 'team-skills.json duplicate-id "deploy"'],
    );
  });
});
