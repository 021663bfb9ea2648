import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { IndexKind } from '../../server/src/service/classify';
import { summariseArtifactIndex } from '../../server/src/service/artifacts';
import { ALL_CODES, type Code } from '../../server/src/service/codes';
import { fixesFor } from '../../server/src/service/fixes';
import { parseJson } from '../../server/src/service/parse';
import type { CheckOptions } from '../../server/src/service/engine';
import type { AirFacts, WorkspaceFacts } from '../../server/src/service/facts';
import type { ResolvedFinding } from '../../server/src/service/findings';
import { REPOSITORY_URL, ruleDocUrl } from '../../server/src/service/ruleDocs';
import { CLI_SURFACE, EDITOR_SURFACE, type Surface } from '../../server/src/service/surface';
import { VariableIndex } from '../../server/src/service/variables';
import { artifactIndex, artifactsFacts, catalogsFacts, check, REPO_ROOT, rootsFacts, runCli, tempTree } from './helpers';
import { messageSites } from './messageSites';

/**
 * SPEC §5's message paragraph, for every code: the first sentence says what is wrong and its
 * consequence in about 100 characters (a suggestion right after it); the editor names settings,
 * never flags, and the command line flags, never settings; plain text, no Markdown backticks.
 * Every code has at least one scenario here, so a new code cannot skip the check.
 */

interface Scenario {
  code: Code;
  kind?: IndexKind;
  text: string;
  facts?: (surface: Surface) => Partial<WorkspaceFacts>;
  options?: CheckOptions;
}

const stdio = (extra: Record<string, unknown> = {}) => ({ type: 'stdio', command: 'npx', ...extra });
const catalog = (entries: Record<string, unknown>) => JSON.stringify(entries, null, 2);
const dotenv = (empty: string[]): VariableIndex =>
  new VariableIndex([{ kind: 'dotenv', label: '.env', path: '/ws/.env', exists: true, names: new Set(), empty: new Set(empty) }]);
const airFacts = (paths: Record<string, 'file' | 'folder' | 'missing'>): AirFacts => ({
  paths: new Map(Object.entries(paths).map(([written, found]) => [written, { path: `/ws/${written}`, found }])),
  artifacts: { mcp: { names: new Set(['github']), complete: true }, roots: { names: new Set(['zimmer']), complete: true } },
  catalogs: new Map(),
});

