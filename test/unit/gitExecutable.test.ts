import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { findOnPath } from '../../server/src/node/executables';
import { runCli, tempTree } from './helpers';

/**
 * `mcp-catalog diff` runs git by the absolute path it finds on PATH, never a `git` in the
 * checked-out repository: a bare name is looked up in the working directory first on Windows,
 * and through a `.`, empty or relative PATH entry anywhere. Such entries are skipped.
 */

function git(dir: string, ...args: string[]): void {
  const result = spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=Test', ...args], { cwd: dir, encoding: 'utf8' });
  assert.equal(result.status, 0, result.stderr);
}

/** A repository with one commit whose working tree also holds a `git` that leaves a marker when run. */
function repositoryWithFakeGit(): string {
  const dir = tempTree({ 'mcp.json': '{}\n', 'bin/git': '#!/bin/sh\ntouch RAN_FAKE_GIT\nexit 0\n' });
  fs.copyFileSync(path.join(dir, 'bin/git'), path.join(dir, 'git'));
  fs.chmodSync(path.join(dir, 'git'), 0o755);
  fs.chmodSync(path.join(dir, 'bin/git'), 0o755);
  git(dir, 'init', '-q');
  git(dir, 'add', 'mcp.json');
  git(dir, 'commit', '-q', '-m', 'base');
  return dir;
}

describe('mcp-catalog diff: git resolved from PATH, never from the working directory', () => {
  const original = process.env.PATH;
  afterEach(() => {
    process.env.PATH = original;
  });

  const cases: [string, (dir: string) => string][] = [
    ['`.` first', () => `.${path.delimiter}${original}`],
    ['an empty entry first', () => `${path.delimiter}${original}`],
    ['a relative entry first', () => `bin${path.delimiter}${original}`],
    ['`./` first', () => `.${path.sep}${path.delimiter}${original}`],
  ];
  for (const [label, pathValue] of cases) {
    it(`PATH with ${label}: the fake git in the repository never runs, the real one does`, async () => {
      const dir = repositoryWithFakeGit();
      process.env.PATH = pathValue(dir);
      const run = await runCli(['diff', 'HEAD'], { cwd: dir });
      process.env.PATH = original;
      assert.ok(!fs.existsSync(path.join(dir, 'RAN_FAKE_GIT')), 'the git in the working directory ran');
      assert.equal(run.code, 0, run.stderr);
      assert.match(run.stdout, /0 file\(s\) with changes/);
    });
  }

  it('PATH without git: a clear error, and still nothing from the working directory', async () => {
    const dir = repositoryWithFakeGit();
    process.env.PATH = `.${path.delimiter}bin`;
    const run = await runCli(['diff', 'HEAD'], { cwd: dir });
    process.env.PATH = original;
    assert.ok(!fs.existsSync(path.join(dir, 'RAN_FAKE_GIT')));
    assert.equal(run.code, 2);
    assert.match(run.stderr, /git was not found in the absolute folders of PATH/);
  });
});

describe('findOnPath', () => {
  it('searches absolute entries in order for an executable regular file, skipping the rest', () => {
    const dir = tempTree({ 'plain/git': 'not executable', 'dir/git/x': '', 'exec/git': '#!/bin/sh\n', 'later/git': '#!/bin/sh\n' });
    fs.chmodSync(path.join(dir, 'exec/git'), 0o755);
    fs.chmodSync(path.join(dir, 'later/git'), 0o755);
    const entries = (...names: string[]): string => names.join(':');
    assert.equal(
      findOnPath('git', entries('.', '', 'exec', path.join(dir, 'plain'), path.join(dir, 'dir'), path.join(dir, 'exec'), path.join(dir, 'later')), 'linux'),
      path.join(dir, 'exec/git'),
    );
    assert.equal(findOnPath('git', entries('.', 'exec', `${dir}/../${path.basename(dir)}/later`), 'linux'), path.join(dir, 'later/git'));
    assert.equal(findOnPath('git', undefined, 'linux'), undefined);
    assert.equal(findOnPath('git', '', 'linux'), undefined);
  });
});
