import { strict as assert } from 'node:assert';
import { normaliseUnavailableReason } from '../../server/src/service/unavailable';
import { check, describe as describeFindings, expectNone, expectOne, stdio, withCode } from './helpers';

/** SPEC §4.2 and §10: `unavailable` is a one-line reason; only ASCII whitespace counts. */

/** A catalog whose `unavailable` literal is written exactly as given, on line 4. */
function withUnavailable(literal: string): string {
  return `{\n  "s": {\n    "type": "stdio",\n    "command": "npx",\n    "unavailable": ${literal}\n  }\n}\n`;
}

const EMOJI = '\u{1F6A7}'; // 🚧: one code point, two UTF-16 units

describe('unavailable (SPEC §4.2)', () => {
  describe('normalisation', () => {
    it('collapses ASCII whitespace runs, trims, and declares nothing for blank or non-strings', () => {
      assert.equal(normaliseUnavailableReason('  Login\t\tbroken \r\n again \u000b\u000c'), 'Login broken again');
      assert.equal(normaliseUnavailableReason(' \t\n'), undefined);
      assert.equal(normaliseUnavailableReason(true), undefined);
      assert.equal(normaliseUnavailableReason(null), undefined);
    });

    it('keeps NBSP and U+2028, which are not ASCII whitespace', () => {
      assert.equal(normaliseUnavailableReason('\u00a0'), '\u00a0');
      assert.equal(normaliseUnavailableReason(' a\u2028b '), 'a\u2028b');
    });

    it('cuts over 200 code points to 197 + "..." without splitting a surrogate pair', () => {
      assert.equal(normaliseUnavailableReason(EMOJI.repeat(200)), EMOJI.repeat(200));
      assert.equal(normaliseUnavailableReason(EMOJI.repeat(201)), `${EMOJI.repeat(197)}...`);
    });
  });

  describe('diagnostics', () => {
    it('accepts a one-line reason', () => {
      const text = stdio({ unavailable: 'Vendor login is down; see INC-42.' });
      assert.deepEqual(check(text), []);
    });

    for (const literal of ['true', 'false', '1', '[]', '{}', '["down"]']) {
      it(`fires unavailable-type on ${literal}`, () => {
        const text = withUnavailable(literal);
        const finding = expectOne(text, check(text), 'unavailable-type', { range: literal, line: 4, severity: 'warning' });
        assert.deepEqual(finding.data?.path, ['s', 'unavailable']);
        assert.equal(typeof finding.data?.reason, 'string', 'a reason string for the "turn into a reason" fix');
      });
    }

    it('turns an array of strings into its reason for the fix', () => {
      const text = withUnavailable('["Login", "broken"]');
      assert.equal(withCode(check(text), 'unavailable-type')[0].data?.reason, 'Login broken');
    });

    it('says there is no boolean form for true', () => {
      const text = withUnavailable('true');
      assert.match(withCode(check(text), 'unavailable-type')[0].message, /no boolean form/);
    });

    for (const literal of ['""', '"   "', '" \\t\\n "']) {
      it(`fires unavailable-empty (warning) on ${literal}`, () => {
        const text = withUnavailable(literal);
        const findings = check(text);
        expectOne(text, findings, 'unavailable-empty', { range: literal, line: 4, severity: 'warning' });
        expectNone(text, findings, 'unavailable-multiline');
      });
    }

    it('gives only a hint for null', () => {
      const text = withUnavailable('null');
      expectOne(text, check(text), 'unavailable-empty', { range: 'null', line: 4, severity: 'hint' });
    });

    it('does not call a lone NBSP or U+2028 empty: both are real characters', () => {
      for (const literal of ['"\\u00a0"', '"\u00a0"', '"\\u2028"', '"\u2028"']) {
        const text = withUnavailable(literal);
        const findings = check(text);
        assert.equal(findings.length, 0, `${literal}: ${describeFindings(text, findings)}`);
      }
    });

    for (const [literal, normalised] of [
      ['"Login broken.\\nSee INC-42."', 'Login broken. See INC-42.'],
      ['"a\\r\\nb"', 'a b'],
      ['"a\\u000bb"', 'a b'],
      ['"a\\fb"', 'a b'],
    ] as const) {
      it(`fires unavailable-multiline on ${literal} with the one-line reason`, () => {
        const text = withUnavailable(literal);
        const finding = expectOne(text, check(text), 'unavailable-multiline', { range: literal, line: 4, severity: 'warning' });
        assert.equal(finding.data?.normalised, normalised);
      });
    }

    it('does not call U+2028 a line break', () => {
      const text = withUnavailable('"a\\u2028b"');
      expectNone(text, check(text), 'unavailable-multiline');
    });

    it('passes exactly 200 code points and fires on 201 (ASCII)', () => {
      const ok = stdio({ unavailable: 'r'.repeat(200) });
      assert.deepEqual(check(ok), []);
      const text = stdio({ unavailable: 'r'.repeat(201) });
      const finding = expectOne(text, check(text), 'unavailable-too-long', { range: JSON.stringify('r'.repeat(201)), severity: 'warning' });
      assert.equal(finding.data?.displayed, `${'r'.repeat(197)}...`);
      assert.ok(finding.message.includes(`${'r'.repeat(197)}...`), 'the message shows what will be displayed');
      assert.equal(finding.data?.shortened, 'r'.repeat(200));
    });

    it('counts code points, not UTF-16 units: 200 emoji pass, 201 fire', () => {
      const ok = stdio({ unavailable: EMOJI.repeat(200) });
      assert.equal(EMOJI.repeat(200).length, 400, 'the fixture is 400 UTF-16 units');
      assert.deepEqual(check(ok), []);
      const text = stdio({ unavailable: EMOJI.repeat(201) });
      const finding = expectOne(text, check(text), 'unavailable-too-long', { range: JSON.stringify(EMOJI.repeat(201)) });
      assert.equal(finding.data?.shortened, EMOJI.repeat(200));
    });

    it('measures the normalised reason: 250 characters with collapsible spaces can still pass', () => {
      const spaced = `${'word   '.repeat(35)}`; // 245 characters, 174 after collapsing and trimming
      assert.deepEqual(check(stdio({ unavailable: spaced })), []);
    });

    it('counts NBSP as a character: 201 of them are too long', () => {
      const text = stdio({ unavailable: '\u00a0'.repeat(201) });
      expectOne(text, check(text), 'unavailable-too-long', { range: JSON.stringify('\u00a0'.repeat(201)) });
    });

    it('reports both multi-line and too long when a reason is both', () => {
      const reason = `${'x'.repeat(150)}\n${'y'.repeat(100)}`;
      const text = stdio({ unavailable: reason });
      const findings = check(text);
      expectOne(text, findings, 'unavailable-multiline', { range: JSON.stringify(reason) });
      expectOne(text, findings, 'unavailable-too-long', { range: JSON.stringify(reason) });
    });
  });
});
