import { strict as assert } from 'node:assert';
import { parse as parseDotenv } from 'dotenv';
import { applyEdits, computeFixAll, fixesFor } from '../../../server/src/service/fixes';
import { parseJson } from '../../../server/src/service/parse';
import { findSecrets, secretVariableName } from '../../../server/src/service/rules/hygiene/secrets';
import { VariableIndex } from '../../../server/src/service/variables';
import { assertScalesLinearly, ownCpuMsOf } from '../../support/complexity';
import { catalog, check, describe as describeFindings, expectNone, expectOne, facts, remote, stdio, withCode } from '../helpers';

/** Fake credentials shaped like the real ones (never real). */
const TOKENS = {
  github: 'ghp_FAKE0123456789abcdefghijklmnopqrstuv',
  githubFineGrained: 'github_pat_11FAKE0123456789abcdefghij_klmnopqrstuvwxyz',
  gitlab: 'glpat-FAKE0123456789abcdef',
  slackBot: 'xoxb-1234567890-0987654321-FAKEfakeFAKE',
  slackUser: 'xoxp-1234567890-0987654321-FAKEfakeFAKE',
  apiKey: 'sk-FAKE0123456789abcdefghijklmnop',
  aws: 'AKIAFAKE0123456789AB',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJmYWtlLXVzZXIifQ.FAKEsignature0123',
};

/** The finding never carries the secret: not in the message, not in data. */
function assertNoLeak(secret: string, finding: { message: string; data?: unknown }): void {
  const body = secret.replace(/^(github_pat_|ghp_|glpat-|xoxb-|xoxp-|sk-|AKIA|eyJ)/, '');
  for (const fragment of [secret, body.slice(0, 8), body.slice(-8)]) {
    assert.ok(!finding.message.includes(fragment), `message leaks ${fragment}: ${finding.message}`);
    assert.ok(!JSON.stringify(finding.data ?? {}).includes(fragment), `data leaks ${fragment}`);
  }
}

