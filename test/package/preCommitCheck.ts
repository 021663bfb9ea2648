/**
 * The pre-commit hooks (.pre-commit-hooks.yaml) as a user's pre-commit installs them from the
 * clone: `pre-commit try-repo CLONE HOOK --all-files` in a sample repository. pre-commit's node
 * language runs `npm install` in its own copy of the repository, `npm pack` (prepack builds the
 * bins) and a global install of the tarball; the first run installs, the later ones reuse it.
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
  const repo = sampleRepository(path.join(scratch, 'pre-commit-sample'), catalogText(BROKEN_ENTRY));
  const tryRepo = (hook: string) => run('pre-commit', ['try-repo', clone, hook, '--all-files'], { cwd: repo, env, timeout: 420_000 });
  const stage = (catalog: string) => {
    writeFileSync(path.join(repo, 'mcp.json'), catalog);
    git(repo, 'add', '-A');
  };

  const broken = expectStatus(tryRepo('mcp-catalog'), 1);
  if (!/mcp\.json:\d+:\d+: error invalid-value/.test(broken.stdout)) throw new Error(`the check hook does not show the error\n${broken.transcript}`);

  stage(catalogText());
  const clean = expectStatus(tryRepo('mcp-catalog'), 0);
  if (!/mcp-catalog check\.+Passed/.test(clean.stdout)) throw new Error(`the check hook does not pass a clean catalog\n${clean.transcript}`);

  stage(catalogText(FIXABLE_ENTRY));
  const fixing = expectStatus(tryRepo('mcp-catalog-fix'), 1);
  if (!/files were modified by this hook/.test(fixing.stdout)) throw new Error(`the fix hook does not say it changed a file\n${fixing.transcript}`);
  const fixed = JSON.parse(readFileSync(path.join(repo, 'mcp.json'), 'utf8')) as { slow: { startup_timeout_sec: number } };
  if (fixed.slow.startup_timeout_sec !== 5) throw new Error(`the fix hook left startup_timeout_sec at ${fixed.slow.startup_timeout_sec}`);
  git(repo, 'add', '-A');
  expectStatus(tryRepo('mcp-catalog-fix'), 0);
  return 'check fails on an error and passes a clean catalog; fix repairs the timeout, then passes';
}
