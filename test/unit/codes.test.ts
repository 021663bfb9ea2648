import { strict as assert } from 'node:assert';
import type { IndexKind } from '../../server/src/service/classify';
import { ALL_CODES, CODES, type Code, type Severity } from '../../server/src/service/codes';
import type { WorkspaceFacts } from '../../server/src/service/facts';
import { summariseArtifactIndex, type ArtifactsFacts } from '../../server/src/service/artifacts';
import {
  artifactIndex,
  artifactsFacts,
  catalog,
  catalogsFacts,
  check,
  describe as describeFindings,
  expectOne,
  facts,
  remote,
  rootsFacts,
  stdio,
} from './helpers';

/**
 * SPEC §5, one row per code: the smallest document that makes it fire (on the exact range, line
 * and default severity) and the nearest valid document, which must be completely clean.
 * The family suites (timeout, unavailable, placeholders, …) cover the boundaries in depth.
 */

/** Codes that belong to the hygiene issue, not to the checker. */
const HYGIENE: readonly Code[] = [
  'hardcoded-secret',
  'insecure-transport',
  'tool-name-collision',
  'duplicate-server',
  'npx-cache-isolated',
  'unpinned-package',
];

interface Case {
  code: Code;
  title: string;
  kind?: IndexKind;
  facts?: WorkspaceFacts;
  fires: string;
  range: string;
  /** 0-based; defaults to the line of the first occurrence of `range`. */
  line?: number;
  severity: Severity;
  /** The nearest valid input; it must produce no finding at all. */
  valid: string;
  validFacts?: WorkspaceFacts;
}

/** A plugins index with one plugin on every root that brings these servers. */
function pluginsFacts(servers: string[]): ArtifactsFacts {
  const text = JSON.stringify({ mirror: { description: 'M', mcp_servers: servers, default_in_roots: ['*'] } });
  return { files: [summariseArtifactIndex('plugins', '/ws/plugins.json', text)], incomplete: new Set(), remoteScopes: [] };
}

const zimmerRoots = facts({ roots: rootsFacts(['zimmer', 'agents']), documentPath: '/ws/mcp.json' });

