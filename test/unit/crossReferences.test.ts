import { strict as assert } from 'node:assert';
import type { OtherIndexType } from '../../server/src/service/artifacts';
import type { ArtifactPathTarget, WorkspaceFacts } from '../../server/src/service/facts';
import { artifactIndex, artifactsFacts, catalog, catalogsFacts, check, expectNone, expectOne, facts, rootsFacts, spanText, withCode } from './helpers';

/** SPEC §12: references between skills, hooks, plugins, references, catalogs and roots indexes, and artifact paths. */

const indexFile = artifactIndex;

const REFERENCES = indexFile('references', '/ws/references.json', {
  'git-workflow': { title: 'Git Workflow', description: 'Branches', path: 'references/GIT.md' },
  'staging-env': { description: 'Staging', path: 'references/STAGING.md' },
});
const SKILLS = indexFile('skills', '/ws/skills.json', {
  'lint-fix': { description: 'Lint', path: 'skills/lint-fix' },
  'deploy-staging': { description: 'D', path: 'skills/d' },
});
const HOOKS = indexFile('hooks', '/ws/hooks.json', { 'lint-pre-commit': { description: 'L', path: 'hooks/lint' } });
const PLUGINS = indexFile('plugins', '/ws/plugins.json', { 'code-quality': { description: 'Q', skills: ['lint-fix'] } });

function world(documentPath: string, extra: Partial<WorkspaceFacts> = {}): WorkspaceFacts {
  return facts({
    documentPath,
    artifacts: artifactsFacts([REFERENCES, SKILLS, HOOKS, PLUGINS]),
    catalogs: catalogsFacts({ github: {}, 'eslint-server': {} }),
    roots: rootsFacts(['zimmer', 'agents']),
    ...extra,
  });
}