const SCENARIOS: Scenario[] = [
  { code: 'json-syntax', text: '{"a": }' },
  { code: 'json-syntax', text: '' },
  { code: 'json-syntax', text: '{"a": {}} trailing' },
  { code: 'json-syntax', text: catalog({ a: stdio() }), options: { maxFileSize: 10 } },
  { code: 'json-comment', text: '{\n  // staging only\n}' },
  { code: 'json-trailing-comma', text: '{"a": {"type": "stdio", "command": "x",}}' },
  { code: 'json-bom', text: '\uFEFF{}' },
  { code: 'duplicate-key', text: '{"a": {"type": "stdio", "command": "x"}, "a": {"type": "stdio", "command": "y"}}' },
  { code: 'not-an-object', text: '[]' },
  { code: 'not-an-object', text: '{"github": "npx"}' },
  { code: 'invalid-name', text: catalog({ 'my server': stdio() }) },
  { code: 'unknown-type', text: catalog({ a: { type: 'http', url: 'https://x.example/mcp' } }) },
  { code: 'unknown-type', text: catalog({ a: { command: 'x' } }) },
  { code: 'missing-field', text: catalog({ a: { type: 'stdio' } }) },
  { code: 'missing-field', kind: 'roots', text: catalog({ zimmer: { display_name: 'Z' } }) },
  { code: 'forbidden-field', text: catalog({ a: stdio({ url: 'https://x.example/mcp' }) }) },
  { code: 'invalid-value', text: catalog({ a: stdio({ title: '' }) }) },
  { code: 'invalid-value', text: catalog({ a: { type: 'streamable-http', url: 'not a uri' } }) },
  { code: 'invalid-value', text: catalog({ a: { type: 'streamable-http', url: '${BASE_URL}/mcp' } }), facts: () => ({ variables: known(['BASE_URL']) }) },
  { code: 'invalid-value', kind: 'air', text: '{"name": "team", "exclude": ["@local/x"]}', facts: () => ({ air: airFacts({}) }) },
  { code: 'unknown-field', text: catalog({ a: stdio({ defaultInRoots: ['zimmer'] }) }) },
  { code: 'timeout-type', text: catalog({ a: stdio({ startup_timeout_sec: '20' }) }) },
  { code: 'timeout-type', text: catalog({ a: stdio({ startup_timeout_sec: 'twenty seconds, or thereabouts, please' }) }) },
  { code: 'timeout-fractional', text: catalog({ a: stdio({ startup_timeout_sec: 20.5 }) }) },
  { code: 'timeout-fractional', text: '{"a": {"type": "stdio", "command": "x", "startup_timeout_sec": 20.0}}' },
  { code: 'timeout-range', text: catalog({ a: stdio({ startup_timeout_sec: 4 }) }) },
  { code: 'timeout-range', text: `{"a": {"type": "stdio", "command": "x", "startup_timeout_sec": 1${'0'.repeat(400)}}}` },
  { code: 'unavailable-type', text: catalog({ a: stdio({ unavailable: true }) }) },
  { code: 'unavailable-empty', text: catalog({ a: stdio({ unavailable: '  ' }) }) },
  { code: 'unavailable-empty', text: catalog({ a: stdio({ unavailable: null }) }) },
  {
    code: 'unavailable-multiline',
    text: catalog({ a: stdio({ unavailable: 'Vendor outage.\n  Waiting for a fix. Back on Friday, probably, after the vendor ships.' }) }),
  },
  { code: 'unavailable-too-long', text: catalog({ a: stdio({ unavailable: 'Down. '.repeat(50) }) }) },
  { code: 'unresolved-variable', text: catalog({ a: stdio({ env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } }) }) },
  {
    code: 'unresolved-variable',
    text: catalog({ a: stdio({ env: { GITHUB_TOKEN: '${GITHUB_TOKN}' } }) }),
    facts: () => ({ variables: known(['GITHUB_TOKEN']) }),
  },
  { code: 'unresolved-variable', text: catalog({ a: stdio({ env: { TYPO_TOKEN: '${TYPO_TOKEN}' } }) }), facts: () => ({ variables: dotenv(['TYPO_TOKEN']) }) },
  { code: 'invalid-placeholder', text: catalog({ a: stdio({ args: ['${FOO-bar}'] }) }) },
  { code: 'invalid-placeholder', text: catalog({ a: stdio({ args: ['${ FOO }'] }) }) },
  { code: 'lowercase-variable', text: catalog({ a: stdio({ args: ['${token}'] }) }) },
  { code: 'placeholder-not-interpolated', text: catalog({ a: stdio({ title: '${NAME}' }) }) },
  { code: 'undefined-root', text: catalog({ a: stdio({ default_in_roots: ['zimer'] }) }), facts: () => ({ roots: rootsFacts(['zimmer']) }) },
  { code: 'undefined-root', text: catalog({ a: stdio({ default_in_roots: ['elsewhere'] }) }), facts: () => ({ roots: rootsFacts(['zimmer']) }) },
  { code: 'undefined-root', kind: 'roots', text: catalog({ zimmer: { description: 'Z' }, strad: { description: 'S', default_in_roots: ['zimer'] } }) },
  {
    code: 'roots-not-found',
    text: catalog({ a: stdio({ default_in_roots: ['zimmer'] }) }),
    facts: () => ({ rootsSearch: 'an air.json listing this catalog and a sibling roots.json' }),
  },
  {
    code: 'undefined-server',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['githb'] } }),
    facts: () => ({ catalogs: catalogsFacts({ github: {} }) }),
  },
  {
    code: 'unavailable-default',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z' } }),
    facts: () => ({ catalogs: catalogsFacts({ github: { unavailableReason: 'Vendor outage. Back on Friday.', defaultInRoots: ['zimmer'] } }) }),
  },
  {
    code: 'legacy-root-membership',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['github', 'slack'] } }),
    facts: () => ({ catalogs: catalogsFacts({ github: {}, slack: {}, linear: { defaultInRoots: ['*'] } }) }),
  },
  {
    code: 'shortname-collision',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z' } }),
    facts: () => ({
      catalogs: catalogsFacts({ lin: { defaultInRoots: ['zimmer'] } }),
      artifacts: {
        files: [
          summariseArtifactIndex(
            'plugins',
            '/ws/plugins.json',
            catalog({ mirror: { description: 'M', mcp_servers: ['@acme/tools/lin'], default_in_roots: ['*'] } }),
          ),
        ],
        incomplete: new Set(),
        remoteScopes: [],
      },
    }),
  },
  { code: 'ineffective-field', text: catalog({ a: { type: 'sse', url: 'https://x.example/sse', env: { A: 'b' } } }) },
  {
    code: 'reference-not-checked',
    text: catalog({ a: stdio({ default_in_roots: ['@acme/tools/zimmer'] }) }),
    facts: () => ({ roots: rootsFacts(['zimmer']) }),
  },
  { code: 'catalog-not-found', kind: 'roots', text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['github'] } }) },
  {
    code: 'catalog-not-found',
    kind: 'air',
    text: '{"name": "team", "mcp": ["./team-mcp.json"]}',
    facts: () => ({ air: airFacts({ './team-mcp.json': 'missing' }) }),
  },
  // Every other branch that builds a message (the call-site test below finds each one in the source).
  { code: 'not-an-object', kind: 'air', text: '[]', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"mcp": "./mcp.json"}', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"mcp": [1]}', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"exclude": "x"}', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"exclude": {"mpc": ["@local/x"]}}', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"exclude": {"mcp": "@local/x"}}', facts: () => ({ air: airFacts({}) }) },
  { code: 'invalid-value', kind: 'air', text: '{"exclude": {"mcp": ["nope"]}}', facts: () => ({ air: airFacts({}) }) },
  {
    code: 'reference-not-checked',
    kind: 'air',
    text: '{"exclude": {"mcp": ["@local/gone"]}}',
    facts: () => ({ air: { ...airFacts({}), artifacts: { mcp: { names: new Set(['github']), complete: false } } } }),
  },
  { code: 'undefined-server', kind: 'air', text: '{"exclude": {"mcp": ["@local/githb"]}}', facts: () => ({ air: airFacts({}) }) },
  {
    code: 'duplicate-server',
    kind: 'air',
    text: '{"mcp": ["./a-mcp.json", "./a-mcp.json"]}',
    facts: () => ({ air: { ...airFacts({ './a-mcp.json': 'file' }), catalogs: new Map([['./a-mcp.json', composedCatalog('/ws/a-mcp.json', ['github'])]]) } }),
  },
  {
    code: 'duplicate-server',
    kind: 'air',
    text: '{"mcp": ["./a-mcp.json", "./b-mcp.json"]}',
    facts: () => ({
      air: {
        ...airFacts({ './a-mcp.json': 'file', './b-mcp.json': 'file' }),
        catalogs: new Map([
          ['./a-mcp.json', composedCatalog('/ws/a-mcp.json', ['github'])],
          ['./b-mcp.json', composedCatalog('/ws/b-mcp.json', ['github'])],
        ]),
      },
    }),
  },
  { code: 'ineffective-field', text: catalog({ a: stdio({ enabled: false }) }) },
  { code: 'ineffective-field', text: catalog({ a: stdio({ env: { ELICITATION_TTL_MS: '5' } }) }) },
  { code: 'invalid-value', text: catalog({ a: { type: 'sse', url: 'https://x.example/sse', oauth: { clientId: '' } } }) },
  { code: 'unknown-field', text: catalog({ a: { type: 'sse', url: 'https://x.example/sse', oauth: { client_id: 'x' } } }) },
  { code: 'unknown-field', text: catalog({ a: { type: 'sse', url: 'https://x.example/sse', oauth: { clientIdd: 'x' } } }) },
  {
    code: 'roots-not-found',
    text: catalog({ a: stdio({ default_in_roots: ['zimmer'] }) }),
    facts: () => ({ roots: { via: 'explicit', files: [], remoteSources: [], unread: ['roots.json is a FIFO (named pipe)'] } }),
  },
  {
    code: 'reference-not-checked',
    text: catalog({ a: stdio({ default_in_roots: ['elsewhere'] }) }),
    facts: () => ({ roots: { ...rootsFacts(['zimmer']), remoteSources: ['github://acme/roots.json'] } }),
  },
  {
    code: 'catalog-not-found',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['github'] } }),
    facts: () => ({ catalogs: { via: 'explicit', files: [], remoteSources: [], unread: ['mcp.json is a FIFO (named pipe)'] } }),
  },
  {
    code: 'reference-not-checked',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['@acme/tools/github'] } }),
    facts: () => ({ catalogs: catalogsFacts({ github: {} }) }),
  },
  {
    code: 'reference-not-checked',
    kind: 'roots',
    text: catalog({ zimmer: { description: 'Z', default_mcp_servers: ['gitlab'] } }),
    facts: () => ({ catalogs: catalogsFacts({ github: {} }, '/ws/mcp.json', ['github://acme/mcp.json']) }),
  },
  // SPEC §12: references between indexes and artifact paths.
  ...(['undefined-skill', 'undefined-hook', 'undefined-plugin'] as const).map((code): Scenario => ({
    code,
    kind: 'plugins',
    text: catalog({ suite: { description: 'S', skills: ['lint-fx'], hooks: ['pre-comit'], plugins: ['code-qualty'] } }),
    facts: () => ({
      documentPath: '/ws/plugins.json',
      artifacts: artifactsFacts([
        artifactIndex('skills', '/ws/skills.json', { 'lint-fix': { description: 'L' } }),
        artifactIndex('hooks', '/ws/hooks.json', { 'pre-commit': { description: 'P' } }),
        artifactIndex('plugins', '/ws/team-plugins.json', { 'code-quality': { description: 'Q' } }),
      ]),
    }),
  })),
  {
    code: 'undefined-reference',
    kind: 'skills',
    text: catalog({ deploy: { description: 'D', references: ['git-workflw'] } }),
    facts: () => ({ artifacts: artifactsFacts([artifactIndex('references', '/ws/references.json', { 'git-workflow': { description: 'G' } })]) }),
  },
  {
    code: 'undefined-server',
    kind: 'plugins',
    text: catalog({ suite: { description: 'S', mcp_servers: ['githb'] } }),
    facts: () => ({ catalogs: catalogsFacts({ github: {} }) }),
  },
  {
    code: 'ambiguous-reference',
    kind: 'skills',
    text: catalog({ deploy: { description: 'D', references: ['shared'] } }),
    facts: () => ({
      artifacts: artifactsFacts([
        artifactIndex('references', '/c/a.json', { shared: { description: 'A' } }, 'acme/docs'),
        artifactIndex('references', '/c/b.json', { shared: { description: 'B' } }, 'beta/docs'),
      ]),
    }),
  },
  { code: 'reference-not-checked', kind: 'skills', text: catalog({ deploy: { description: 'D', references: ['git'] } }) },
  {
    code: 'reference-not-checked',
    kind: 'skills',
    text: catalog({ deploy: { description: 'D', references: ['@acme/docs/git'] } }),
    facts: () => ({ artifacts: artifactsFacts([]) }),
  },
  {
    code: 'reference-not-checked',
    kind: 'skills',
    text: catalog({ deploy: { description: 'D', references: ['git'] } }),
    facts: () => ({ artifacts: artifactsFacts([], ['references']) }),
  },
  {
    code: 'duplicate-id',
    kind: 'hooks',
    text: catalog({ notify: { description: 'N', path: 'hooks/notify' } }),
    facts: () => ({ artifacts: artifactsFacts([artifactIndex('hooks', '/ws/team-hooks.json', { notify: { description: 'T', path: 'team/notify' } })]) }),
  },
  {
    code: 'plugin-cycle',
    kind: 'plugins',
    text: catalog({ a: { description: 'A', plugins: ['b'] }, b: { description: 'B', plugins: ['a'] } }),
    facts: () => ({ artifacts: artifactsFacts([]) }),
  },
  ...(
    [
      ['skills', { found: 'missing' }],
      ['skills', { found: 'file' }],
      ['skills', { found: 'folder', marker: { found: false } }],
      ['references', { found: 'folder' }],
    ] as const
  ).map(([kind, target]): Scenario => ({
    code: 'path-not-found',
    kind,
    text: catalog({ deploy: { description: 'D', path: 'skills/deploy' } }),
    facts: () => ({ artifactPaths: new Map([['skills/deploy', target]]) }),
  })),
  {
    code: 'invalid-hook-json',
    kind: 'hooks',
    text: catalog({ notify: { description: 'N', path: 'hooks/notify' } }),
    facts: () => ({ artifactPaths: new Map([['hooks/notify', { found: 'folder', marker: { found: true, text: '{"event": "session_start"}' } }]]) }),
  },
  {
    code: 'path-not-checked',
    kind: 'references',
    text: catalog({ guide: { description: 'G', path: '../../guide.md' } }),
    facts: () => ({ artifactPaths: new Map([['../../guide.md', { found: 'refused', reason: 'is outside the workspace' }]]) }),
  },
  { code: 'invalid-value', text: '{"$schema": 1}' },
  { code: 'invalid-name', text: catalog({ '': stdio() }) },
  { code: 'forbidden-field', text: catalog({ a: { type: 'sse', url: 'https://x.example/sse', command: 'x' } }) },
  { code: 'unknown-type', text: catalog({ a: { type: 1, command: 'x' } }) },
  { code: 'invalid-value', text: catalog({ a: stdio({ args: 'x' }) }) },
  { code: 'invalid-value', text: catalog({ a: stdio({ title: 'x'.repeat(101) }) }) },
  // A plugins index (SPEC §12): its semantic version and its author's email.
  { code: 'invalid-value', kind: 'plugins', text: catalog({ web: { description: 'Web.', version: '1.0' } }) },
  { code: 'invalid-value', kind: 'plugins', text: catalog({ web: { description: 'Web.', author: { email: 'nobody' } } }) },
  { code: 'hardcoded-secret', text: catalog({ a: stdio({ env: { GITHUB_TOKEN: `ghp_${'a1B2'.repeat(9)}` } }) }) },
  {
    code: 'insecure-transport',
    text: catalog({ a: { type: 'streamable-http', url: 'http://api.example.com/mcp', headers: { Authorization: 'Bearer ${API_TOKEN}' } } }),
    facts: () => ({ variables: known(['API_TOKEN']) }),
  },
  { code: 'tool-name-collision', text: catalog({ 'a[1]': stdio(), a_1_: stdio(), my__server: stdio() }) },
  {
    code: 'duplicate-server',
    text: catalog({ github: stdio() }),
    facts: () => ({
      composition: {
        airPath: '/ws/air.json',
        catalogs: [
          { path: '/ws/team-mcp.json', servers: new Map([['github', { span: { start: 0, end: 1 }, defaultInRoots: [] }]]), listing: { start: 0, end: 1 } },
        ],
      },
    }),
  },
  { code: 'npx-cache-isolated', text: catalog({ a: stdio({ args: ['-y', 'pkg@1.0.0'] }), b: stdio({ args: ['-y', 'pkg@1.0.0'] }) }) },
  { code: 'unpinned-package', text: catalog({ a: stdio({ args: ['-y', 'pkg@latest'] }) }), options: { severities: { 'unpinned-package': 'hint' } } },
];

