import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { summariseArtifactIndex, type OtherIndexType } from '../../server/src/service/artifacts';
import { fixesFor } from '../../server/src/service/fixes';
import { migrateLegacyMembership } from '../../server/src/service/fixes/membershipFixes';
import { applyEdits } from '../../server/src/service/fixes/apply';
import { isMemberOf, LEGACY_MEMBERSHIP_FIELD_NAMES, subagentRootsOf } from '../../server/src/service/membership';
import { parseJson } from '../../server/src/service/parse';
import { summariseCatalog, summariseRootsIndex } from '../../server/src/service/summary';
import { whatRootsGet } from '../../server/src/service/whatRootsGet';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import { catalog, check, expectOne, facts, REPO_ROOT, tempTree, withCode } from './helpers';

/**
 * Root membership since AIR 0.12 (SPEC §4.4, §6.2): only the artifact's `default_in_roots` counts;
 * root-side `default_*` arrays get `legacy-root-membership`, whose migration (quick fix, `mcp-catalog
 * fix`) moves each name onto its artifact and keeps what it cannot move.
 */

const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');

function bin(args: string[], cwd: string): { status: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: 'utf8' });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

type Json = Record<string, Record<string, unknown>>;

/** The legacy index of the migration tests: every default_* kind, "*", qualified IDs, a name in two roots, a remote scope, an unknown name. */
const MCP: Json = {
  github: { type: 'streamable-http', url: 'https://api.githubcopilot.com/mcp/', headers: { Authorization: 'Bearer ${GH_TOKEN}' } },
  lin: { type: 'stdio', command: 'lin-mcp', default_in_roots: ['web'] },
  docs: { type: 'stdio', command: 'docs-mcp', default_in_roots: ['*'] },
  search: { type: 'stdio', command: 'search-mcp', default_in_roots: ['@local/api'] },
  shared: { type: 'stdio', command: 'shared-mcp' },
};
const ROOTS: Json = {
  web: {
    description: 'Web',
    default_mcp_servers: ['github', '@local/lin', 'docs', 'shared'],
    default_skills: ['review'],
    default_hooks: ['lint'],
    default_plugins: ['ci'],
    default_subagent_roots: ['api'],
  },
  api: {
    description: 'API',
    default_mcp_servers: ['@local/search', 'shared', '@acme/tools/remote', 'ghost'],
    default_subagent_roots: ['@local/ops'],
  },
  ops: { description: 'Ops', default_hooks: [] },
};

