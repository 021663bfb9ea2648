import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { inspect } from 'node:util';
import { diskReader } from '../../server/src/node/files';
import { Workspace, type SourceSettings } from '../../server/src/node/workspace';
import { classifyFile } from '../../server/src/service/classify';
import { CLI_SURFACE } from '../../server/src/service/surface';
import { checkDocument } from '../../server/src/service/engine';
import { catalog, describe as describeFindings, expectOne, spanText, tempTree, withCode } from './helpers';

/** SPEC §1, §4.3, §4.4 and §10: what a file is, and where its roots, catalogs and variables come from. */

function settings(overrides: Partial<SourceSettings> = {}): SourceSettings {
  return { knownVariables: [], envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true, ...overrides };
}

function workspace(root: string, env: NodeJS.ProcessEnv = {}, searchBoundary?: string): Workspace {
  return new Workspace(diskReader, { workspaceRoot: root, env, searchBoundary });
}

const ROOTS = JSON.stringify({ zimmer: { description: 'Zimmer.' }, agents: { description: 'Agents.' } });
const OTHER_ROOTS = JSON.stringify({ elsewhere: { description: 'Elsewhere.' } });
const SERVER = { type: 'stdio', command: 'npx' };

function rootNames(ws: Workspace, catalogPath: string, s = settings()): string[] | undefined {
  const { facts } = ws.factsFor(catalogPath, 'catalog', s);
  return facts.roots?.files.flatMap((file) => [...file.roots.keys()]);
}

function rootsFilesOf(ws: Workspace, catalogPath: string, s = settings()): string[] | undefined {
  return ws.factsFor(catalogPath, 'catalog', s).facts.roots?.files.map((file) => file.path);
}

