import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { fixture, runCli, tempTree, type CliRun } from './helpers';

/**
 * AIR's own example catalog, laid out as pulsemcp/air `examples/` is (air.json at 4ccb4a36 listing
 * one index per folder; mcp, skills and plugins indexes at 1e1345d1, the AIR 0.12 migration;
 * hooks and references indexes at 08021bb0; roots index at 3c2d2dbe, the newest stored, which
 * still carries the pre-0.12 `default_*` arrays; HOOK.json files where upstream's tree has them,
 * including `hooks/hooks/lint-pre-commit/HOOK.json` one folder too deep). The check must report
 * exactly what AIR itself would object to. AIR resolves every `path` against the folder of the
 * index that holds it (`loadContributions` / `resolveEntryPaths` in packages/core/src/config.ts
 * at 03981b74), fails resolution on any ID a plugin names that no index defines
 * (`canonicalizeReferences`, same file and commit: "Reference resolution failed"), and warns about
 * root-side `default_*` arrays, which it ignores (docs/guides/migrating-to-default-in-roots.md at
 * 4d36e1ac).
 */

interface JsonReport {
  files: { path: string; diagnostics: { code: string; severity: string; data?: { path?: unknown[]; name?: string } }[] }[];
}

const AIR_EXAMPLE_VARIABLES = 'GITHUB_PERSONAL_ACCESS_TOKEN,PG_PROD_USER,PG_PROD_PASSWORD,ANALYTICS_TOKEN';
const ZIMMER_VARIABLES = 'SLACK_BOT_TOKEN,STRAD_API_KEY,ZIMMER_PROD_API_KEY';

function copyFixtureTree(name: string): string {
  const dir = tempTree();
  fs.cpSync(fixture(name), dir, { recursive: true });
  return dir;
}

/** Every diagnostic as "file severity code subject" (the file relative to the working folder), the subject being the ID named or else the JSON path. */
function findings(run: CliRun): string[] {
  const report = JSON.parse(run.stdout) as JsonReport;
  return report.files.flatMap((file) => file.diagnostics.map((d) => `${file.path} ${d.severity} ${d.code} ${d.data?.name ?? (d.data?.path ?? []).join('.')}`));
}

