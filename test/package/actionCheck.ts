/**
 * The GitHub Action (action.yml) against the tarball this tier built: a pull request's checkout
 * whose head commit adds a broken server, the action's `version` input naming the tarball, and
 * npm offline with an empty cache, so nothing but the tarball can be what runs. What a user sees:
 * the SARIF file the upload step reads, the diff in the job summary, and annotations on a job that
 * fails on the error.
 */
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { npmEnvironment } from '../support/npmPackage';
import { startRegistry } from './fakeRegistry';
import { runAction, type Runner, type StepRun } from './actionRunner';
import { BROKEN_ENTRY, catalogText, git, sampleRepository } from './tier';

function transcript(steps: StepRun[]): string {
  return steps
    .map(
      (step) =>
        `# ${step.name}: ${step.kind}${step.kind === 'run' ? ` -> ${step.status}\n${(step.stdout ?? '').slice(-1500)}${(step.stderr ?? '').slice(-1500)}` : ''}`,
    )
    .join('\n');
}

/**
 * A pull request's checkout (its head commit adds a broken server) in `scratch/name`, and a
 * simulated runner around it with its own RUNNER_TEMP and an empty npm cache.
 */
function pullRequest(scratch: string, name: string, npmSettings: NodeJS.ProcessEnv): Runner {
  const workspace = sampleRepository(path.join(scratch, name, 'workspace'), catalogText());
  writeFileSync(path.join(workspace, 'mcp.json'), catalogText(BROKEN_ENTRY));
  git(workspace, 'commit', '-q', '-am', 'a broken server');
  const runnerTemp = path.join(scratch, name, 'runner-temp');
  const actionPath = path.join(scratch, name, 'action-path-empty');
  for (const dir of [runnerTemp, actionPath]) mkdirSync(dir, { recursive: true });
  return {
    workspace,
    runnerTemp,
    actionPath,
    envFile: path.join(runnerTemp, 'github-env'),
    outputFile: path.join(runnerTemp, 'github-output'),
    summaryFile: path.join(runnerTemp, 'step-summary.md'),
    env: npmEnvironment({ npm_config_cache: path.join(scratch, name, 'npm-cache'), ...npmSettings }),
  };
}

/** The steps before the last passed, and the last is the annotations check failing the job on the broken server. */
function expectAnnotatedFailure(steps: StepRun[]): StepRun {
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
  return last;
}

