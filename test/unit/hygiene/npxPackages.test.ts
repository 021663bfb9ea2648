import { strict as assert } from 'node:assert';
import { packageName, unpinnedProblem } from '../../../server/src/service/rules/hygiene/npxPackages';
import { catalog, check, expectNone, expectOne, stdio, withCode } from '../helpers';

const npx = (...args: string[]) => ({ type: 'stdio', command: 'npx', args });

describe('hygiene: npx-cache-isolated (SPEC §6.3)', () => {
  it('is information on each entry sharing a spec, naming its own cache path and the other entry', () => {
    const text = catalog({ a: npx('-y', 'pkg@1.0.0'), 'b c': npx('-y', 'pkg@1.0.0'), other: npx('-y', 'pkg@2.0.0') });
    const findings = withCode(check(text), 'npx-cache-isolated');
    assert.deepEqual(
      findings.map((f) => [f.severity, f.data?.path, f.data?.cache, f.data?.sharesWith]),
      [
        ['information', ['a', 'args', 1], '<clone>/.npm-cache/isolated/a', ['b c']],
        ['information', ['b c', 'args', 1], '<clone>/.npm-cache/isolated/b_c', ['a']],
      ],
    );
    assert.equal(text.slice(findings[0].start, findings[0].end), '"pkg@1.0.0"');
    assert.match(
      findings[0].message,
      /^Shares its npx package with another server, so Zimmer gives it its own npm cache and downloads it again\. Shared with "b c" \(pkg@1\.0\.0\); its cache is <clone>\/\.npm-cache\/isolated\/a/,
    );
    assert.equal(findings[0].related?.length, 1);
  });

  it('names its group compactly: one related location at the first other member, however big the group', () => {
    const text = catalog({ a: npx('pkg@1'), b: npx('pkg@1'), c: npx('pkg@1'), d: npx('pkg@1') });
    const findings = withCode(check(text), 'npx-cache-isolated');
    assert.equal(findings.length, 4);
    assert.deepEqual(
      findings.map((f) => [f.data?.sharesWith, f.data?.unlisted, f.related?.length, f.related?.[0].message]),
      [
        [['b'], 2, 1, '"b" and 2 more run the same package'],
        [['a'], 2, 1, '"a" and 2 more run the same package'],
        [['a'], 2, 1, '"a" and 2 more run the same package'],
        [['a'], 2, 1, '"a" and 2 more run the same package'],
      ],
    );
    const related = findings[2].related![0];
    assert.equal(text.slice(related.start, related.end), '"pkg@1"');
    assert.ok(related.start < text.indexOf('"b"'), 'the related location is the first member, a');
    assert.match(findings[0].message, /^Shares its npx package with 3 servers, .* Shared with "b" and 2 more \(pkg@1\);/);
  });

  it('finds -p / --package specs and compares them sorted', () => {
    const text = catalog({ a: npx('-p', 'x@1', '-p', 'y@1', 'run'), b: npx('--package=y@1', '--package', 'x@1', 'run') });
    const findings = withCode(check(text), 'npx-cache-isolated');
    assert.deepEqual(
      findings.map((f) => text.slice(f.start, f.end)),
      ['"x@1"', '"--package=y@1"'],
    );
  });

  it('an entry with its own NPM_CONFIG_CACHE keeps it (no finding) but still isolates the other', () => {
    const text = catalog({ a: { ...npx('pkg@1'), env: { NPM_CONFIG_CACHE: '/cache' } }, b: npx('pkg@1') });
    const findings = withCode(check(text), 'npx-cache-isolated');
    assert.deepEqual(
      findings.map((f) => f.data?.path?.[0]),
      ['b'],
    );
  });

  describe('is silent on', () => {
    const silent: [string, string][] = [
      ['different versions (x@1 vs x@latest)', catalog({ a: npx('x@1'), b: npx('x@latest') })],
      ['one npx entry', stdio({ args: ['-y', 'pkg@1'] })],
      ['entries without a spec', catalog({ a: npx('-y'), b: npx('-y') })],
      [
        'commands other than exactly npx',
        catalog({ a: { type: 'stdio', command: '/usr/bin/npx', args: ['x@1'] }, b: { type: 'stdio', command: 'bunx', args: ['x@1'] } }),
      ],
    ];
    for (const [title, text] of silent) it(title, () => expectNone(text, check(text), 'npx-cache-isolated'));
  });
});

describe('hygiene: unpinned-package (off by default)', () => {
  const text = catalog({ a: npx('-y', 'pkg@latest'), b: npx('pkg'), c: npx('@scope/pkg@^1.2.0'), d: npx('pkg@next'), pinned: npx('-y', '@scope/pkg@1.2.3') });

  it('reports nothing at the default severity (off)', () => {
    expectNone(text, check(text), 'unpinned-package');
  });

  it('reports each unpinned spec as a hint once enabled with `hint`, on the spec item', () => {
    const findings = withCode(check(text, 'catalog', undefined, { severities: { 'unpinned-package': 'hint' } }), 'unpinned-package');
    assert.deepEqual(
      findings.map((f) => [text.slice(f.start, f.end), f.severity, f.data?.path]),
      [
        ['"pkg@latest"', 'hint', ['a', 'args', 1]],
        ['"pkg"', 'hint', ['b', 'args', 0]],
        ['"@scope/pkg@^1.2.0"', 'hint', ['c', 'args', 0]],
        ['"pkg@next"', 'hint', ['d', 'args', 0]],
      ],
    );
    assert.match(findings[0].message, /asks for @latest, so each session may run a different release/);
    assert.match(findings[2].message, /"@scope\/pkg@\^1\.2\.0" gives a version range/);
  });

  it('takes any level a user gives it', () => {
    const one = stdio({ args: ['pkg'] });
    expectOne(one, check(one, 'catalog', undefined, { severities: { 'unpinned-package': 'information' } }), 'unpinned-package', {
      range: '"pkg"',
      severity: 'information',
    });
  });

  it('judges specs: exact versions pinned; paths, git, owner/repo and placeholders not judged', () => {
    for (const spec of ['x@1.2.3', '@s/x@0.0.1-beta.1', 'x@v1.2.3', './local', 'github:o/r', 'o/r', 'x@${VERSION}', 'https://e.com/x.tgz']) {
      assert.equal(unpinnedProblem(spec), undefined, spec);
    }
    for (const spec of ['x', 'x@latest', 'x@1', 'x@1.2', 'x@~1.2.3', 'x@>=1', '@s/x', '@s/x@beta']) {
      assert.ok(unpinnedProblem(spec), spec);
    }
    assert.equal(packageName('@s/x@1'), '@s/x');
    assert.equal(packageName('x'), 'x');
  });
});
