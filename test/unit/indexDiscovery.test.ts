import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { diskReader } from '../../server/src/node/files';
import { Workspace, type SourceSettings } from '../../server/src/node/workspace';
import { classifyFile, kindInCatalogFolder, type IndexKind } from '../../server/src/service/classify';
import { tempTree } from './helpers';

/**
 * SPEC §12 on top of §1 and §10: which files are skills, hooks, plugins and references indexes, and
 * what every index learns of the rest of its repository (its roots, its catalogs, and every
 * skills, hooks, plugins and references index the repository composes).
 */

const SCHEMA = (name: string): string => `https://raw.githubusercontent.com/pulsemcp/air/main/schemas/${name}.schema.json`;

function settings(overrides: Partial<SourceSettings> = {}): SourceSettings {
  return { knownVariables: [], envFiles: [], rootsFiles: [], readProcessEnv: false, trusted: true, ...overrides };
}

function workspace(root: string): Workspace {
  return new Workspace(diskReader, { workspaceRoot: root, env: {}, searchBoundary: root, containment: [root] });
}

const SKILLS = JSON.stringify({ 'open-pr': { description: 'Open a PR.', path: './open-pr', references: ['style'], default_in_roots: ['zimmer'] } });
const HOOKS = JSON.stringify({ lint: { description: 'Lint.', path: './lint' } });
const PLUGINS = JSON.stringify({ web: { description: 'Web.', skills: ['open-pr'], mcp_servers: ['github'], default_in_roots: ['zimmer'] } });
const REFERENCES = JSON.stringify({ style: { description: 'Style.', path: './style.md' } });
const MCP = JSON.stringify({ github: { type: 'stdio', command: 'npx', default_in_roots: ['zimmer'] } });
const ROOTS = JSON.stringify({ zimmer: { description: 'Zimmer.' } });

/** Zimmer's own layout (corpus zimmer-air.json): every index in its own folder, composed by one air.json. */
const ZIMMER_LAYOUT: Record<string, string> = {
  'air.json': JSON.stringify({
    skills: ['./skills/skills.json'],
    mcp: ['./mcp.json'],
    roots: ['./roots.json'],
    references: ['./references/references.json'],
    hooks: ['./hooks/hooks.json'],
    plugins: ['./plugins/plugins.json'],
  }),
  'skills/skills.json': SKILLS,
  'hooks/hooks.json': HOOKS,
  'plugins/plugins.json': PLUGINS,
  'references/references.json': REFERENCES,
  'mcp.json': MCP,
  'roots.json': ROOTS,
};

function artifactFiles(ws: Workspace, file: string, kind: IndexKind): Record<string, string[]> {
  const artifacts = ws.factsFor(file, kind, settings()).facts.artifacts;
  assert.ok(artifacts, 'artifacts are filled');
  return Object.fromEntries(artifacts.files.map((index) => [path.basename(index.path), [...index.artifacts.keys()]]));
}

