import { strict as assert } from 'node:assert';
import { catalog, check, describe as describeFindings, expectNone, expectOne, remote, spanText, stdio, withCode } from './helpers';

/** SPEC §3 and §10: the entry's shape, one clear finding per problem on the smallest range. */

describe('structure and schema (SPEC §3)', () => {
  describe('not-an-object', () => {
    it('sits on the first token of a root array', () => {
      const text = '[\n  {"type": "stdio"}\n]';
      const findings = check(text);
      expectOne(text, findings, 'not-an-object', { range: '[', line: 0, severity: 'error' });
      assert.equal(findings.length, 1, 'nothing inside the array is checked as an entry');
    });

    for (const [root, range] of [
      ['"mcp"', '"mcp"'],
      ['42', '42'],
      ['null', 'null'],
      ['true', 'true'],
    ]) {
      it(`fires on a root ${root}`, () => {
        const text = `\n${root}\n`;
        expectOne(text, check(text), 'not-an-object', { range, line: 1 });
      });
    }

    it('fires on an entry that is not an object, on its value, in both kinds of file', () => {
      for (const kind of ['catalog', 'roots'] as const) {
        const text = catalog({ s: ['npx', 'x'] });
        const finding = expectOne(text, check(text, kind), 'not-an-object', { range: '[\n    "npx",\n    "x"\n  ]', line: 1 });
        assert.deepEqual(finding.data?.path, ['s']);
      }
    });

    it('leaves `$schema` alone but wants it to be a string', () => {
      assert.deepEqual(check(catalog({ $schema: 'https://pulsemcp.github.io/air/schemas/mcp.schema.json', s: { type: 'stdio', command: 'x' } })), []);
      const text = catalog({ $schema: 3 });
      expectOne(text, check(text), 'invalid-value', { range: '3' });
    });
  });

  describe('invalid-name', () => {
    for (const name of ['a.b', 'a b', 'café', '', '@local/x']) {
      it(`fires on ${JSON.stringify(name)}, on the key`, () => {
        const text = catalog({ [name]: { type: 'stdio', command: 'x' } });
        const finding = expectOne(text, check(text), 'invalid-name', { range: JSON.stringify(name), line: 1, severity: 'error' });
        assert.equal(finding.data?.name, name);
        assert.deepEqual(finding.data?.path, [name]);
      });
    }

    it('offers a valid name for the rename fix', () => {
      const text = catalog({ 'café.app': { type: 'stdio', command: 'x' } });
      assert.equal(withCode(check(text), 'invalid-name')[0].data?.suggestion, 'cafe-app');
    });

    it('accepts letters, digits, `_`, `-`, `$` and brackets in server names', () => {
      const text = catalog({ 'a-b_C9': { type: 'stdio', command: 'x' }, 'tools[1]': { type: 'stdio', command: 'x' }, $x: { type: 'stdio', command: 'x' } });
      assert.deepEqual(check(text), []);
    });

    it('rejects brackets in root names (roots indexes only)', () => {
      const text = catalog({ 'web[1]': { description: 'Web.' }, 'ok-root_2': { description: 'Fine.' } });
      expectOne(text, check(text, 'roots'), 'invalid-name', { range: '"web[1]"' });
    });
  });

  describe('unknown-type', () => {
    it('suggests streamable-http for http', () => {
      const text = remote({}, 'http');
      const finding = expectOne(text, check(text), 'unknown-type', { range: '"http"', severity: 'error' });
      assert.equal(finding.data?.suggestion, 'streamable-http');
      assert.deepEqual(finding.data?.candidates, ['stdio', 'sse', 'streamable-http']);
      assert.deepEqual(finding.data?.path, ['s', 'type']);
    });

    it('suggests the closest value for a typo', () => {
      const text = catalog({ s: { type: 'stdoi', command: 'x' } });
      assert.equal(expectOne(text, check(text), 'unknown-type', { range: '"stdoi"' }).data?.suggestion, 'stdio');
    });

    it('sits on the server name when type is missing', () => {
      const text = catalog({ s: { command: 'npx' } });
      const findings = check(text);
      const finding = expectOne(text, findings, 'unknown-type', { range: '"s"', line: 1 });
      assert.equal(finding.data?.missing, true);
      assert.equal(findings.length, 1, describeFindings(text, findings));
    });

    it('fires on a non-string type', () => {
      const text = catalog({ s: { type: 1, command: 'npx' } });
      expectOne(text, check(text), 'unknown-type', { range: '1' });
    });
  });

  describe('missing-field', () => {
    it('sits on the server name for stdio without command', () => {
      const text = catalog({ s: { type: 'stdio', args: ['x'] } });
      const finding = expectOne(text, check(text), 'missing-field', { range: '"s"', line: 1, severity: 'error' });
      assert.equal(finding.data?.field, 'command');
      assert.deepEqual(finding.data?.path, ['s']);
    });

    for (const type of ['sse', 'streamable-http']) {
      it(`sits on the server name for ${type} without url`, () => {
        const text = catalog({ s: { type, headers: {} } });
        const finding = expectOne(text, check(text), 'missing-field', { range: '"s"', line: 1 });
        assert.equal(finding.data?.field, 'url');
        assert.match(finding.message, type === 'sse' ? /an sse server/ : /a streamable-http server/);
      });
    }
  });

  describe('forbidden-field', () => {
    for (const [field, value] of [
      ['url', 'https://x.example/mcp'],
      ['url', null],
      ['headers', {}],
      ['oauth', { clientId: 'x' }],
    ] as const) {
      it(`fires on the key of ${field}: ${JSON.stringify(value)} on stdio, with no extra invalid-value`, () => {
        const text = stdio({ [field]: value });
        const findings = check(text);
        const finding = expectOne(text, findings, 'forbidden-field', { range: `"${field}"`, severity: 'error' });
        assert.equal(finding.data?.field, field);
        assert.deepEqual(finding.data?.path, ['s', field]);
        assert.equal(findings.length, 1, describeFindings(text, findings));
      });
    }

    for (const [field, value] of [
      ['args', []],
      ['args', ['-y']],
      ['command', 'npx'],
    ] as const) {
      it(`fires on the key of ${field}: ${JSON.stringify(value)} on a remote server`, () => {
        for (const type of ['sse', 'streamable-http']) {
          const text = remote({ [field]: value }, type);
          const findings = check(text);
          expectOne(text, findings, 'forbidden-field', { range: `"${field}"` });
          assert.equal(findings.length, 1, describeFindings(text, findings));
        }
      });
    }

    it("never shows ajv's raw wording", () => {
      const text = catalog({ a: { type: 'stdio', url: null, headers: 1 }, b: { type: 'sse', command: 1, args: [] } });
      for (const finding of check(text)) {
        assert.doesNotMatch(finding.message, /must match|boolean schema|"then"|"if"/, finding.message);
      }
    });
  });

  describe('invalid-value', () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['args that are not strings', { args: ['-y', 3] }, '3'],
      ['args that is not an array', { args: '-y pkg' }, '"-y pkg"'],
      ['env values that are not strings', { env: { PORT: 8080 } }, '8080'],
      ['an empty title', { title: '' }, '""'],
      ['a command that is not a string', { command: ['npx'] }, '[\n      "npx"\n    ]'],
      ['default_in_roots that is not an array', { default_in_roots: 'zimmer' }, '"zimmer"'],
    ];
    for (const [title, extra, range] of cases) {
      it(`fires on ${title}, on the value`, () => {
        const text = stdio(extra);
        const finding = expectOne(text, check(text), 'invalid-value', { range, severity: 'error' });
        assert.equal(finding.data?.path?.[0], 's');
      });
    }

    it('counts title and description in code points', () => {
      const emoji = '\u{1F680}';
      assert.deepEqual(check(stdio({ title: emoji.repeat(100), description: emoji.repeat(500) })), []);
      const text = stdio({ title: emoji.repeat(101) });
      expectOne(text, check(text), 'invalid-value', { range: JSON.stringify(emoji.repeat(101)) });
      const long = stdio({ description: emoji.repeat(501) });
      expectOne(long, check(long), 'invalid-value', { range: JSON.stringify(emoji.repeat(501)) });
    });

    it('checks oauth fields and URIs', () => {
      const text = catalog({ s: { type: 'sse', url: 'https://x.example/mcp', oauth: { clientId: '', scopes: ['read', ''], redirectUri: 'not a uri' } } });
      const findings = withCode(check(text), 'invalid-value');
      assert.deepEqual(findings.map((f) => [spanText(text, f), f.severity, f.data?.path]).sort(), [
        ['""', 'error', ['s', 'oauth', 'scopes', 1]],
        ['""', 'warning', ['s', 'oauth', 'clientId']],
        ['"not a uri"', 'error', ['s', 'oauth', 'redirectUri']],
      ]);
    });

    it('is a warning, marked for the fix, when a URI holds a placeholder', () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ url: 'https://${HOST}/mcp' }, '"https://${HOST}/mcp"'],
        [{ oauth: { redirectUri: 'http://localhost:${PORT}/cb' } }, '"http://localhost:${PORT}/cb"'],
      ];
      for (const [extra, range] of cases) {
        const text = remote(extra);
        const finding = expectOne(text, check(text), 'invalid-value', { range, severity: 'warning' });
        assert.equal(finding.data?.placeholderInUri, true);
      }
    });

    it('accepts an ordinary absolute URI', () => {
      assert.deepEqual(check(remote({ url: 'http://127.0.0.1:8080/mcp?x=1#y' })), []);
    });
  });

  describe('oauth: empty strings and snake_case keys (SPEC §3)', () => {
    const oauthText = (oauth: Record<string, unknown>): string => remote({ oauth });

    for (const key of ['clientId', 'clientSecret']) {
      it(`an empty ${key} is a warning invalid-value on the value (AIR accepts it, every generator drops it)`, () => {
        const text = oauthText({ [key]: '' });
        const finding = expectOne(text, check(text), 'invalid-value', { range: '""', severity: 'warning' });
        assert.deepEqual(finding.data?.path, ['s', 'oauth', key]);
      });
      it(`a non-empty ${key} (even one space) is clean`, () => {
        assert.deepEqual(check(oauthText({ [key]: ' ' })), []);
        assert.deepEqual(check(oauthText({ [key]: 'abc' })), []);
      });
    }

    it('an empty clientId on a stdio entry is only the forbidden oauth field', () => {
      const text = stdio({ oauth: { clientId: '' } });
      assert.deepEqual(
        check(text).map((f) => `${f.severity} ${f.code}`),
        ['error forbidden-field'],
      );
    });

    for (const [key, suggestion] of [
      ['client_id', 'clientId'],
      ['client_secret', 'clientSecret'],
      ['redirect_uri', 'redirectUri'],
      ['auth_server_metadata_url', 'authServerMetadataUrl'],
      ['ClientID', 'clientId'],
    ]) {
      it(`${key} is a warning unknown-field on the key with the rename to ${suggestion}`, () => {
        const text = oauthText({ [key]: 'x' });
        const finding = expectOne(text, check(text), 'unknown-field', { range: `"${key}"`, severity: 'warning' });
        assert.deepEqual(finding.data?.path, ['s', 'oauth', key]);
        assert.equal(finding.data?.suggestion, suggestion);
      });
    }

    it('a typo of an OAuth key is a hint; an unrelated key is silent', () => {
      const text = oauthText({ scope: ['a'], audience: 'x' });
      const findings = check(text);
      expectOne(text, findings, 'unknown-field', { range: '"scope"', severity: 'hint' });
      assert.equal(findings.length, 1);
    });
  });

  describe('unknown-field', () => {
    for (const [field, suggestion, severity] of [
      ['startupTimeoutSec', 'startup_timeout_sec', 'warning'],
      ['defaultInRoots', 'default_in_roots', 'warning'],
      ['startup-timeout-sec', 'startup_timeout_sec', 'warning'],
      ['Headers', 'headers', 'warning'],
      ['unavailable_reason', 'unavailable', 'hint'],
      ['comand', 'command', 'hint'],
      ['startup_timeout_secs', 'startup_timeout_sec', 'hint'],
    ] as const) {
      it(`suggests ${suggestion} for ${field}, as a ${severity} on the key (warning only when equal after lower-casing and removing -/_)`, () => {
        const text = stdio({ [field]: 1 });
        const finding = expectOne(text, check(text), 'unknown-field', { range: `"${field}"`, severity });
        assert.equal(finding.data?.suggestion, suggestion);
        assert.equal(finding.data?.field, field);
      });
    }

    for (const field of ['startup_timeout_ms', 'tool_timeout_sec', 'enabled', 'notes', 'x-owner']) {
      it(`is silent on ${field}`, () => {
        const text = stdio({ [field]: 1 });
        expectNone(text, check(text), 'unknown-field');
      });
    }

    it('applies to root entries with root fields', () => {
      const text = catalog({ web: { description: 'Web.', defaultMcpServers: [] } });
      assert.equal(expectOne(text, check(text, 'roots'), 'unknown-field', { range: '"defaultMcpServers"' }).data?.suggestion, 'default_mcp_servers');
    });
  });

  describe('ineffective-field', () => {
    for (const type of ['sse', 'streamable-http']) {
      it(`hints at env on ${type}, on the key`, () => {
        const text = remote({ env: { A: 'b' } }, type);
        const finding = expectOne(text, check(text), 'ineffective-field', { range: '"env"', severity: 'hint' });
        assert.deepEqual(finding.data?.path, ['s', 'env']);
      });
    }

    it('is silent for env on stdio', () => {
      const text = stdio({ env: { A: 'b' } });
      expectNone(text, check(text), 'ineffective-field');
    });

    // SPEC §10 (revised): AIR's Codex adapter and Zimmer's Pi writer build each entry from known fields.
    for (const [field, runtime] of [
      ['startup_timeout_ms', 'Codex'],
      ['tool_timeout_sec', 'Codex'],
      ['enabled', 'Codex'],
      ['requestTimeoutMs', 'Pi'],
    ] as const) {
      it(`warns that ${runtime}'s own ${field} does nothing, naming it, on stdio and remote entries`, () => {
        for (const text of [stdio({ [field]: 1 }), remote({ [field]: 1 })]) {
          const finding = expectOne(text, check(text), 'ineffective-field', { range: `"${field}"`, severity: 'warning' });
          assert.match(finding.message, new RegExp(`^${field} does nothing here: it is ${runtime}'s own setting`));
          assert.deepEqual(finding.data?.path, ['s', field]);
        }
      });
    }

    it('is silent for startup_timeout_sec and for a runtime key inside env', () => {
      const text = stdio({ startup_timeout_sec: 20, env: { enabled: 'x' } });
      expectNone(text, check(text), 'ineffective-field');
    });
  });

  describe('roots index entries', () => {
    it('wants a description of 1–500 characters', () => {
      const text = catalog({ web: { display_name: 'Web' }, api: { description: '' }, big: { description: 'x'.repeat(501) } });
      const findings = check(text, 'roots');
      expectOne(text, findings, 'missing-field', { range: '"web"' });
      const invalid = withCode(findings, 'invalid-value').map((f) => f.data?.path);
      assert.deepEqual(invalid, [
        ['api', 'description'],
        ['big', 'description'],
      ]);
    });

    it("accepts every documented root field, and a root's own default_in_roots (root-side arrays get only the legacy warning)", () => {
      const text = catalog({
        web: {
          description: 'Web.',
          display_name: 'Web',
          url: 'https://github.com/acme/web.git',
          default_branch: 'main',
          subdirectory: 'app',
          default_mcp_servers: [],
          default_skills: [],
          default_plugins: [],
          default_hooks: [],
          default_subagent_roots: [],
          user_invocable: false,
        },
        sub: { description: 'Sub.', default_in_roots: ['web'] },
      });
      // The schema accepts them all; the root-side arrays are only legacy (SPEC §4.4).
      assert.deepEqual(
        check(text, 'roots').filter((f) => f.code !== 'legacy-root-membership'),
        [],
      );
    });

    it('checks root field types', () => {
      const text = catalog({ web: { description: 'Web.', user_invocable: 'yes' } });
      expectOne(text, check(text, 'roots'), 'invalid-value', { range: '"yes"' });
    });
  });
});
