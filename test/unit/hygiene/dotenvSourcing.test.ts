import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseDotenv } from 'dotenv';
import { dotenvLine, unwritableReason } from '../../../server/src/service/dotenvLine';
import { applyEdits, fixesFor } from '../../../server/src/service/fixes';
import { parseJson } from '../../../server/src/service/parse';
import { VariableIndex } from '../../../server/src/service/variables';
import { random } from '../../support/seededRandom';
import { check, facts, remote, tempTree, withCode } from '../helpers';

/**
 * A dotenv line the `hardcoded-secret` fix writes is read two ways (SPEC §10): by the `dotenv`
 * package, which must read back exactly the value, and by a POSIX shell (`set -a; . ./.env`),
 * which must run none of it. A value no line can carry both ways gets no fix, and the message
 * says so.
 */

/** Runs `bash` on the dotenv file in `dir` as people load one; what `$name` holds afterwards. */
function sourced(dir: string, name: string): string {
  return execFileSync('bash', ['-c', `set -a; . ./.env; printf %s "$${name}"`], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Values that would run, expand or be cut if written carelessly; each is a Bearer token (no whitespace). */
const HOSTILE = [
  "x'$(id>PWNED)aaaaaaaa",
  'x$(id>PWNED)aaaaaaaaaa',
  'x`id>PWNED`aaaaaaaaaa',
  'x"$(id>PWNED)"aaaaaaaa',
  'x\\$(id>PWNED)aaaaaaaa',
  "x\\'$(id>PWNED)aaaaaaa",
  'x$HOME$PATH-aaaaaaaaaaaa',
  'x#not-a-commentaaaaaaaaa',
  'x;id>PWNED;aaaaaa',
  'x&&id>PWNED&&aaaa',
  'x|id>PWNED>aaaaaa',
  'x\'"both-quotes-no-dollar',
  "it's-a-quote-aaaaaaaaaaa",
  '~/tilde:~/expandsaaaaaaaa',
  'ünïcødé-€-漢字-\u202eaaaaaaa',
  'ends-with-backslash-aaaa\\',
  '!history!-and-*glob*-aaaa',
];

describe('hygiene: hardcoded-secret writes dotenv lines a shell leaves inert and dotenv reads exactly', () => {
  for (const value of HOSTILE) {
    it(JSON.stringify(value), () => {
      const dir = tempTree({ '.env': 'OTHER=1\n' });
      const envFile = path.join(dir, '.env');
      const withEnv = facts({
        documentPath: path.join(dir, 'mcp.json'),
        variables: new VariableIndex([{ kind: 'dotenv', label: '.env', path: envFile, exists: true, names: new Set() }]),
      });
      const text = remote({ headers: { Authorization: `Bearer ${value}` } });
      const [finding] = withCode(check(text, 'catalog', withEnv), 'hardcoded-secret');
      assert.ok(finding, 'the value is reported');
      const fixes = fixesFor(finding, {
        text,
        parsed: parseJson(text),
        kind: 'catalog',
        facts: withEnv,
        readFile: (p) => (p === envFile ? fs.readFileSync(p, 'utf8') : undefined),
      });
      const writable = !value.includes("'") || !/["$`\\]/.test(value);
      if (!writable) {
        assert.deepEqual(fixes, []);
        assert.match(finding.message, /by hand/, finding.message);
        return;
      }
      assert.equal(fixes.length, 1, finding.message);
      const written = applyEdits(fs.readFileSync(envFile, 'utf8'), fixes[0].files![0].edits);
      fs.writeFileSync(envFile, written);
      const name = finding.data!.name as string;
      assert.equal(sourced(dir, name), value, written);
      assert.ok(!fs.existsSync(path.join(dir, 'PWNED')), `sourcing ran part of ${written}`);
      assert.deepEqual(parseDotenv(written), { OTHER: '1', [name]: value });
    });
  }
});

/** Runs `bash` once on a dotenv file and prints each of `names` NUL-terminated. */
function sourcedAll(dir: string, names: readonly string[]): string[] {
  const script = `set -a; . ./.env; printf '%s\\0' ${names.map((name) => `"$${name}"`).join(' ')}`;
  const out = execFileSync('bash', ['-c', script], { cwd: dir, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return out.split('\0').slice(0, -1);
}

/**
 * Writes these values as `V0=…`, `V1=…` after an existing line; asserts both readers and no side
 * effect. A shell keeps the CR of a CRLF line as the value's last character (of the file's own
 * lines too); the fix keeps the file's line breaks, so that is what a shell reads there.
 */
function assertInertAndExact(values: readonly string[], lineBreak = '\n'): void {
  const dir = tempTree();
  const names = values.map((_, i) => `V${i}`);
  const lines = values.map((value, i) => dotenvLine(names[i], value));
  lines.forEach((line, i) => assert.ok(line !== undefined, `${JSON.stringify(values[i])} is writable`));
  const text = `OTHER=1${lineBreak}${lines.join(lineBreak)}${lineBreak}`;
  fs.writeFileSync(path.join(dir, '.env'), text);
  const carriageReturn = lineBreak === '\r\n' ? '\r' : '';
  assert.deepEqual(
    sourcedAll(dir, names),
    values.map((value) => value + carriageReturn),
    text,
  );
  assert.deepEqual(fs.readdirSync(dir), ['.env'], `sourcing ran part of ${text}`);
  assert.deepEqual(parseDotenv(text), { OTHER: '1', ...Object.fromEntries(names.map((name, i) => [name, values[i]])) });
}

describe('dotenvLine: every line a fix writes', () => {
  const WRITABLE = [
    ...HOSTILE.filter((value) => unwritableReason(value) === undefined),
    'with spaces  and\ttabs',
    '  leading and trailing  ',
    '# looks like a comment',
    'a=b=c',
    '$(id>PWNED) `id>PWNED` $HOME ${HOME} \\ " ; && || > < | * ? [a] {a,b} ~ !',
    "quote ' alone; & | > < * ? ~ # space",
    'C1 \u0085 NEL, \u2028 LS, \u2029 PS, \u00a0 NBSP, \ufeff BOM',
    '\u001b[2J\u001b]0;title\u0007',
    '😀 astral',
    '',
  ];
  it('writes hostile values a shell leaves inert and dotenv reads back exactly, also after CRLF lines', () => {
    assertInertAndExact(WRITABLE);
    assertInertAndExact(WRITABLE, '\r\n');
  });

  it('writes no line for a value no quoting carries both ways, and says why', () => {
    for (const value of ['a\nb', 'a\rb', 'a\r\nb', 'nul\0', 'lone \ud800 surrogate', "'$x", '\'"', "'`", "'\\"]) {
      assert.equal(dotenvLine('NAME', value), undefined, JSON.stringify(value));
      assert.match(unwritableReason(value) ?? '', /no (dotenv line|quoting)/);
    }
  });

  it('writes only shell variable names as keys', () => {
    for (const name of ['A', '_', 'a_1', 'GITHUB_TOKEN']) assert.equal(dotenvLine(name, 'v'), `${name}=v`);
    for (const name of ['', '1A', 'A-B', 'A.B', 'A B', 'A=B', '$(id)', 'A\nB', 'export A', 'Ä'])
      assert.equal(dotenvLine(name, 'v'), undefined, JSON.stringify(name));
  });

  it('keeps random strings of shell, quote and control characters inert and exact (seeded)', () => {
    const alphabet = [...'$`\'"\\#;&|<>(){}[]*?~!= \t\n\r\0x_-:/%@,.', '\u0085', '\u2028', '\u202e', '\u00e9', '😀', '\ud800'];
    const next = random(0x5eed);
    const writable: string[] = [];
    for (let i = 0; i < 400; i++) {
      const length = Math.floor(next() * 12);
      let value = '';
      for (let j = 0; j < length; j++) value += alphabet[Math.floor(next() * alphabet.length)];
      const reason = unwritableReason(value);
      const line = dotenvLine('V', value);
      assert.equal(line === undefined, reason !== undefined, JSON.stringify(value));
      if (line !== undefined) writable.push(value);
    }
    assert.ok(writable.length > 100, `${writable.length} writable values`);
    assertInertAndExact(writable);
  });
});