describe('cross-references between indexes (SPEC §12)', () => {
  describe('undefined IDs, one code per type, on the item', () => {
    const cases: {
      kind: OtherIndexType | 'roots';
      field: string;
      code: 'undefined-reference' | 'undefined-skill' | 'undefined-hook' | 'undefined-plugin' | 'undefined-server';
      good: string;
      bad: string;
      closest: string;
      path: string;
    }[] = [
      {
        kind: 'skills',
        field: 'references',
        code: 'undefined-reference',
        good: 'git-workflow',
        bad: 'git-workflw',
        closest: 'git-workflow',
        path: '/ws/references.json',
      },
      {
        kind: 'hooks',
        field: 'references',
        code: 'undefined-reference',
        good: 'staging-env',
        bad: 'staging-en',
        closest: 'staging-env',
        path: '/ws/references.json',
      },
      { kind: 'plugins', field: 'skills', code: 'undefined-skill', good: 'lint-fix', bad: 'lint-fx', closest: 'lint-fix', path: '/ws/skills.json' },
      {
        kind: 'plugins',
        field: 'hooks',
        code: 'undefined-hook',
        good: 'lint-pre-commit',
        bad: 'lint-pre-comit',
        closest: 'lint-pre-commit',
        path: '/ws/hooks.json',
      },
      { kind: 'plugins', field: 'mcp_servers', code: 'undefined-server', good: 'github', bad: 'githb', closest: 'github', path: '/ws/mcp.json' },
      {
        kind: 'plugins',
        field: 'plugins',
        code: 'undefined-plugin',
        good: 'code-quality',
        bad: 'code-qualty',
        closest: 'code-quality',
        path: '/ws/plugins.json',
      },
      { kind: 'roots', field: 'default_skills', code: 'undefined-skill', good: 'lint-fix', bad: 'lint-fx', closest: 'lint-fix', path: '/ws/skills.json' },
      {
        kind: 'roots',
        field: 'default_hooks',
        code: 'undefined-hook',
        good: 'lint-pre-commit',
        bad: 'lint-pre-comit',
        closest: 'lint-pre-commit',
        path: '/ws/hooks.json',
      },
      {
        kind: 'roots',
        field: 'default_plugins',
        code: 'undefined-plugin',
        good: 'code-quality',
        bad: 'code-qualty',
        closest: 'code-quality',
        path: '/ws/plugins.json',
      },
    ];
    for (const c of cases) {
      it(`${c.kind} ${c.field}: ${c.code} with did-you-mean first, related information at the closest ID, a quick-fix payload`, () => {
        const text = catalog({ mine: { description: 'M', [c.field]: [c.good, c.bad] } });
        const found = check(text, c.kind, world(`/ws/other-${c.kind}.json`));
        const finding = expectOne(text, found, c.code, { range: `"${c.bad}"`, severity: 'error' });
        assert.match(finding.message, new RegExp(`^"${c.bad}" is not a \\w+, so \\w+ "mine" does not get it\\. Did you mean "${c.closest}"\\?`));
        assert.deepEqual(finding.data?.candidates, [c.closest]);
        assert.equal(finding.data?.name, c.bad);
        assert.equal(finding.related?.[0].path, c.path);
        assert.match(finding.related[0].message, new RegExp(`"${c.closest}"`));
      });
      it(`${c.kind} ${c.field}: silent for an ID that exists, short or @local/`, () => {
        const text = catalog({ mine: { description: 'M', [c.field]: [c.good, `@local/${c.good}`] } });
        expectNone(text, check(text, c.kind, world(`/ws/other-${c.kind}.json`)), c.code);
      });
    }

    it('a @local/ ID that names nothing is an error on its name; related information at the index anchor when nothing is close', () => {
      const text = catalog({ mine: { description: 'M', references: ['@local/zzzzzzzzzz'] } });
      const finding = expectOne(text, check(text, 'skills', world('/ws/skills.json')), 'undefined-reference', { range: '"@local/zzzzzzzzzz"' });
      assert.equal(finding.data?.name, 'zzzzzzzzzz');
      assert.deepEqual(finding.related, [{ path: '/ws/references.json', ...REFERENCES.anchor, message: 'The references of references.json' }]);
    });

    it('a plugins index resolves plugins against its own text (unsaved edits count), not the facts’ copy of it', () => {
      const text = catalog({ fresh: { description: 'F' }, suite: { description: 'S', plugins: ['fresh', 'code-quality'] } });
      const found = check(text, 'plugins', world('/ws/plugins.json'));
      const finding = expectOne(text, found, 'undefined-plugin', { range: '"code-quality"' });
      assert.equal(finding.related?.[0].path, undefined, 'the closest plugin is in this document');
    });
  });

  describe('scopes (short and qualified IDs, AIR scope.ts)', () => {
    it('a qualified ID of a scope that cannot be read is information, once per file', () => {
      const text = catalog({ mine: { description: 'M', references: ['@acme/docs/a', '@acme/docs/b'] } });
      const found = check(text, 'skills', world('/ws/skills.json'));
      assert.equal(withCode(found, 'reference-not-checked').length, 1);
      assert.equal(withCode(found, 'reference-not-checked')[0].severity, 'information');
      expectNone(text, found, 'undefined-reference');
    });

    it('a short ID no local index defines while a remote source contributes is not an error', () => {
      const text = catalog({ mine: { description: 'M', references: ['elsewhere'] } });
      const found = check(text, 'skills', world('/ws/skills.json', { artifacts: artifactsFacts([REFERENCES], ['references']) }));
      expectNone(text, found, 'undefined-reference');
      assert.equal(withCode(found, 'reference-not-checked').length, 1);
    });

    it('a short ID two other scopes define is ambiguous (error); the local scope wins when it defines it', () => {
      const acme = indexFile('references', '/cache/acme/references.json', { shared: { description: 'A', path: 'a.md' } }, 'acme/docs');
      const beta = indexFile('references', '/cache/beta/references.json', { shared: { description: 'B', path: 'b.md' } }, 'beta/docs');
      const text = catalog({ mine: { description: 'M', references: ['shared', '@acme/docs/shared', '@beta/docs/nope'] } });
      const found = check(text, 'skills', world('/ws/skills.json', { artifacts: artifactsFacts([REFERENCES, acme, beta]) }));
      const ambiguous = expectOne(text, found, 'ambiguous-reference', { range: '"shared"', severity: 'error' });
      assert.deepEqual(ambiguous.data?.candidates, ['@acme/docs/shared', '@beta/docs/shared']);
      expectOne(text, found, 'undefined-reference', { range: '"@beta/docs/nope"' });
      const local = indexFile('references', '/ws/references.json', { shared: { description: 'L', path: 'l.md' } });
      expectNone(text, check(text, 'skills', world('/ws/skills.json', { artifacts: artifactsFacts([local, acme, beta]) })), 'ambiguous-reference');
    });

    it('says once that IDs could not be checked when no index of the type is known', () => {
      const text = catalog({ mine: { description: 'M', path: 'skills/mine', references: ['a', 'b'] } });
      const found = check(text, 'skills', facts({ documentPath: '/ws/skills.json' }));
      assert.deepEqual(
        found.map((f) => f.code),
        ['reference-not-checked'],
      );
    });
  });

  describe('plugin cycles', () => {
    it('a plugin that includes itself directly is an error naming the cycle', () => {
      const text = catalog({ loop: { description: 'L', plugins: ['loop'] } });
      const finding = expectOne(text, check(text, 'plugins', world('/ws/plugins.json')), 'plugin-cycle', { range: '"loop"', line: 4, severity: 'error' });
      assert.match(finding.message, /loop -> loop/);
    });

    it('a cycle through several plugins, one in another index, is reported once, naming every member', () => {
      const other = indexFile('plugins', '/ws/team-plugins.json', { c: { description: 'C', plugins: ['a'] } });
      const text = catalog({ a: { description: 'A', plugins: ['b'] }, b: { description: 'B', plugins: ['@local/c'] } });
      const found = check(text, 'plugins', world('/ws/plugins.json', { artifacts: artifactsFacts([other]) }));
      const cycles = withCode(found, 'plugin-cycle');
      assert.equal(cycles.length, 1, JSON.stringify(cycles));
      assert.match(cycles[0].message, /"a" includes itself through plugins: a -> b -> c -> a/);
    });

    it('a cycle of 5,000 plugins is one finding whose message stays short; 5,000 plugins in pairs are 2,500 findings', () => {
      const size = 5_000;
      const chain = Object.fromEntries(Array.from({ length: size }, (_, i) => [`p${i}`, { description: 'P', plugins: [`p${(i + 1) % size}`] }]));
      const found = withCode(check(catalog(chain), 'plugins', world('/ws/plugins.json')), 'plugin-cycle');
      assert.equal(found.length, 1);
      assert.match(found[0].message, /^Plugin "p0" includes itself through plugins: p0 -> p1 -> .* -> p9 -> \(4990 more\) -> p0; AIR cannot expand it\.$/);
      const pairs = Object.fromEntries(Array.from({ length: size }, (_, i) => [`q${i}`, { description: 'Q', plugins: [`q${i ^ 1}`, 'tail0'] }]));
      const tail = Object.fromEntries(
        Array.from({ length: size }, (_, i) => [`tail${i}`, { description: 'T', plugins: i + 1 < size ? [`tail${i + 1}`] : [] }]),
      );
      assert.equal(withCode(check(catalog({ ...pairs, ...tail }), 'plugins', world('/ws/plugins.json')), 'plugin-cycle').length, size / 2);
    });

    it('a diamond (two plugins including one) is no cycle', () => {
      const text = catalog({ base: { description: 'B' }, x: { description: 'X', plugins: ['base'] }, y: { description: 'Y', plugins: ['base', 'x'] } });
      expectNone(text, check(text, 'plugins', world('/ws/plugins.json')), 'plugin-cycle');
    });
  });

  describe('default_in_roots on every index that has it', () => {
    for (const kind of ['skills', 'hooks', 'plugins', 'references'] as const) {
      it(`${kind}: undefined-root on a name that is no root; silent on a root and "*"`, () => {
        const text = catalog({ mine: { description: 'M', default_in_roots: ['zimmer', '*', 'zimer'] } });
        const finding = expectOne(text, check(text, kind, world(`/ws/${kind}.json`)), 'undefined-root', { range: '"zimer"', severity: 'error' });
        assert.deepEqual(finding.data?.candidates, ['zimmer']);
        const good = catalog({ mine: { description: 'M', default_in_roots: ['zimmer', '*'] } });
        expectNone(good, check(good, kind, world(`/ws/${kind}.json`)), 'undefined-root');
      });
    }
    it('a skills index without a roots index says so once, as information', () => {
      const text = catalog({ mine: { description: 'M', default_in_roots: ['zimmer'] } });
      const found = check(text, 'skills', facts({ documentPath: '/ws/skills.json', rootsSearch: 'a sibling roots.json' }));
      const finding = expectOne(text, found, 'roots-not-found', { range: '"default_in_roots"', severity: 'information' });
      assert.match(finding.message, /no roots index was found for this skills index/);
    });
  });

  describe('reference-not-checked is said once per file across rules', () => {
    it('a remote root and a remote reference in one skills index give one information', () => {
      const text = catalog({ mine: { description: 'M', default_in_roots: ['@acme/roots/x'], references: ['@acme/docs/y'] } });
      assert.equal(withCode(check(text, 'skills', world('/ws/skills.json')), 'reference-not-checked').length, 1);
    });
  });

  describe('one ID in two indexes of one type (AIR config.ts mergeContributions: "Duplicate skill ID")', () => {
    const own = { 'lint-fix': { description: 'Mine', path: 'skills/lint-fix' }, mine: { description: 'M', path: 'skills/mine' } };
    const text = catalog(own);
    const composed = (other: ReturnType<typeof indexFile>): WorkspaceFacts =>
      world('/ws/team-skills.json', { artifacts: artifactsFacts([REFERENCES, indexFile('skills', '/ws/team-skills.json', own), other, HOOKS, PLUGINS]) });

    it('is an error on the key, with related information at the other definition', () => {
      const found = expectOne(text, check(text, 'skills', composed(SKILLS)), 'duplicate-id', { range: '"lint-fix"', severity: 'error' });
      assert.match(found.message, /^"lint-fix" is also a skill of skills\.json, so AIR refuses to load the air\.json/);
      assert.deepEqual(
        found.related?.map((r) => r.path),
        ['/ws/skills.json'],
      );
    });

    it('is silent for an ID of one index, for the same ID in an index of another type, and for another scope', () => {
      const otherType = indexFile('hooks', '/ws/hooks.json', { 'lint-fix': { description: 'H', path: 'hooks/lint-fix' } });
      const remote = indexFile('skills', '/cache/acme/skills.json', { 'lint-fix': { description: 'A', path: 'a' } }, 'acme/skills');
      for (const other of [otherType, remote, indexFile('skills', '/ws/skills.json', { other: { description: 'O', path: 'o' } })]) {
        expectNone(text, check(text, 'skills', composed(other)), 'duplicate-id');
      }
    });
  });
});

