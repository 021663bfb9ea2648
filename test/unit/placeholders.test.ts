import { strict as assert } from 'node:assert';
import { findPlaceholders } from '../../server/src/service/placeholders';
import { VariableIndex } from '../../server/src/service/variables';
import { catalog, check, describe as describeFindings, expectNone, expectOne, facts, remote, spanText, stdio, withCode } from './helpers';
import { CLI_SURFACE } from '../../server/src/service/surface';

/** SPEC §4.3 and §10: `${VAR}` placeholders, found in decoded strings, judged as AIR judges them. */

describe('${VAR} placeholders (SPEC §4.3)', () => {
  describe('defaults', () => {
    for (const placeholder of ['${X:-d}', '${X:-}', '${X:-a b:c}', 'pre-${X:-}-post']) {
      it(`never calls ${placeholder} unresolved, even with no source at all`, () => {
        const text = stdio({ env: { A: placeholder }, args: [placeholder] });
        const findings = check(text);
        assert.equal(findings.length, 0, describeFindings(text, findings));
      });
    }

    it('ends a default at the first `}` (the rest is literal text)', () => {
      const [placeholder] = findPlaceholders('${X:-a}b}');
      assert.equal(placeholder.kind, 'variable');
      assert.equal(placeholder.end, '${X:-a}'.length);
    });
  });

  describe('unresolved-variable', () => {
    it('fires on each missing name in every substituted field, on the placeholder itself', () => {
      const text = catalog({
        local: { type: 'stdio', command: '${BIN_DIR}/server', args: ['--token', 'Bearer ${ARG_TOKEN}'], env: { TOKEN: '${ENV_TOKEN}' } },
        web: { type: 'sse', url: 'https://x.example/mcp', headers: { Authorization: 'Bearer ${HEADER_TOKEN}' }, oauth: { clientId: '${CLIENT_ID}' } },
      });
      const findings = withCode(check(text), 'unresolved-variable');
      assert.deepEqual(
        findings.map((f) => [spanText(text, f), f.data?.name, f.data?.path]),
        [
          ['${BIN_DIR}', 'BIN_DIR', ['local', 'command']],
          ['${ARG_TOKEN}', 'ARG_TOKEN', ['local', 'args', 1]],
          ['${ENV_TOKEN}', 'ENV_TOKEN', ['local', 'env', 'TOKEN']],
          ['${HEADER_TOKEN}', 'HEADER_TOKEN', ['web', 'headers', 'Authorization']],
          ['${CLIENT_ID}', 'CLIENT_ID', ['web', 'oauth', 'clientId']],
        ],
      );
      assert.ok(findings.every((f) => f.severity === 'warning'));
    });

    it('fires in a url too (with the URI warning beside it)', () => {
      const text = remote({ url: 'https://${MCP_HOST}/mcp' });
      const findings = check(text);
      expectOne(text, findings, 'unresolved-variable', { range: '${MCP_HOST}' });
      expectOne(text, findings, 'invalid-value', { range: '"https://${MCP_HOST}/mcp"', severity: 'warning' });
    });

    it('is silent when any source has the name', () => {
      const text = stdio({ env: { A: '${API_TOKEN}' } });
      const sources = new VariableIndex([
        { kind: 'known', label: 'names declared in --known', exists: true, names: new Set(['OTHER']) },
        { kind: 'dotenv', label: '.env', path: '/ws/.env', exists: true, names: new Set(['API_TOKEN']) },
      ]);
      assert.deepEqual(check(text, 'catalog', facts({ variables: sources })), []);
    });

    it('names the server, offers close names right after, and how to declare a name known; the sources searched on the command line only (the editor has the hover)', () => {
      const text = stdio({ env: { A: '${API_TOKN}' } });
      const sources = new VariableIndex(
        [
          { kind: 'known', label: 'names declared in --known', exists: true, names: new Set(['API_TOKEN']) },
          { kind: 'dotenv', label: '.env', path: '/ws/.env', exists: false, names: new Set() },
        ],
        ['the process environment (switched off)'],
      );
      const finding = expectOne(text, check(text, 'catalog', facts({ variables: sources, surface: CLI_SURFACE })), 'unresolved-variable', {
        range: '${API_TOKN}',
      });
      // A terminal has no hover: the command line's message also says what was searched.
      assert.equal(
        finding.message,
        'API_TOKN is set in no source, so s starts without it. Did you mean API_TOKEN? Add it to an env file, or pass --known API_TOKN. Searched names declared in --known and .env, not found; not read: the process environment (switched off).',
      );
      const editor = check(text, 'catalog', facts({ variables: sources }))[0].message;
      assert.equal(
        editor,
        'API_TOKN is set in no source, so s starts without it. Did you mean API_TOKEN? Add it to an env file, or add API_TOKN to mcpCatalog.knownVariables.',
        'one short row in Problems',
      );
      assert.deepEqual(finding.data?.candidates, ['API_TOKEN']);
      assert.equal(finding.data?.envFile, '/ws/.env');
      assert.equal(finding.data?.name, 'API_TOKN');
    });
  });

  describe('lowercase-variable', () => {
    for (const placeholder of ['${foo}', '${Foo_Bar}', '${foo:-d}']) {
      it(`fires on ${placeholder}, never unresolved-variable`, () => {
        const text = stdio({ env: { A: placeholder } });
        const findings = check(text);
        const finding = expectOne(text, findings, 'lowercase-variable', { range: placeholder, severity: 'warning' });
        expectNone(text, findings, 'unresolved-variable');
        assert.equal(finding.data?.replacement, finding.data?.name === 'foo' ? 'FOO' : 'FOO_BAR');
      });
    }
  });

  describe('invalid-placeholder', () => {
    const cases: [string, string][] = [
      ['${FOO-bar}', '${FOO-bar}'],
      ['${ FOO }', '${ FOO }'],
      ['${1FOO}', '${1FOO}'],
      ['${FOO:=x}', '${FOO:=x}'],
      ['${}', '${}'],
      ['x ${FOO', '${FOO'],
      ['${A:-${B}}', '${A:-${B}}'],
      ['${A${B}}-${C:-c}', '${A${B}}'],
    ];
    for (const [value, range] of cases) {
      it(`fires on ${JSON.stringify(value)} with the range ${range}`, () => {
        const text = stdio({ args: [value] });
        const findings = check(text, 'catalog', facts({ known: ['FOO', 'A', 'B'] }));
        const finding = expectOne(text, findings, 'invalid-placeholder', { range, severity: 'error' });
        assert.deepEqual(finding.data?.path, ['s', 'args', 0]);
        assert.equal(finding.data?.placeholder, range);
        expectNone(text, findings, 'unresolved-variable');
      });
    }

    it('suggests the name for the rewrite fix', () => {
      const text = stdio({ args: ['${FOO-bar}'] });
      assert.equal(withCode(check(text), 'invalid-placeholder')[0].data?.suggestedName, 'FOO');
    });
  });

  describe('escapes', () => {
    it('finds "\\u0024{X}" and underlines the raw text', () => {
      const text = '{\n  "s": {\n    "type": "stdio",\n    "command": "npx",\n    "args": ["\\u0024{API_TOKEN}"]\n  }\n}';
      const finding = expectOne(text, check(text), 'unresolved-variable', { range: '\\u0024{API_TOKEN}', line: 4 });
      assert.equal(finding.data?.name, 'API_TOKEN');
    });

    it('maps the range past other escapes in the same string', () => {
      const text = '{"s": {"type": "stdio", "command": "npx", "args": ["a\\"b\\\\c\\u00e9 \\u0024\\u007bLATE_TOKEN\\u007d!"]}}';
      expectOne(text, check(text), 'unresolved-variable', { range: '\\u0024\\u007bLATE_TOKEN\\u007d', line: 0 });
    });

    it('maps the range after astral characters (UTF-16 offsets)', () => {
      const text = stdio({ args: ['\u{1F600}\u{1F600} ${EMOJI_TOKEN}'] });
      expectOne(text, check(text), 'unresolved-variable', { range: '${EMOJI_TOKEN}' });
    });
  });

  describe('placeholder-not-interpolated', () => {
    it('fires in title, description, default_in_roots, unavailable, unknown fields and keys', () => {
      const text = catalog({
        s: {
          type: 'stdio',
          command: 'npx',
          title: 'For ${TEAM_A}',
          description: 'Uses ${TEAM_B}',
          default_in_roots: ['${TEAM_C}'],
          unavailable: 'Needs ${TEAM_D}',
          notes: { deep: ['${TEAM_E}'] },
          env: { '${TEAM_F}': 'value' },
          headers_: 'x',
          '${TEAM_G}': 'field name',
        },
      });
      const findings = withCode(check(text, 'catalog', facts({ roots: undefined })), 'placeholder-not-interpolated');
      assert.deepEqual(
        findings.map((f) => [spanText(text, f), f.severity]).sort(),
        ['${TEAM_A}', '${TEAM_B}', '${TEAM_C}', '${TEAM_D}', '${TEAM_E}', '${TEAM_F}', '${TEAM_G}'].map((p) => [p, 'warning']),
      );
      const deep = findings.find((f) => spanText(text, f) === '${TEAM_E}')!;
      assert.deepEqual(deep.data?.path, ['s', 'notes', 'deep', 0]);
    });

    it('fires on a placeholder in a server name', () => {
      const text = catalog({ 's-${ENV}': { type: 'stdio', command: 'npx' } });
      const findings = check(text);
      expectOne(text, findings, 'placeholder-not-interpolated', { range: '${ENV}' });
    });

    it('never reports the same placeholder as unresolved', () => {
      const text = stdio({ title: '${TITLE_VAR}' });
      expectNone(text, check(text), 'unresolved-variable');
    });
  });
});
