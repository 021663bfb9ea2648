import { strict as assert } from 'node:assert';
import { catalog, catalogsFacts, check, expectNone, expectOne, facts, rootsFacts, spanText, stdio, withCode } from './helpers';

/** SPEC §4.4 and §10: both directions between a catalog and its roots index. */

const codes = (findings: readonly { code: string }[]): string[] => findings.map((f) => f.code);

describe('roots (SPEC §4.4)', () => {
  describe("a catalog's default_in_roots", () => {
    const withRoots = facts({ roots: rootsFacts(['zimmer', 'agents', 'fleet-maintenance'], '/ws/roots.json'), documentPath: '/ws/mcp.json' });

    it('fires undefined-root on the item, with related information into the roots file', () => {
      const text = stdio({ default_in_roots: ['zimmer', 'zimer'] });
      const finding = expectOne(text, check(text, 'catalog', withRoots), 'undefined-root', { range: '"zimer"', severity: 'error' });
      assert.deepEqual(finding.data?.path, ['s', 'default_in_roots', 1]);
      assert.equal(finding.data?.name, 'zimer');
      assert.deepEqual(finding.data?.candidates, ['zimmer']);
      assert.equal(finding.data?.rootsFile, '/ws/roots.json');
      assert.equal(finding.data?.server, 's');
      // Related information points at the closest root's key (the helper's spans), not line 1 column 1.
      assert.deepEqual(finding.related, [{ path: '/ws/roots.json', start: 4, end: 8, message: 'Root "zimmer" in roots.json' }]);
    });

    it('accepts "*" and every defined root', () => {
      const text = stdio({ default_in_roots: ['*', 'zimmer', 'fleet-maintenance'] });
      assert.deepEqual(check(text, 'catalog', withRoots), []);
    });

    it('reports every undefined root of every entry', () => {
      const text = catalog({
        a: { type: 'stdio', command: 'x', default_in_roots: ['nope'] },
        b: { type: 'stdio', command: 'x', default_in_roots: ['nada', 'agents'] },
      });
      assert.deepEqual(
        withCode(check(text, 'catalog', withRoots), 'undefined-root').map((f) => spanText(text, f)),
        ['"nope"', '"nada"'],
      );
    });

    it('says once, as information on the key, that roots could not be checked when no roots index was found', () => {
      const text = catalog({
        a: { type: 'stdio', command: 'x', default_in_roots: ['zimmer'] },
        b: { type: 'stdio', command: 'x', default_in_roots: ['nope'] },
      });
      const findings = check(text, 'catalog', facts({ rootsSearch: 'an air.json listing this catalog and a sibling roots.json' }));
      const finding = expectOne(text, findings, 'roots-not-found', { range: '"default_in_roots"', severity: 'information' });
      assert.deepEqual(finding.data?.path, ['a', 'default_in_roots']);
      assert.match(finding.message, /sibling roots\.json/);
      expectNone(text, findings, 'undefined-root');
    });

    it('is silent about roots when no entry names one', () => {
      assert.deepEqual(check(stdio({ default_in_roots: [] })), []);
      assert.deepEqual(check(stdio()), []);
    });

    it('says reference-not-checked (once per file) instead of undefined-root when roots also come from a remote source', () => {
      const remoteRoots = facts({ roots: rootsFacts(['zimmer'], '/ws/roots.json', ['github://acme/catalog/roots.json']) });
      const text = catalog({
        a: { type: 'stdio', command: 'x', default_in_roots: ['zimmer', 'remote-one'] },
        b: { type: 'stdio', command: 'x', default_in_roots: ['remote-two'] },
      });
      const findings = check(text, 'catalog', remoteRoots);
      const finding = expectOne(text, findings, 'reference-not-checked', { range: '"remote-one"', severity: 'information' });
      assert.match(finding.message, /github:\/\/acme\/catalog\/roots\.json/);
      expectNone(text, findings, 'undefined-root');
    });
  });

  describe('a roots index', () => {
    const catalogs = facts({
      catalogs: catalogsFacts({
        github: {},
        'postgres-prod': {},
        analytics: { unavailableReason: 'Warehouse migration.' },
        linter: { unavailableReason: 'Broken.', defaultInRoots: ['ops'] },
      }),
      documentPath: '/ws/roots.json',
    });

    it('fires undefined-server on a default_mcp_servers item, with the closest names', () => {
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github', 'postgres-prd'] } });
      const finding = expectOne(text, check(text, 'roots', catalogs), 'undefined-server', { range: '"postgres-prd"', severity: 'error' });
      assert.deepEqual(finding.data?.path, ['web', 'default_mcp_servers', 1]);
      assert.deepEqual(finding.data?.candidates, ['postgres-prod']);
      assert.equal(finding.data?.catalogFile, '/ws/mcp.json');
    });

    it('resolves @local/name against the local catalogs', () => {
      const ok = catalog({ web: { description: 'Web.', default_mcp_servers: ['@local/github'] } });
      assert.deepEqual(codes(check(ok, 'roots', catalogs)), ['legacy-root-membership']);
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['@local/gitlab'] } });
      expectOne(text, check(text, 'roots', catalogs), 'undefined-server', { range: '"@local/gitlab"' });
    });

    it('says reference-not-checked once per file for remote scopes', () => {
      const text = catalog({
        web: { description: 'Web.', default_mcp_servers: ['@acme/tools/a', '@acme/tools/b'] },
        api: { description: 'API.', default_mcp_servers: ['@acme/tools/c'] },
      });
      const finding = expectOne(text, check(text, 'roots', catalogs), 'reference-not-checked', { range: '"@acme/tools/a"', severity: 'information' });
      assert.deepEqual(finding.data?.path, ['web', 'default_mcp_servers', 0]);
    });

    it('gives no unavailable-default for a legacy default_mcp_servers item: the root does not get it at all (SPEC §4.4)', () => {
      const text = catalog({ data: { description: 'Data.', default_mcp_servers: ['analytics'] } });
      const findings = check(text, 'roots', catalogs);
      expectNone(text, findings, 'unavailable-default');
      expectOne(text, findings, 'legacy-root-membership', { range: '"default_mcp_servers"' });
    });

    it('gives unavailable-default on the root name for a server that puts itself on the root with default_in_roots', () => {
      const text = catalog({ web: { description: 'Web.' }, ops: { description: 'Ops.' } });
      const finding = expectOne(text, check(text, 'roots', catalogs), 'unavailable-default', { range: '"ops"' });
      assert.equal(finding.data?.name, 'linter');
    });

    it('says once that server names could not be checked when no catalog was found', () => {
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github'] }, api: { description: 'API.', default_mcp_servers: ['nope'] } });
      const findings = check(text, 'roots', facts());
      expectOne(text, findings, 'catalog-not-found', { range: '"default_mcp_servers"', severity: 'information' });
      expectNone(text, findings, 'undefined-server');
    });

    it("checks a root's own default_in_roots against this index, with related information in this file", () => {
      const text = catalog({ lead: { description: 'Lead.' }, phase: { description: 'Phase.', default_in_roots: ['lead', 'leed'] } });
      const finding = expectOne(text, check(text, 'roots', catalogs), 'undefined-root', { range: '"leed"' });
      assert.deepEqual(finding.data?.candidates, ['lead']);
      assert.equal(finding.related?.length, 1);
      assert.equal(finding.related[0].path, undefined, 'the related location is in this document');
      assert.equal(spanText(text, finding.related[0]), '"lead"');
    });

    it("gets only legacy-root-membership for AIR's pre-0.12 example shape", () => {
      const text = catalog({ web: { description: 'Web.', default_mcp_servers: ['github', 'postgres-prod'] } });
      assert.deepEqual(codes(check(text, 'roots', catalogs)), ['legacy-root-membership']);
    });
  });
});