/**
 * The only message branches no scenario here reaches, each with the reason (a site is named by its
 * file and branch; the list must match exactly, so a schema that makes one reachable asks for a
 * scenario).
 */
const UNREACHABLE: readonly (readonly [site: string, why: string])[] = [
  // A finding weight over 16 MB: test/unit/cliBundle.test.ts and cliBaseline.test.ts drive it.
  ['engine.ts', 'the truncation notice'],
  // ajv keywords our schemas (schemas/mcp.schema.json, roots.schema.json) never raise past the
  // other rules.
  ['rules/structure.ts#2', 'minLength above 1: none'],
  ['rules/structure.ts', 'enum: only on type, which is unknown-type'],
  ['rules/structure.ts', 'pattern: only on names, which is invalid-name'],
  ['rules/structure.ts', 'minItems: none'],
];

function composedCatalog(file: string, names: string[]) {
  return { path: file, servers: new Map(names.map((name) => [name, { span: { start: 0, end: 1 }, defaultInRoots: [] }])) };
}

function known(names: string[]): VariableIndex {
  return new VariableIndex([{ kind: 'known', label: 'names declared known', exists: true, names: new Set(names) }]);
}

/** Up to the first `.`, `?` or `!` that ends a sentence (followed by a space or the end). */
function firstSentence(message: string): string {
  const end = /[.?!](\s|$)/.exec(message);
  return end ? message.slice(0, end.index + 1) : message;
}

