import { strict as assert } from 'node:assert';
import { findNodeAtPath, getProperty, nodeValue, parseJson, pathOfNode } from '../../server/src/service/parse';
import { check, expectNone, expectOne, lineOf, spanText, stdio, withCode } from './helpers';

/** SPEC §2: everything JSON.parse rejects is an error, even where jsonc-parser is lenient. */

describe('strict JSON (SPEC §2)', () => {
  describe('comments', () => {
    it('flags a line comment and a block comment, each on its own text', () => {
      const text = '{\n  // the team servers\n  "s": {"type": "stdio", /* local */ "command": "x"}\n}\n';
      const findings = withCode(check(text), 'json-comment');
      assert.deepEqual(
        findings.map((f) => [spanText(text, f), lineOf(text, f.start), f.severity, f.data?.kind]),
        [
          ['// the team servers', 1, 'error', 'line'],
          ['/* local */', 2, 'error', 'block'],
        ],
      );
    });

    it('does not mistake `//` inside a string for a comment', () => {
      expectNone(stdio({ args: ['https://example.com//x', '/* no */'] }), check(stdio({ args: ['https://example.com//x', '/* no */'] })), 'json-comment');
    });
  });

  describe('trailing commas', () => {
    it('flags one in an object, on the comma, with its offset for the fix', () => {
      const text = '{\n  "s": {\n    "type": "stdio",\n    "command": "x",\n  }\n}';
      const finding = expectOne(text, check(text), 'json-trailing-comma', { range: ',', line: 3, severity: 'error' });
      assert.equal(finding.data?.offset, finding.start);
      assert.deepEqual(finding.data?.path, ['s']);
    });

    it('flags one in an array', () => {
      const text = '{\n  "s": {\n    "type": "stdio",\n    "command": "x",\n    "args": ["-y", "pkg",]\n  }\n}';
      const finding = expectOne(text, check(text), 'json-trailing-comma', { range: ',', line: 4 });
      assert.equal(text.slice(finding.start - 5, finding.start + 2), '"pkg",]');
      assert.deepEqual(finding.data?.path, ['s', 'args']);
    });

    it('is silent on commas between items', () => {
      const text = stdio({ args: ['-y', 'pkg'] });
      expectNone(text, check(text), 'json-trailing-comma');
    });
  });

  describe('byte-order mark, empty file, single quotes, NaN', () => {
    it('flags a BOM on its one character and nothing else', () => {
      const text = `\ufeff${stdio()}`;
      const findings = check(text);
      expectOne(text, findings, 'json-bom', { range: '\ufeff', line: 0, severity: 'error' });
      assert.equal(findings.length, 1, 'the rest of the file is still checked and clean');
    });

    it('flags an empty file and a whitespace-only file as json-syntax at the start', () => {
      for (const text of ['', '  \n\t\n']) {
        const findings = check(text);
        assert.equal(findings.length, 1);
        assert.equal(findings[0].code, 'json-syntax');
        assert.equal(findings[0].start, 0);
        assert.match(findings[0].message, /empty/);
      }
    });

    it('flags single-quoted keys and strings', () => {
      const text = '{\n  \'s\': {"type": \'stdio\', "command": "x"}\n}';
      const syntax = withCode(check(text), 'json-syntax');
      assert.ok(
        syntax.some((f) => spanText(text, f) === "'s'"),
        'the quoted key',
      );
      assert.ok(
        syntax.some((f) => spanText(text, f) === "'stdio'"),
        'the quoted value',
      );
      assert.ok(syntax.every((f) => f.severity === 'error'));
    });

    it('flags NaN, Infinity and hex numbers', () => {
      for (const literal of ['NaN', 'Infinity', '-Infinity', '0x10']) {
        const text = `{"s": {"type": "stdio", "command": "x", "startup_timeout_sec": ${literal}}}`;
        const syntax = withCode(check(text), 'json-syntax');
        assert.ok(syntax.length >= 1, literal);
        assert.ok(
          syntax.some((f) => literal.includes(spanText(text, f)) && f.end > f.start),
          `${literal}: ${syntax.map((f) => spanText(text, f))}`,
        );
        assert.equal(parseJson(text).strictErrors, true);
      }
    });

    it('flags content after the value', () => {
      const text = '{}\n{}';
      const finding = expectOne(text, check(text), 'json-syntax', { range: '{}', line: 1 });
      assert.match(finding.message, /after the end/);
    });
  });

  describe('duplicate keys', () => {
    const text = '{\n  "a": {"type": "stdio", "command": "x"},\n  "\\u0061": {"type": "stdio", "command": "y"}\n}';

    it('compares keys after unescaping and marks the later one as an error at the top level', () => {
      const finding = expectOne(text, check(text), 'duplicate-key', { range: '"\\u0061"', line: 2, severity: 'error' });
      assert.equal(finding.data?.key, 'a');
      assert.deepEqual(finding.data?.path, ['a']);
      assert.equal(finding.data?.earlierOffset, text.indexOf('"a"'));
    });

    it('points its related information at the first occurrence', () => {
      const [finding] = withCode(check(text), 'duplicate-key');
      assert.equal(finding.related?.length, 1);
      assert.equal(finding.related[0].path, undefined, 'same document');
      assert.equal(spanText(text, finding.related[0]), '"a"');
    });

    it('is a warning below the top level, with related info on the first of three', () => {
      const nested = '{\n  "s": {\n    "type": "stdio",\n    "command": "x",\n    "env": {"A": "1", "A": "2", "A": "3"}\n  }\n}';
      const findings = withCode(check(nested), 'duplicate-key');
      assert.equal(findings.length, 2);
      for (const f of findings) {
        assert.equal(f.severity, 'warning');
        assert.deepEqual(f.data?.path, ['s', 'env', 'A']);
        assert.equal(f.related![0].start, nested.indexOf('"A"'));
      }
    });

    it('keeps the last value, as JSON.parse does', () => {
      const parsed = parseJson(text);
      assert.deepEqual(nodeValue(parsed.root), JSON.parse(text));
      assert.equal(nodeValue(findNodeAtPath(parsed.root, ['a', 'command'])), 'y');
      assert.equal(getProperty(parsed.root, 'a')!.offset, text.indexOf('"\\u0061"'));
    });

    it('checks the surviving entry only: a dropped entry reports nothing', () => {
      const shadowed = '{\n  "s": {"type": "bogus"},\n  "s": {"type": "stdio", "command": "x"}\n}';
      const findings = check(shadowed);
      assert.deepEqual(
        findings.map((f) => f.code),
        ['duplicate-key'],
      );
    });
  });

  describe('decoded values and paths', () => {
    it("decodes escapes in keys and strings and gives JSON.parse's value", () => {
      const text = '{"s\\u00e9": {"type": "std\\u0069o", "command": "a\\"b\\\\c\\n"}}';
      const parsed = parseJson(text);
      assert.equal(parsed.strictErrors, false);
      assert.deepEqual(nodeValue(parsed.root), JSON.parse(text));
    });

    it('reads a key literally named __proto__ as JSON.parse does', () => {
      const text = '{"__proto__": {"type": "stdio", "command": "x"}}';
      assert.deepEqual(nodeValue(parseJson(text).root), JSON.parse(text));
    });

    it('round-trips paths of nodes', () => {
      const text = stdio({ args: ['-y', 'pkg'], env: { A: 'b' } });
      const root = parseJson(text).root;
      for (const path of [['s', 'args', 1], ['s', 'env', 'A'], ['s']]) {
        assert.deepEqual(pathOfNode(findNodeAtPath(root, path)!), path);
      }
    });
  });
});