describe('the rest of the catalog: which files are what (SPEC §12)', () => {
  const table: [string, string | undefined, IndexKind | undefined][] = [
    ['/r/skills.json', undefined, 'skills'],
    ['/r/team-hooks.json', undefined, 'hooks'],
    ['/r/my_plugins.json', undefined, 'plugins'],
    ['/r/prod.references.json', undefined, 'references'],
    ['/r/SKILLS.JSON', undefined, 'skills'],
    ['/r/skillset.json', undefined, undefined],
    ['/r/myskills.json', undefined, undefined],
    // Two tokens: AIR's order (references, plugins, skills, roots, hooks, mcp) decides.
    ['/r/mcp-skills.json', undefined, 'skills'],
    ['/r/roots-mcp.json', undefined, 'roots'],
    ['/r/skills-roots.json', undefined, 'skills'],
    ['/r/hooks-roots.json', undefined, 'roots'],
    ['/r/plugins.references.json', undefined, 'references'],
    ['/r/index.json', SCHEMA('skills'), 'skills'],
    ['/r/index.json', SCHEMA('hooks').toUpperCase(), 'hooks'],
    ['/r/index.json', `${SCHEMA('plugins')}?v=1#x`, 'plugins'],
    ['/r/index.json', 'C:\\schemas\\references.schema.json', 'references'],
    ['/r/skills.json', SCHEMA('hooks'), 'hooks'],
    ['/r/index.json', SCHEMA('preferences'), undefined],
    ['/r/.skills.json', undefined, undefined],
    ['/r/node_modules/x/skills.json', undefined, undefined],
    ['/r/skills.schema.json', undefined, undefined],
  ];
  for (const [file, schema, expected] of table) {
    it(`${file}${schema ? ` with $schema ${schema}` : ''} → ${expected ?? 'not an index'}`, () => {
      assert.equal(classifyFile(file, schema), expected);
    });
  }

  it("AIR's discovery in a catalogs folder: by substring of the name, a $schema deciding alone, at most 3 folders deep", () => {
    assert.equal(kindInCatalogFolder('myskills.json', undefined), 'skills');
    assert.equal(kindInCatalogFolder('a/b/c/team-plugins.json', undefined), 'plugins');
    assert.equal(kindInCatalogFolder('a/b/c/d/skills.json', undefined), undefined, 'four folders down');
    assert.equal(kindInCatalogFolder('.hidden/skills.json', undefined), undefined);
    assert.equal(kindInCatalogFolder('node_modules/skills.json', undefined), undefined);
    assert.equal(kindInCatalogFolder('skills.json', 'https://example.com/other.json'), undefined, 'a $schema naming no AIR schema');
    assert.equal(kindInCatalogFolder('index.json', SCHEMA('hooks')), 'hooks');
    assert.equal(kindInCatalogFolder('repair.json', undefined), undefined, 'an air.json by name is never an index');
    assert.equal(kindInCatalogFolder('index.json', SCHEMA('air')), undefined);
  });

  it('through the Workspace: $schema, the air.json arrays, the catalogs folders; other tools’ files stay out', () => {
    const dir = tempTree({
      'air.json': JSON.stringify({
        skills: ['./listed/a.json'],
        hooks: ['./listed/b.json'],
        plugins: ['./listed/c.json'],
        references: ['./listed/d.json'],
        catalogs: ['./catalogs'],
      }),
      'listed/a.json': '{}',
      'listed/b.json': '{}',
      'listed/c.json': '{}',
      'listed/d.json': '{}',
      'by-schema.json': JSON.stringify({ $schema: SCHEMA('references') }),
      'catalogs/team/myskills.json': '{}',
      'catalogs/team/tools/more-hooks.json': '{}',
      'catalogs/a/b/c/d/deepskills.json': '{}',
      'catalogs/team/foreign.json': JSON.stringify({ $schema: 'https://example.com/foreign.json' }),
      'catalogs/team/.cursor/catalog-skills.json': '{}',
      '.cursor/skills.json': JSON.stringify({ 'open-pr': { description: 'x' } }),
      '.claude/hooks.json': '{}',
      'unrelated.json': '{}',
    });
    const ws = workspace(dir);
    const kind = (file: string): IndexKind | undefined => ws.classify(path.join(dir, file));
    assert.deepEqual(['listed/a.json', 'listed/b.json', 'listed/c.json', 'listed/d.json'].map(kind), ['skills', 'hooks', 'plugins', 'references']);
    assert.equal(kind('by-schema.json'), 'references');
    assert.equal(kind('catalogs/team/myskills.json'), 'skills');
    assert.equal(kind('catalogs/team/tools/more-hooks.json'), 'hooks');
    assert.equal(kind('catalogs/a/b/c/d/deepskills.json'), undefined, 'deeper than AIR looks, and no token of its own');
    assert.equal(kind('catalogs/team/foreign.json'), undefined);
    assert.equal(kind('catalogs/team/.cursor/catalog-skills.json'), undefined);
    assert.equal(kind('.cursor/skills.json'), undefined);
    assert.equal(kind('.claude/hooks.json'), undefined);
    assert.equal(kind('unrelated.json'), undefined);
  });
  it('a Claude Code plugin’s hooks/hooks.json is Claude Code’s, unless AIR’s $schema or an air.json claims it', () => {
    const CLAUDE_HOOKS = JSON.stringify({
      description: 'Format on save.',
      hooks: { PostToolUse: [{ matcher: 'Write|Edit', hooks: [{ type: 'command', command: '${CLAUDE_PLUGIN_ROOT}/format.sh' }] }] },
    });
    const dir = tempTree({
      'plugin/hooks/hooks.json': CLAUDE_HOOKS,
      'schema/hooks.json': JSON.stringify({ $schema: SCHEMA('hooks'), ...JSON.parse(CLAUDE_HOOKS) }),
      'air/hooks.json': CLAUDE_HOOKS,
      'air.json': JSON.stringify({ hooks: ['./air/hooks.json'] }),
      // AIR indexes that merely spell "hooks": a hook named hooks, a plugin's hooks list.
      'ours/hooks.json': JSON.stringify({ hooks: { description: 'A hook named hooks.', path: './hooks' } }),
      'ours/plugins.json': PLUGINS.replace('"skills"', '"hooks": ["lint"], "skills"'),
    });
    const ws = workspace(dir);
    const kind = (file: string): IndexKind | undefined => ws.classify(path.join(dir, file));
    assert.equal(kind('plugin/hooks/hooks.json'), undefined);
    assert.equal(kind('schema/hooks.json'), 'hooks');
    assert.equal(kind('air/hooks.json'), 'hooks');
    assert.equal(kind('ours/hooks.json'), 'hooks');
    assert.equal(kind('ours/plugins.json'), 'plugins');
  });
});

