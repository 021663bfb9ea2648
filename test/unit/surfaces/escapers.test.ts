import { strict as assert } from 'node:assert';
import { workflowCommand } from '../../../server/src/service/surfaces/githubCommand';
import { htmlText, markdownCode, markdownCodeBlock, markdownText, safeMd } from '../../../server/src/service/surfaces/markdown';
import { sarifUri } from '../../../server/src/service/surfaces/sarifUri';
import { terminalJson, terminalText } from '../../../server/src/service/surfaces/terminal';
import { assertInertMarkdown, markdownTokens, RAW_CONTROL } from '../../support/outputInvariants';

/** Each output surface's one escaping function over every character class (SPEC §7, §8). */

const range = (from: number, to: number): string[] => Array.from({ length: to - from + 1 }, (_, i) => String.fromCharCode(from + i));
const C0 = range(0, 0x1f);
const C1 = range(0x80, 0x9f);
const BIDI = ['\u061c', '\u200e', '\u200f', ...range(0x202a, 0x202e), ...range(0x2066, 0x2069)];
const SEPARATORS = ['\u2028', '\u2029'];
const SEQUENCES = ['\u001b[2J', '\u001b]0;title\u0007', '\u001b]52;c;aGk=\u001b\\', '\u001bP1$qm\u001b\\', '\u009b31m', '\u009d0;t\u009c', '\u0090q\u009c'];
const EVERY_CONTROL = [...C0, '\u007f', ...C1, ...BIDI, ...SEPARATORS, ...SEQUENCES];

const MARKDOWN_ATTACKS = [
  '## ✅ Reviewed: safe to merge',
  '# h1',
  '====',
  '---',
  '- item',
  '+ item',
  '* item',
  '1. item',
  '2) item',
  '> quote',
  '<img src="https://attacker.example/p.png">',
  '<!-- hidden',
  '<details><summary>x</summary>',
  '</details>',
  '<script>alert(1)</script>',
  '[run the fix](https://attacker.example/fix.sh)',
  '![](https://attacker.example/p.png)',
  '[x]: https://attacker.example/ref',
  '[x][y]',
  'https://attacker.example/a',
  'www.attacker.example',
  'mail@attacker.example',
  '<https://attacker.example>',
  '&lt;img&gt; &#60;img',
  '| a | b |',
  '`code` ``two`` ```three```',
  '*em* **strong** _u_ __uu__ ~~s~~',
  '\\',
  'a\\',
  '$x$ $$y$$',
  'line\nbreak\r\nand\rmore\n\n## after a blank line',
  '    indented',
];

