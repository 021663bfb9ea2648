import { strict as assert } from 'node:assert';
import type { IndexKind } from '../../server/src/service/classify';
import { catalog, check, describe as describeFindings, expectNone, expectOne, readFixture, withCode } from './helpers';

/**
 * SPEC §12: skills, hooks, plugins and references indexes get the strict JSON (§2) and schema
 * checking of catalogs — AIR's schema for each index (schemas/, copied from corpus/), each
 * violation one clear diagnostic on the smallest range, with the existing codes.
 */

/** The structure rule's own codes: what these tests are about (other rules may add their own). */
const STRUCTURE = new Set(['missing-field', 'invalid-value', 'invalid-name', 'unknown-field', 'not-an-object', 'duplicate-key']);

function structural(text: string, kind: IndexKind): string {
  return describeFindings(
    text,
    check(text, kind).filter((finding) => STRUCTURE.has(finding.code) || finding.code.startsWith('json-')),
  );
}

describe('the schema of every index (SPEC §12)', () => {
  it('a skill, hook or reference without a path: one missing-field on its key', () => {
    for (const [kind, noun] of [
      ['skills', 'skill'],
      ['hooks', 'hook'],
      ['references', 'reference'],
    ] as const) {
      const text = catalog({ x: { description: 'What it does.' } });
      const finding = expectOne(text, check(text, kind), 'missing-field', { range: '"x"', line: 1, severity: 'error' });
      assert.equal(finding.message, `The ${noun} "x" has no path: AIR rejects a ${noun} without it.`);
      assert.equal(finding.data?.field, 'path');
    }
    const plugin = catalog({ web: { skills: [] } });
    expectOne(plugin, check(plugin, 'plugins'), 'missing-field', { range: '"web"', line: 1 });
  });

  it('a name outside the schema’s propertyNames: invalid-name with a valid suggestion', () => {
    const text = catalog({ 'open pr': { description: 'd', path: './p' } });
    const finding = expectOne(text, check(text, 'skills'), 'invalid-name', { range: '"open pr"', line: 1, severity: 'error' });
    assert.match(finding.message, /"open pr" is not a valid skill name, so AIR rejects it\. Did you mean "open-pr"\?/);
    // Brackets are a server name's, not a plugin's.
    const plugin = catalog({ 'a[1]': { description: 'd' } });
    expectOne(plugin, check(plugin, 'plugins'), 'invalid-name', { range: '"a[1]"', line: 1 });
  });

  it('wrong values: one invalid-value each, on the value', () => {
    const text = catalog({
      web: { description: '', version: '1.0', author: { email: 'nobody' }, homepage: 'not a uri', mcp_servers: ['github', 3], default_in_roots: 'zimmer' },
    });
    const findings = check(text, 'plugins');
    const values = withCode(findings, 'invalid-value').map((finding) => text.slice(finding.start, finding.end));
    assert.deepEqual(values, ['""', '"1.0"', '"nobody"', '"not a uri"', '3', '"zimmer"']);
    const messages = withCode(findings, 'invalid-value').map((finding) => finding.message);
    assert.match(messages[1], /version is not a semantic version/);
    assert.match(messages[2], /author\.email is not an email address/);
    assert.match(messages[5], /default_in_roots must be an array/);
  });

  it('default_in_roots is a known field of every index; its near-misses are unknown-field', () => {
    for (const kind of ['skills', 'hooks', 'plugins', 'references'] as const) {
      const text = catalog({ x: { description: 'd', path: './x', default_in_roots: ['zimmer'], defaultInRoots: ['zimmer'] } });
      const finding = expectOne(text, check(text, kind), 'unknown-field', { range: '"defaultInRoots"', severity: 'warning' });
      assert.equal(finding.data?.suggestion, 'default_in_roots');
    }
    const typo = catalog({ x: { description: 'd', path: './x', referencs: ['style'] } });
    expectOne(typo, check(typo, 'skills'), 'unknown-field', { range: '"referencs"', severity: 'hint' });
    // An unknown field that is no near-miss is allowed (additionalProperties: true), as in catalogs.
    const extra = catalog({ x: { description: 'd', path: './x', category: 'workflow' } });
    expectNone(extra, check(extra, 'skills'), 'unknown-field');
  });

  it('strict JSON and duplicate keys as in a catalog; a non-object entry is not-an-object', () => {
    const text = '{\n  "a": {"description": "d", "path": "./a"},\n  "a": {"description": "d", "path": "./b"},\n  "n": 3,\n}\n';
    const findings = check(text, 'references');
    expectOne(text, findings, 'duplicate-key', { range: '"a"', line: 2, severity: 'error' });
    expectOne(text, findings, 'not-an-object', { range: '3', line: 3 });
    assert.equal(withCode(findings, 'json-trailing-comma').length, 1, describeFindings(text, findings));
  });

  it('AIR’s example indexes (corpus, copied to test/fixtures/air-example) have no structural problem', () => {
    for (const kind of ['skills', 'hooks', 'plugins', 'references'] as const) {
      const text = readFixture('air-example', `${kind}.json`);
      assert.equal(structural(text, kind), '(no findings)', kind);
    }
  });
});