const CASES: Case[] = [
  { code: 'json-syntax', title: 'an empty file', fires: '', range: '', line: 0, severity: 'error', valid: '{}' },
  {
    code: 'json-syntax',
    title: 'a missing value',
    fires: '{\n  "s": \n}',
    range: '}',
    line: 2,
    severity: 'error',
    valid: '{\n  "s": {"type": "stdio", "command": "x"}\n}',
  },
  { code: 'json-comment', title: 'a line comment', fires: '{\n  // servers\n}\n', range: '// servers', severity: 'error', valid: '{\n}\n' },
  {
    code: 'json-trailing-comma',
    title: 'a trailing comma',
    fires: '{\n  "s": {"type": "stdio", "command": "x"},\n}',
    range: ',',
    line: 1,
    severity: 'error',
    valid: '{\n  "s": {"type": "stdio", "command": "x"}\n}',
  },
  { code: 'json-bom', title: 'a byte-order mark', fires: '\ufeff{}', range: '\ufeff', line: 0, severity: 'error', valid: '{}' },
  {
    code: 'duplicate-key',
    title: 'a repeated server name (top level: error)',
    fires: '{\n  "s": {"type": "stdio", "command": "a"},\n  "s": {"type": "stdio", "command": "b"}\n}',
    range: '"s"',
    line: 2,
    severity: 'error',
    valid: '{\n  "s": {"type": "stdio", "command": "a"},\n  "t": {"type": "stdio", "command": "b"}\n}',
  },
  {
    code: 'duplicate-key',
    title: 'a repeated field inside an entry (warning)',
    fires: '{\n  "s": {\n    "type": "stdio",\n    "command": "a",\n    "command": "b"\n  }\n}',
    range: '"command"',
    line: 4,
    severity: 'warning',
    valid: '{\n  "s": {\n    "type": "stdio",\n    "command": "b"\n  }\n}',
  },
  { code: 'not-an-object', title: 'a root array', fires: '[\n  {}\n]', range: '[', line: 0, severity: 'error', valid: '{\n}' },
  { code: 'not-an-object', title: 'an entry that is a string', fires: catalog({ s: 'npx server' }), range: '"npx server"', severity: 'error', valid: stdio() },
  {
    code: 'invalid-name',
    title: 'a dotted server name',
    fires: catalog({ 'a.b': { type: 'stdio', command: 'x' } }),
    range: '"a.b"',
    severity: 'error',
    valid: catalog({ 'a-b': { type: 'stdio', command: 'x' } }),
  },
  { code: 'unknown-type', title: '`http`', fires: remote({}, 'http'), range: '"http"', severity: 'error', valid: remote() },
  {
    code: 'unknown-type',
    title: 'a missing type',
    fires: catalog({ s: { url: 'https://x.example/mcp' } }),
    range: '"s"',
    severity: 'error',
    valid: catalog({ s: { type: 'sse', url: 'https://x.example/mcp' } }),
  },
  { code: 'missing-field', title: 'stdio without command', fires: catalog({ s: { type: 'stdio' } }), range: '"s"', severity: 'error', valid: stdio() },
  { code: 'missing-field', title: 'remote without url', fires: catalog({ s: { type: 'sse' } }), range: '"s"', severity: 'error', valid: remote({}, 'sse') },
  {
    code: 'missing-field',
    title: 'a root without description',
    kind: 'roots',
    fires: catalog({ web: { display_name: 'Web' } }),
    range: '"web"',
    severity: 'error',
    valid: catalog({ web: { display_name: 'Web', description: 'The web app.' } }),
  },
  { code: 'forbidden-field', title: '`url` on stdio', fires: stdio({ url: 'https://x.example/mcp' }), range: '"url"', severity: 'error', valid: stdio() },
  { code: 'invalid-value', title: 'a non-URI url', fires: remote({ url: 'not a uri' }), range: '"not a uri"', severity: 'error', valid: remote() },
  {
    code: 'invalid-value',
    title: 'a placeholder in a url (warning)',
    fires: remote({ url: 'https://${HOST}/mcp' }),
    facts: facts({ known: ['HOST'] }),
    range: '"https://${HOST}/mcp"',
    severity: 'warning',
    valid: remote({ url: 'https://host.example/mcp' }),
  },
  {
    code: 'unknown-field',
    title: 'a camel-case spelling of a known field (warning)',
    fires: stdio({ startupTimeoutSec: 30 }),
    range: '"startupTimeoutSec"',
    severity: 'warning',
    valid: stdio({ startup_timeout_sec: 30 }),
  },
  { code: 'unknown-field', title: 'a typo of a known field (hint)', fires: stdio({ comand: 'x' }), range: '"comand"', severity: 'hint', valid: stdio() },
  {
    code: 'timeout-type',
    title: 'a string timeout',
    fires: stdio({ startup_timeout_sec: '20' }),
    range: '"20"',
    severity: 'warning',
    valid: stdio({ startup_timeout_sec: 20 }),
  },
  {
    code: 'timeout-fractional',
    title: 'a fraction (warning)',
    fires: stdio({ startup_timeout_sec: 20.5 }),
    range: '20.5',
    severity: 'warning',
    valid: stdio({ startup_timeout_sec: 20 }),
  },
  {
    code: 'timeout-fractional',
    title: '`20.0` (hint)',
    fires: '{"s": {"type": "stdio", "command": "x",\n "startup_timeout_sec": 20.0}}',
    range: '20.0',
    severity: 'hint',
    valid: '{"s": {"type": "stdio", "command": "x",\n "startup_timeout_sec": 20}}',
  },
  {
    code: 'timeout-range',
    title: '601',
    fires: stdio({ startup_timeout_sec: 601 }),
    range: '601',
    severity: 'warning',
    valid: stdio({ startup_timeout_sec: 600 }),
  },
  {
    code: 'unavailable-type',
    title: '`true`',
    fires: stdio({ unavailable: true }),
    range: 'true',
    severity: 'warning',
    valid: stdio({ unavailable: 'Waiting for the vendor to fix login.' }),
  },
  { code: 'unavailable-empty', title: 'a blank reason', fires: stdio({ unavailable: '  ' }), range: '"  "', severity: 'warning', valid: stdio() },
  { code: 'unavailable-empty', title: '`null` (hint)', fires: stdio({ unavailable: null }), range: 'null', severity: 'hint', valid: stdio() },
  {
    code: 'unavailable-multiline',
    title: 'a newline',
    fires: stdio({ unavailable: 'Login broken.\nSee the ticket.' }),
    range: '"Login broken.\\nSee the ticket."',
    severity: 'warning',
    valid: stdio({ unavailable: 'Login broken. See the ticket.' }),
  },
  {
    code: 'unavailable-too-long',
    title: '201 code points',
    fires: stdio({ unavailable: 'x'.repeat(201) }),
    range: `"${'x'.repeat(201)}"`,
    severity: 'warning',
    valid: stdio({ unavailable: 'x'.repeat(200) }),
  },
  {
    code: 'unresolved-variable',
    title: 'an unknown name',
    fires: stdio({ env: { TOKEN: '${API_TOKEN}' } }),
    range: '${API_TOKEN}',
    severity: 'warning',
    valid: stdio({ env: { TOKEN: '${API_TOKEN}' } }),
    validFacts: facts({ known: ['API_TOKEN'] }),
  },
  {
    code: 'invalid-placeholder',
    title: '`${FOO-bar}`',
    fires: stdio({ args: ['${FOO-bar}'] }),
    facts: facts({ known: ['FOO'] }),
    range: '${FOO-bar}',
    severity: 'error',
    valid: stdio({ args: ['${FOO:-bar}'] }),
  },
  {
    code: 'lowercase-variable',
    title: '`${foo}`',
    fires: stdio({ args: ['${foo}'] }),
    range: '${foo}',
    severity: 'warning',
    valid: stdio({ args: ['${FOO}'] }),
    validFacts: facts({ known: ['FOO'] }),
  },
  {
    code: 'placeholder-not-interpolated',
    title: 'a placeholder in a title',
    fires: stdio({ title: 'Server for ${TEAM}' }),
    range: '${TEAM}',
    severity: 'warning',
    valid: stdio({ title: 'Server for the team' }),
  },
  {
    code: 'undefined-root',
    title: 'a root that is not in the roots index',
    fires: stdio({ default_in_roots: ['zimer'] }),
    facts: zimmerRoots,
    range: '"zimer"',
    severity: 'error',
    valid: stdio({ default_in_roots: ['zimmer'] }),
    validFacts: zimmerRoots,
  },
  {
    code: 'roots-not-found',
    title: 'no roots index',
    fires: stdio({ default_in_roots: ['zimmer'] }),
    range: '"default_in_roots"',
    severity: 'information',
    valid: stdio({ default_in_roots: ['zimmer'] }),
    validFacts: zimmerRoots,
  },
  {
    code: 'undefined-server',
    title: 'a default server that is not in the catalog',
    kind: 'roots',
    facts: facts({ catalogs: catalogsFacts({ github: {} }) }),
    fires: catalog({ web: { description: 'Web app.', default_mcp_servers: ['gihub'] } }),
    range: '"gihub"',
    severity: 'error',
    // Membership moved onto the server (SPEC §4.4): the legacy array is gone.
    valid: catalog({ web: { description: 'Web app.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ github: { defaultInRoots: ['web'] } }) }),
  },
  {
    code: 'legacy-root-membership',
    title: 'a root-side default_mcp_servers',
    kind: 'roots',
    facts: facts({ catalogs: catalogsFacts({ github: {} }) }),
    fires: catalog({ web: { description: 'Web app.', default_mcp_servers: ['github'] } }),
    range: '"default_mcp_servers"',
    severity: 'warning',
    valid: catalog({ web: { description: 'Web app.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ github: { defaultInRoots: ['web'] } }) }),
  },
  {
    code: 'shortname-collision',
    title: "a root's own server and a plugin's qualified ID with one short name",
    kind: 'roots',
    facts: facts({ catalogs: catalogsFacts({ lin: { defaultInRoots: ['web'] } }), artifacts: pluginsFacts(['@acme/tools/lin']) }),
    fires: catalog({ web: { description: 'Web app.' } }),
    range: '"web"',
    severity: 'error',
    valid: catalog({ web: { description: 'Web app.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ lin: { defaultInRoots: ['web'] } }), artifacts: pluginsFacts(['@local/lin']) }),
  },
  {
    code: 'unavailable-default',
    title: 'a default server declared unavailable',
    kind: 'roots',
    facts: facts({ catalogs: catalogsFacts({ github: { unavailableReason: 'Token expired.', defaultInRoots: ['web'] } }) }),
    fires: catalog({ web: { description: 'Web app.' } }),
    range: '"web"',
    severity: 'information',
    valid: catalog({ web: { description: 'Web app.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ github: { defaultInRoots: ['web'] } }) }),
  },
  {
    code: 'ineffective-field',
    title: '`env` on a remote server',
    fires: remote({ env: { A: 'b' } }),
    range: '"env"',
    severity: 'hint',
    valid: remote({ headers: { A: 'b' } }),
  },
  {
    code: 'reference-not-checked',
    title: 'a remote-scope root reference',
    kind: 'roots',
    facts: facts({ catalogs: catalogsFacts({ github: {} }) }),
    fires: catalog({ web: { description: 'Web app.', default_in_roots: ['@acme/tools/lead'] } }),
    range: '"@acme/tools/lead"',
    severity: 'information',
    valid: catalog({ web: { description: 'Web app.', default_in_roots: ['@local/lead'] }, lead: { description: 'Lead.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ github: {} }) }),
  },
  {
    code: 'catalog-not-found',
    title: 'a roots index without a catalog',
    kind: 'roots',
    fires: catalog({ web: { description: 'Web app.', default_mcp_servers: ['github'] } }),
    range: '"default_mcp_servers"',
    severity: 'information',
    valid: catalog({ web: { description: 'Web app.' } }),
    validFacts: facts({ catalogs: catalogsFacts({ github: { defaultInRoots: ['web'] } }) }),
  },
  ...(
    [
      ['undefined-skill', 'plugins', 'skills', 'skills', 'lint-fix', 'lint-fx'],
      ['undefined-hook', 'plugins', 'hooks', 'hooks', 'pre-commit', 'pre-comit'],
      ['undefined-plugin', 'plugins', 'plugins', 'plugins', 'code-quality', 'code-qualty'],
      ['undefined-reference', 'skills', 'references', 'references', 'git-workflow', 'git-workflw'],
    ] as const
  ).map(([code, kind, listField, type, good, bad]): Case => ({
    code,
    title: `a ${kind} ${listField} item that names nothing`,
    kind,
    facts: facts({
      documentPath: `/ws/${kind}.json`,
      artifacts: artifactsFacts([artifactIndex(type, `/ws/team-${type}.json`, { [good]: { description: 'D', path: 'p' } })]),
    }),
    fires: catalog({ mine: { description: 'Mine.', ...(kind === 'skills' ? { path: 'skills/mine' } : {}), [listField]: [bad] } }),
    range: `"${bad}"`,
    severity: 'error',
    valid: catalog({ mine: { description: 'Mine.', ...(kind === 'skills' ? { path: 'skills/mine' } : {}), [listField]: [good] } }),
  })),
  {
    code: 'ambiguous-reference',
    title: 'a short ID that two other scopes define',
    kind: 'skills',
    facts: facts({
      documentPath: '/ws/skills.json',
      artifacts: artifactsFacts([
        artifactIndex('references', '/cache/a/references.json', { shared: { description: 'A', path: 'a.md' } }, 'acme/docs'),
        artifactIndex('references', '/cache/b/references.json', { shared: { description: 'B', path: 'b.md' } }, 'beta/docs'),
      ]),
    }),
    fires: catalog({ mine: { description: 'Mine.', path: 'skills/mine', references: ['shared'] } }),
    range: '"shared"',
    severity: 'error',
    valid: catalog({ mine: { description: 'Mine.', path: 'skills/mine', references: ['@acme/docs/shared'] } }),
  },
  {
    code: 'plugin-cycle',
    title: 'a plugin that includes itself',
    kind: 'plugins',
    facts: facts({ documentPath: '/ws/plugins.json', artifacts: artifactsFacts([]) }),
    fires: catalog({ suite: { description: 'Suite.', plugins: ['base'] }, base: { description: 'Base.', plugins: ['suite'] } }),
    range: '"base"',
    line: 4,
    severity: 'error',
    valid: catalog({ suite: { description: 'Suite.', plugins: ['base'] }, base: { description: 'Base.' } }),
  },
  {
    code: 'duplicate-id',
    title: 'one skill ID in two skills indexes of one air.json',
    kind: 'skills',
    facts: facts({
      documentPath: '/ws/skills.json',
      artifacts: artifactsFacts([artifactIndex('skills', '/ws/team-skills.json', { deploy: { description: 'Team.', path: 'team/deploy' } })]),
    }),
    fires: catalog({ deploy: { description: 'D.', path: 'skills/deploy' } }),
    range: '"deploy"',
    severity: 'error',
    valid: catalog({ ship: { description: 'D.', path: 'skills/deploy' } }),
  },
  {
    code: 'path-not-found',
    title: 'a skill folder without SKILL.md',
    kind: 'skills',
    facts: facts({ documentPath: '/ws/skills.json', artifactPaths: new Map([['skills/a', { found: 'folder', marker: { found: false } }]]) }),
    fires: catalog({ a: { description: 'A.', path: 'skills/a' } }),
    range: '"skills/a"',
    severity: 'warning',
    valid: catalog({ a: { description: 'A.', path: 'skills/a' } }),
    validFacts: facts({ documentPath: '/ws/skills.json', artifactPaths: new Map([['skills/a', { found: 'folder', marker: { found: true } }]]) }),
  },
  {
    code: 'invalid-hook-json',
    title: 'a HOOK.json without a command',
    kind: 'hooks',
    facts: facts({
      documentPath: '/ws/hooks.json',
      artifactPaths: new Map([['hooks/a', { found: 'folder', marker: { found: true, text: '{"event": "session_start"}' } }]]),
    }),
    fires: catalog({ a: { description: 'A.', path: 'hooks/a' } }),
    range: '"hooks/a"',
    severity: 'warning',
    valid: catalog({ a: { description: 'A.', path: 'hooks/a' } }),
    validFacts: facts({
      documentPath: '/ws/hooks.json',
      artifactPaths: new Map([['hooks/a', { found: 'folder', marker: { found: true, text: '{"event": "session_start", "command": "./run.sh"}' } }]]),
    }),
  },
  {
    code: 'path-not-checked',
    title: 'a reference path outside the workspace',
    kind: 'references',
    facts: facts({ documentPath: '/ws/references.json', artifactPaths: new Map([['../x.md', { found: 'refused', reason: 'is outside the workspace' }]]) }),
    fires: catalog({ a: { description: 'A.', path: '../x.md' } }),
    range: '"../x.md"',
    severity: 'information',
    valid: catalog({ a: { description: 'A.', path: 'x.md' } }),
    validFacts: facts({ documentPath: '/ws/references.json', artifactPaths: new Map([['x.md', { found: 'file' }]]) }),
  },
];

describe('SPEC §5 codes: each fires on its range and is silent on the nearest valid input', () => {
  it('covers every code the checker implements (all but the hygiene codes)', () => {
    const covered = new Set(CASES.map((c) => c.code));
    const missing = ALL_CODES.filter((code) => !HYGIENE.includes(code) && !covered.has(code));
    assert.deepEqual(missing, []);
  });

  for (const c of CASES) {
    describe(`${c.code}: ${c.title}`, () => {
      it(`fires as ${c.severity} on ${JSON.stringify(c.range).slice(0, 40)}`, () => {
        const findings = check(c.fires, c.kind ?? 'catalog', c.facts ?? facts());
        expectOne(c.fires, findings, c.code, { range: c.range, line: c.line, severity: c.severity });
      });
      it('is silent on the nearest valid input', () => {
        const findings = check(c.valid, c.kind ?? 'catalog', c.validFacts ?? c.facts ?? facts());
        assert.equal(findings.length, 0, describeFindings(c.valid, findings));
      });
    });
  }

  it('gives the default severity from the code table unless the SPEC names a variant', () => {
    const variants = new Set(['duplicate-key/warning', 'invalid-value/warning', 'timeout-fractional/hint', 'unavailable-empty/hint', 'unknown-field/hint']);
    for (const c of CASES) {
      if (variants.has(`${c.code}/${c.severity}`)) continue;
      assert.equal(c.severity, CODES[c.code].severity, c.code);
    }
  });
});

describe('per-code severity settings', () => {
  it('`off` drops a code and an override changes its severity', () => {
    const text = stdio({ startup_timeout_sec: 601, unavailable: true });
    const findings = check(text, 'catalog', facts(), { severities: { 'timeout-range': 'off', 'unavailable-type': 'error' } });
    assert.deepEqual(
      findings.map((f) => `${f.code}/${f.severity}`),
      ['unavailable-type/error'],
    );
  });
});