describe('the rest of the catalog: what an index sees (SPEC §12)', () => {
  it('a skills index composed by an air.json sees its roots, its catalogs and every other index', () => {
    const dir = tempTree(ZIMMER_LAYOUT);
    const ws = workspace(dir);
    const skills = path.join(dir, 'skills/skills.json');
    const { facts, dependencies } = ws.factsFor(skills, 'skills', settings());
    assert.equal(facts.roots?.via, 'air.json');
    assert.deepEqual(
      facts.roots?.files.map((file) => [...file.roots.keys()]),
      [['zimmer']],
    );
    assert.deepEqual(
      facts.catalogs?.files.map((file) => [...file.servers.keys()]),
      [['github']],
    );
    assert.deepEqual(artifactFiles(ws, skills, 'skills'), {
      'skills.json': ['open-pr'],
      'references.json': ['style'],
      'plugins.json': ['web'],
      'hooks.json': ['lint'],
    });
    const plugins = facts.artifacts?.files.find((file) => file.type === 'plugins');
    assert.deepEqual(plugins?.artifacts.get('web')?.lists.mcp_servers, ['github']);
    assert.deepEqual(plugins?.artifacts.get('web')?.defaultInRoots, ['zimmer']);
    assert.equal(facts.artifacts?.incomplete.size, 0);
    for (const file of ['air.json', 'roots.json', 'mcp.json', 'hooks/hooks.json', 'plugins/plugins.json', 'references/references.json']) {
      assert.ok(dependencies.includes(path.join(dir, file)), `${file} is watched`);
    }
  });

  it('a catalog and a roots index see the skills, hooks, plugins and references indexes too', () => {
    const dir = tempTree(ZIMMER_LAYOUT);
    const ws = workspace(dir);
    for (const [file, kind] of [
      ['mcp.json', 'catalog'],
      ['roots.json', 'roots'],
    ] as const) {
      assert.deepEqual(
        Object.keys(artifactFiles(ws, path.join(dir, file), kind)).sort(),
        ['hooks.json', 'plugins.json', 'references.json', 'skills.json'],
        file,
      );
    }
    // A roots index is its own roots; a catalog keeps its composition.
    const roots = ws.factsFor(path.join(dir, 'roots.json'), 'roots', settings()).facts;
    assert.equal(roots.roots, undefined);
    assert.deepEqual(
      roots.catalogs?.files.map((file) => path.basename(file.path)),
      ['mcp.json'],
    );
  });

  it('a plugins index without an air.json finds its siblings by name, its roots and catalog beside it', () => {
    const dir = tempTree({
      'team-plugins.json': PLUGINS,
      'team-skills.json': SKILLS,
      'skills.json': '{}',
      'hooks.json': HOOKS,
      'team-mcp.json': MCP,
      'roots.json': ROOTS,
    });
    const ws = workspace(dir);
    const file = path.join(dir, 'team-plugins.json');
    const { facts, dependencies } = ws.factsFor(file, 'plugins', settings());
    assert.equal(facts.roots?.via, 'sibling');
    assert.deepEqual(
      facts.roots?.files.map((f) => path.basename(f.path)),
      ['roots.json'],
    );
    assert.deepEqual(
      facts.catalogs?.files.map((f) => path.basename(f.path)),
      ['team-mcp.json'],
    );
    // team-skills.json by the swapped name (beside another skills.json); hooks.json the only one; no references index.
    assert.deepEqual(artifactFiles(ws, file, 'plugins'), { 'team-skills.json': ['open-pr'], 'hooks.json': ['lint'], 'team-plugins.json': ['web'] });
    assert.ok(dependencies.includes(path.join(dir, 'team-references.json')), 'the missing sibling is watched');
  });

  it('says what it looked for when a skills index has no roots index', () => {
    const dir = tempTree({ 'skills.json': SKILLS });
    const { facts } = workspace(dir).factsFor(path.join(dir, 'skills.json'), 'skills', settings());
    assert.equal(facts.roots, undefined);
    assert.equal(facts.rootsSearch, 'an air.json listing this skills index and a sibling roots.json');
    assert.equal(facts.catalogs, undefined);
  });

  it('marks types fed by remote sources incomplete, with their scopes, and reads the catalogs folders', () => {
    const dir = tempTree({
      'air.json': JSON.stringify({
        catalogs: ['./catalogs', 'github://acme/shared@v1/agents'],
        skills: ['github://tools/skills/skills.json', './skills.json'],
      }),
      'skills.json': SKILLS,
      'catalogs/team/plugins.json': PLUGINS,
      'catalogs/team/tools/mcp.json': MCP,
      'catalogs/team/roots.json': ROOTS,
      'catalogs/a/b/c/d/hooks.json': HOOKS,
    });
    const ws = workspace(dir);
    const { facts } = ws.factsFor(path.join(dir, 'skills.json'), 'skills', settings());
    assert.deepEqual([...(facts.artifacts?.incomplete ?? [])].sort(), ['hooks', 'mcp', 'plugins', 'references', 'roots', 'skills']);
    assert.deepEqual(facts.artifacts?.remoteScopes, ['acme/shared', 'tools/skills']);
    assert.deepEqual(Object.keys(artifactFiles(ws, path.join(dir, 'skills.json'), 'skills')).sort(), ['plugins.json', 'skills.json'], 'hooks.json is too deep');
    assert.deepEqual(
      facts.roots?.files.map((f) => path.relative(dir, f.path)),
      [path.join('catalogs', 'team', 'roots.json')],
    );
    assert.deepEqual(
      facts.catalogs?.files.map((f) => path.relative(dir, f.path)),
      [path.join('catalogs', 'team', 'tools', 'mcp.json')],
    );
    assert.deepEqual(facts.catalogs?.remoteSources, ['github://acme/shared@v1/agents']);
    // A plugins index found only by the catalogs folder is composed by that air.json.
    const plugin = ws.factsFor(path.join(dir, 'catalogs/team/plugins.json'), 'plugins', settings()).facts;
    assert.equal(plugin.roots?.via, 'air.json');
    assert.deepEqual(Object.keys(artifactFiles(ws, path.join(dir, 'catalogs/team/plugins.json'), 'plugins')).sort(), ['plugins.json', 'skills.json']);
  });

  it('never reads an index outside the workspace: the type is incomplete instead', () => {
    const outside = tempTree({ 'skills.json': SKILLS });
    const dir = tempTree({ 'air.json': JSON.stringify({ plugins: ['./plugins.json'], skills: [path.join(outside, 'skills.json')] }), 'plugins.json': PLUGINS });
    const { facts } = workspace(dir).factsFor(path.join(dir, 'plugins.json'), 'plugins', settings());
    assert.deepEqual(
      facts.artifacts?.files.map((f) => f.type),
      ['plugins'],
    );
    assert.ok(facts.artifacts?.incomplete.has('skills'));
  });

  it('in a restricted workspace the indexes are still read, but never a file that holds variables by its name', () => {
    const dir = tempTree({
      'air.json': JSON.stringify({ plugins: ['./plugins.json'], skills: ['./skills.json'], hooks: ['./secret-hooks.json'] }),
      'plugins.json': PLUGINS,
      'skills.json': SKILLS,
      'secret-hooks.json': HOOKS,
    });
    const restricted = new Workspace(diskReader, { workspaceRoot: dir, env: {}, searchBoundary: dir, containment: [dir], trusted: false });
    const { facts } = restricted.factsFor(path.join(dir, 'plugins.json'), 'plugins', settings({ trusted: false }));
    assert.deepEqual(facts.artifacts?.files.map((f) => f.type).sort(), ['plugins', 'skills']);
    assert.deepEqual([...(facts.artifacts?.incomplete ?? [])], ['hooks']);
  });

  it('a missing listed index is empty (AIR reads it so), a broken one leaves its type incomplete', () => {
    const dir = tempTree({
      'air.json': JSON.stringify({ plugins: ['./plugins.json'], skills: ['./gone.json'], hooks: ['./hooks.json'] }),
      'plugins.json': PLUGINS,
      'hooks.json': '{"lint": {},}',
    });
    const { facts } = workspace(dir).factsFor(path.join(dir, 'plugins.json'), 'plugins', settings());
    assert.deepEqual([...(facts.artifacts?.incomplete ?? [])], ['hooks']);
  });
});