describe("AIR's example catalog in its air.json layout (SPEC §12)", () => {
  it('reports exactly the problems AIR itself has with it', async () => {
    const dir = copyFixtureTree('air-example-layout');
    const run = await runCli(['check', '--known', AIR_EXAMPLE_VARIABLES, '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(findings(run), [
      // "lint-pre-commit" resolves to hooks/lint-pre-commit beside hooks.json; upstream's HOOK.json sits in hooks/hooks/lint-pre-commit.
      'hooks/hooks.json warning path-not-found lint-pre-commit.path',
      // No skills index defines lint-fix: AIR's canonicalizeReferences fails resolution on it.
      'plugins/plugins.json error undefined-skill lint-fix',
      // No skills index defines format-check: same failure.
      'plugins/plugins.json error undefined-skill format-check',
      // mcp.json has github, postgres-prod, analytics only: eslint-server fails resolution.
      'plugins/plugins.json error undefined-server eslint-server',
      // deploy-staging exists, deploy-production does not: AIR fails resolution on it.
      'plugins/plugins.json error undefined-skill deploy-production',
      // No server ci-cd in mcp.json: AIR fails resolution on it.
      'plugins/plugins.json error undefined-server ci-cd',
      // hooks.json has notify-session-start and lint-pre-commit only: pre-deploy-check fails resolution.
      'plugins/plugins.json error undefined-hook pre-deploy-check',
      // Likewise post-deploy-notify.
      'plugins/plugins.json error undefined-hook post-deploy-notify',
      // No skills index defines monitor-logs: AIR fails resolution on it.
      'plugins/plugins.json error undefined-skill monitor-logs',
      // No server observability-server in mcp.json: AIR fails resolution on it.
      'plugins/plugins.json error undefined-server observability-server',
      // AIR 0.12 ignores root-side default_* arrays and warns "declares legacy membership field(s)"; one warning per array here.
      'roots/roots.json warning legacy-root-membership web-app.default_mcp_servers',
      'roots/roots.json warning legacy-root-membership web-app.default_skills',
      'roots/roots.json warning legacy-root-membership web-app.default_plugins',
      'roots/roots.json warning legacy-root-membership data-pipeline.default_mcp_servers',
      'roots/roots.json warning legacy-root-membership data-pipeline.default_skills',
    ]);
    assert.equal(run.stderr, '');
    assert.equal(run.code, 1);
  });

  it('every skill, reference and the other hook path resolves beside its own index, so none is reported', async () => {
    const dir = copyFixtureTree('air-example-layout');
    // Moving the one misplaced HOOK.json to where AIR looks for it leaves no path finding at all.
    fs.renameSync(path.join(dir, 'hooks', 'hooks', 'lint-pre-commit'), path.join(dir, 'hooks', 'lint-pre-commit'));
    const run = await runCli(['check', '--known', AIR_EXAMPLE_VARIABLES, '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(
      findings(run).filter((f) => / path-not-found | path-not-checked | invalid-hook-json /.test(f)),
      [],
    );
  });
});

describe('the Zimmer corpus in its air.json layout stays clean (SPEC §9, §12)', () => {
  it('with its three variable names known: no error, warning or other finding', async () => {
    const dir = copyFixtureTree('zimmer');
    const run = await runCli(['check', '--known', ZIMMER_VARIABLES, '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(findings(run), []);
    assert.equal(run.code, 0);
  });

  it('without them: only unresolved-variable warnings', async () => {
    const dir = copyFixtureTree('zimmer');
    const run = await runCli(['check', '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    const all = findings(run);
    assert.ok(all.length > 0);
    assert.deepEqual(
      all.filter((f) => !/^mcp\.json warning unresolved-variable /.test(f)),
      [],
    );
    assert.equal(run.code, 0);
  });
});

/**
 * The corpus's own copies of AIR's example indexes (test/fixtures/air-example, identical to
 * corpus/air-example-*.json: an older upstream revision whose paths were written from the
 * examples/ folder, `"path": "skills/deploy-staging"`) put into the same layout. AIR resolves each
 * path against its index's folder, so from skills/skills.json that path is skills/skills/deploy-staging:
 * every skill and reference path is missing, and of the hooks only lint-pre-commit finds its
 * HOOK.json (hooks/hooks/lint-pre-commit); notify-session-start's folder holds only notify.sh.
 */
function corpusInLayout(): string {
  const dir = copyFixtureTree('air-example-layout');
  for (const kind of ['hooks', 'mcp', 'plugins', 'references', 'roots', 'skills']) {
    fs.copyFileSync(fixture('air-example', `${kind}.json`), path.join(dir, kind, `${kind}.json`));
  }
  return dir;
}

const CORPUS_IN_LAYOUT = [
  'hooks/hooks.json warning path-not-found notify-session-start.path',
  // The same ten IDs no index defines as in the newer revision above.
  ...['lint-fix', 'format-check'].map((id) => `plugins/plugins.json error undefined-skill ${id}`),
  'plugins/plugins.json error undefined-server eslint-server',
  'plugins/plugins.json error undefined-skill deploy-production',
  'plugins/plugins.json error undefined-server ci-cd',
  ...['pre-deploy-check', 'post-deploy-notify'].map((id) => `plugins/plugins.json error undefined-hook ${id}`),
  'plugins/plugins.json error undefined-skill monitor-logs',
  'plugins/plugins.json error undefined-server observability-server',
  ...['git-workflow', 'staging-env', 'code-standards', 'mcp-json-spec'].map((id) => `references/references.json warning path-not-found ${id}.path`),
  ...[
    'web-app.default_mcp_servers',
    'web-app.default_skills',
    'web-app.default_plugins',
    'data-pipeline.default_mcp_servers',
    'data-pipeline.default_skills',
  ].map((at) => `roots/roots.json warning legacy-root-membership ${at}`),
  ...['deploy-staging', 'initial-pr-review', 'create-mcp-json'].map((id) => `skills/skills.json warning path-not-found ${id}.path`),
];

describe("the corpus's AIR example indexes in that layout, and found in a catalogs folder (SPEC §12)", () => {
  it('report exactly what AIR would object to: every path resolved beside its own index', async () => {
    const dir = corpusInLayout();
    const run = await runCli(['check', '--known', AIR_EXAMPLE_VARIABLES, '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(findings(run), CORPUS_IN_LAYOUT);
    assert.equal(run.code, 1);
  });

  it('the same findings when an air.json finds the indexes by discovery in a catalogs folder (AIR config.ts discoverCatalogIndexes)', async () => {
    const dir = corpusInLayout();
    const catalog = path.join(dir, 'catalog');
    fs.mkdirSync(catalog);
    for (const kind of ['hooks', 'mcp', 'plugins', 'references', 'roots', 'skills']) fs.renameSync(path.join(dir, kind), path.join(catalog, kind));
    fs.writeFileSync(path.join(dir, 'air.json'), '{ "name": "acme", "catalogs": ["./catalog"] }\n');
    // Never discovered: a build folder and a fourth level down (AIR skips both).
    fs.mkdirSync(path.join(catalog, 'dist'));
    fs.writeFileSync(path.join(catalog, 'dist', 'skills.json'), '{ "stale": { "description": "S", "path": "nowhere", "default_in_roots": ["nope"] } }\n');
    fs.mkdirSync(path.join(catalog, 'a', 'b', 'c', 'd'), { recursive: true });
    fs.writeFileSync(path.join(catalog, 'a', 'b', 'c', 'd', 'plugins.json'), '{ "deep": { "description": "D", "skills": ["nope"] } }\n');
    const run = await runCli(['check', '--known', AIR_EXAMPLE_VARIABLES, '--no-process-env', '--format', 'json', '.'], { cwd: dir });
    assert.deepEqual(
      findings(run),
      CORPUS_IN_LAYOUT.map((finding) => `catalog/${finding}`),
    );
  });
});