describe('hygiene: hardcoded-secret', () => {
  describe('fires on each well-known token shape, on the token only, without echoing it', () => {
    const cases: [string, string, string][] = [
      ['GITHUB_TOKEN', TOKENS.github, 'ghp_…'],
      ['GITHUB_PAT', TOKENS.githubFineGrained, 'github_pat_…'],
      ['GITLAB_TOKEN', TOKENS.gitlab, 'glpat-…'],
      ['SLACK_BOT_TOKEN', TOKENS.slackBot, 'xoxb-…'],
      ['SLACK_USER_TOKEN', TOKENS.slackUser, 'xoxp-…'],
      ['OPENAI_API_KEY', TOKENS.apiKey, 'sk-…'],
      ['AWS_ACCESS_KEY_ID', TOKENS.aws, 'AKIA…'],
      ['SESSION_JWT', TOKENS.jwt, 'eyJ…'],
    ];
    for (const [key, token, masked] of cases) {
      it(`${masked} in env.${key}`, () => {
        const text = stdio({ env: { [key]: token } });
        const finding = expectOne(text, check(text), 'hardcoded-secret', { range: token, severity: 'warning' });
        assert.ok(finding.message.includes(`(${masked})`), finding.message);
        assert.ok(finding.message.startsWith(`env ${key} holds`), finding.message);
        assert.deepEqual(finding.data?.path, ['s', 'env', key]);
        assert.equal(finding.data?.name, key);
        assertNoLeak(token, finding);
      });
    }
  });

  it('a Bearer followed by a literal of 16+ characters, underlining the literal', () => {
    const literal = 'FAKEfake0123456789';
    const text = remote({ headers: { Authorization: `Bearer ${literal}` } });
    const finding = expectOne(text, check(text), 'hardcoded-secret', { range: literal, severity: 'warning' });
    assert.ok(finding.message.includes('(Bearer …)'), finding.message);
    assert.equal(finding.data?.name, 'S_TOKEN');
    assertNoLeak(literal, finding);
  });

  it('in headers, args items and the url', () => {
    const text = catalog({
      github: { type: 'streamable-http', url: `https://api.example.com/mcp?api_key=${TOKENS.apiKey}`, headers: { 'X-API-Key': TOKENS.gitlab } },
      tool: { type: 'stdio', command: 'npx', args: ['-y', 'tool@1.0.0', '--token', TOKENS.github, `--slack=${TOKENS.slackBot}`] },
    });
    const findings = withCode(check(text), 'hardcoded-secret');
    assert.deepEqual(
      findings.map((f) => [text.slice(f.start, f.end), f.data?.path, f.data?.name]),
      [
        // Read after the header, as a translation reads the entry: another literal, another name.
        [TOKENS.apiKey, ['github', 'url'], 'GITHUB_API_KEY_2'],
        [TOKENS.gitlab, ['github', 'headers', 'X-API-Key'], 'GITHUB_API_KEY'],
        [TOKENS.github, ['tool', 'args', 3], 'TOOL_TOKEN'],
        [TOKENS.slackBot, ['tool', 'args', 4], 'TOOL_SLACK'],
      ],
    );
  });

  it('maps an escaped string back to the raw text it underlines', () => {
    const text = '{"s": {"type": "stdio", "command": "x", "env": {"T": "\\u0067hp_FAKE0123456789abcdefghijklmnopqrstuv"}}}';
    const [finding] = withCode(check(text), 'hardcoded-secret');
    assert.equal(text.slice(finding.start, finding.end), '\\u0067hp_FAKE0123456789abcdefghijklmnopqrstuv');
  });

  describe('is silent on', () => {
    const silent: [string, string][] = [
      ['a placeholder', stdio({ env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } })],
      ['a Bearer placeholder', remote({ headers: { Authorization: 'Bearer ${STRAD_API_KEY}' } })],
      ['a literal in a placeholder default (placeholders are never judged)', stdio({ env: { T: `\${T:-${TOKENS.github}}` } })],
      ['a Bearer with fewer than 16 characters', remote({ headers: { Authorization: 'Bearer abcdefghijklmno' } })],
      ['a Bearer whose literal part is a placeholder', remote({ headers: { Authorization: 'Bearer prefix-${TOKEN}' } })],
      ['package names that merely start like a token', stdio({ args: ['-y', 'sk-mcp-server@latest', 'xoxb-client', 'ghp_tool'] })],
      ['a short AKIA', stdio({ args: ['AKIAFAKE'] })],
      ['a token in a field nothing sends (title)', stdio({ title: TOKENS.github })],
      ['plain values', stdio({ env: { HEADLESS: 'true', STEALTH_MODE: 'false' }, args: ['-y', 'playwright-stealth-mcp-server@latest'] })],
    ];
    for (const [title, text] of silent) {
      it(title, () => expectNone(text, check(text, 'catalog', facts({ known: ['GITHUB_TOKEN', 'STRAD_API_KEY', 'T', 'TOKEN'] })), 'hardcoded-secret'));
    }
  });

  it('findSecrets never reports overlapping matches (a Bearer JWT is one JWT)', () => {
    const found = findSecrets(`Bearer ${TOKENS.jwt}`);
    assert.equal(found.length, 1);
    assert.equal(found[0].masked, 'eyJ…');
  });

  it('variable names derive from the key', () => {
    assert.equal(secretVariableName('github', { field: 'env', key: 'gh-token' }), 'GH_TOKEN');
    assert.equal(secretVariableName('github', { field: 'headers', key: 'Authorization' }), 'GITHUB_TOKEN');
    assert.equal(secretVariableName('github', { field: 'headers', key: 'PRIVATE-TOKEN' }), 'GITHUB_PRIVATE_TOKEN');
    assert.equal(secretVariableName('my-server', { field: 'args', index: 1, args: ['--api-key', 'x'] }), 'MY_SERVER_API_KEY');
    assert.equal(secretVariableName('s', { field: 'args', index: 0, args: ['x'] }), 'S_TOKEN');
    assert.equal(secretVariableName('s', { field: 'url', url: 'https://h/p?access_token=abc', start: 25 }), 'S_ACCESS_TOKEN');
  });
});