const pretty = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const local = (item: string): string => item.replace(/^@local\//, '');

/** What the author meant before AIR 0.12: each root's servers and subagent roots from both sides. */
function intended(mcp: Json, roots: Json): Record<string, { servers: string[]; subagents: string[] }> {
  const out: Record<string, { servers: string[]; subagents: string[] }> = {};
  for (const root of Object.keys(roots)) {
    const listed = ((roots[root].default_mcp_servers as string[] | undefined) ?? []).map(local);
    const servers = Object.keys(mcp).filter((name) => listed.includes(name) || isMemberOf(mcp[name].default_in_roots, root));
    const listedRoots = ((roots[root].default_subagent_roots as string[] | undefined) ?? []).map(local);
    const subagents = Object.keys(roots).filter((name) => name !== root && (listedRoots.includes(name) || isMemberOf(roots[name].default_in_roots, root)));
    out[root] = { servers, subagents };
  }
  return out;
}

/** What AIR ≥ 0.12 computes from the files: artifact-side only. */
function computed(mcpText: string, rootsText: string): Record<string, { servers: string[]; subagents: string[] }> {
  const mcp = summariseCatalog('/ws/mcp.json', mcpText);
  const rootsFile = summariseRootsIndex('/ws/roots.json', rootsText);
  const roots = { via: 'explicit' as const, files: [rootsFile], remoteSources: [] };
  const out: Record<string, { servers: string[]; subagents: string[] }> = {};
  for (const root of rootsFile.roots.keys()) {
    out[root] = {
      servers: [...mcp.servers].filter(([, server]) => isMemberOf(server.defaultInRoots, root)).map(([name]) => name),
      subagents: subagentRootsOf(roots, root) ?? [],
    };
  }
  return out;
}

describe('legacy root membership (SPEC §4.4, §6.2)', () => {
  it('mcp-catalog readiness per root ignores root-side default_mcp_servers: web gets lin only, and no GH_TOKEN warning', function () {
    if (!fs.existsSync(BIN)) this.skip();
    const dir = tempTree({
      'mcp.json': pretty({ github: MCP.github, lin: MCP.lin }),
      'roots.json': pretty({ web: { description: 'Web', default_mcp_servers: ['github'] } }),
    });
    const run = bin(['readiness', '--format', 'json', '--no-process-env', 'mcp.json'], dir);
    assert.equal(run.status, 0, run.stderr);
    const json = JSON.parse(run.stdout) as { roots: { name: string; servers: string[]; worstState?: string; warning?: string }[] };
    assert.deepEqual(json.roots, [{ name: 'web', servers: ['lin'] }]);
    // The roots index itself says github is not attached.
    const checked = bin(['check', '--no-process-env', 'roots.json'], dir);
    assert.match(checked.stdout, /warning legacy-root-membership: default_mcp_servers is ignored since AIR 0\.12, so root "web" does not get "github"\./);
  });

  it('warns on every root-side default_* array, on its key, saying what the root really gets', () => {
    const text = pretty(ROOTS);
    const findings = check(text, 'roots', facts({ catalogs: { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', pretty(MCP))], remoteSources: [] } }));
    const legacy = withCode(findings, 'legacy-root-membership');
    assert.deepEqual(
      legacy.map((f) => f.data?.path),
      [
        ['web', 'default_mcp_servers'],
        ['web', 'default_skills'],
        ['web', 'default_hooks'],
        ['web', 'default_plugins'],
        ['web', 'default_subagent_roots'],
        ['api', 'default_mcp_servers'],
        ['api', 'default_subagent_roots'],
        ['ops', 'default_hooks'],
      ],
    );
    assert.ok(legacy.every((f) => f.severity === 'warning'));
    const webServers = legacy[0].message;
    assert.match(webServers, /^default_mcp_servers is ignored since AIR 0\.12, so root "web" does not get "github" and "shared"\. Move each/);
    assert.match(webServers, /It gets "lin" and "docs" from default_in_roots\.$/);
    // What cannot be moved is pointed out, each name where it is written.
    assert.deepEqual(
      legacy[5].related?.map((r) => r.message),
      ['"@acme/tools/remote" stays: it is in a remote scope, which cannot be edited from here.', '"ghost" stays: no server of its catalogs has that name.'],
    );
    assert.match(legacy[1].related![0].message, /^"review" stays: no skills index is read/);
    // An unknown server is an error; a remote scope is said once.
    expectOne(text, findings, 'undefined-server', { range: '"ghost"' });
    assert.equal(withCode(findings, 'reference-not-checked').length, 1);
    assert.equal(withCode(findings, 'unavailable-default').length, 0);
    for (const name of LEGACY_MEMBERSHIP_FIELD_NAMES)
      assert.ok(
        legacy.some((f) => f.data?.field === name),
        name,
      );
  });

  it('an unknown root in a legacy default_subagent_roots is undefined-root', () => {
    const text = catalog({ web: { description: 'W', default_subagent_roots: ['apj'] }, api: { description: 'A' } });
    assert.deepEqual(expectOne(text, check(text, 'roots'), 'undefined-root', { range: '"apj"' }).data?.candidates, ['api']);
  });

  it('an artifact whose default_in_roots is not an array cannot take the name: it stays, pointed out, and no fix is promised for it', () => {
    const mcp = { bad: { type: 'stdio', command: 'b', default_in_roots: 'web' }, ok: { type: 'stdio', command: 'o' } };
    const roots = {
      web: { description: 'W', default_mcp_servers: ['bad'], default_subagent_roots: ['api'] },
      api: { description: 'A', default_in_roots: 'web' },
    };
    const text = pretty(roots);
    const legacy = withCode(
      check(text, 'roots', facts({ catalogs: { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', pretty(mcp))], remoteSources: [] } })),
      'legacy-root-membership',
    );
    const servers = legacy.find((f) => f.data?.field === 'default_mcp_servers')!;
    assert.deepEqual(
      servers.related?.map((r) => r.message),
      ['"bad" stays: its default_in_roots is not an array, so nothing can be added to it.'],
    );
    assert.match(servers.message, /Add "web" to each server's own default_in_roots\./);
    assert.equal(servers.data?.movable, 0);
    const subagents = legacy.find((f) => f.data?.field === 'default_subagent_roots')!;
    assert.deepEqual(
      subagents.related?.map((r) => r.message),
      ['"api" stays: its default_in_roots is not an array, so nothing can be added to it.'],
    );
  });

  it('the quick fix, applied finding by finding to both files, migrates to the same computed membership per root', () => {
    const files = new Map([
      ['/ws/mcp.json', pretty(MCP)],
      ['/ws/roots.json', pretty(ROOTS)],
    ]);
    const want = intended(MCP, ROOTS);
    applyQuickFixes(files, () =>
      facts({
        documentPath: '/ws/roots.json',
        catalogs: { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', files.get('/ws/mcp.json')!)], remoteSources: [] },
      }),
    );
    assert.deepEqual(computed(files.get('/ws/mcp.json')!, files.get('/ws/roots.json')!), want);
    assertMigrated(JSON.parse(files.get('/ws/mcp.json')!) as Json, JSON.parse(files.get('/ws/roots.json')!) as Json);
  });

  it('mcp-catalog fix, as a process, migrates both files to the same computed membership per root; --dry-run writes nothing', function () {
    if (!fs.existsSync(BIN)) this.skip();
    const dir = tempTree({ 'mcp.json': pretty(MCP), 'roots.json': pretty(ROOTS) });
    const dry = bin(['fix', '--dry-run', '--no-process-env', 'roots.json'], dir);
    assert.equal(dry.status, 1, dry.stderr);
    assert.match(dry.stdout, /^--- a\/roots\.json/m);
    assert.match(dry.stdout, /^--- a\/mcp\.json/m);
    assert.equal(fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8'), pretty(MCP));

    const run = bin(['fix', '--no-process-env', 'roots.json'], dir);
    assert.match(run.stderr, /moved \d+ name\(s\) from roots\.json into default_in_roots \(mcp\.json\)/);
    const mcpText = fs.readFileSync(path.join(dir, 'mcp.json'), 'utf8');
    const rootsText = fs.readFileSync(path.join(dir, 'roots.json'), 'utf8');
    assert.deepEqual(computed(mcpText, rootsText), intended(MCP, ROOTS));
    assertMigrated(JSON.parse(mcpText) as Json, JSON.parse(rootsText) as Json);
    // The readiness the command line now reports per root is the intended one.
    const readiness = JSON.parse(bin(['readiness', '--format', 'json', '--no-process-env', 'mcp.json'], dir).stdout) as {
      roots: { name: string; servers: string[] }[];
    };
    assert.deepEqual(
      readiness.roots.map((r) => [r.name, r.servers]),
      Object.entries(intended(MCP, ROOTS)).map(([name, want]) => [name, want.servers]),
    );
  });
});

/** The server's way: one quick fix of one finding at a time, applied to every file it edits, rechecked with fresh facts. */
function applyQuickFixes(files: Map<string, string>, factsNow: () => WorkspaceFacts): void {
  for (let round = 0; round < 30; round++) {
    const workspaceFacts = factsNow();
    const text = files.get('/ws/roots.json')!;
    const parsed = parseJson(text);
    const fix = withCode(check(text, 'roots', workspaceFacts), 'legacy-root-membership')
      .map((finding) => fixesFor(finding, { text, parsed, kind: 'roots', facts: workspaceFacts, readFile: (p) => files.get(p) })[0])
      .find((found) => found !== undefined);
    if (!fix) return;
    assert.equal(fix.inFixAll, false, 'never in fix-all: it edits other files');
    files.set('/ws/roots.json', applyEdits(text, fix.edits));
    for (const change of fix.files ?? []) files.set(change.path, applyEdits(files.get(change.path)!, change.edits));
  }
}

/** The exact result: fields created, nothing duplicated, nothing added beside "*", what cannot move kept. */
function assertMigrated(mcp: Json, roots: Json): void {
  assert.deepEqual(mcp.github.default_in_roots, ['web']);
  assert.deepEqual(mcp.lin.default_in_roots, ['web']);
  assert.deepEqual(mcp.docs.default_in_roots, ['*']);
  assert.deepEqual(mcp.search.default_in_roots, ['@local/api']);
  assert.deepEqual(mcp.shared.default_in_roots, ['web', 'api']);
  assert.deepEqual(roots.web, { description: 'Web', default_skills: ['review'], default_hooks: ['lint'], default_plugins: ['ci'] });
  assert.deepEqual(roots.api, { description: 'API', default_mcp_servers: ['@acme/tools/remote', 'ghost'], default_in_roots: ['web'] });
  assert.deepEqual(roots.ops, { description: 'Ops', default_in_roots: ['api'] });
}

describe('legacy root membership of skills, hooks and plugins (SPEC §4.4, §12)', () => {
  /** Every default_* kind, "*", qualified IDs, a name in two roots, a remote scope, unknown names. */
  const SKILLS: Json = {
    review: { description: 'R', path: 'skills/review' },
    deploy: { description: 'D', path: 'skills/deploy', default_in_roots: ['api'] },
    everywhere: { description: 'E', path: 'skills/everywhere', default_in_roots: ['*'] },
  };
  const HOOKS: Json = { lint: { description: 'L', path: 'hooks/lint' } };
  const PLUGINS: Json = {
    ci: { description: 'C', mcp_servers: ['shared'], skills: ['review'] },
    tools: { description: 'T', mcp_servers: ['search'], default_in_roots: ['@local/ops'] },
  };
  const LEGACY: Json = {
    web: {
      description: 'Web',
      default_mcp_servers: ['github', '@local/lin'],
      default_skills: ['review', '@local/deploy', 'everywhere'],
      default_hooks: ['lint', '@acme/tools/remote-hook'],
      default_plugins: ['ci'],
    },
    api: { description: 'API', default_skills: ['review', 'ghost'], default_plugins: ['@local/ci', 'tools'], default_hooks: ['@local/lint'] },
    // ops gets search through its plugin tools already.
    ops: { description: 'Ops', default_mcp_servers: ['search'] },
  };
  const FILES: Record<string, Json> = { '/ws/mcp.json': MCP, '/ws/skills.json': SKILLS, '/ws/hooks.json': HOOKS, '/ws/plugins.json': PLUGINS };
  const TYPES: Record<string, OtherIndexType> = { '/ws/skills.json': 'skills', '/ws/hooks.json': 'hooks', '/ws/plugins.json': 'plugins' };

  type Membership = Record<string, { servers: string[]; skills: string[]; hooks: string[]; plugins: string[] }>;

  /** What the author meant before AIR 0.12: both sides, and the servers and skills of the plugins meant. */
  function intendedAll(): Membership {
    const out: Membership = {};
    const listed = (root: string, field: string): string[] => ((LEGACY[root][field] as string[] | undefined) ?? []).map(local);
    const pick = (index: Json, root: string, field: string, extra: string[] = []): string[] =>
      Object.keys(index).filter((name) => listed(root, field).includes(name) || extra.includes(name) || isMemberOf(index[name].default_in_roots, root));
    for (const root of Object.keys(LEGACY)) {
      const plugins = pick(PLUGINS, root, 'default_plugins');
      const fromPlugins = (field: string) => plugins.flatMap((plugin) => (PLUGINS[plugin][field] as string[] | undefined) ?? []);
      out[root] = {
        servers: pick(MCP, root, 'default_mcp_servers', fromPlugins('mcp_servers')),
        skills: pick(SKILLS, root, 'default_skills', fromPlugins('skills')),
        hooks: pick(HOOKS, root, 'default_hooks'),
        plugins,
      };
    }
    return out;
  }

  function factsOf(files: ReadonlyMap<string, string>) {
    return facts({
      documentPath: '/ws/roots.json',
      catalogs: { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', files.get('/ws/mcp.json')!)], remoteSources: [] },
      artifacts: {
        files: Object.entries(TYPES).map(([file, type]) => summariseArtifactIndex(type, file, files.get(file)!)),
        incomplete: new Set(),
        remoteScopes: [],
      },
    });
  }

  /** What AIR ≥ 0.12 computes from the files (service/whatRootsGet.ts). */
  function computedAll(files: ReadonlyMap<string, string>): Membership {
    const workspaceFacts = factsOf(files);
    const roots = [...summariseRootsIndex('/ws/roots.json', files.get('/ws/roots.json')!).roots.keys()];
    const servers = [...workspaceFacts.catalogs!.files[0].servers].map(([name, server]) => ({ name, defaultInRoots: server.defaultInRoots }));
    const out: Membership = {};
    for (const [root, gets] of whatRootsGet(roots, servers, workspaceFacts.artifacts)) {
      const ids = (members: readonly { id: string }[]) => members.map((member) => member.id);
      out[root] = { servers: ids(gets.servers), skills: ids(gets.skills), hooks: ids(gets.hooks), plugins: [...gets.plugins] };
    }
    return out;
  }

  const start = (): Map<string, string> =>
    new Map([...Object.entries(FILES).map(([file, json]): [string, string] => [file, pretty(json)]), ['/ws/roots.json', pretty(LEGACY)]]);

  function assertMigratedAll(files: ReadonlyMap<string, string>): void {
    const read = (file: string) => JSON.parse(files.get(file)!) as Json;
    const skills = read('/ws/skills.json');
    assert.deepEqual(skills.review.default_in_roots, ['web', 'api']);
    assert.deepEqual(skills.deploy.default_in_roots, ['api', 'web']);
    assert.deepEqual(skills.everywhere.default_in_roots, ['*']);
    assert.deepEqual(read('/ws/hooks.json').lint.default_in_roots, ['web', 'api']);
    assert.deepEqual(read('/ws/plugins.json').ci.default_in_roots, ['web', 'api']);
    assert.deepEqual(read('/ws/plugins.json').tools.default_in_roots, ['@local/ops', 'api']);
    const roots = read('/ws/roots.json');
    // What cannot be moved stays: a remote scope, an unknown skill.
    assert.deepEqual(roots.web, { description: 'Web', default_hooks: ['@acme/tools/remote-hook'] });
    assert.deepEqual(roots.api, { description: 'API', default_skills: ['ghost'] });
    assert.deepEqual(roots.ops, { description: 'Ops' });
  }

  it('the warning says what the root really gets of each kind, plugin-brought included, and points out what stays', () => {
    const files = start();
    const findings = withCode(check(files.get('/ws/roots.json')!, 'roots', factsOf(files)), 'legacy-root-membership');
    const message = (root: string, field: string) => findings.find((f) => f.data?.root === root && f.data?.field === field)!;
    assert.match(
      message('web', 'default_skills').message,
      /so root "web" does not get "review" and "@local\/deploy"\. Move each to its skill's default_in_roots.*It gets "everywhere" from default_in_roots\.$/,
    );
    assert.match(message('api', 'default_plugins').message, /does not get "@local\/ci" and "tools"\..*It gets no plugins from default_in_roots\.$/);
    assert.match(
      message('ops', 'default_mcp_servers').message,
      /root "ops" gets its servers anyway, through default_in_roots or its plugins\. Remove it .* It gets "docs" and "search" \(plugin "tools"\) from default_in_roots and its plugins\.$/,
    );
    assert.deepEqual(
      message('web', 'default_hooks').related?.map((r) => r.message),
      ['"@acme/tools/remote-hook" stays: it is in a remote scope, which cannot be edited from here.'],
    );
    assert.deepEqual(
      message('api', 'default_skills').related?.map((r) => r.message),
      ['"ghost" stays: no skill of its skills indexes has that name.'],
    );
  });

  it('the quick fix, finding by finding, moves every kind into its index and keeps the computed membership per root', () => {
    const files = start();
    applyQuickFixes(files, () => factsOf(files));
    assert.deepEqual(computedAll(files), intendedAll());
    assertMigratedAll(files);
  });

  it('mcp-catalog fix, as a process, finds the sibling indexes and migrates every kind the same way', function () {
    if (!fs.existsSync(BIN)) this.skip();
    const dir = tempTree(Object.fromEntries([...start()].map(([file, text]) => [path.basename(file), text])));
    const run = bin(['fix', '--no-process-env', 'roots.json'], dir);
    assert.match(run.stderr, /moved \d+ name\(s\) from roots\.json into default_in_roots \(.*skills\.json/);
    const files = new Map([...start().keys()].map((file) => [file, fs.readFileSync(path.join(dir, path.basename(file)), 'utf8')]));
    assert.deepEqual(computedAll(files), intendedAll());
    assertMigratedAll(files);
  });

  it("mcp-catalog fix's migration (every array in one run) gives the same files", () => {
    const files = start();
    const migration = migrateLegacyMembership(files.get('/ws/roots.json')!, factsOf(files), (p) => files.get(p));
    files.set('/ws/roots.json', migration.text);
    for (const [file, text] of migration.files) files.set(file, text);
    assert.deepEqual([...migration.files.keys()].sort(), ['/ws/hooks.json', '/ws/mcp.json', '/ws/plugins.json', '/ws/skills.json']);
    assert.deepEqual(computedAll(files), intendedAll());
    assertMigratedAll(files);
  });
});
