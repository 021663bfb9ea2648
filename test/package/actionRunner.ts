/**
 * A small stand-in for the GitHub Actions runner, enough for our composite action.yml: inputs
 * with their defaults, `${{ inputs.X }}` and `${{ runner.temp }}` in `env`/`with`, `if:` of the
 * forms `inputs.X == 'v'` / `inputs.X != 'v'`, each `run:` script in `bash --noprofile --norc -e -o
 * pipefail` (GitHub's `shell: bash`) in GITHUB_WORKSPACE, and GITHUB_ENV lines applied to later
 * steps. `uses:` steps are not run (actions/setup-node: the node running the tests is on PATH;
 * github/codeql-action/upload-sarif: its `with` is resolved so a test can read the file it would
 * upload). Anything else in an expression is an error, so action.yml cannot outgrow the stand-in
 * silently, and so is an expression inside a `run:` script.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseYaml, type YamlValue } from '../support/miniYaml';

type Mapping = { [key: string]: YamlValue };

export interface StepRun {
  name: string;
  /** `run` for a script, `skipped` for an `if:` that is false, `uses` for an action not run here. */
  kind: 'run' | 'skipped' | 'uses';
  uses?: string;
  with?: Record<string, string>;
  status?: number | null;
  stdout?: string;
  stderr?: string;
}

export interface Runner {
  workspace: string;
  runnerTemp: string;
  /** The files behind GITHUB_ENV, GITHUB_OUTPUT and GITHUB_STEP_SUMMARY. */
  envFile: string;
  outputFile: string;
  summaryFile: string;
  actionPath: string;
  /** The environment every step starts from (PATH, npm's settings …). */
  env: NodeJS.ProcessEnv;
}

function asMapping(value: YamlValue | undefined, what: string): Mapping {
  if (value === undefined || typeof value !== 'object' || Array.isArray(value)) throw new Error(`action.yml: ${what} is not a mapping`);
  return value;
}

function expand(text: string, inputs: Record<string, string>, runner: Runner): string {
  return text.replace(/\$\{\{\s*([^}]*?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) {
      if (!(input[1] in inputs)) throw new Error(`action.yml: inputs.${input[1]} is not declared`);
      return inputs[input[1]];
    }
    if (expression === 'runner.temp') return runner.runnerTemp;
    throw new Error(`action.yml: the expression \${{ ${expression} }} is beyond this stand-in runner`);
  });
}

function condition(text: string, inputs: Record<string, string>): boolean {
  const match = /^inputs\.([\w-]+)\s*(==|!=)\s*'([^']*)'$/.exec(text.trim());
  if (!match) throw new Error(`action.yml: the condition "${text}" is beyond this stand-in runner`);
  const value = inputs[match[1]];
  if (value === undefined) throw new Error(`action.yml: inputs.${match[1]} is not declared`);
  return match[2] === '==' ? value === match[3] : value !== match[3];
}

/** NAME=value lines of GITHUB_ENV (the heredoc form is not used by action.yml and not supported). */
function envFileValues(file: string): Record<string, string> {
  const values: Record<string, string> = {};
  if (!existsSync(file)) return values;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const at = line.indexOf('=');
    if (at <= 0 || line.includes('<<')) throw new Error(`GITHUB_ENV line outside NAME=value: ${line}`);
    values[line.slice(0, at)] = line.slice(at + 1);
  }
  return values;
}

/** Runs action.yml's steps as GitHub would, stopping after the first failing one. */
export function runAction(actionFile: string, given: Record<string, string>, runner: Runner): StepRun[] {
  const action = asMapping(parseYaml(readFileSync(actionFile, 'utf8')), 'the file');
  const declared = asMapping(action.inputs, 'inputs');
  const inputs: Record<string, string> = {};
  for (const [name, input] of Object.entries(declared)) inputs[name] = String(asMapping(input, name).default ?? '');
  for (const [name, value] of Object.entries(given)) {
    if (!(name in declared)) throw new Error(`action.yml declares no input ${name}`);
    inputs[name] = value;
  }
  const runs = asMapping(action.runs, 'runs');
  if (runs.using !== 'composite' || !Array.isArray(runs.steps)) throw new Error('action.yml is not a composite action with steps');
  for (const file of [runner.envFile, runner.outputFile, runner.summaryFile]) writeFileSync(file, '');

  const done: StepRun[] = [];
  for (const [index, value] of runs.steps.entries()) {
    const step = asMapping(value, `step ${index + 1}`);
    const name = String(step.name ?? `step ${index + 1}`);
    if (step.if !== undefined && !condition(String(step.if), inputs)) {
      done.push({ name, kind: 'skipped' });
      continue;
    }
    if (step.uses !== undefined) {
      const withValues = Object.fromEntries(
        Object.entries(step.with ? asMapping(step.with, 'with') : {}).map(([k, v]) => [k, expand(String(v), inputs, runner)]),
      );
      done.push({ name, kind: 'uses', uses: String(step.uses), with: withValues });
      continue;
    }
    if (step.shell !== 'bash') throw new Error(`${name}: shell ${String(step.shell)} is beyond this stand-in runner`);
    // GitHub pastes `${{ }}` into the script before bash reads it, so an input there is code
    // (https://docs.github.com/en/actions/security-for-github-actions/security-guides/security-hardening-for-github-actions#understanding-the-risk-of-script-injections):
    // inputs reach a script only as `env:` variables.
    if (String(step.run).includes('${{')) throw new Error(`${name}: an expression inside run: (give it to the script through env:)`);
    const env: NodeJS.ProcessEnv = {
      ...runner.env,
      ...envFileValues(runner.envFile),
      GITHUB_ACTIONS: 'true',
      CI: 'true',
      GITHUB_WORKSPACE: runner.workspace,
      GITHUB_ACTION_PATH: runner.actionPath,
      GITHUB_ENV: runner.envFile,
      GITHUB_OUTPUT: runner.outputFile,
      GITHUB_STEP_SUMMARY: runner.summaryFile,
      RUNNER_TEMP: runner.runnerTemp,
    };
    for (const [key, text] of Object.entries(step.env ? asMapping(step.env, 'env') : {})) env[key] = expand(String(text), inputs, runner);
    const script = path.join(runner.runnerTemp, `step-${index + 1}.sh`);
    writeFileSync(script, String(step.run));
    const result = spawnSync('bash', ['--noprofile', '--norc', '-e', '-o', 'pipefail', script], {
      cwd: runner.workspace,
      env,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    done.push({ name, kind: 'run', status: result.error ? null : result.status, stdout: result.stdout, stderr: result.stderr });
    if (result.status !== 0) break;
  }
  return done;
}
