import { strict as assert } from 'node:assert';
import { randomBytes } from 'node:crypto';
import { maskCredentials } from '../../server/src/service/masking';
import { catalog, check, facts, rootsFacts, runCli, tempTree } from './helpers';

/**
 * SPEC §5: any string that looks like a credential (what `hardcoded-secret` detects) is masked in
 * every message, whatever its code — also where a message quotes a value for another reason (an
 * invalid URL, a timeout that is a string, an unknown type, a root name, a declared `unavailable`
 * reason, a placeholder) and in every output format, readiness reason and preview warning. The
 * token is random per run, and no 12-character piece of it may appear anywhere.
 */

const body = (length: number): string =>
  randomBytes(length)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(length, 'q')
    .slice(0, length);
const TOKEN = `ghp_${body(36)}`;
const SLACK = `xoxb-1234-${body(24)}`;

/** Every value the message-building rules quote, each holding a token. */
const HOSTILE = catalog({
  badUrl: { type: 'sse', url: `not a uri ${TOKEN}` },
  badTimeout: { type: 'stdio', command: 'x', startup_timeout_sec: TOKEN },
  // describeValue cuts long values at 60 characters: the token is cut in the middle.
  cutTimeout: { type: 'stdio', command: 'x', startup_timeout_sec: `${'x'.repeat(40)} ${TOKEN}` },
  badType: { type: TOKEN, command: 'x' },
  badHeader: { type: 'sse', url: 'https://example.com/mcp', headers: { Authorization: [SLACK] } },
  badRoot: { type: 'stdio', command: 'x', default_in_roots: [TOKEN] },
  badPlaceholder: { type: 'stdio', command: 'x', args: [`\${${TOKEN} x}`], title: `\${A:-${TOKEN}}` },
  declaredDown: { type: 'stdio', command: 'x', unavailable: `token ${TOKEN} was revoked` },
  badUnavailable: { type: 'stdio', command: 'x', unavailable: [SLACK] },
});

function assertMasked(output: string, where: string): void {
  for (const secret of [TOKEN, SLACK]) {
    const tail = secret.slice(secret.indexOf('_') + 1 || secret.indexOf('-') + 1);
    for (let i = 0; i + 12 <= tail.length; i++) {
      const at = output.indexOf(tail.slice(i, i + 12));
      assert.equal(at, -1, `${where} prints part of a credential: …${output.slice(Math.max(0, at - 60), at + 60)}…`);
    }
  }
}

describe('masking: credentials in every message of every code (SPEC §5)', () => {
  it('maskCredentials keeps the well-known prefix only, also for a token cut short by an ellipsis, and is idempotent', () => {
    assert.equal(maskCredentials(`not "${TOKEN}"`), 'not "ghp_…"');
    assert.equal(maskCredentials(`cut "${TOKEN.slice(0, 20)}…"`), 'cut "ghp_…"');
    // A placeholder's default cut short: the `-` of `:-` starts the value, it is not part of a token.
    assert.equal(maskCredentials(`so "\${A:-${TOKEN.slice(0, 20)}…" stays`), 'so "${A:-ghp_…" stays');
    assert.equal(maskCredentials(`Bearer ${body(20)} and ${SLACK}`), 'Bearer … and xoxb-…');
    assert.equal(maskCredentials(maskCredentials(`a ${TOKEN} b`)), 'a ghp_… b');
    assert.equal(maskCredentials('no credential: sk-learn, ghp_short, `${GITHUB_TOKEN}`'), 'no credential: sk-learn, ghp_short, `${GITHUB_TOKEN}`');
  });

  it('the engine masks every finding and related message, whichever code made it', () => {
    const findings = check(HOSTILE, 'catalog', facts({ roots: rootsFacts(['zimmer']) }));
    const codes = new Set(findings.map((f) => f.code));
    for (const code of [
      'invalid-value',
      'timeout-type',
      'unknown-type',
      'undefined-root',
      'invalid-placeholder',
      'placeholder-not-interpolated',
      'unavailable-type',
    ] as const) {
      assert.ok(codes.has(code), `${code} is reported (so its message was built): ${[...codes].join(', ')}`);
    }
    const texts = findings.flatMap((f) => [f.message, ...(f.related ?? []).map((r) => r.message)]);
    assertMasked(texts.join('\n'), 'a finding');
    assert.ok(
      texts.some((text) => text.includes('ghp_…')),
      'the masked form shows where the credential was',
    );
  });

  for (const format of ['text', 'json', 'sarif', 'github']) {
    it(`check --format ${format} prints no part of a credential`, async () => {
      const dir = tempTree({ 'mcp.json': HOSTILE, 'roots.json': catalog({ zimmer: { description: 'Zimmer' } }) });
      const run = await runCli(['check', '--no-process-env', '--format', format, 'mcp.json'], { cwd: dir });
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stdout, /invalid-value/);
      assertMasked(`${run.stdout}\n${run.stderr}`, `check --format ${format}`);
    });
  }

  for (const format of ['text', 'json']) {
    it(`readiness --format ${format} masks credentials in reasons (a declared unavailable reason, a structural problem)`, async () => {
      const dir = tempTree({ 'mcp.json': HOSTILE });
      const run = await runCli(['readiness', '--no-process-env', '--format', format, 'mcp.json'], { cwd: dir });
      assert.match(run.stdout, /declaredDown/);
      assertMasked(`${run.stdout}\n${run.stderr}`, `readiness --format ${format}`);
    });

    it(`preview --format ${format} masks credentials in the warnings of left-out entries`, async () => {
      const dir = tempTree({ 'mcp.json': HOSTILE });
      const run = await runCli(['preview', '--runtime', 'claude', '--format', format, '--server', 'badUrl', '--server', 'badTimeout', 'mcp.json'], {
        cwd: dir,
      });
      assert.match(`${run.stdout}${run.stderr}`, /left out/);
      assertMasked(`${run.stdout}\n${run.stderr}`, `preview --format ${format}`);
    });
  }
});
