import { strict as assert } from 'node:assert';
import { computeReadiness, isCredentialHeaderName, type ServerReadiness } from '../../server/src/service/readiness';
import { checkDocument } from '../../server/src/service/engine';
import { VariableIndex } from '../../server/src/service/variables';
import { catalog, facts } from './runtime/helpers';

const remote = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'streamable-http', url: 'https://example.com/mcp', ...extra });
const stdio = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({ type: 'stdio', command: 'node', args: ['server.js'], ...extra });

function server(text: string, name: string, options: Parameters<typeof facts>[0] = {}): ServerReadiness {
  const found = computeReadiness(text, facts(options)).servers.find((s) => s.name === name);
  assert.ok(found, `no readiness for ${name}`);
  return found;
}

describe('readiness: credential-like header names (SPEC §6.1)', () => {
  for (const name of [
    'Authorization',
    'X-API-Key',
    'x_api_key',
    'PRIVATE-TOKEN',
    'X-Auth-Token',
    'ApiKey',
    'X-Client-Secret',
    'DB_PASSWORD',
    'X-Credential',
    'Credentials',
  ]) {
    it(`${name} is credential-like`, () => assert.equal(isCredentialHeaderName(name), true));
  }
  for (const name of ['Idempotency-Key', 'X-Author', 'X-Key-Api', 'Accept', 'X-Tokens', 'X-Api', 'Content-Type']) {
    it(`${name} is not credential-like`, () => assert.equal(isCredentialHeaderName(name), false));
  }
});

