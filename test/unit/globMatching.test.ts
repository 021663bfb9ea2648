import { strict as assert } from 'node:assert';
import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { withProjectConfig } from '../../server/src/lsp/projectSettings';
import { diskReader } from '../../server/src/node/files';
import { readProjectConfig } from '../../server/src/node/projectConfig';
import { compileExcludePattern } from '../../server/src/service/air';
import { isIgnoredPath, parseIgnoreFile } from '../../server/src/service/ignorePatterns';
import { runCli, tempTree } from './helpers';

/**
 * Every pattern the product matches — `.gitignore` lines, `.mcp-catalog.json` `exclude`, air.json
 * `exclude` — goes through one matcher (server/src/service/glob.ts) that is linear in pattern ×
 * name, and means what git means by it.
 */

/** `*a*a*…*a*b` with `stars` stars: what a backtracking expression takes exponential time on. */
function starsPattern(stars: number): string {
  return `${'*a'.repeat(stars - 1)}*b`;
}

/** A 40-character catalog name of `a`s: every star could end at every `a`. */
const HOSTILE_NAME = `${'a'.repeat(31)}-mcp.json`;

describe('glob matching: hostile patterns finish', () => {
  it('the hostile .mcp-catalog.json beside a 40-character name, in the server’s settings path', () => {
    const config = '{"exclude": ["*a*a*a*a*a*a*a*a*a*a*a*a*a*b"]}\n';
    assert.equal(HOSTILE_NAME.length, 40);
    const dir = tempTree({ '.mcp-catalog.json': config, [HOSTILE_NAME]: '{}\n' });
    const project = readProjectConfig(path.join(dir, '.mcp-catalog.json'), diskReader);
    assert.ok(project);
    assert.equal(withProjectConfig({}, project, path.join(dir, HOSTILE_NAME), dir).excluded, undefined);
    const matching = readProjectConfig(path.join(tempTree({ '.mcp-catalog.json': `{"exclude": ["${starsPattern(24)}*"]}` }), '.mcp-catalog.json'), diskReader);
    assert.equal(withProjectConfig({}, matching, path.join(path.dirname(matching!.path), `${'a'.repeat(31)}b-mcp.json`), dir).excluded, true);
  });

  for (const stars of [12, 24]) {
    it(`mcp-catalog check . with a ${stars}-star line in .gitignore and in exclude`, async () => {
      const line = starsPattern(stars);
      const dir = tempTree({
        '.gitignore': `${line}\n`,
        '.mcp-catalog.json': JSON.stringify({ exclude: [line] }),
        [HOSTILE_NAME]: '{}\n',
        [`sub/${HOSTILE_NAME}`]: '{}\n',
      });
      const run = await runCli(['check', '--format', 'json', '.'], { cwd: dir });
      const checked = (JSON.parse(run.stdout) as { files: { path: string }[] }).files.map((file) => file.path.split(path.sep).join('/')).sort();
      assert.deepEqual(checked, [HOSTILE_NAME, `sub/${HOSTILE_NAME}`], run.stdout + run.stderr);
    });
  }

  it('an air.json exclude item of many stars against a long id', () => {
    const pattern = compileExcludePattern(`@local/${'*a'.repeat(30)}*b`);
    assert.ok(pattern);
    assert.equal(pattern.matchesLocal('a'.repeat(200)), false);
    assert.equal(pattern.matchesLocal(`${'a'.repeat(70)}b`), true);
  });
});

/**
 * Patterns and paths judged by `git check-ignore --no-index` in a temp repository and by us: the
 * same verdict for each (git 2.x on the test machine; a path inside an ignored folder is ignored).
 */
