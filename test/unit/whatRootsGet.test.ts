import { strict as assert } from 'node:assert';
import { summariseArtifactIndex, type ArtifactsFacts, type OtherIndexType } from '../../server/src/service/artifacts';
import { readCatalog } from '../../server/src/service/catalogView';
import { fileSideOf } from '../../server/src/service/live';
import { computeReadiness } from '../../server/src/service/readiness';
import { previewRuntimeConfig } from '../../server/src/service/runtime';
import { summariseRootsIndex } from '../../server/src/service/summary';
import { VariableIndex } from '../../server/src/service/variables';
import { whatRootsGet } from '../../server/src/service/whatRootsGet';
import { formatReadinessText } from '../../server/src/cli/readiness';
import { hoverAt } from '../../server/src/service/language/hover';
import { languageDocument } from './language/helpers';
import { catalogsFacts, check, facts, spanText, withCode } from './helpers';

/**
 * What a root gets (SPEC §6.2, §12): its own members plus what its plugins bring, nested plugins
 * flattened as AIR's expandPlugins does, the first selected plugin credited as Zimmer's
 * derive_from_plugins does; the same set in readiness per root, the session warning, root previews
 * and the live file side.
 */

type Json = Record<string, Record<string, unknown>>;

function artifacts(indexes: Partial<Record<OtherIndexType, Json>>): ArtifactsFacts {
  return {
    files: Object.entries(indexes).map(([type, entries]) => summariseArtifactIndex(type as OtherIndexType, `/ws/${type}.json`, JSON.stringify(entries))),
    incomplete: new Set(),
    remoteScopes: [],
  };
}

function workspace(roots: Json, indexes: Partial<Record<OtherIndexType, Json>>, known: string[] = []) {
  return facts({
    known,
    roots: { via: 'sibling', files: [summariseRootsIndex('/ws/roots.json', JSON.stringify(roots))], remoteSources: [] },
    artifacts: artifacts(indexes),
  });
}

const MCP: Json = {
  lin: { type: 'stdio', command: 'lin-mcp', default_in_roots: ['web'] },
  eslint: { type: 'stdio', command: 'eslint-mcp', env: { ESLINT_TOKEN: '${ESLINT_TOKEN}' } },
  ci: { type: 'stdio', command: 'ci-mcp' },
  obs: { type: 'stdio', command: 'obs-mcp' },
  unrelated: { type: 'stdio', command: 'other' },
};
const ROOTS: Json = {
  // Root-side default_plugins is ignored since AIR 0.12 (SPEC §4.4).
  web: { description: 'Web', default_plugins: ['deploy'] },
  data: { description: 'Data' },
};
const PLUGINS: Json = {
  quality: { description: 'Q', mcp_servers: ['eslint', 'lin'], skills: ['lint-fix'], hooks: ['pre-commit'] },
  deploy: { description: 'D', mcp_servers: ['@local/ci'] },
  suite: { description: 'S', plugins: ['quality', 'deploy'], mcp_servers: ['obs'], skills: ['monitor'], default_in_roots: ['web'] },
  again: { description: 'A', mcp_servers: ['eslint'], default_in_roots: ['*'] },
};
const SKILLS: Json = {
  'lint-fix': { description: 'L', path: 'skills/lint-fix' },
  monitor: { description: 'M', path: 'skills/monitor', default_in_roots: ['data'] },
  review: { description: 'R', path: 'skills/review', default_in_roots: ['@local/web'] },
};
const HOOKS: Json = { 'pre-commit': { description: 'P', path: 'hooks/pre-commit' } };