describe('readiness: per-server state and precedence (SPEC §6.1)', () => {
  it('a declared reason beats a missing variable and a missing credential header', () => {
    const text = catalog({ s: remote({ url: 'https://${HOST}/mcp', unavailable: '  vendor\n outage ' }) });
    const result = server(text, 's');
    assert.equal(result.state, 'declared_unavailable');
    assert.equal(result.startable, false);
    assert.equal(result.reason, 'vendor outage');
    assert.deepEqual(result.variables, ['HOST']);
  });

  it('`unavailable: true` or blank declares nothing', () => {
    assert.equal(server(catalog({ s: stdio({ unavailable: true }) }), 's').state, 'no_credential_required');
    assert.equal(server(catalog({ s: stdio({ unavailable: ' \t ' }) }), 's').state, 'no_credential_required');
  });

  it('a missing variable beats needing authorization, and every missing name is listed in order', () => {
    const text = catalog({
      s: remote({ url: 'https://${HOST}/mcp', headers: { 'X-Trace': '${TRACE_ID}', Accept: '${ACCEPT}' }, env: { A: '${HOST}' } }),
    });
    const result = server(text, 's', { known: ['ACCEPT'] });
    assert.equal(result.state, 'missing_configuration');
    assert.deepEqual(result.variables, ['HOST', 'TRACE_ID']);
    assert.match(result.reason!, /HOST and TRACE_ID are set in no source searched/);
    assert.match(result.reason!, /names declared in --known; \.env \(not found\)/);
  });

  it('counts env, headers, url and args, but not command, oauth or unknown fields', () => {
    const text = catalog({
      a: stdio({ command: '${BIN}', args: ['--token', '${ARG_TOKEN}'], env: { K: 'x-${ENV_NAME}' }, note: '${NOTE}' }),
      b: remote({ headers: { Authorization: 'Bearer ${TOKEN}' }, oauth: { clientSecret: '${OAUTH_SECRET}' } }),
    });
    assert.deepEqual(server(text, 'a').variables, ['ARG_TOKEN', 'ENV_NAME']);
    assert.deepEqual(server(text, 'b').variables, ['TOKEN']);
  });

  it('a `:-` default is never missing, even an empty one; lower-case names are invisible', () => {
    const text = catalog({ s: stdio({ env: { A: '${A:-}', B: '${B:-fallback}', c: '${lower}' } }) });
    const result = server(text, 's');
    assert.equal(result.state, 'no_credential_required');
    assert.equal(result.variables, undefined);
  });

  it('OAuth capability is decided by header names: no credential-like header → needs_authorization', () => {
    assert.equal(server(catalog({ s: remote() }), 's').state, 'needs_authorization');
    assert.equal(server(catalog({ s: remote({ headers: { 'Idempotency-Key': 'k', 'X-Author': 'me' } }) }), 's').state, 'needs_authorization');
    assert.equal(server(catalog({ s: { type: 'sse', url: 'https://e.com/sse' } }), 's').state, 'needs_authorization');
    const reason = server(catalog({ s: remote() }), 's').reason!;
    assert.match(reason, /a person must authorize it before sessions can use it/);
  });

  it('a credential-like header with a literal value needs nothing: no_credential_required', () => {
    const result = server(catalog({ s: remote({ headers: { 'PRIVATE-TOKEN': 'abc' } }) }), 's');
    assert.equal(result.state, 'no_credential_required');
    assert.equal(result.startable, true);
  });

  it('ready when every required variable is found, naming the source but never a value', () => {
    const text = catalog({ s: remote({ headers: { 'X-API-Key': '${API_KEY}' } }) });
    const result = server(text, 's', { processEnv: ['API_KEY'] });
    assert.equal(result.state, 'ready');
    assert.equal(result.startable, true);
    assert.deepEqual(result.variables, ['API_KEY']);
    assert.match(result.reason!, /API_KEY \(the process environment\)/);
  });

  it('a stdio server never needs authorization', () => {
    assert.equal(server(catalog({ s: stdio() }), 's').state, 'no_credential_required');
  });

  it('an entry that breaks a structural rule is invalid with the problem as its reason', () => {
    const text = catalog({
      bad: { type: 'stdio', command: 'npx', url: 'https://e.com' },
      untyped: { command: 'npx' },
      http: { type: 'http', url: 'https://e.com' },
      notObject: 5,
      fine: stdio(),
    });
    const readiness = computeReadiness(text, facts());
    const byName = new Map(readiness.servers.map((s) => [s.name, s]));
    for (const name of ['bad', 'untyped', 'http', 'notObject']) {
      assert.equal(byName.get(name)!.state, 'invalid', name);
      assert.equal(byName.get(name)!.startable, false);
      assert.ok(byName.get(name)!.reason, `${name} has a reason`);
    }
    assert.match(byName.get('bad')!.reason!, /url is not allowed on a stdio server/);
    assert.match(byName.get('notObject')!.reason!, /is a number, not an object/);
    assert.equal(byName.get('fine')!.state, 'no_credential_required');
  });

  it('a `${` in a url is only a warning, so the entry is not invalid', () => {
    assert.equal(server(catalog({ s: remote({ url: '${BASE_URL}/mcp', headers: { Authorization: 'x' } }) }), 's', { known: ['BASE_URL'] }).state, 'ready');
  });

  it('lists startable servers first, then the others, each group in catalog order', () => {
    const text = catalog({ a: remote(), b: stdio(), c: stdio({ unavailable: 'off' }), d: stdio({ env: { X: '${X}' } }), e: stdio({ env: { Y: '${Y}' } }) });
    const readiness = computeReadiness(text, facts({ known: ['X'] }));
    assert.deepEqual(
      readiness.servers.map((s) => s.name),
      ['b', 'd', 'a', 'c', 'e'],
    );
  });

  it('every non-startable server has a reason', () => {
    const text = catalog({ a: remote(), c: stdio({ unavailable: 'off' }), e: stdio({ env: { Y: '${Y}' } }), f: { type: 'stdio' } });
    for (const s of computeReadiness(text, facts()).servers) assert.ok(!s.startable && s.reason, s.name);
  });
});

