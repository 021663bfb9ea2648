import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { CachingReader, diskReader } from '../../../server/src/node/files';
import { Workspace } from '../../../server/src/node/workspace';
import { compileExcludePattern } from '../../../server/src/service/air';
import { classifyFile } from '../../../server/src/service/classify';
import type { AirFacts, AirPath, CatalogFile } from '../../../server/src/service/facts';
import { summariseCatalog } from '../../../server/src/service/summary';
import { check, describe as describeFindings, expectNone, expectOne, facts, fixture, readFixture, runCli, tempTree, withCode } from '../helpers';

/** air.json awareness: paths, composition and `exclude`, judged from plain facts. */

function airFacts(
  options: { paths?: Record<string, AirPath['found']>; mcp?: string[]; roots?: string[]; incomplete?: string[]; catalogs?: Record<string, CatalogFile> } = {},
): AirFacts {
  const paths = new Map(Object.entries(options.paths ?? {}).map(([written, found]) => [written, { path: path.posix.join('/ws', written), found }]));
  return {
    paths,
    artifacts: {
      mcp: { names: new Set(options.mcp ?? []), complete: !options.incomplete?.includes('mcp') },
      roots: { names: new Set(options.roots ?? []), complete: !options.incomplete?.includes('roots') },
      skills: { names: new Set(), complete: true },
    },
    catalogs: new Map(Object.entries(options.catalogs ?? {})),
  };
}

const air = (value: Record<string, unknown>) => `${JSON.stringify({ name: 'team', ...value }, null, 2)}\n`;
const checkAir = (text: string, air: AirFacts) => check(text, 'air', facts({ air, documentPath: '/ws/air.json' }));

describe('air.json: which files are air.json files', () => {
  it('air.json and air.*.json, or AIR’s own $schema; never a dot-file or under .vscode', () => {
    assert.equal(classifyFile('/r/air.json', undefined), 'air');
    assert.equal(classifyFile('/r/air.prod.json', undefined), 'air');
    assert.equal(classifyFile('/r/composition.json', 'https://pulsemcp.github.io/air/schemas/air.schema.json'), 'air');
    assert.equal(classifyFile('/r/.vscode/air.json', undefined), undefined);
    assert.equal(classifyFile('/r/mcp.json', undefined), 'catalog');
  });
});

describe('air.json: mcp and roots paths that do not exist', () => {
  it('a missing catalog is catalog-not-found (warning) on the path item', () => {
    const text = air({ mcp: ['./mcp.json', './team-mcp.json'] });
    const finding = expectOne(text, checkAir(text, airFacts({ paths: { './mcp.json': 'file', './team-mcp.json': 'missing' } })), 'catalog-not-found', {
      range: '"./team-mcp.json"',
      severity: 'warning',
    });
    assert.deepEqual(finding.data, { path: ['mcp', 1], resolved: '/ws/team-mcp.json' });
    assert.match(finding.message, /^"\.\/team-mcp\.json" does not exist, so AIR silently composes nothing from it\./);
  });

  it('a missing roots index is roots-not-found (warning); a folder is an error', () => {
    const text = air({ roots: ['./roots.json', './roots'] });
    const findings = checkAir(text, airFacts({ paths: { './roots.json': 'missing', './roots': 'folder' } }));
    assert.deepEqual(
      withCode(findings, 'roots-not-found').map((f) => [text.slice(f.start, f.end), f.severity]),
      [
        ['"./roots.json"', 'warning'],
        ['"./roots"', 'error'],
      ],
    );
  });

  it('is silent on existing files, remote sources and other artifact types', () => {
    const text = air({ mcp: ['./mcp.json', 'github://acme/catalog/mcp.json'], roots: ['./roots.json'], skills: ['./skills/skills.json'] });
    const findings = checkAir(text, airFacts({ paths: { './mcp.json': 'file', './roots.json': 'file', './skills/skills.json': 'missing' } }));
    assert.deepEqual(findings, [], describeFindings(text, findings));
  });

  it('reports arrays of the wrong shape as invalid-value, and a non-object as not-an-object', () => {
    const text = air({ mcp: './mcp.json', roots: [1] });
    assert.deepEqual(
      checkAir(text, airFacts()).map((f) => [f.code, text.slice(f.start, f.end)]),
      [
        ['invalid-value', '"./mcp.json"'],
        ['invalid-value', '1'],
      ],
    );
    expectOne('[]', check('[]', 'air'), 'not-an-object', { range: '[' });
  });

  it('strict JSON still applies (AIR reads air.json with JSON.parse)', () => {
    const text = '{"name": "t", "mcp": ["./mcp.json"],}';
    expectOne(text, check(text, 'air'), 'json-trailing-comma', { range: ',', line: 0 });
  });
});