describe('hygiene: hardcoded-secret quick fix', () => {
  const envFile = '/repo/.env';
  const withEnv = facts({
    documentPath: '/repo/mcp.json',
    variables: new VariableIndex([{ kind: 'dotenv', label: '.env', path: envFile, exists: true, names: new Set() }]),
  });

  function fixFor(text: string, env: string | undefined) {
    const [finding] = withCode(check(text, 'catalog', withEnv), 'hardcoded-secret');
    assert.ok(finding, describeFindings(text, check(text, 'catalog', withEnv)));
    const fixes = fixesFor(finding, { text, parsed: parseJson(text), kind: 'catalog', facts: withEnv, readFile: (p) => (p === envFile ? env : undefined) });
    return { finding, fixes };
  }

  it('replaces the literal with ${NAME} and appends NAME=value to the dotenv file — nowhere else', () => {
    const text = stdio({ env: { GITHUB_TOKEN: TOKENS.github } });
    const { fixes } = fixFor(text, 'OTHER=1');
    assert.equal(fixes.length, 1);
    const [fix] = fixes;
    assert.equal(fix.isPreferred, true);
    assert.equal(fix.inFixAll, false);
    assert.ok(!fix.title.includes(TOKENS.github.slice(4, 12)), fix.title);
    const after = applyEdits(text, fix.edits);
    assert.equal(JSON.parse(after).s.env.GITHUB_TOKEN, '${GITHUB_TOKEN}');
    assert.ok(!after.includes(TOKENS.github));
    assert.equal(fix.files?.length, 1);
    assert.equal(fix.files[0].path, envFile);
    assert.equal(fix.files[0].create, false);
    const env = applyEdits('OTHER=1', fix.files[0].edits);
    assert.equal(env, `OTHER=1\nGITHUB_TOKEN=${TOKENS.github}\n`);
    assert.deepEqual(parseDotenv(env), { OTHER: '1', GITHUB_TOKEN: TOKENS.github });
    // With the name now in the dotenv file, the catalog is clean.
    const known = facts({ known: ['GITHUB_TOKEN'] });
    assert.deepEqual(check(after, 'catalog', known), []);
  });

  it('keeps the rest of a Bearer header and creates a missing dotenv file', () => {
    const literal = 'FAKE-fake_0123456789';
    const text = remote({ headers: { Authorization: `Bearer ${literal}` } });
    const { fixes } = fixFor(text, undefined);
    const after = applyEdits(text, fixes[0].edits);
    assert.equal(JSON.parse(after).s.headers.Authorization, 'Bearer ${S_TOKEN}');
    assert.equal(fixes[0].files![0].create, true);
    assert.deepEqual(parseDotenv(applyEdits('', fixes[0].files![0].edits)), { S_TOKEN: literal });
  });

  it('picks a free name when the dotenv file already has one, and quotes values dotenv would cut', () => {
    const value = 'abc#defghijklmnopqrstu';
    const text = remote({ headers: { Authorization: `Bearer ${value}` } });
    const { fixes } = fixFor(text, 'S_TOKEN=\n');
    assert.match(fixes[0].title, /S_TOKEN_2/);
    const env = applyEdits('S_TOKEN=\n', fixes[0].files![0].edits);
    assert.equal(parseDotenv(env).S_TOKEN_2, value);
  });

  it('two different literals at one flag get two names; the same literal twice one', () => {
    const other = TOKENS.github.replace('FAKE', 'EKAF');
    const text = stdio({ args: ['--token', TOKENS.github, '--token', other, '--token', TOKENS.github] });
    const findings = withCode(check(text, 'catalog', withEnv), 'hardcoded-secret');
    assert.deepEqual(
      findings.map((f) => f.data?.name),
      ['S_TOKEN', 'S_TOKEN_2', 'S_TOKEN'],
    );
    assert.ok(findings[1].message.includes('${S_TOKEN_2}'), findings[1].message);
  });

  it('moving one literal after another, each env line holds its own value', () => {
    const other = TOKENS.github.replace('FAKE', 'EKAF');
    let text = stdio({ args: ['--token', TOKENS.github, '--token', other] });
    let env = '';
    // The second first, then the first: whichever order, each name is read back as the literal it replaced.
    for (const index of [1, 0]) {
      const findings = withCode(check(text, 'catalog', withEnv), 'hardcoded-secret');
      const finding = findings[Math.min(index, findings.length - 1)];
      const [fix] = fixesFor(finding, { text, parsed: parseJson(text), kind: 'catalog', facts: withEnv, readFile: (p) => (p === envFile ? env : undefined) });
      text = applyEdits(text, fix.edits);
      env = applyEdits(env, fix.files![0].edits);
    }
    const values = parseDotenv(env);
    const args = (JSON.parse(text) as { s: { args: string[] } }).s.args;
    assert.deepEqual(
      args.filter((arg) => arg.startsWith('$')).map((arg) => values[arg.slice(2, -1)]),
      [TOKENS.github, other],
    );
    assert.equal(Object.keys(values).length, 2);
  });

  it('never picks a name another entry reads; reuses one the dotenv file gives this very value', () => {
    const text = catalog({
      a: { type: 'stdio', command: 'a', env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' } },
      s: { type: 'stdio', command: 's', env: { GITHUB_TOKEN: TOKENS.github } },
    });
    const { fixes } = fixFor(text, '');
    assert.match(fixes[0].title, /\$\{GITHUB_TOKEN_2\}/);
    assert.deepEqual(parseDotenv(applyEdits('', fixes[0].files![0].edits)), { GITHUB_TOKEN_2: TOKENS.github });
    const same = fixFor(text, `GITHUB_TOKEN=${TOKENS.github}\n`).fixes[0];
    assert.match(same.title, /\$\{GITHUB_TOKEN\}/);
    assert.equal(same.files, undefined, 'nothing to append: the line is there');
    const different = fixFor(text, 'GITHUB_TOKEN=other\nGITHUB_TOKEN_2=\n').fixes[0];
    assert.match(different.title, /\$\{GITHUB_TOKEN_3\}/);
  });

  it('thousands of different literals at one flag, and as many names taken in the dotenv file, stay linear', async () => {
    const token = (i: number) => `ghp_FAKE${String(i).padStart(32, '0')}`;
    await assertScalesLinearly('distinct literals under one name: the rule and its fix', 2_000, (n) => {
      const text = stdio({ args: Array.from({ length: n }, (_, i) => ['--token', token(i)]).flat() });
      const env = Array.from({ length: n }, (_, i) => `${i === 0 ? 'S_TOKEN' : `S_TOKEN_${i + 1}`}=taken${i}`).join('\n');
      return ownCpuMsOf(() => {
        const findings = withCode(check(text, 'catalog', withEnv), 'hardcoded-secret');
        assert.equal(findings[n - 1].data?.name, `S_TOKEN_${n}`);
        const fix = fixesFor(findings[0], { text, parsed: parseJson(text), kind: 'catalog', facts: withEnv, readFile: () => env })[0];
        assert.match(fix.title, new RegExp(`S_TOKEN_${n + 1}\\}`));
      });
    });
  });

  it('offers nothing without a dotenv file to move the value to, and never runs in fix-all', () => {
    const text = stdio({ env: { GITHUB_TOKEN: TOKENS.github } });
    const noEnv = facts();
    const [finding] = withCode(check(text, 'catalog', noEnv), 'hardcoded-secret');
    assert.deepEqual(fixesFor(finding, { text, parsed: parseJson(text), kind: 'catalog', facts: noEnv, readFile: () => undefined }), []);
    const result = computeFixAll(text, 'catalog', withEnv);
    assert.ok(!JSON.stringify(result).includes('${GITHUB_TOKEN}'));
  });
});