describe('readiness: roots and the worst state (SPEC §6.2, §10)', () => {
  const roots = JSON.stringify({
    alpha: { description: 'a', default_mcp_servers: ['explicit', '@local/scoped', '@acme/repo/remote', 'not-in-catalog'] },
    beta: { description: 'b' },
    gamma: { description: 'c' },
  });

  it('a root\'s servers are those whose default_in_roots names it (bare, @local/ or "*"), in catalog order; its own default_mcp_servers count for nothing', () => {
    const text = catalog({
      scoped: stdio({ default_in_roots: ['@local/alpha'] }),
      inverted: stdio({ default_in_roots: ['alpha'] }),
      explicit: stdio(),
      everywhere: stdio({ default_in_roots: ['*'] }),
      unrelated: stdio({ default_in_roots: ['gamma', '@acme/repo/alpha'] }),
    });
    const readiness = computeReadiness(text, facts({ rootsText: roots }));
    assert.deepEqual(
      readiness.roots.map((r) => [r.name, r.servers]),
      [
        ['alpha', ['scoped', 'inverted', 'everywhere']],
        ['beta', ['everywhere']],
        ['gamma', ['everywhere', 'unrelated']],
      ],
    );
    assert.ok(readiness.roots.every((r) => r.worstState === undefined && r.warning === undefined));
  });

  it('without a roots index there are no roots', () => {
    assert.deepEqual(computeReadiness(catalog({ a: stdio({ default_in_roots: ['alpha'] }) }), facts()).roots, []);
  });

  it('missing configuration is the worst, and its sentence names every missing variable', () => {
    const text = catalog({
      oauth: remote({ default_in_roots: ['alpha'] }),
      off: stdio({ unavailable: 'down', default_in_roots: ['alpha'] }),
      keyA: stdio({ env: { A: '${VAR_A}' }, default_in_roots: ['alpha'] }),
      keyB: remote({ headers: { Authorization: '${VAR_B}' }, default_in_roots: ['alpha'] }),
    });
    const alpha = computeReadiness(text, facts({ rootsText: roots })).roots.find((r) => r.name === 'alpha')!;
    assert.equal(alpha.worstState, 'missing_configuration');
    assert.equal(alpha.warning, 'preparing the session is expected to fail until VAR_A and VAR_B are set');
  });

  it('one missing variable reads "until NAME is set"', () => {
    const text = catalog({ k: stdio({ env: { A: '${VAR_A}' }, default_in_roots: ['beta'] }) });
    const beta = computeReadiness(text, facts({ rootsText: roots })).roots.find((r) => r.name === 'beta')!;
    assert.equal(beta.warning, 'preparing the session is expected to fail until VAR_A is set');
  });

  it('needing authorization is worse than a declared-unavailable server', () => {
    const text = catalog({ oauth: remote({ default_in_roots: ['beta'] }), off: stdio({ unavailable: 'down', default_in_roots: ['beta'] }) });
    const beta = computeReadiness(text, facts({ rootsText: roots })).roots.find((r) => r.name === 'beta')!;
    assert.equal(beta.worstState, 'needs_authorization');
    assert.equal(beta.warning, 'the session will pause for OAuth authorization before the agent runs');
  });

  it('a declared-unavailable default server warns that the session runs without those tools', () => {
    const text = catalog({ ok: stdio({ default_in_roots: ['gamma'] }), off: stdio({ unavailable: 'down', default_in_roots: ['gamma'] }) });
    const gamma = computeReadiness(text, facts({ rootsText: roots })).roots.find((r) => r.name === 'gamma')!;
    assert.equal(gamma.worstState, 'declared_unavailable');
    assert.equal(gamma.warning, 'the session will run without those tools');
  });
});

describe('readiness and unresolved variables in Restricted Mode (no source of values read)', () => {
  const restricted = (known: string[] = []) => ({
    ...facts(),
    variables: new VariableIndex(
      known.length ? [{ kind: 'known' as const, label: 'names declared in mcpCatalog.knownVariables', exists: true, names: new Set(known) }] : [],
      ['env files, secrets files and the process environment (restricted workspace)'],
      true,
    ),
  });
  const text = catalog({ s: stdio({ env: { A: '${TOKEN}', B: '${KNOWN}' } }), t: stdio() });

  it('says "not checked" for a server with a name no declared source sets, and names it', () => {
    const result = computeReadiness(text, restricted(['KNOWN'])).servers.sort((a, b) => a.name.localeCompare(b.name));
    assert.deepEqual(
      result.map((r) => [r.name, r.state, r.variables]),
      [
        ['s', 'not_checked', ['TOKEN']],
        ['t', 'no_credential_required', undefined],
      ],
    );
    assert.match(result[0].reason!, /^TOKEN cannot be looked up: Restricted Mode/);
    assert.equal(computeReadiness(text, restricted(['KNOWN', 'TOKEN'])).servers[0].state, 'ready', 'declared known names still count');
  });

  it('reports no unresolved-variable: the name may well be set in a source that was not read', () => {
    assert.deepEqual(
      checkDocument(text, 'catalog', restricted()).findings.filter((f) => f.code === 'unresolved-variable'),
      [],
    );
    assert.equal(checkDocument(text, 'catalog', facts()).findings.filter((f) => f.code === 'unresolved-variable').length, 2, 'trusted: both are reported');
  });
});