describe('discovery (SPEC §4.4, §10)', () => {
  describe('the roots index of a catalog', () => {
    it('follows the nearest air.json that lists the catalog to its roots array', () => {
      const dir = tempTree({
        'air.json': JSON.stringify({ mcp: ['./indexes/servers.json'], roots: ['./indexes/agent-roots.json'] }),
        'indexes/servers.json': catalog({ s: SERVER }),
        'indexes/agent-roots.json': ROOTS,
        'indexes/roots.json': OTHER_ROOTS,
      });
      const ws = workspace(dir);
      const catalogPath = path.join(dir, 'indexes/servers.json');
      const { facts, dependencies } = ws.factsFor(catalogPath, 'catalog', settings());
      assert.equal(facts.roots?.via, 'air.json');
      assert.deepEqual(rootsFilesOf(ws, catalogPath), [path.join(dir, 'indexes/agent-roots.json')]);
      assert.ok(dependencies.includes(path.join(dir, 'air.json')), 'the air.json is watched');
    });

    it('searches upward past an air.json that does not list the catalog, and reads air.*.json', () => {
      const dir = tempTree({
        'air.team.json': JSON.stringify({ mcp: ['team/mcp.json'], roots: ['shared-roots.json'] }),
        'shared-roots.json': ROOTS,
        'team/air.json': JSON.stringify({ mcp: ['other-mcp.json'], roots: ['nowhere.json'] }),
        'team/mcp.json': catalog({ s: SERVER }),
      });
      assert.deepEqual(rootsFilesOf(workspace(dir), path.join(dir, 'team/mcp.json')), [path.join(dir, 'shared-roots.json')]);
    });

    it("stops the upward search at the boundary (the editor's workspace folder)", () => {
      const dir = tempTree({
        'air.json': JSON.stringify({ mcp: ['project/mcp.json'], roots: ['far-roots.json'] }),
        'far-roots.json': ROOTS,
        'project/mcp.json': catalog({ s: SERVER }),
      });
      const project = path.join(dir, 'project');
      assert.equal(workspace(project, {}, project).factsFor(path.join(project, 'mcp.json'), 'catalog', settings()).facts.roots, undefined);
      assert.deepEqual(rootsFilesOf(workspace(dir), path.join(project, 'mcp.json')), [path.join(dir, 'far-roots.json')]);
    });

    it('falls back to the sibling when the air.json that lists the catalog has no roots array', () => {
      const dir = tempTree({ 'air.json': JSON.stringify({ mcp: ['./mcp.json'] }), 'mcp.json': catalog({ s: SERVER }), 'roots.json': ROOTS });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'mcp.json'), 'catalog', settings());
      assert.equal(facts.roots?.via, 'sibling');
      assert.deepEqual(rootNames(workspace(dir), path.join(dir, 'mcp.json')), ['zimmer', 'agents']);
    });

    it('pairs team-mcp.json with team-roots.json, even beside other roots indexes', () => {
      const dir = tempTree({ 'team-mcp.json': catalog({ s: SERVER }), 'team-roots.json': ROOTS, 'roots.json': OTHER_ROOTS });
      assert.deepEqual(rootsFilesOf(workspace(dir), path.join(dir, 'team-mcp.json')), [path.join(dir, 'team-roots.json')]);
    });

    it('takes the only roots index in the folder when no name matches', () => {
      const dir = tempTree({ 'mcp.json': catalog({ s: SERVER }), 'agent_roots.json': ROOTS, 'notes.json': '{}' });
      assert.deepEqual(rootsFilesOf(workspace(dir), path.join(dir, 'mcp.json')), [path.join(dir, 'agent_roots.json')]);
    });

    it('finds none when the folder holds several unmatched roots indexes, and says what it looked for', () => {
      const dir = tempTree({ 'mcp.json': catalog({ s: { ...SERVER, default_in_roots: ['zimmer'] } }), 'a-roots.json': ROOTS, 'b-roots.json': ROOTS });
      const catalogPath = path.join(dir, 'mcp.json');
      const { facts } = workspace(dir).factsFor(catalogPath, 'catalog', settings());
      assert.equal(facts.roots, undefined);
      const text = catalog({ s: { ...SERVER, default_in_roots: ['zimmer'] } });
      const { findings } = checkDocument(text, 'catalog', facts);
      const finding = expectOne(text, findings, 'roots-not-found', { range: '"default_in_roots"', severity: 'information' });
      assert.match(finding.message, /roots\.json/);
    });

    it('lets explicit roots files override discovery (several are merged)', () => {
      const dir = tempTree({
        'mcp.json': catalog({ s: SERVER }),
        'roots.json': ROOTS,
        'cfg/extra-roots.json': OTHER_ROOTS,
        'cfg/more.json': JSON.stringify({ more: { description: 'M.' } }),
      });
      const s = settings({ rootsFiles: ['cfg/extra-roots.json', path.join(dir, 'cfg/more.json')] });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'mcp.json'), 'catalog', s);
      assert.equal(facts.roots?.via, 'explicit');
      assert.deepEqual(rootNames(workspace(dir), path.join(dir, 'mcp.json'), s), ['elsewhere', 'more']);
    });

    it('turns a github:// roots source into reference-not-checked instead of undefined-root', () => {
      const dir = tempTree({
        'air.json': JSON.stringify({ mcp: ['./mcp.json'], roots: ['github://acme/catalog/roots.json', './roots.json'] }),
        'mcp.json': catalog({ s: { ...SERVER, default_in_roots: ['zimmer', 'remote-root'] } }),
        'roots.json': ROOTS,
      });
      const catalogPath = path.join(dir, 'mcp.json');
      const { facts } = workspace(dir).factsFor(catalogPath, 'catalog', settings());
      assert.deepEqual(facts.roots?.remoteSources, ['github://acme/catalog/roots.json']);
      const text = catalog({ s: { ...SERVER, default_in_roots: ['zimmer', 'remote-root'] } });
      const { findings } = checkDocument(text, 'catalog', facts);
      expectOne(text, findings, 'reference-not-checked', { range: '"remote-root"' });
      assert.deepEqual(withCode(findings, 'undefined-root'), []);
    });

    it('says roots could not be checked, instead of calling every root undefined, when the listed roots file is missing', () => {
      const text = catalog({ s: { ...SERVER, default_in_roots: ['zimmer'] } });
      const dir = tempTree({ 'air.json': JSON.stringify({ mcp: ['./mcp.json'], roots: ['./gone-roots.json'] }), 'mcp.json': text });
      for (const s of [settings(), settings({ rootsFiles: ['also-gone.json'] })]) {
        const { facts } = workspace(dir).factsFor(path.join(dir, 'mcp.json'), 'catalog', s);
        const { findings } = checkDocument(text, 'catalog', facts);
        const finding = expectOne(text, findings, 'roots-not-found', { range: '"default_in_roots"', severity: 'information' });
        assert.match(finding.message, /could not be read/);
        assert.deepEqual(withCode(findings, 'undefined-root'), []);
      }
    });

    it('reports undefined-root with related information in the discovered roots file', () => {
      const dir = tempTree({ 'mcp.json': '{}', 'roots.json': ROOTS });
      const catalogPath = path.join(dir, 'mcp.json');
      const { facts } = workspace(dir).factsFor(catalogPath, 'catalog', settings());
      const text = catalog({ s: { ...SERVER, default_in_roots: ['zimmr'] } });
      const finding = expectOne(text, checkDocument(text, 'catalog', facts).findings, 'undefined-root', { range: '"zimmr"' });
      assert.equal(finding.related?.[0].path, path.join(dir, 'roots.json'));
      // It points at what it names: the closest root's key, not the file's first character.
      assert.equal(ROOTS.slice(finding.related[0].start, finding.related[0].end), '"zimmer"');
      assert.equal(finding.related[0].message, 'Root "zimmer" in roots.json');
      const far = catalog({ s: { ...SERVER, default_in_roots: ['elsewhere-entirely'] } });
      const without = expectOne(far, checkDocument(far, 'catalog', facts).findings, 'undefined-root', { range: '"elsewhere-entirely"' });
      assert.equal(ROOTS.slice(without.related![0].start, without.related![0].end), ROOTS, 'no close root: the roots object');
    });
  });

  describe('the catalogs of a roots index', () => {
    it('follows the air.json that lists it to every catalog in its mcp array', () => {
      const dir = tempTree({
        'air.json': JSON.stringify({ mcp: ['./a.json', './b.json', 'github://acme/x/mcp.json'], roots: ['./roots.json'] }),
        'a.json': catalog({ alpha: SERVER }),
        'b.json': catalog({ beta: { ...SERVER, unavailable: 'Down.' } }),
        'roots.json': ROOTS,
      });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'roots.json'), 'roots', settings());
      assert.equal(facts.catalogs?.via, 'air.json');
      assert.deepEqual(
        facts.catalogs?.files.map((f) => [...f.servers.keys()]),
        [['alpha'], ['beta']],
      );
      assert.equal(facts.catalogs?.files[1].servers.get('beta')?.unavailableReason, 'Down.');
      assert.deepEqual(facts.catalogs?.remoteSources, ['github://acme/x/mcp.json']);
    });

    it('says catalog-not-found, not undefined-server, when the listed catalog is missing', () => {
      const dir = tempTree({ 'air.json': JSON.stringify({ mcp: ['./gone.json'], roots: ['./roots.json'] }), 'roots.json': ROOTS });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'roots.json'), 'roots', settings());
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github'] } });
      const findings = checkDocument(text, 'roots', facts).findings.filter((f) => f.code !== 'legacy-root-membership');
      assert.deepEqual(
        findings.map((f) => f.code),
        ['catalog-not-found'],
      );
      assert.match(findings[0].message, /could not be read/);
    });

    it('uses the sibling catalog (token rule in reverse)', () => {
      const dir = tempTree({ 'team-roots.json': ROOTS, 'team-mcp.json': catalog({ github: SERVER }), 'mcp.json': catalog({ other: SERVER }) });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'team-roots.json'), 'roots', settings());
      assert.deepEqual(
        facts.catalogs?.files.map((f) => path.basename(f.path)),
        ['team-mcp.json'],
      );
    });

    it('finds none without an air.json or sibling: catalog-not-found, no undefined-server', () => {
      const dir = tempTree({ 'roots.json': ROOTS });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'roots.json'), 'roots', settings());
      assert.equal(facts.catalogs, undefined);
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github'] } });
      const findings = checkDocument(text, 'roots', facts).findings.filter((f) => f.code !== 'legacy-root-membership');
      assert.deepEqual(
        findings.map((f) => f.code),
        ['catalog-not-found'],
      );
    });

    it("checks the sibling catalog's servers from the roots index", () => {
      const dir = tempTree({ 'roots.json': '{}', 'mcp.json': catalog({ github: SERVER }) });
      const { facts } = workspace(dir).factsFor(path.join(dir, 'roots.json'), 'roots', settings());
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github', 'gitlab'] } });
      const findings = checkDocument(text, 'roots', facts).findings.filter((f) => f.code !== 'legacy-root-membership');
      assert.deepEqual(
        findings.map((f) => [f.code, spanText(text, f)]),
        [['undefined-server', '"gitlab"']],
        describeFindings(text, findings),
      );
    });
  });

  describe('variable sources (SPEC §4.3)', () => {
    const SECRET = 'zz-planted-secret-value-91c3';

    it('reads .env beside the catalog and at the workspace root, in that order', () => {
      const dir = tempTree({ '.env': 'ROOT_ONLY=1\nSHARED=root\n', 'team/.env': 'BESIDE=1\nSHARED=beside\n', 'team/mcp.json': '{}' });
      const index = workspace(dir).variableIndex(path.join(dir, 'team/mcp.json'), settings());
      assert.deepEqual(
        index.sources.map((s) => [s.kind, s.path]),
        [
          ['dotenv', path.join(dir, 'team/.env')],
          ['dotenv', path.join(dir, '.env')],
        ],
      );
      assert.equal(index.find('BESIDE')?.path, path.join(dir, 'team/.env'));
      assert.equal(index.find('ROOT_ONLY')?.path, path.join(dir, '.env'));
      assert.equal(index.find('SHARED')?.path, path.join(dir, 'team/.env'), 'the file beside the catalog comes first');
    });

    it('still lists a missing .env as searched', () => {
      const dir = tempTree({ 'mcp.json': '{}' });
      const index = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings());
      assert.deepEqual(
        index.sources.map((s) => [s.kind, s.exists]),
        [['dotenv', false]],
      );
      assert.match(index.describeSearched(), /\.env, not found/);
      assert.equal(index.preferredEnvFile(), path.join(dir, '.env'));
    });

    it('lets explicit env files replace discovery', () => {
      const dir = tempTree({ '.env': 'DISCOVERED=1\n', 'config/ci.env': 'EXPLICIT=1\n', 'mcp.json': '{}' });
      const index = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings({ envFiles: ['config/ci.env'] }));
      assert.deepEqual(
        index.sources.map((s) => s.path),
        [path.join(dir, 'config/ci.env')],
      );
      assert.ok(index.find('EXPLICIT'));
      assert.equal(index.find('DISCOVERED'), undefined);
    });

    it('parses dotenv as the dotenv package does, and counts empty or blank values as unset', () => {
      const dir = tempTree({
        '.env': ['export EXPORTED=1', 'QUOTED="a b"', 'EMPTY=', 'BLANK="   "', "SINGLE='x'", '# COMMENTED=1', 'MULTI="line1\nline2"', `PLANTED=${SECRET}`].join(
          '\n',
        ),
        'mcp.json': '{}',
      });
      const index = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings());
      assert.deepEqual(index.allNames(), ['EXPORTED', 'MULTI', 'PLANTED', 'QUOTED', 'SINGLE']);
      assert.ok(!inspect(index, { depth: 10 }).includes(SECRET), 'the index holds names, never values');
    });

    it('reads the names of an AIR secrets file (blank and non-string values are unset)', () => {
      const dir = tempTree({ 'secrets.json': JSON.stringify({ API_KEY: SECRET, EMPTY: '', BLANK: ' ', NUMBER: 3 }), 'mcp.json': '{}' });
      const index = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings({ secretsFile: 'secrets.json' }));
      const secrets = index.sources.find((s) => s.kind === 'secrets')!;
      assert.deepEqual([...secrets.names], ['API_KEY']);
      assert.match(secrets.label, /secrets\.json/);
      assert.ok(!inspect(index, { depth: 10 }).includes(SECRET));
    });

    it('reads the process environment only when switched on, names with non-blank values only', () => {
      const dir = tempTree({ 'mcp.json': '{}' });
      const env = { FROM_PROCESS: SECRET, BLANK_PROCESS: '  ', EMPTY_PROCESS: '' };
      const on = workspace(dir, env).variableIndex(path.join(dir, 'mcp.json'), settings({ readProcessEnv: true }));
      assert.deepEqual([...on.sources.find((s) => s.kind === 'process')!.names], ['FROM_PROCESS']);
      const off = workspace(dir, env).variableIndex(path.join(dir, 'mcp.json'), settings({ readProcessEnv: false }));
      assert.equal(off.find('FROM_PROCESS'), undefined);
      assert.deepEqual(off.skipped, ['the process environment (switched off)']);
      assert.ok(!inspect(on, { depth: 10 }).includes(SECRET));
    });

    it('puts declared known names first', () => {
      const dir = tempTree({ '.env': 'A=1\n', 'mcp.json': '{}' });
      const index = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings({ knownVariables: ['A', 'B'] }));
      assert.equal(index.find('A')?.kind, 'known');
      assert.equal(index.sources[0].label, 'names declared in mcpCatalog.knownVariables', 'the editor is the default surface');
      const cli = workspace(dir).variableIndex(path.join(dir, 'mcp.json'), settings({ knownVariables: ['A'], surface: CLI_SURFACE }));
      assert.equal(cli.sources[0].label, 'names declared in --known');
    });

    it('reads no file and no environment in an untrusted workspace, and says so', () => {
      const dir = tempTree({ '.env': 'A=1\n', 'mcp.json': '{}' });
      const index = workspace(dir, { B: 'x' }).variableIndex(
        path.join(dir, 'mcp.json'),
        settings({ trusted: false, readProcessEnv: true, knownVariables: ['K'] }),
      );
      assert.deepEqual(
        index.sources.map((s) => s.kind),
        ['known'],
      );
      assert.equal(index.skipped.length, 1);
    });
  });
});