const TABLE: { patterns: string; paths: string[] }[] = [
  { patterns: 'mcp.json', paths: ['mcp.json', 'a/mcp.json', 'a/b/mcp.json', 'xmcp.json'] },
  { patterns: '/mcp.json', paths: ['mcp.json', 'a/mcp.json'] },
  { patterns: 'a/mcp.json', paths: ['a/mcp.json', 'x/a/mcp.json'] },
  { patterns: 'gen/', paths: ['gen/', 'gen/mcp.json', 'x/gen/mcp.json', 'gen.json'] },
  { patterns: '*-mcp.json', paths: ['team-mcp.json', 'a/team-mcp.json', '-mcp.json', 'a-mcp.jsonx'] },
  { patterns: 'a/*.json', paths: ['a/b.json', 'a/b/c.json', 'a/.json'] },
  { patterns: 'mcp?.json', paths: ['mcp1.json', 'mcp.json', 'mcp12.json'] },
  { patterns: 'mcp[0-9].json', paths: ['mcp7.json', 'mcpx.json'] },
  { patterns: 'mcp[!0-9].json\nroots[^a-c].json', paths: ['mcp7.json', 'mcpx.json', 'rootsb.json', 'rootsz.json'] },
  { patterns: '[]a]x.json', paths: [']x.json', 'ax.json', 'bx.json'] },
  { patterns: '[!]]y.json', paths: [']y.json', 'ay.json'] },
  { patterns: '[a-]z.json', paths: ['az.json', '-z.json', 'bz.json'] },
  { patterns: '[[:digit:]][[:upper:]].json', paths: ['1A.json', '1a.json', 'AA.json'] },
  { patterns: '[[:bogus:]].json', paths: ['b.json', '[.json'] },
  { patterns: '[ab.json', paths: ['[ab.json', 'a.json'] },
  { patterns: '[[:alpha:]x.json', paths: ['ax.json'] },
  { patterns: '\\*.json\n\\#h.json\n\\!n.json', paths: ['*.json', 'x.json', '#h.json', '!n.json'] },
  { patterns: 'e\\[1].json', paths: ['e[1].json', 'e1.json'] },
  { patterns: 'trail\\', paths: ['trail\\', 'trail'] },
  { patterns: 'space\\ \nplain   ', paths: ['space ', 'space', 'plain', 'plain   '] },
  { patterns: '**/gen/mcp.json', paths: ['gen/mcp.json', 'a/b/gen/mcp.json', 'xgen/mcp.json'] },
  { patterns: 'out/**', paths: ['out/', 'out/a.json', 'out/a/b.json', 'xout/a.json'] },
  { patterns: 'a/**/b.json', paths: ['a/b.json', 'a/x/b.json', 'a/x/y/b.json', 'x/a/b.json', 'a/xb.json'] },
  { patterns: 'a**b.json\n**', paths: ['ab.json', 'axxb.json', 'a/b.json'] },
  { patterns: 'x**y.json', paths: ['xy.json', 'x1y.json', 'x/y.json'] },
  { patterns: '*.json\n!mcp.json', paths: ['mcp.json', 'roots.json', 'a/mcp.json'] },
  { patterns: 'dir/\n!dir/mcp.json', paths: ['dir/mcp.json', 'dir/'] },
  { patterns: '!mcp.json\n*.json', paths: ['mcp.json'] },
  { patterns: '*a*a*a*a*a*a*a*a*a*a*a*a*b', paths: [`${'a'.repeat(30)}b`, `${'a'.repeat(30)}c`] },
  { patterns: 'ü*.json\n?é.json', paths: ['über.json', 'xé.json'] },
];

/**
 * What `git check-ignore` ignores: each table row in its own folder `t<row>/` with its patterns as
 * that folder's `.gitignore` (files made, a trailing `/` a folder), one repository and one run.
 */
function gitIgnored(): Set<string> {
  const dir = tempTree();
  execFileSync('git', ['init', '-q'], { cwd: dir });
  const names: string[] = [];
  TABLE.forEach(({ patterns, paths }, row) => {
    fs.mkdirSync(path.join(dir, `t${row}`));
    fs.writeFileSync(path.join(dir, `t${row}`, '.gitignore'), `${patterns}\n`);
    for (const file of paths) {
      const target = path.join(dir, `t${row}`, file);
      if (file.endsWith('/')) fs.mkdirSync(target, { recursive: true });
      else {
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.writeFileSync(target, '');
      }
      names.push(`t${row}/${file.replace(/\/$/, '')}`);
    }
  });
  // Exit 1: nothing ignored.
  const run = spawnSync('git', ['check-ignore', '--no-index', '-v', '-n', '-z', '--stdin'], {
    cwd: dir,
    encoding: 'utf8',
    input: names.map((name) => `${name}\0`).join(''),
  });
  assert.ok(run.status === 0 || run.status === 1, run.stderr);
  const fields = run.stdout.split('\0');
  const ignored = new Set<string>();
  // Four fields per path: source, line, pattern (`!…` re-includes), path.
  for (let i = 0; i + 3 < fields.length; i += 4) if (fields[i + 2] !== '' && !fields[i + 2].startsWith('!')) ignored.add(fields[i + 3]);
  return ignored;
}

describe('glob matching: the same verdicts as git check-ignore', function () {
  // One repository and one git run, but ~100 files written: slow on a loaded machine.
  this.timeout(120_000);
  let git: Set<string>;
  before(() => {
    git = gitIgnored();
  });
  TABLE.forEach(({ patterns, paths }, row) => {
    it(JSON.stringify(patterns), () => {
      const compiled = parseIgnoreFile(patterns);
      for (const file of paths) {
        const name = file.replace(/\/$/, '');
        const ignored = git.has(`t${row}/${name}`);
        assert.equal(isIgnoredPath(compiled, name, file.endsWith('/')), ignored, `${JSON.stringify(file)}: git says ${ignored ? 'ignored' : 'not ignored'}`);
      }
    });
  });
});
