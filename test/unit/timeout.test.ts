import { strict as assert } from 'node:assert';
import { fixesFor } from '../../server/src/service/fixes';
import { parseJson } from '../../server/src/service/parse';
import { check, describe as describeFindings, expectOne, facts, stdio, withCode } from './helpers';

/** SPEC §4.1: `startup_timeout_sec` is a JSON integer 5–600; anything else is ignored by Zimmer. */

/** A catalog whose `startup_timeout_sec` literal is written exactly as given, on line 4. */
function withTimeout(literal: string): string {
  return `{\n  "s": {\n    "type": "stdio",\n    "command": "npx",\n    "startup_timeout_sec": ${literal}\n  }\n}\n`;
}

const TIMEOUT_CODES = ['timeout-type', 'timeout-fractional', 'timeout-range'] as const;

function timeoutFindings(literal: string) {
  const text = withTimeout(literal);
  return { text, findings: check(text).filter((f) => (TIMEOUT_CODES as readonly string[]).includes(f.code)) };
}

describe('startup_timeout_sec (SPEC §4.1)', () => {
  for (const literal of ['5', '600', '180', 'null']) {
    it(`accepts ${literal}`, () => {
      const text = withTimeout(literal);
      const findings = check(text);
      assert.equal(findings.length, 0, describeFindings(text, findings));
    });
  }

  it('accepts an absent field', () => {
    assert.deepEqual(check(stdio()), []);
  });

  for (const [literal, replacement] of [
    ['4', 5],
    ['601', 600],
    ['0', 5],
    ['-30', 5],
    ['100000', 600],
  ] as const) {
    it(`fires timeout-range on ${literal} with the clamped value ${replacement}`, () => {
      const { text, findings } = timeoutFindings(literal);
      const finding = expectOne(text, findings, 'timeout-range', { range: literal, line: 4, severity: 'warning' });
      assert.equal(findings.length, 1);
      assert.deepEqual(finding.data?.path, ['s', 'startup_timeout_sec']);
      assert.equal(finding.data?.replacement, replacement);
      assert.match(finding.message, /180/, 'says what Zimmer falls back to');
    });
  }

  it('fires timeout-type on "20" with the replacement 20', () => {
    const { text, findings } = timeoutFindings('"20"');
    const finding = expectOne(text, findings, 'timeout-type', { range: '"20"', line: 4, severity: 'warning' });
    assert.equal(finding.data?.replacement, 20);
  });

  it('offers no replacement for a string that is not an in-range integer', () => {
    for (const literal of ['"2"', '"700"', '"20.5"', '"soon"', '""']) {
      const { text, findings } = timeoutFindings(literal);
      const finding = expectOne(text, findings, 'timeout-type', { range: literal, line: 4 });
      assert.equal(finding.data?.replacement, undefined, literal);
    }
  });

  for (const literal of ['true', 'false', '[]', '{}', '[20]']) {
    it(`fires timeout-type on ${literal}`, () => {
      const { text, findings } = timeoutFindings(literal);
      expectOne(text, findings, 'timeout-type', { range: literal, line: 4, severity: 'warning' });
      assert.equal(findings.length, 1);
    });
  }

  it('fires timeout-fractional (warning) on 20.5, rounding for the fix', () => {
    const { text, findings } = timeoutFindings('20.5');
    const finding = expectOne(text, findings, 'timeout-fractional', { range: '20.5', line: 4, severity: 'warning' });
    assert.equal(finding.data?.replacement, 21);
    assert.equal(findings.length, 1);
  });

  for (const [literal, title] of [
    ['20.5', 'Round to 21'],
    ['4.4', 'Clamp to 5'],
    ['900.5', 'Clamp to 600'],
    ['0.5', 'Clamp to 5'],
    ['"20"', 'Write 20 as a number'],
    ['601', 'Clamp to 600'],
  ] as const) {
    it(`titles the fix for ${literal} by what it does: ${title}`, () => {
      const text = withTimeout(literal);
      const titles = timeoutFindings(literal).findings.flatMap((finding) =>
        fixesFor(finding, { text, parsed: parseJson(text), kind: 'catalog', facts: facts() }).map((fix) => fix.title),
      );
      assert.deepEqual([...new Set(titles)], [title]);
    });
  }

  it('rounds a fraction into range (4.4 → 5)', () => {
    const { text, findings } = timeoutFindings('4.4');
    assert.equal(expectOne(text, findings, 'timeout-fractional', { range: '4.4', line: 4 }).data?.replacement, 5);
  });

  for (const literal of ['20.0', '2e1', '2.0E1', '200e-1']) {
    it(`gives only a timeout-fractional hint for ${literal}, which is the integer 20`, () => {
      const { text, findings } = timeoutFindings(literal);
      const finding = expectOne(text, findings, 'timeout-fractional', { range: literal, line: 4, severity: 'hint' });
      assert.equal(finding.data?.replacement, 20);
      assert.equal(findings.length, 1, 'in range: no timeout-range');
    });
  }

  it('judges an integer written with an exponent by its value: 6e2 passes the range, 7e2 does not', () => {
    assert.deepEqual(withCode(timeoutFindings('6e2').findings, 'timeout-range'), []);
    const { text, findings } = timeoutFindings('7e2');
    assert.equal(expectOne(text, findings, 'timeout-range', { range: '7e2', line: 4 }).data?.replacement, 600);
    expectOne(text, findings, 'timeout-fractional', { range: '7e2', line: 4, severity: 'hint' });
  });

  it('calls a number too large for a double out of range instead of crashing', () => {
    const { text, findings } = timeoutFindings('1e400');
    assert.equal(expectOne(text, findings, 'timeout-range', { range: '1e400', line: 4 }).data?.replacement, 600);
  });

  it('is left alone by the schema mapping: one finding, never an extra invalid-value', () => {
    for (const literal of ['"20"', '20.5', '601', 'true']) {
      const text = withTimeout(literal);
      assert.deepEqual(withCode(check(text), 'invalid-value'), [], literal);
    }
  });
});