describe('air.json: duplicate-server across its catalogs', () => {
  const first = summariseCatalog('/ws/mcp.json', '{"github": {}, "slack": {}}');
  const second = summariseCatalog('/ws/team-mcp.json', '{"github": {}, "linear": {}}');

  it('is an error on the later catalog, naming the shared servers, with related info at both definitions', () => {
    const text = air({ mcp: ['./mcp.json', './team-mcp.json'] });
    const finding = expectOne(text, checkAir(text, airFacts({ catalogs: { './mcp.json': first, './team-mcp.json': second } })), 'duplicate-server', {
      range: '"./team-mcp.json"',
      severity: 'error',
    });
    assert.deepEqual(finding.data?.names, ['github']);
    assert.deepEqual(
      finding.related?.map((r) => r.path),
      ['/ws/team-mcp.json', '/ws/mcp.json'],
    );
  });

  it('a catalog listed twice duplicates every server', () => {
    const text = air({ mcp: ['./mcp.json', 'mcp.json'] });
    const finding = expectOne(text, checkAir(text, airFacts({ catalogs: { './mcp.json': first, 'mcp.json': first } })), 'duplicate-server', {
      range: '"mcp.json"',
    });
    assert.match(finding.message, /listed twice/);
  });

  it('is silent when the names are distinct', () => {
    const text = air({ mcp: ['./mcp.json', './other.json'] });
    expectNone(
      text,
      checkAir(text, airFacts({ catalogs: { './mcp.json': first, './other.json': summariseCatalog('/ws/other.json', '{"notion": {}}') } })),
      'duplicate-server',
    );
  });
});

describe('air.json: exclude patterns that match nothing', () => {
  const resolved = airFacts({ mcp: ['github', 'gitlab', 'slack'], roots: ['web', 'api'] });

  it('an mcp pattern naming no server is undefined-server (warning) with close names', () => {
    const text = air({ exclude: { mcp: ['@local/githb'] } });
    const finding = expectOne(text, checkAir(text, resolved), 'undefined-server', { range: '"@local/githb"', severity: 'warning' });
    assert.deepEqual(finding.data?.candidates, ['github', 'gitlab']);
    assert.equal(finding.data?.name, 'githb');
  });

  it('a roots pattern naming no root is undefined-root (warning)', () => {
    const text = air({ exclude: { roots: ['@local/mobile'] } });
    expectOne(text, checkAir(text, resolved), 'undefined-root', { range: '"@local/mobile"', severity: 'warning' });
  });

  it('a pattern for a scope nothing comes from matches nothing', () => {
    const text = air({ exclude: { mcp: ['@acme/tools/github'] } });
    expectOne(text, checkAir(text, resolved), 'undefined-server', { range: '"@acme/tools/github"' });
  });

  it('is silent on exact and wildcard matches (a `*` stays within one segment)', () => {
    const text = air({ exclude: { mcp: ['@local/github', '@local/git*', '@*/slack'], roots: ['@local/*'] } });
    assert.deepEqual(checkAir(text, resolved), []);
  });

  it('says once that patterns cannot be checked when a remote source or catalogs folder feeds the type', () => {
    const text = air({ exclude: { mcp: ['@acme/tools/a', '@acme/tools/b'] } });
    const findings = checkAir(text, airFacts({ incomplete: ['mcp'] }));
    assert.deepEqual(
      findings.map((f) => [f.code, text.slice(f.start, f.end)]),
      [['reference-not-checked', '"@acme/tools/a"']],
    );
  });

  it('rejects the flat-array form, unknown types and items that are not qualified IDs', () => {
    const flat = air({ exclude: ['@local/github'] });
    expectOne(flat, checkAir(flat, resolved), 'invalid-value', { range: '[\n    "@local/github"\n  ]', line: 2 });
    const text = air({ exclude: { skill: [], mcp: ['github', '@local/a/b c'] } });
    assert.deepEqual(
      checkAir(text, resolved).map((f) => [f.code, text.slice(f.start, f.end)]),
      [
        ['invalid-value', '"skill"'],
        ['invalid-value', '"github"'],
        ['invalid-value', '"@local/a/b c"'],
      ],
    );
  });

  it('compiles patterns as AIR documents them', () => {
    const pattern = compileExcludePattern('@local/git*')!;
    assert.ok(pattern.matchesLocal('github'));
    assert.ok(!pattern.matchesLocal('git'), '`*` matches one or more characters');
    assert.equal(compileExcludePattern('@owner/repo/x')!.couldBeLocal, false);
    assert.equal(compileExcludePattern('@*/x')!.couldBeLocal, true);
    assert.equal(compileExcludePattern('no-at/x'), undefined);
  });
});

