import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parseJson } from '../../server/src/service/parse';
import { check, runCli, tempTree } from '../unit/helpers';

/**
 * SPEC §8: hostile input yields diagnostics and returns — no throw, no stack overflow, no hang —
 * through the engine and through the command line. Mocha's timeout is only a guard against a hang.
 */

const DEPTH = 20_000;

/** Deterministic bytes that are not JSON (a seeded LCG, no Math.random). */
function garbage(length: number): Buffer {
  const bytes = Buffer.alloc(length);
  let state = 0x2545f491;
  for (let i = 0; i < length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return bytes;
}

function manyServers(count: number): string {
  const entries: string[] = [];
  for (let i = 0; i < count; i++) {
    entries.push(
      `  "server-${i}": {"type": "stdio", "command": "npx", "args": ["-y", "pkg-${i}@1.0.0"], "env": {"TOKEN": "\${TOKEN_${i}}"}, "startup_timeout_sec": ${i % 700}}`,
    );
  }
  return `{\n${entries.join(',\n')}\n}\n`;
}

interface Hostile {
  name: string;
  text: () => string;
  /** A code that must be among the findings. */
  expects: string;
}

const HOSTILE: Hostile[] = [
  { name: 'an empty file', text: () => '', expects: 'json-syntax' },
  { name: 'a root array', text: () => '[{"type": "stdio"}]', expects: 'not-an-object' },
  { name: `${DEPTH} nested arrays`, text: () => '['.repeat(DEPTH) + ']'.repeat(DEPTH), expects: 'not-an-object' },
  { name: `${DEPTH} unclosed arrays`, text: () => '['.repeat(DEPTH), expects: 'json-syntax' },
  { name: `${DEPTH} nested objects`, text: () => '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH), expects: 'unknown-type' },
  { name: `${DEPTH} unclosed objects`, text: () => '{"a":'.repeat(DEPTH), expects: 'json-syntax' },
  {
    name: `${DEPTH} levels inside an entry's unknown field`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "extra": ${'{"a":'.repeat(DEPTH)}"\${UNUSED}"${'}'.repeat(DEPTH)}}}`,
    expects: 'placeholder-not-interpolated',
  },
  {
    name: `${DEPTH} nested arrays as startup_timeout_sec`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "startup_timeout_sec": ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}`,
    expects: 'timeout-type',
  },
  {
    name: `${DEPTH} nested arrays as unavailable`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "unavailable": ${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}}}`,
    expects: 'unavailable-type',
  },
  {
    name: `${DEPTH} nested objects in env`,
    text: () => `{"s": {"type": "stdio", "command": "npx", "env": ${'{"A":'.repeat(DEPTH)}"\${NESTED}"${'}'.repeat(DEPTH)}}}`,
    expects: 'invalid-value',
  },
  {
    name: `${DEPTH} nested duplicate keys`,
    text: () => '{"a":1,"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH),
    expects: 'duplicate-key',
  },
  { name: 'binary garbage', text: () => garbage(100_000).toString('utf8'), expects: 'json-syntax' },
  { name: 'binary garbage read as latin1', text: () => garbage(100_000).toString('latin1'), expects: 'json-syntax' },
  { name: 'NUL bytes', text: () => '\u0000'.repeat(1000), expects: 'json-syntax' },
  {
    name: 'lone surrogates in keys and values',
    text: () => '{"s\ud800": {"type": "stdio", "command": "\udc00", "args": ["\ud83d", "\\ud800${\udfff}"], "unavailable": "\ud800"}}',
    expects: 'invalid-name',
  },
];

/** Big, not odd: the engine checks it once on its own (below); the command line gets it too. */
const BIG: Hostile = { name: 'a 20,000-server catalog', text: () => manyServers(20_000), expects: 'unresolved-variable' };

describe('hostile input (SPEC §8)', function () {
  this.timeout(120_000); // a guard against a hang, not a speed assertion

  describe('through the engine', () => {
    for (const hostile of HOSTILE) {
      it(`${hostile.name}: yields diagnostics and returns`, () => {
        const text = hostile.text();
        for (const kind of ['catalog', 'roots'] as const) {
          const findings = check(text, kind);
          assert.ok(findings.length > 0, `${kind}: some diagnostic`);
          if (kind === 'catalog')
            assert.ok(
              findings.some((f) => f.code === hostile.expects),
              `${hostile.expects} among ${[...new Set(findings.map((f) => f.code))].join(', ')}`,
            );
          for (const f of findings) assert.ok(f.start >= 0 && f.start <= f.end && f.end <= text.length);
        }
      });
    }

    it(`${BIG.name}: yields every diagnostic and returns`, () => {
      const text = BIG.text();
      const findings = check(text);
      for (const f of findings) assert.ok(f.start >= 0 && f.start <= f.end && f.end <= text.length);
      // i % 700 runs 0…699: 0–4 and 601–699 are out of range in every block of 700.
      const expected = Array.from({ length: 20_000 }, (_, i) => i % 700).filter((v) => v < 5 || v > 600).length;
      assert.equal(findings.filter((f) => f.code === 'timeout-range').length, expected);
      assert.equal(findings.filter((f) => f.code === 'unresolved-variable').length, 20_000);
    });

    it('keeps a parse-level path short however deep the duplicate sits', () => {
      const findings = parseJson('{"a":{"b":'.repeat(5_000) + '{"k":1,"k":2}' + '}}'.repeat(5_000)).findings;
      const [duplicate] = findings.filter((f) => f.code === 'duplicate-key');
      assert.ok(Array.isArray(duplicate.data?.path) && duplicate.data.path.length <= 64);
      assert.deepEqual(duplicate.data?.path?.slice(0, 4), ['a', 'b', 'a', 'b']);
    });
  });

  describe('through the command line', () => {
    for (const hostile of [...HOSTILE, BIG]) {
      it(`${hostile.name}: exits 0 or 1 with a report, never an internal error`, async () => {
        const dir = tempTree();
        const file = path.join(dir, 'mcp.json');
        if (hostile.name.startsWith('binary garbage') && !hostile.name.includes('latin1')) fs.writeFileSync(file, garbage(100_000));
        else fs.writeFileSync(file, hostile.text());
        const run = await runCli(['check', '--format', 'json', '--no-process-env', 'mcp.json'], { cwd: dir });
        assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr.slice(0, 300)}`);
        assert.equal(run.stderr, '');
        const report = JSON.parse(run.stdout) as { files: { diagnostics: { code: string }[] }[] };
        assert.ok(report.files[0].diagnostics.length > 0);
      });
    }
  });
});