describe('artifact paths (SPEC §12)', () => {
  const paths = (entries: Record<string, ArtifactPathTarget>): WorkspaceFacts =>
    facts({ documentPath: '/ws/index.json', artifactPaths: new Map(Object.entries(entries)) });

  it('a skill folder without SKILL.md, a missing one, and a file are warnings on the path value; one with SKILL.md is silent', () => {
    const text = catalog({
      a: { description: 'A', path: 'skills/a' },
      b: { description: 'B', path: 'skills/b' },
      c: { description: 'C', path: 'skills/c.md' },
      d: { description: 'D', path: 'skills/d' },
    });
    const found = withCode(
      check(
        text,
        'skills',
        paths({
          'skills/a': { found: 'folder', marker: { found: false } },
          'skills/b': { found: 'missing' },
          'skills/c.md': { found: 'file' },
          'skills/d': { found: 'folder', marker: { found: true } },
        }),
      ),
      'path-not-found',
    );
    assert.deepEqual(
      found.map((f) => [spanText(text, f), f.severity]),
      [
        ['"skills/a"', 'warning'],
        ['"skills/b"', 'warning'],
        ['"skills/c.md"', 'warning'],
      ],
    );
    assert.match(found[0].message, /holds no SKILL\.md, so AIR skips skill "a" at prepare/);
  });

  it('a hook folder needs a valid HOOK.json (event, command, args, timeout_seconds)', () => {
    const hook = (json: string): ArtifactPathTarget => ({ found: 'folder', marker: { found: true, text: json } });
    const text = catalog({
      good: { description: 'G', path: 'hooks/good' },
      nocommand: { description: 'N', path: 'hooks/nocommand' },
      badargs: { description: 'B', path: 'hooks/badargs' },
      badtimeout: { description: 'T', path: 'hooks/badtimeout' },
      broken: { description: 'X', path: 'hooks/broken' },
      none: { description: 'Z', path: 'hooks/none' },
    });
    const found = check(
      text,
      'hooks',
      paths({
        'hooks/good': hook('{"event": "session_start", "command": "./notify.sh", "args": ["-q"], "timeout_seconds": 10}'),
        'hooks/nocommand': hook('{"event": "session_start"}'),
        'hooks/badargs': hook('{"event": "session_start", "command": "x", "args": "-q"}'),
        'hooks/badtimeout': hook('{"event": "session_start", "command": "x", "timeout_seconds": "10"}'),
        'hooks/broken': hook('{"event": '),
        'hooks/none': { found: 'folder', marker: { found: false } },
      }),
    );
    assert.deepEqual(
      withCode(found, 'invalid-hook-json').map((f) => [spanText(text, f), f.message]),
      [
        ['"hooks/nocommand"', 'HOOK.json of hook "nocommand" has no command, so AIR cannot run it.'],
        ['"hooks/badargs"', 'HOOK.json of hook "badargs" has args that are not an array of strings, so AIR cannot run it.'],
        ['"hooks/badtimeout"', 'HOOK.json of hook "badtimeout" has a timeout_seconds that is not a positive number, so AIR cannot run it.'],
        ['"hooks/broken"', 'HOOK.json of hook "broken" is not valid JSON, so AIR cannot run it.'],
      ],
    );
    assert.deepEqual(
      withCode(found, 'path-not-found').map((f) => spanText(text, f)),
      ['"hooks/none"'],
    );
  });

  it('a reference path must be a file; a folder or nothing is a warning', () => {
    const text = catalog({ a: { description: 'A', path: 'docs/A.md' }, b: { description: 'B', path: 'docs' }, c: { description: 'C', path: 'docs/C.md' } });
    const found = check(text, 'references', paths({ 'docs/A.md': { found: 'file' }, docs: { found: 'folder' }, 'docs/C.md': { found: 'missing' } }));
    assert.deepEqual(
      withCode(found, 'path-not-found').map((f) => spanText(text, f)),
      ['"docs"', '"docs/C.md"'],
    );
  });

  it('a path outside the workspace is information, never followed; without path facts (a restricted workspace) nothing is said', () => {
    const text = catalog({ a: { description: 'A', path: '../../etc' } });
    const found = check(text, 'references', paths({ '../../etc': { found: 'refused', reason: 'is outside the workspace' } }));
    assert.deepEqual(
      found.map((f) => [f.code, f.severity, f.message]),
      [['path-not-checked', 'information', 'path "../../etc" is not followed: it is outside the workspace.']],
    );
    assert.deepEqual(check(text, 'references', facts({ documentPath: '/ws/references.json' })), []);
  });
});