export function checkAction(actionFile: string, tarball: string, scratch: string): string {
  const runner = pullRequest(scratch, 'action', { npm_config_offline: 'true' });
  const { workspace } = runner;
  const steps = runAction(
    actionFile,
    // A path relative to the workspace, as a workflow would give one.
    { version: path.relative(workspace, tarball), args: '--no-process-env', 'diff-base': 'HEAD~1' },
    runner,
  );
  const log = transcript(steps);
  const ran = steps.filter((step) => step.kind === 'run');
  expectAnnotatedFailure(steps);

  const upload = steps.find((step) => step.uses?.startsWith('github/codeql-action/upload-sarif'));
  if (!upload?.with?.sarif_file) throw new Error(`no upload-sarif step with a sarif_file\n${log}`);
  const sarif = JSON.parse(readFileSync(upload.with.sarif_file, 'utf8')) as { version: string; runs: { results: { ruleId: string }[] }[] };
  if (sarif.version !== '2.1.0') throw new Error(`the SARIF file is version ${sarif.version}`);
  const rules = sarif.runs.flatMap((r) => r.results.map((result) => result.ruleId)).sort();
  if (!rules.includes('invalid-value') || !rules.includes('timeout-range')) throw new Error(`the SARIF results are ${JSON.stringify(rules)}`);

  const summary = readFileSync(runner.summaryFile, 'utf8');
  if (!/^## MCP catalogs: `HEAD~1`/m.test(summary) || !summary.includes('broken')) throw new Error(`the job summary does not show the change:\n${summary}`);
  // Nothing of the Action's leaks into the steps of the job that come after it.
  const env = readFileSync(runner.envFile, 'utf8');
  if (env) throw new Error(`the Action wrote to GITHUB_ENV: ${env}`);
  const skipped = steps.filter((step) => step.kind === 'uses').map((step) => step.uses);
  return `steps run: ${ran.length}; not run here: ${skipped.join(', ')}; SARIF results ${rules.length}; summary ${summary.length} chars`;
}

/**
 * A pull request cannot choose the checker: its checkout holds a `.npmrc` pointing npm at a dead
 * registry (and offline) and a `node_modules/mcp-catalog` of the pinned version whose bin prints FAKE and passes
 * (npx would run it: it satisfies the spec). The Action, on its default version from the registry
 * its `registry` input names, still runs the real package and fails the job on the broken server.
 */
export async function checkActionIgnoresCheckout(actionFile: string, tarball: string, scratch: string): Promise<string> {
  const runner = pullRequest(scratch, 'action-hostile', {});
  const { workspace } = runner;
  const { version } = JSON.parse(readFileSync(path.join(path.dirname(actionFile), 'package.json'), 'utf8')) as { version: string };
  // Either line, if npm read it, fails the install (nothing listens on port 9; the npm cache is empty).
  writeFileSync(path.join(workspace, '.npmrc'), 'registry=http://127.0.0.1:9/\noffline=true\n');
  const fake = path.join(workspace, 'node_modules', 'mcp-catalog');
  mkdirSync(fake, { recursive: true });
  writeFileSync(path.join(fake, 'package.json'), JSON.stringify({ name: 'mcp-catalog', version, bin: { 'mcp-catalog': 'fake.js' } }));
  writeFileSync(path.join(fake, 'fake.js'), '#!/usr/bin/env node\nconsole.log("FAKE");\n', { mode: 0o755 });
  mkdirSync(path.join(workspace, 'node_modules', '.bin'));
  symlinkSync(path.join('..', 'mcp-catalog', 'fake.js'), path.join(workspace, 'node_modules', '.bin', 'mcp-catalog'));

  const registry = await startRegistry(tarball);
  let steps: StepRun[];
  try {
    steps = runAction(actionFile, { registry: registry.url, args: '--no-process-env', sarif: 'false' }, runner);
  } finally {
    registry.stop();
  }
  const log = transcript(steps);
  if (steps.some((step) => /FAKE/.test(`${step.stdout ?? ''}${step.stderr ?? ''}`))) throw new Error(`the checkout's node_modules/mcp-catalog ran\n${log}`);
  expectAnnotatedFailure(steps);
  return `the checkout's .npmrc and node_modules ignored; mcp-catalog@${version} from ${registry.url}`;
}

/**
 * A `version` input with a line break (a workflow that builds it from untrusted text) is refused
 * with an error annotation before anything is installed, and the line after the break never
 * becomes a variable of the job.
 */
export function checkActionRefusesControlCharacters(actionFile: string, scratch: string): string {
  const runner = pullRequest(scratch, 'action-newline', { npm_config_offline: 'true' });
  const steps = runAction(actionFile, { version: '0.1.0\nFOO=bar' }, runner);
  const log = transcript(steps);
  const ran = steps.filter((step) => step.kind === 'run');
  if (ran.length !== 1 || ran[0].status === 0) throw new Error(`the first step does not stop the Action\n${log}`);
  const env = readFileSync(runner.envFile, 'utf8');
  if (/^FOO=/m.test(env)) throw new Error(`FOO reached GITHUB_ENV: ${env}`);
  if (!/^::error[^:]*::.*version/m.test(ran[0].stdout ?? '')) throw new Error(`no ::error annotation naming the version input\n${log}`);
  return 'refused with an ::error annotation; GITHUB_ENV untouched';
}