describe('which files are what (SPEC §1, §10)', () => {
  const MCP_SCHEMA = 'https://pulsemcp.github.io/air/schemas/mcp.schema.json';
  const ROOTS_SCHEMA = 'https://pulsemcp.github.io/air/schemas/roots.schema.json';
  // air.json files are their own kind, never a catalog or a roots index.
  const table: [string, string | undefined, 'catalog' | 'roots' | 'air' | undefined][] = [
    ['/r/mcp.json', undefined, 'catalog'],
    ['/r/team-mcp.json', undefined, 'catalog'],
    ['/r/mcp_servers.json', undefined, 'catalog'],
    ['/r/prod.mcp.json', undefined, 'catalog'],
    ['/r/MCP.JSON', undefined, 'catalog'],
    ['/r/mcpservers.json', undefined, undefined],
    ['/r/my-mcpx.json', undefined, undefined],
    ['/r/roots.json', undefined, 'roots'],
    ['/r/team_roots.json', undefined, 'roots'],
    ['/r/roots-mcp.json', undefined, 'roots'],
    ['/r/.mcp.json', undefined, undefined],
    ['/r/.mcp.json', MCP_SCHEMA, undefined],
    ['/r/.vscode/mcp.json', undefined, undefined],
    ['/r/.vscode/mcp.json', MCP_SCHEMA, undefined],
    ['/r/node_modules/pkg/mcp.json', undefined, undefined],
    ['/r/mcp.schema.json', undefined, undefined],
    ['/r/schemas/roots.schema.json', ROOTS_SCHEMA, undefined],
    ['/r/air.json', undefined, 'air'],
    ['/r/air.team.json', MCP_SCHEMA, 'air'],
    ['/r/servers.json', MCP_SCHEMA, 'catalog'],
    ['/r/servers.json', `${MCP_SCHEMA.toUpperCase()}?v=2#top`, 'catalog'],
    ['/r/servers.json', ROOTS_SCHEMA, 'roots'],
    ['/r/roots.json', MCP_SCHEMA, 'catalog'],
    ['/r/mcp.json', ROOTS_SCHEMA, 'roots'],
    ['/r/mcp.json', 'https://example.com/other.schema.json', 'catalog'],
    ['/r/mcp.yaml', undefined, undefined],
    ['C:\\repo\\.vscode\\mcp.json', undefined, undefined],
  ];
  for (const [file, schema, expected] of table) {
    it(`${file}${schema ? ` with $schema ${schema}` : ''} → ${expected ?? 'not an index'}`, () => {
      assert.equal(classifyFile(file, schema), expected);
    });
  }

  it('classifies by the $schema in the text, and by air.json membership, through the Workspace', () => {
    const dir = tempTree({
      'servers.json': JSON.stringify({ $schema: MCP_SCHEMA }),
      'air.json': JSON.stringify({ mcp: ['./listed.json'], roots: ['./agents.json'] }),
      'listed.json': '{}',
      'agents.json': '{}',
      'unrelated.json': '{}',
      '.vscode/mcp.json': JSON.stringify({ $schema: MCP_SCHEMA }),
    });
    const ws = workspace(dir);
    assert.equal(ws.classify(path.join(dir, 'servers.json')), 'catalog');
    assert.equal(ws.classify(path.join(dir, 'listed.json')), 'catalog');
    assert.equal(ws.classify(path.join(dir, 'agents.json')), 'roots');
    assert.equal(ws.classify(path.join(dir, 'unrelated.json')), undefined);
    assert.equal(ws.classify(path.join(dir, '.vscode/mcp.json')), undefined);
    assert.equal(ws.classify(path.join(dir, 'air.json')), 'air');
  });
});