const SETTING = /mcpCatalog\.[A-Za-z]/;
const FLAG = /(^|[\s(])--[a-z]/;

function run(scenario: Scenario, surface: Surface): ResolvedFinding[] {
  const facts: WorkspaceFacts = { variables: VariableIndex.empty(), surface, documentPath: '/ws/file.json', ...scenario.facts?.(surface) };
  return check(scenario.text, scenario.kind ?? 'catalog', facts, scenario.options).filter((f) => f.code === scenario.code);
}

describe('messages follow SPEC §5 for every code', () => {
  it('every code has a scenario', () => {
    const covered = new Set(SCENARIOS.map((s) => s.code));
    assert.deepEqual(
      ALL_CODES.filter((code) => !covered.has(code)),
      [],
    );
  });

  for (const [index, scenario] of SCENARIOS.entries()) {
    it(`${scenario.code} #${index}: short first sentence, plain text, the surface's own words`, () => {
      for (const surface of [EDITOR_SURFACE, CLI_SURFACE]) {
        const findings = run(scenario, surface);
        assert.ok(findings.length > 0, `the scenario reports ${scenario.code}`);
        for (const finding of findings) {
          if (process.env.PRINT_MESSAGES) console.log(`${surface.id} ${finding.code}: ${finding.message}`);
          const texts = [finding.message, ...(finding.related ?? []).map((r) => r.message)];
          const first = firstSentence(finding.message);
          assert.ok(first.length < 110, `first sentence under 110 characters (${first.length}): ${first}`);
          for (const text of texts) {
            assert.ok(!text.includes('`'), `no backtick: ${text}`);
            if (surface === EDITOR_SURFACE) assert.ok(!FLAG.test(text), `the editor names no flag: ${text}`);
            else assert.ok(!SETTING.test(text), `the command line names no setting: ${text}`);
          }
        }
      }
    });
  }

  it('every message-building call site, and every branch of its message, is reached by a scenario', () => {
    const produced: { code: string; message: string }[] = [];
    for (const scenario of SCENARIOS) {
      for (const surface of [EDITOR_SURFACE, CLI_SURFACE]) {
        const facts: WorkspaceFacts = { variables: VariableIndex.empty(), surface, documentPath: '/ws/file.json', ...scenario.facts?.(surface) };
        for (const f of check(scenario.text, scenario.kind ?? 'catalog', facts, scenario.options)) produced.push({ code: f.code, message: f.message });
      }
    }
    const sites = messageSites(path.join(REPO_ROOT, 'server', 'src', 'service'));
    assert.ok(sites.length > 60, `found ${sites.length} sites`);
    // Plain text even where no fixture reaches: no literal part of any message holds a backtick.
    for (const site of sites) assert.ok(!site.pattern.source.includes('`'), `${site.where}: a backtick in the message`);
    // A site whose code is computed (rules/references.ts: one per artifact type) names no literal code: any code reaches it.
    const unreached = sites.filter((site) => !produced.some((p) => (site.codes.length === 0 || site.codes.includes(p.code)) && site.pattern.test(p.message)));
    assert.deepEqual(
      unreached.map((site) => site.where.replace(/:\d+/, '')).sort(),
      UNREACHABLE.map(([site]) => site).sort(),
      unreached.map((site) => `${site.where} ${site.codes.join('|')} ${site.pattern.source.slice(0, 80)}`).join('\n'),
    );
  });

  it('a suggestion comes right after the first sentence', () => {
    const undefinedRoot = run(
      SCENARIOS.find((s) => s.code === 'undefined-root')!,
      EDITOR_SURFACE,
    )[0].message;
    assert.match(undefinedRoot, /^[^.?!]+\. Did you mean "zimmer"\?/);
    const typo = run(SCENARIOS.filter((s) => s.code === 'unresolved-variable')[1], CLI_SURFACE)[0].message;
    assert.match(typo, /^[^.?!]+\. Did you mean GITHUB_TOKEN\?/);
    const field = run(
      SCENARIOS.find((s) => s.code === 'unknown-field')!,
      EDITOR_SURFACE,
    )[0].message;
    assert.match(field, /^[^.?!]+\. Did you mean "default_in_roots"\?/);
  });

  it('how to declare a name known is the setting in the editor and the flag on the command line', () => {
    const scenario = SCENARIOS.find((s) => s.code === 'unresolved-variable')!;
    assert.match(run(scenario, EDITOR_SURFACE)[0].message, /add GITHUB_TOKEN to mcpCatalog\.knownVariables/);
    assert.match(run(scenario, CLI_SURFACE)[0].message, /pass --known GITHUB_TOKEN/);
    const roots = SCENARIOS.find((s) => s.code === 'roots-not-found')!;
    assert.match(run(roots, EDITOR_SURFACE)[0].message, /set mcpCatalog\.rootsFiles/);
    assert.match(run(roots, CLI_SURFACE)[0].message, /pass --roots FILE/);
  });

  it('a name set to an empty value in a dotenv file needs a value, not adding', () => {
    const message = run(SCENARIOS.filter((s) => s.code === 'unresolved-variable')[2], EDITOR_SURFACE)[0].message;
    assert.match(message, /^TYPO_TOKEN is empty in \.env, so [\w-]+ starts without it\. Give it a value there\./);
    assert.doesNotMatch(message, /Add it/);
  });

  it('the multi-line reason message names unavailable and says what is shown', () => {
    const message = run(
      SCENARIOS.find((s) => s.code === 'unavailable-multiline')!,
      EDITOR_SURFACE,
    )[0].message;
    assert.match(message, /^unavailable spans several lines; Zimmer joins them into one line/);
    assert.match(message, /Shown as: "Vendor outage\. Waiting for a fix\./);
  });

  it("an undefined root's related information points at the closest root, else at the roots object", () => {
    const withCandidate = run(
      SCENARIOS.find((s) => s.code === 'undefined-root')!,
      EDITOR_SURFACE,
    )[0];
    assert.deepEqual(withCandidate.related, [{ path: '/ws/roots.json', start: 4, end: 8, message: 'Root "zimmer" in roots.json' }]);
    const roots = rootsFacts(['zimmer']);
    roots.files[0].anchor = { start: 0, end: 40 };
    const without = check(catalog({ a: stdio({ default_in_roots: ['elsewhere'] }) }), 'catalog', { variables: VariableIndex.empty(), roots }).find(
      (f) => f.code === 'undefined-root',
    )!;
    assert.deepEqual(without.related, [{ path: '/ws/roots.json', start: 0, end: 40, message: 'The roots of roots.json' }]);
  });
});

/**
 * A JSON text with some of its strings made 10,000 characters long: `pick(depth, isKey)` says
 * which. The filler goes before the last character (inside a placeholder's braces, so its name
 * grows too), or first when the string ends in an escape.
 */
function inflate(text: string, pick: (depth: number, isKey: boolean) => boolean, filler: string): string {
  let out = '';
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
    if (ch !== '"') {
      out += ch;
      continue;
    }
    let end = i + 1;
    while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
    const content = text.slice(i + 1, end);
    const isKey = /^\s*:/.test(text.slice(end + 1, end + 40));
    if (!pick(depth, isKey) || content.length === 0) out += `"${content}"`;
    else {
      const at = /\\(u[0-9a-fA-F]{4}|.)$/.test(content) ? 0 : content.length - 1;
      out += `"${content.slice(0, at)}${filler}${content.slice(at)}"`;
    }
    i = end;
  }
  return out;
}

describe('a long name or value from the file is cut in every message and fix title', () => {
  // Each quoted name is cut to a few dozen characters; a message quoting several stays well under this.
  const BOUND = 1000;
  const variants: [string, (depth: number, isKey: boolean) => boolean][] = [
    ['every string', () => true],
    ['every value', (_depth, isKey) => !isKey],
    ['every ID (a key of the top object)', (depth, isKey) => depth === 1 && isKey],
    ['every key inside a field (an env or header name)', (depth, isKey) => depth >= 3 && isKey],
  ];
  for (const [label, pick] of variants) {
    it(`${label} made 10,000 characters long`, () => {
      const tooLong: string[] = [];
      for (const [index, scenario] of SCENARIOS.entries()) {
        for (const filler of ['x'.repeat(10_000), 'X'.repeat(10_000)]) {
          const text = inflate(scenario.text, pick, filler);
          const kind = scenario.kind ?? 'catalog';
          for (const surface of [EDITOR_SURFACE, CLI_SURFACE]) {
            const facts: WorkspaceFacts = { variables: VariableIndex.empty(), surface, documentPath: '/ws/file.json', ...scenario.facts?.(surface) };
            const context = { text, parsed: parseJson(text), kind, facts, readFile: () => undefined };
            for (const finding of check(text, kind, facts, scenario.options)) {
              const texts = [finding.message, ...(finding.related ?? []).map((r) => r.message), ...fixesFor(finding, context).map((fix) => fix.title)];
              for (const t of texts) if (t.length > BOUND) tooLong.push(`#${index} ${finding.code}: ${t.replace(/(x{20,}|X{20,})/g, '<10,000>')}`);
            }
          }
        }
      }
      assert.deepEqual([...new Set(tooLong)], [], [...new Set(tooLong)].join('\n'));
    });
  }
});

describe('rule documentation pages', () => {
  it('every code has a page at the URL its diagnostics link, under the repository of package.json', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as { repository: { url: string } };
    assert.equal(manifest.repository.url.replace(/\.git$/, ''), REPOSITORY_URL);
    for (const code of ALL_CODES) {
      assert.equal(ruleDocUrl(code), `${REPOSITORY_URL}/blob/main/docs/rules/${code}.md`);
      const page = fs.readFileSync(path.join(REPO_ROOT, 'docs', 'rules', `${code}.md`), 'utf8');
      assert.match(page, new RegExp(`^# \`${code}\``), `${code}.md starts with its code`);
    }
  });
});

describe('each surface names its own controls, end to end', () => {
  it('mcp-catalog check names flags and no setting', async () => {
    const dir = tempTree({
      'mcp.json': catalog({ a: stdio({ env: { TOKEN: '${MISSING_TOKEN}' }, default_in_roots: ['zimmer'] }) }),
    });
    const run = await runCli(['check', '--no-process-env', 'mcp.json'], { cwd: dir });
    assert.match(run.stdout, /pass --known MISSING_TOKEN/);
    assert.match(run.stdout, /pass --roots FILE/);
    assert.doesNotMatch(run.stdout, /mcpCatalog\./);
    assert.doesNotMatch(run.stdout, /`/);
  });
});
