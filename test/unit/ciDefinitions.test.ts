import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { COMMANDS } from '../../server/src/cli/main';
import { parseYaml, type YamlValue } from '../support/miniYaml';
import { catalog, REPO_ROOT, runCli, tempTree } from './helpers';

/**
 * The GitHub Action and the pre-commit hooks (docs/command-line.md "GitHub Action", "pre-commit"): parsed with
 * a strict reader of their YAML subset, and every mcp-catalog command they run is run here with
 * the same flags, so a renamed option or command breaks this test rather than a user's CI.
 */

type Mapping = { [key: string]: YamlValue };
const mapping = (value: YamlValue | undefined, what: string): Mapping => {
  assert.ok(value !== undefined && typeof value === 'object' && !Array.isArray(value), `${what} is a mapping`);
  return value;
};
const sequence = (value: YamlValue | undefined, what: string): YamlValue[] => {
  assert.ok(Array.isArray(value), `${what} is a sequence`);
  return value;
};
const text = (value: YamlValue | undefined, what: string): string => {
  assert.equal(typeof value, 'string', `${what} is a string`);
  return value as string;
};

const CLEAN = catalog({ s: { type: 'stdio', command: 'npx', args: ['-y', 'pkg@1.0.0'] } });

/** A git repository with one clean catalog, committed, for the commands to run in. */
function repository(): string {
  const dir = tempTree({ 'mcp.json': CLEAN });
  const git = (...args: string[]): void => {
    const result = spawnSync('git', args, { cwd: dir, encoding: 'utf8' });
    assert.equal(result.status, 0, `git ${args.join(' ')}: ${result.stderr}`);
  };
  git('init', '-q');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '--allow-empty', '-m', 'empty');
  git('add', '-A');
  git('-c', 'user.email=t@example.com', '-c', 'user.name=t', 'commit', '-q', '-m', 'catalog');
  return dir;
}