describe('what a root gets (SPEC §6.2, §12)', () => {
  const indexes = { plugins: PLUGINS, skills: SKILLS, hooks: HOOKS };
  const pool = Object.entries(MCP).map(([name, value]) => ({ name, defaultInRoots: value.default_in_roots }));

  it('a plugin joins a root through its own default_in_roots and brings its servers, nested plugins flattened; the first selected plugin is credited', () => {
    const got = whatRootsGet(['web', 'data'], pool, artifacts(indexes));
    const web = got.get('web')!;
    // suite (joins web) and again ("*"): root-side default_plugins ["deploy"] counts for nothing.
    assert.deepEqual(web.plugins, ['suite', 'again']);
    // lin is web's own; eslint, ci and obs arrive through suite (eslint and ci through its nested plugins), before again.
    assert.deepEqual(web.servers, [{ id: 'lin' }, { id: 'eslint', plugin: 'suite' }, { id: 'ci', plugin: 'suite' }, { id: 'obs', plugin: 'suite' }]);
    assert.deepEqual(web.skills, [{ id: 'lint-fix', plugin: 'suite' }, { id: 'monitor', plugin: 'suite' }, { id: 'review' }]);
    assert.deepEqual(web.hooks, [{ id: 'pre-commit', plugin: 'suite' }]);
    const data = got.get('data')!;
    assert.deepEqual(data.plugins, ['again']);
    assert.deepEqual(data.servers, [{ id: 'eslint', plugin: 'again' }]);
    assert.deepEqual(data.skills, [{ id: 'monitor' }]);
    assert.deepEqual(web.collisions, []);
  });

  it('without plugins (or without the other indexes) a root gets only its own members', () => {
    const got = whatRootsGet(['web', 'data'], pool, undefined);
    assert.deepEqual(got.get('web'), { plugins: [], servers: [{ id: 'lin' }], skills: [], hooks: [], collisions: [] });
    assert.deepEqual(got.get('data')!.servers, []);
  });

  it('a plugin cycle ends the walk instead of hanging (the cycle is an error of its own)', () => {
    const cyclic = {
      a: { description: 'A', plugins: ['b'], mcp_servers: ['ci'], default_in_roots: ['web'] },
      b: { description: 'B', plugins: ['@local/a'], mcp_servers: ['obs'] },
    };
    const got = whatRootsGet(['web'], pool, artifacts({ plugins: cyclic }));
    assert.deepEqual(got.get('web')!.servers, [{ id: 'lin' }, { id: 'ci', plugin: 'a' }, { id: 'obs', plugin: 'a' }]);
  });

  it('a chain of 10,000 nested plugins brings its last server to the root, credited to the first plugin (no stack overflow)', () => {
    const chain: Json = {};
    const depth = 10_000;
    for (let i = 0; i < depth; i++) {
      chain[`p${i}`] = { description: 'P', plugins: i + 1 < depth ? [`p${i + 1}`] : [], mcp_servers: i === depth - 1 ? ['ci'] : [] };
    }
    chain.p0.default_in_roots = ['web'];
    const got = whatRootsGet(['web'], pool, artifacts({ plugins: chain }));
    assert.deepEqual(got.get('web')!.servers, [{ id: 'lin' }, { id: 'ci', plugin: 'p0' }]);
  });

  it('two activated IDs with one short name are a shortname collision (AIR refuses the session); one ID twice is not', () => {
    const plugins = {
      mirror: { description: 'M', mcp_servers: ['@acme/tools/lin', 'lin'], skills: ['@acme/tools/review'], default_in_roots: ['web'] },
      other: { description: 'O', mcp_servers: ['@other/repo/lin'], default_in_roots: ['data'] },
    };
    const got = whatRootsGet(['web', 'data'], pool, artifacts({ plugins, skills: SKILLS }));
    assert.deepEqual(got.get('web')!.collisions, [
      { kind: 'servers', shortname: 'lin', ids: [{ id: '@local/lin' }, { id: '@acme/tools/lin', plugin: 'mirror' }] },
      { kind: 'skills', shortname: 'review', ids: [{ id: '@local/review' }, { id: '@acme/tools/review', plugin: 'mirror' }] },
    ]);
    // data gets only @other/repo/lin: one ID, no collision.
    assert.deepEqual(got.get('data')!.collisions, []);
  });

  it('readiness per root: a server a plugin brings with an unresolved variable is missing configuration, and the session warning names it', () => {
    const workspaceFacts = workspace(ROOTS, indexes);
    const readiness = computeReadiness(JSON.stringify(MCP), workspaceFacts);
    const web = readiness.roots.find((root) => root.name === 'web')!;
    assert.deepEqual(web.servers, ['lin', 'eslint', 'ci', 'obs']);
    assert.deepEqual(web.broughtBy, { eslint: 'suite', ci: 'suite', obs: 'suite' });
    assert.equal(web.worstState, 'missing_configuration');
    assert.equal(web.warning, 'preparing the session is expected to fail until ESLINT_TOKEN is set');
    assert.deepEqual(web.plugins, ['suite', 'again']);
    assert.deepEqual(
      web.skills?.map((skill) => skill.id),
      ['lint-fix', 'monitor', 'review'],
    );
    // The command line's text says which plugin brought it.
    const text = formatReadinessText('mcp.json', readiness);
    assert.match(text, /web +lin, eslint \(plugin suite\), ci \(plugin suite\), obs \(plugin suite\) — missing config: preparing the session/);
    assert.match(text, /plugins: suite, again; skills: lint-fix \(plugin suite\), monitor \(plugin suite\), review; hooks: pre-commit \(plugin suite\)/);
    // Known, the warning goes.
    const ready = computeReadiness(JSON.stringify(MCP), workspace(ROOTS, indexes, ['ESLINT_TOKEN']));
    assert.equal(ready.roots.find((root) => root.name === 'web')!.worstState, undefined);
  });

  it("the root's Claude preview has the plugin's server with its placeholder kept", () => {
    const outcome = previewRuntimeConfig(JSON.stringify(MCP), { runtime: 'claude', selection: { kind: 'root', root: 'data' } }, workspace(ROOTS, indexes));
    assert.ok(outcome.ok);
    const mcpJson = JSON.parse(outcome.config.files[0].content) as { mcpServers: Record<string, { env?: Record<string, string> }> };
    assert.deepEqual(Object.keys(mcpJson.mcpServers), ['eslint', 'zimmer-self-session']);
    assert.equal(mcpJson.mcpServers.eslint.env?.ESLINT_TOKEN, '${ESLINT_TOKEN}');
  });

  it("the root's preview says which plugin brought a server and, where the sources are known, that it is missing configuration", () => {
    const request = { runtime: 'claude' as const, selection: { kind: 'root' as const, root: 'data' } };
    // The editor judges readiness from the document's variable sources (its analysis computed it once).
    const judgedFacts = workspace(ROOTS, indexes);
    const judged = previewRuntimeConfig(JSON.stringify(MCP), { ...request, readiness: computeReadiness(JSON.stringify(MCP), judgedFacts) }, judgedFacts);
    assert.ok(judged.ok);
    assert.deepEqual(
      judged.config.notes.filter((note) => note.startsWith('"eslint"') || note.startsWith('A session on root')),
      [
        'A session on root "data" is warned: preparing the session is expected to fail until ESLINT_TOKEN is set.',
        '"eslint" comes with plugin "again": missing config (ESLINT_TOKEN).',
      ],
    );
    const knownFacts = workspace(ROOTS, indexes, ['ESLINT_TOKEN']);
    const known = previewRuntimeConfig(JSON.stringify(MCP), { ...request, readiness: computeReadiness(JSON.stringify(MCP), knownFacts) }, knownFacts);
    assert.ok(known.ok);
    assert.deepEqual(
      known.config.notes.filter((note) => note.startsWith('"eslint"') || note.startsWith('A session on root')),
      ['"eslint" comes with plugin "again".'],
    );
    // `mcp-catalog preview` reads no variable source: it names what the server needs, unjudged.
    const unjudged = previewRuntimeConfig(JSON.stringify(MCP), request, workspace(ROOTS, indexes));
    assert.ok(unjudged.ok);
    assert.deepEqual(
      unjudged.config.notes.filter((note) => note.startsWith('"eslint"')),
      ['"eslint" comes with plugin "again" and needs ESLINT_TOKEN (mcp-catalog readiness on this catalog says whether it is set).'],
    );
  });

  it("in Restricted Mode the root's preview names no unchecked server as one that cannot start", () => {
    const restricted = { ...workspace(ROOTS, indexes), variables: new VariableIndex([], [], true) };
    const preview = previewRuntimeConfig(
      JSON.stringify(MCP),
      { runtime: 'claude', selection: { kind: 'root', root: 'data' }, readiness: computeReadiness(JSON.stringify(MCP), restricted) },
      restricted,
    );
    assert.ok(preview.ok);
    assert.deepEqual(
      preview.config.notes.filter((note) => note.startsWith('"eslint"')),
      ['"eslint" comes with plugin "again".'],
    );
  });

  it("a root's preview follows the readiness it is given (the editor's analysis computed it), and computes none of its own", () => {
    const unknown = workspace(ROOTS, indexes);
    const readyElsewhere = computeReadiness(JSON.stringify(MCP), workspace(ROOTS, indexes, ['ESLINT_TOKEN']));
    const preview = previewRuntimeConfig(
      JSON.stringify(MCP),
      { runtime: 'claude', selection: { kind: 'root', root: 'data' }, readiness: readyElsewhere },
      unknown,
    );
    assert.ok(preview.ok);
    assert.deepEqual(
      preview.config.notes.filter((note) => note.startsWith('"eslint"') || note.startsWith('A session on root')),
      ['"eslint" comes with plugin "again".'],
    );
  });

  it("a root's preview quotes root, plugin and server names as every message does: escaped, and cut with … past 32 characters", () => {
    const longRoot = `root-${'r'.repeat(40)}`;
    const longPlugin = `plugin-${'p'.repeat(40)}`;
    const longServer = `server_${'s'.repeat(40)}`;
    const catalog: Json = {
      [longServer]: { type: 'stdio', command: 'x', env: { T: '${LONG_TOKEN}' } },
      // An own server whose name is an Object.prototype key: no plugin brought it.
      constructor: { type: 'stdio', command: 'y', env: { T: '${CTOR_TOKEN}' }, default_in_roots: [longRoot] },
    };
    const roots: Json = { [longRoot]: { description: 'Long' } };
    const plugins: Json = { [longPlugin]: { description: 'P', mcp_servers: [longServer], default_in_roots: [longRoot] } };
    const request = { runtime: 'claude' as const, selection: { kind: 'root' as const, root: longRoot } };
    const cut = (name: string): string => `"${name.slice(0, 31)}\u2026"`;
    const judgedFacts = workspace(roots, { plugins });
    const judged = previewRuntimeConfig(
      JSON.stringify(catalog),
      { ...request, readiness: computeReadiness(JSON.stringify(catalog), judgedFacts) },
      judgedFacts,
    );
    assert.ok(judged.ok);
    assert.deepEqual(judged.config.notes.slice(-3), [
      `A session on root ${cut(longRoot)} is warned: preparing the session is expected to fail until LONG_TOKEN and CTOR_TOKEN are set.`,
      `${cut(longServer)} comes with plugin ${cut(longPlugin)}: missing config (LONG_TOKEN).`,
      `"constructor": missing config (CTOR_TOKEN).`,
    ]);
    const unjudged = previewRuntimeConfig(JSON.stringify(catalog), request, workspace(roots, { plugins }));
    assert.ok(unjudged.ok);
    assert.deepEqual(unjudged.config.notes.slice(-1), [
      `${cut(longServer)} comes with plugin ${cut(longPlugin)} and needs LONG_TOKEN (mcp-catalog readiness on this catalog says whether it is set).`,
    ]);
  });

  it('hovers say which plugin brought a server: on the server, and in the list of a root', () => {
    const workspaceFacts = workspace(ROOTS, indexes);
    const text = JSON.stringify(MCP, null, 2);
    const document = languageDocument(text, 'catalog', workspaceFacts, '/ws/mcp.json');
    const server = hoverAt(document, text.indexOf('"eslint"') + 2)!.markdown as string;
    assert.match(server, /Brought by a plugin to `web` \(plugin `suite`\), `data` \(plugin `again`\)\./);
    const root = hoverAt(document, text.indexOf('"web"') + 2)!.markdown as string;
    assert.match(root, /- `eslint` \(mcp\.json\), brought by plugin `suite` \u00b7 missing config/);
  });

  it('the live file side compares the same set (SPEC §11)', () => {
    const workspaceFacts = workspace(ROOTS, indexes);
    const side = fileSideOf(readCatalog(JSON.stringify(MCP), workspaceFacts), workspaceFacts);
    assert.deepEqual(side.roots?.get('web'), ['lin', 'eslint', 'ci', 'obs']);
    assert.deepEqual(side.roots?.get('data'), ['eslint']);
  });
});

