/**
 * The GitHub Action (action.yml) against the tarball this tier built: a pull request's checkout
 * whose head commit adds a broken server, the action's `version` input naming the tarball, and
 * npm offline with an empty cache, so nothing but the tarball can be what runs. What a user sees:
 * the SARIF file the upload step reads, the diff in the job summary, and annotations on a job that
 * fails on the error.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { npmEnvironment } from '../support/npmPackage';
import { runAction, type StepRun } from './actionRunner';
import { BROKEN_ENTRY, catalogText, git, sampleRepository } from './tier';

function transcript(steps: StepRun[]): string {
  return steps
    .map(
      (step) =>
        `# ${step.name}: ${step.kind}${step.kind === 'run' ? ` -> ${step.status}\n${(step.stdout ?? '').slice(-1500)}${(step.stderr ?? '').slice(-1500)}` : ''}`,
    )
    .join('\n');
}

export function checkAction(actionFile: string, tarball: string, scratch: string): string {
  const workspace = sampleRepository(path.join(scratch, 'action-workspace'), catalogText());
  writeFileSync(path.join(workspace, 'mcp.json'), catalogText(BROKEN_ENTRY));
  git(workspace, 'commit', '-q', '-am', 'a broken server');
  const runnerTemp = path.join(scratch, 'runner-temp');
  const actionPath = path.join(scratch, 'action-path-empty');
  for (const dir of [runnerTemp, actionPath]) mkdirSync(dir, { recursive: true });
  const runner = {
    workspace,
    runnerTemp,
    actionPath,
    envFile: path.join(runnerTemp, 'github-env'),
    outputFile: path.join(runnerTemp, 'github-output'),
    summaryFile: path.join(runnerTemp, 'step-summary.md'),
    env: npmEnvironment({ npm_config_offline: 'true', npm_config_cache: path.join(scratch, 'action-npm-cache'), npm_config_yes: 'true' }),
  };
  const steps = runAction(
    actionFile,
    // A path relative to the workspace, as a workflow would give one.
    { version: path.relative(workspace, tarball), args: '--no-process-env', 'diff-base': 'HEAD~1' },
    runner,
  );
  const log = transcript(steps);
  const ran = steps.filter((step) => step.kind === 'run');
  const last = ran[ran.length - 1];
  const failed = ran.slice(0, -1).filter((step) => step.status !== 0);
  if (failed.length) throw new Error(`a step before the last failed\n${log}`);
  if (!last || !/annotation/i.test(last.name) || last.status !== 1)
    throw new Error(`the last step is the annotations check and fails the job on the error (exit 1)\n${log}`);
  if (!/^::error file=mcp\.json,line=\d+.*title=mcp-catalog invalid-value::/m.test(last.stdout ?? ''))
    throw new Error(`no ::error annotation for the empty title\n${log}`);
  if (!/^::warning file=mcp\.json,line=\d+.*title=mcp-catalog timeout-range::/m.test(last.stdout ?? ''))
    throw new Error(`no ::warning annotation for the timeout\n${log}`);

  const upload = steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif'));
  if (!upload?.with?.sarif_file) throw new Error(`no upload-sarif step with a sarif_file\n${log}`);
  const sarif = JSON.parse(readFileSync(upload.with.sarif_file, 'utf8')) as { version: string; runs: { results: { ruleId: string }[] }[] };
  if (sarif.version !== '2.1.0') throw new Error(`the SARIF file is version ${sarif.version}`);
  const rules = sarif.runs.flatMap((r) => r.results.map((result) => result.ruleId)).sort();
  if (!rules.includes('invalid-value') || !rules.includes('timeout-range')) throw new Error(`the SARIF results are ${JSON.stringify(rules)}`);

  const summary = readFileSync(runner.summaryFile, 'utf8');
  if (!/^## MCP catalogs: `HEAD~1`/m.test(summary) || !summary.includes('broken')) throw new Error(`the job summary does not show the change:\n${summary}`);
  const env = readFileSync(runner.envFile, 'utf8');
  if (!env.includes(`MCP_CATALOG_PACKAGE=${tarball}`)) throw new Error(`GITHUB_ENV does not name the tarball by its full path: ${env}`);
  const skipped = steps.filter((step) => step.kind === 'uses').map((step) => step.uses);
  return `steps run: ${ran.length}; not run here: ${skipped.join(', ')}; SARIF results ${rules.length}; summary ${summary.length} chars`;
}