describe('air.json through discovery, the command line and the engine', () => {
  const settings = { knownVariables: [], envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true };

  it('the Workspace resolves paths, names and catalogs; each catalog learns its composition', () => {
    const dir = tempTree({
      'air.json': air({ mcp: ['./mcp.json', './team/mcp.json', './missing-mcp.json', 'github://acme/c/mcp.json'], roots: ['./roots.json'], catalogs: [] }),
      'mcp.json': '{"github": {"type": "stdio", "command": "x"}}',
      'team/mcp.json': '{"slack": {"type": "stdio", "command": "x"},\n "github": {"type": "stdio", "command": "y"}}',
      'roots.json': '{"web": {"description": "Web."}}',
    });
    const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: dir, env: {} });
    const { facts: found, dependencies } = workspace.factsFor(path.join(dir, 'air.json'), 'air', settings);
    assert.equal(found.air?.paths.get('./missing-mcp.json')?.found, 'missing');
    assert.equal(found.air?.paths.get('./team/mcp.json')?.found, 'file');
    assert.deepEqual([...(found.air?.artifacts.mcp?.names ?? [])], ['github', 'slack']);
    assert.equal(found.air?.artifacts.mcp?.complete, false, 'a github:// source makes the set incomplete');
    assert.equal(found.air?.artifacts.roots?.complete, true);
    assert.ok(dependencies.includes(path.join(dir, 'missing-mcp.json')));

    const team = workspace.factsFor(path.join(dir, 'team', 'mcp.json'), 'catalog', settings).facts.composition;
    assert.equal(team?.airPath, path.join(dir, 'air.json'));
    assert.deepEqual(
      team?.catalogs.map((c) => c.path),
      [path.join(dir, 'mcp.json')],
    );
  });

  it('mcp-catalog check reports duplicate-server in both catalogs and the air.json, and checks an air.json it is given', async () => {
    const dir = tempTree({
      'air.json': air({ mcp: ['./mcp.json', './team-mcp.json', './gone-mcp.json'] }),
      'mcp.json': '{"github": {"type": "stdio", "command": "x"}}',
      'team-mcp.json': '{"github": {"type": "stdio", "command": "y"}}',
    });
    const run = await runCli(['check', '--no-process-env', 'mcp.json', 'team-mcp.json', 'air.json'], { cwd: dir });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    const severe = run.stdout.split('\n').filter((line) => /: (error|warning) /.test(line));
    assert.equal(severe.length, 4, run.stdout);
    assert.match(run.stdout, /mcp\.json:1:2: error duplicate-server: This server is also in team-mcp\.json/);
    assert.match(run.stdout, /team-mcp\.json:1:2: error duplicate-server: This server is also in mcp\.json/);
    assert.match(run.stdout, /air\.json:\d+:\d+: error duplicate-server/);
    assert.match(run.stdout, /air\.json:\d+:\d+: warning catalog-not-found: "\.\/gone-mcp\.json" does not exist/);
  });

  it('the Zimmer air.json (copied into the fixtures) is clean', () => {
    const text = readFixture('zimmer', 'air.json');
    const workspace = new Workspace(new CachingReader(diskReader), { workspaceRoot: fixture('zimmer'), env: {} });
    const { facts: found } = workspace.factsFor(fixture('zimmer', 'air.json'), 'air', settings);
    assert.deepEqual(check(text, 'air', found), []);
  });

  it('an air.json runs none of the catalog rules', () => {
    const text = air({ description: 'x', gitProtocol: 'https', extensions: ['@pulsemcp/air-adapter-claude'] });
    assert.deepEqual(check(text, 'air'), []);
  });
});