describe('shortname-collision (SPEC §12)', () => {
  const rootsText = JSON.stringify({ web: { description: 'W' }, data: { description: 'D' } }, null, 2);
  const collidingFacts = (plugins: Json) =>
    facts({
      catalogs: catalogsFacts({ lin: { defaultInRoots: ['web'], span: { start: 5, end: 10 } } }),
      artifacts: artifacts({ plugins }),
    });

  it("fires on the root's key when its own server and a plugin's qualified ID share a short name, pointing at both", () => {
    const findings = withCode(
      check(rootsText, 'roots', collidingFacts({ mirror: { description: 'M', mcp_servers: ['@acme/tools/lin'], default_in_roots: ['*'] } })),
      'shortname-collision',
    );
    assert.equal(findings.length, 1);
    const [finding] = findings;
    assert.equal(finding.severity, 'error');
    assert.equal(spanText(rootsText, finding), '"web"');
    assert.equal(
      finding.message,
      'Root "web" gets 2 servers named "lin", so AIR refuses every session on it. They are "@local/lin" (its own default_in_roots) and "@acme/tools/lin" (plugin "mirror"); keep one, or exclude the other in air.json.',
    );
    assert.deepEqual(
      finding.related?.map((r) => [r.path, r.message]),
      [
        ['/ws/mcp.json', 'Server "lin" names this root in default_in_roots'],
        ['/ws/plugins.json', 'Plugin "mirror" brings "@acme/tools/lin"'],
      ],
    );
  });

  it('unavailable-default names a plugin-brought default server and the plugin', () => {
    const workspaceFacts = facts({
      catalogs: catalogsFacts({ lin: { defaultInRoots: ['web'] }, obs: { unavailableReason: 'Down for maintenance.' } }),
      artifacts: artifacts({ plugins: { watch: { description: 'W', mcp_servers: ['obs'], default_in_roots: ['web'] } } }),
    });
    const [finding] = withCode(check(rootsText, 'roots', workspaceFacts), 'unavailable-default');
    assert.equal(spanText(rootsText, finding), '"web"');
    assert.equal(
      finding.message,
      'Default server "obs" is declared unavailable, so sessions on "web" run without it. Reason: Down for maintenance. (Plugin "watch" brings it.)',
    );
  });

  it('is silent for one ID twice, for a plugin on a root without the other, and without a plugins index', () => {
    const silent = [
      collidingFacts({ same: { description: 'S', mcp_servers: ['@local/lin', 'lin'], default_in_roots: ['web'] } }),
      collidingFacts({ mirror: { description: 'M', mcp_servers: ['@acme/tools/lin'], default_in_roots: ['data'] } }),
      facts({ catalogs: catalogsFacts({ lin: { defaultInRoots: ['web'] } }) }),
    ];
    for (const workspaceFacts of silent) assert.deepEqual(withCode(check(rootsText, 'roots', workspaceFacts), 'shortname-collision'), []);
  });
});