describe('the GitHub Action and pre-commit hook definitions', () => {
  describe('the YAML subset reader', () => {
    it('reads mappings, sequences, quoted scalars and literal blocks, and rejects what it does not support', () => {
      assert.deepEqual(parseYaml("a: 1\nb:\n  - x: \"y\"\n    z: |\n      one\n      two\n  - plain # comment\nc: 'it''s'\n"), {
        a: '1',
        b: [{ x: 'y', z: 'one\ntwo\n' }, 'plain'],
        c: "it's",
      });
      assert.throws(() => parseYaml('a: [1, 2]\n'), /outside the supported subset/);
      assert.throws(() => parseYaml('a: 1\na: 2\n'), /duplicate key/);
      assert.throws(() => parseYaml('a:\n\tb: 1\n'), /tabs/);
      assert.throws(() => parseYaml('a: 1\n   b: 2\n'), /unexpected indentation/);
    });
  });

  describe('action.yml', () => {
    const action = mapping(parseYaml(fs.readFileSync(path.join(REPO_ROOT, 'action.yml'), 'utf8')), 'action.yml');
    const inputs = mapping(action.inputs, 'inputs');
    const runs = mapping(action.runs, 'runs');
    const steps = sequence(runs.steps, 'runs.steps').map((step, i) => mapping(step, `step ${i + 1}`));

    it('is a composite action whose steps are named, run in bash and use pinned actions', () => {
      text(action.name, 'name');
      text(action.description, 'description');
      assert.equal(runs.using, 'composite');
      for (const step of steps) {
        text(step.name, 'a step name');
        if (step.run !== undefined) assert.equal(step.shell, 'bash', `${String(step.name)} says its shell (composite steps must)`);
        if (step.uses !== undefined) assert.match(text(step.uses, 'uses'), /^[\w-]+\/[\w/-]+@v\d+$/, 'uses is pinned to a major version');
        assert.ok(step.run !== undefined || step.uses !== undefined, `${String(step.name)} runs or uses something`);
      }
      assert.ok(
        steps.some((step) => step.uses === 'github/codeql-action/upload-sarif@v3'),
        'SARIF is uploaded to code scanning',
      );
    });

    it('refers only to inputs it declares, each with a description and a default', () => {
      for (const [name, input] of Object.entries(inputs)) {
        text(mapping(input, name).description, `${name}.description`);
        assert.ok('default' in mapping(input, name), `${name} has a default`);
      }
      const used = [...JSON.stringify(action).matchAll(/inputs\.([\w-]+)/g)].map((m) => m[1]);
      assert.ok(used.length > 0);
      for (const name of used) assert.ok(name in inputs, `inputs.${name} is declared`);
    });

    it('runs check (SARIF and GitHub annotations) and diff (Markdown) with flags that exist', async () => {
      const dir = repository();
      // What the inputs expand to in a typical workflow.
      const values: Record<string, string> = {
        $MCP_CATALOG_PATHS: '.',
        $MCP_CATALOG_ARGS: '--no-process-env --known GITHUB_TOKEN',
        $MCP_CATALOG_CHECK_ARGS: '--max-warnings 0',
        '"$MCP_CATALOG_BASE"': 'HEAD~1',
      };
      const invocations = steps.flatMap((step) =>
        [...String(step.run ?? '').matchAll(/"\$RUNNER_TEMP\/mcp-catalog\/node_modules\/\.bin\/mcp-catalog" ([^>|\n]*)/g)].map((m) => m[1].trim()),
      );
      assert.equal(invocations.length, 3, 'check as SARIF, diff as Markdown, check as annotations');
      const seen = new Set<string>();
      for (const invocation of invocations) {
        const argv = invocation.split(/\s+/).flatMap((token) => (token in values ? values[token].split(' ') : [token]));
        assert.ok(argv[0] in COMMANDS, `${argv[0]} is an mcp-catalog command`);
        const run = await runCli(argv, { cwd: dir });
        assert.equal(run.code, 0, `mcp-catalog ${argv.join(' ')} → ${run.code}: ${run.stderr}`);
        const format = argv[argv.indexOf('--format') + 1];
        seen.add(`${argv[0]} ${format}`);
        if (format === 'sarif') assert.equal((JSON.parse(run.stdout) as { version: string }).version, '2.1.0');
        if (format === 'markdown') assert.match(run.stdout, /^## MCP catalogs: `HEAD~1` → `working tree`/);
      }
      assert.deepEqual([...seen].sort(), ['check github', 'check sarif', 'diff markdown']);
    });

    it("runs this release's npm package and never installs or builds this repository", () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
      assert.equal(mapping(inputs.version, 'version').default, pkg.version, "the version input defaults to package.json's version");
      const scripts = steps.map((step) => String(step.run ?? '')).join('\n');
      assert.doesNotMatch(scripts, /npm ci|scripts\/build\.mjs|GITHUB_ACTION_PATH/);
      const installs = [...scripts.matchAll(/npm install .*/g)].map((m) => m[0]);
      assert.equal(installs.length, 1, 'one npm install');
      assert.match(installs[0], /--prefix "\$prefix" .*--ignore-scripts .*-- "\$package"$/, 'of the package alone, into the prefix, running no scripts');
      assert.match(scripts, /prefix="\$\{RUNNER_TEMP:\?\}\/mcp-catalog"/, 'the prefix is under RUNNER_TEMP, outside the checkout');
      assert.match(scripts, /package="mcp-catalog@\$MCP_CATALOG_VERSION"/, 'a bare version names the registry package');
      assert.ok('mcp-catalog' in pkg.bin, 'the package has the mcp-catalog bin the steps run');
    });
  });

  describe('.pre-commit-hooks.yaml', () => {
    const hooks = sequence(parseYaml(fs.readFileSync(path.join(REPO_ROOT, '.pre-commit-hooks.yaml'), 'utf8')), 'hooks').map((hook, i) =>
      mapping(hook, `hook ${i + 1}`),
    );

    it('defines a check and a fix hook with the keys pre-commit requires', () => {
      assert.deepEqual(
        hooks.map((hook) => hook.id),
        ['mcp-catalog', 'mcp-catalog-fix'],
      );
      for (const hook of hooks) {
        for (const key of ['id', 'name', 'entry', 'language']) text(hook[key], `${String(hook.id)}.${key}`);
        assert.equal(hook.language, 'node', 'pre-commit installs the npm package and runs its bin');
        assert.ok(new RegExp(text(hook.files, 'files')).test('team-mcp.json'), 'files matches catalogs');
        assert.equal(hook.pass_filenames, 'false', 'the command discovers the files itself, with .mcp-catalog.json');
      }
    });

    it("enters the package's bin with a command that exists", async () => {
      const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> };
      for (const hook of hooks) {
        const [bin, command, ...rest] = text(hook.entry, 'entry').split(' ');
        assert.equal(bin, 'mcp-catalog');
        assert.ok(bin in pkg.bin, `${bin} is a bin of package.json`);
        assert.ok(command in COMMANDS, `${command} is an mcp-catalog command`);
        const dir = tempTree({ 'mcp.json': CLEAN });
        const run = await runCli([command, '--no-process-env', ...rest], { cwd: dir });
        assert.equal(run.code, 0, `${command}: ${run.stderr}`);
      }
    });
  });
});
