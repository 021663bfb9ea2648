/**
 * The pre-commit hooks (.pre-commit-hooks.yaml) as a user's pre-commit installs them from the
 * clone: `pre-commit try-repo CLONE --all-files` in a sample repository. pre-commit's node
 * language runs `npm install` in its own copy of the repository, `npm pack` (prepack builds the
 * bins) and a global install of the tarball.
 * npm prefers its cache (CI's `npm ci` has just filled it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { npmEnvironment } from '../support/npmPackage';
import { BROKEN_ENTRY, FIXABLE_ENTRY, catalogText, expectStatus, git, run, sampleRepository, Skip } from './tier';

export function preCommitAvailable(): boolean {
  return run('pre-commit', ['--version']).status === 0;
}

export function checkPreCommit(clone: string, scratch: string, required: boolean): string {
  if (!preCommitAvailable()) {
    const message = 'pre-commit is not installed (apt-get install -y pre-commit)';
    if (required) throw new Error(message);
    throw new Skip(message);
  }
  const env = npmEnvironment({ PRE_COMMIT_HOME: path.join(scratch, 'pre-commit-home'), npm_config_prefer_offline: 'true', PRE_COMMIT_COLOR: 'never' });
  // A catalog with an error (the check hook fails on it) and a warning the fix-all repairs.
  const repo = sampleRepository(path.join(scratch, 'pre-commit-sample'), catalogText({ ...BROKEN_ENTRY, ...FIXABLE_ENTRY }));
  // try-repo installs the hook repository afresh each time (~a minute: npm install of its
  // devDependencies), so each run tries both hooks (no hook id: every hook, check then fix).
  const tryRepo = () => run('pre-commit', ['try-repo', clone, '--all-files'], { cwd: repo, env, timeout: 420_000 });

  const broken = expectStatus(tryRepo(), 1);
  if (!/mcp-catalog check\.+Failed[\s\S]*mcp\.json:\d+:\d+: error invalid-value/.test(broken.stdout))
    throw new Error(`the check hook does not fail on the error\n${broken.transcript}`);
  if (!/mcp-catalog fix\.+Failed[\s\S]*files were modified by this hook/.test(broken.stdout))
    throw new Error(`the fix hook does not say it changed a file\n${broken.transcript}`);
  const fixed = JSON.parse(readFileSync(path.join(repo, 'mcp.json'), 'utf8')) as { slow: { startup_timeout_sec: number } };
  if (fixed.slow.startup_timeout_sec !== 5) throw new Error(`the fix hook left startup_timeout_sec at ${fixed.slow.startup_timeout_sec}`);

  writeFileSync(path.join(repo, 'mcp.json'), catalogText(FIXABLE_ENTRY).replace('"startup_timeout_sec": 4', '"startup_timeout_sec": 5'));
  git(repo, 'add', '-A');
  const clean = expectStatus(tryRepo(), 0);
  if (!/mcp-catalog check\.+Passed/.test(clean.stdout) || !/mcp-catalog fix\.+Passed/.test(clean.stdout))
    throw new Error(`the hooks do not pass a clean catalog\n${clean.transcript}`);
  return 'check fails on an error, fix repairs the timeout; both pass a clean catalog';
}