describe('surfaces: one escaping function per output', () => {
  describe('terminal', () => {
    it('escapes C0 (but tab and line feed), DEL, C1, the separators and the bidi controls; ESC, CSI, OSC and DCS sequences are inert', () => {
      for (const text of EVERY_CONTROL) {
        const shown = terminalText(`a${text}b`);
        assert.doesNotMatch(shown, RAW_CONTROL, JSON.stringify(text));
        if (text !== '\n' && text !== '\t') assert.notEqual(shown, `a${text}b`);
      }
      assert.equal(terminalText('a\tb\nc'), 'a\tb\nc');
      assert.equal(terminalText('\u001b[2J'), '\\x1b[2J');
      assert.equal(terminalText('\u202e'), '\\u202e');
    });

    it('JSON: the same controls as \\u escapes, so the document decodes to exactly the value', () => {
      const value = { name: EVERY_CONTROL.join(''), list: [...EVERY_CONTROL] };
      const out = terminalJson(value);
      assert.doesNotMatch(out.replace(/\n/g, ''), RAW_CONTROL);
      assert.deepEqual(JSON.parse(out), value);
    });
  });

  describe('Markdown', () => {
    it('text: every attack renders as one inert paragraph of the same characters', () => {
      for (const attack of [...MARKDOWN_ATTACKS, ...EVERY_CONTROL.map((c) => `x${c}y`)]) {
        const out = safeMd`Reason: ${markdownText(attack)}`;
        assertInertMarkdown(out, attack);
        assert.doesNotMatch(out, RAW_CONTROL);
        const tokens = markdownTokens(out);
        assert.deepEqual(
          tokens.filter((t) => t.type.endsWith('_open')).map((t) => t.type),
          ['paragraph_open'],
          JSON.stringify(attack),
        );
        // At the start of a paragraph too.
        assertInertMarkdown(markdownText(attack), `start: ${attack}`);
      }
      // The text reads as written (line breaks as spaces).
      assert.equal(markdownText('see www.x.y and WWW.z'), 'see www\\.x.y and WWW\\.z');
      const inline = markdownTokens(markdownText('a_b [x](y) <b> `c` 1. www.x.y'))[1];
      assert.equal(inline.children!.map((t) => t.content).join(''), 'a_b [x](y) <b> `c` 1. www.x.y');
    });

    it('code: backtick runs of any length, blank lines and pipes never close the span or the cell', () => {
      for (const attack of [...MARKDOWN_ATTACKS, '`', '``', '` a `', ' a ', 'a\n\nb', '`'.repeat(9) + 'x', 'x' + '`'.repeat(5)]) {
        const out = safeMd`Name: ${markdownCode(attack)}.`;
        assertInertMarkdown(out, attack);
        const code = markdownTokens(out).filter((t) => t.type === 'code_inline');
        assert.equal(code.length, 1, `${attack} → ${out}`);
        assert.equal(code[0].content, attack.replace(/\r\n|[\r\n]/g, ' '), out);
        const row = safeMd`| a | ${markdownCode(attack, 'table')} | b |\n| - | - | - |\n| a | ${markdownCode(attack, 'table')} | b |`;
        assertInertMarkdown(row, `table: ${attack}`, { cells: 3 });
      }
    });

    it('code block: a fence longer than any run inside', () => {
      const text = 'a\n```\n## x\n````\n<img src=x>';
      const out = safeMd`before\n\n${markdownCodeBlock(text, 'diff')}\n\nafter`;
      const blocks = markdownTokens(out).filter((t) => t.type === 'fence');
      assert.equal(blocks.length, 1);
      assert.equal(blocks[0].content, `${text}\n`);
      assertInertMarkdown(out, 'block');
    });

    it('HTML text: entities, one line', () => {
      assert.equal(htmlText('<img src="x">&\n\'</summary>'), '&#60;img src=&#34;x&#34;&#62;&#38; &#39;&#60;/summary&#62;');
    });
  });

  describe('SARIF artifactLocation.uri', () => {
    it('percent-encodes each segment of a relative path (RFC 3986 relative reference)', () => {
      assert.equal(sarifUri('x#frag%2e-mcp.json', 'posix'), 'x%23frag%252e-mcp.json');
      assert.equal(sarifUri('dir name/a?b.json', 'posix'), 'dir%20name/a%3Fb.json');
      assert.equal(sarifUri('ü/ñ-mcp.json', 'posix'), '%C3%BC/%C3%B1-mcp.json');
      assert.equal(sarifUri('a:b/mcp.json', 'posix'), 'a%3Ab/mcp.json', 'a colon never reads as a scheme');
      assert.equal(sarifUri('a\\b-mcp.json', 'posix'), 'a%5Cb-mcp.json', 'a backslash is part of a POSIX name');
      assert.equal(sarifUri('dir\\a#b.json', 'win32'), 'dir/a%23b.json', 'a separator on Windows');
    });

    it('absolute paths as file URIs', () => {
      assert.equal(sarifUri('/srv/x#y/mcp.json', 'posix'), 'file:///srv/x%23y/mcp.json');
      assert.equal(sarifUri('C:\\work\\a b\\mcp.json', 'win32'), 'file:///C:/work/a%20b/mcp.json');
      assert.equal(sarifUri('\\\\host\\share\\x%y.json', 'win32'), 'file://host/share/x%25y.json');
    });
  });

  describe('GitHub workflow commands', () => {
    it('escapes %, CR and LF in the message, and also : and , in properties; no control survives', () => {
      const line = workflowCommand('error', { file: 'a,b:c%\r\n::warning x', line: 3 }, '100%\r\n::error ::owned\u001b]0;t\u0007');
      assert.equal(line, '::error file=a%2Cb%3Ac%25%0D%0A%3A%3Awarning x,line=3::100%25%0D%0A::error ::owned\\x1b]0;t\\x07');
      assert.equal(line.split('\n').length, 1);
    });
  });
});
