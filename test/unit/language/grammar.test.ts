import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The TextMate injection grammar that highlights `${VAR}` and `${VAR:-default}` in JSON strings.
 * Its regexes are Oniguruma, but these patterns use only syntax that JavaScript
 * reads the same way, so they are checked here with RegExp.
 */

const REPO = path.resolve(__dirname, '../../../..');
const GRAMMAR_PATH = path.join(REPO, 'syntaxes', 'mcp-placeholders.tmLanguage.json');

interface Pattern {
  name?: string;
  match?: string;
  captures?: Record<string, { name: string }>;
}

const grammar = JSON.parse(fs.readFileSync(GRAMMAR_PATH, 'utf8')) as {
  scopeName: string;
  injectionSelector: string;
  patterns: { include: string }[];
  repository: Record<string, { patterns: Pattern[] }>;
};
const patterns = grammar.repository.placeholder.patterns;

/** Every placeholder the grammar finds in a line, as TextMate would: leftmost match, first pattern wins at a position. */
function scan(line: string): { text: string; scopes: Record<string, string> }[] {
  const found: { text: string; scopes: Record<string, string> }[] = [];
  let position = 0;
  while (position < line.length) {
    let best: { index: number; match: RegExpExecArray; pattern: Pattern } | undefined;
    for (const pattern of patterns) {
      const regex = new RegExp(pattern.match!, 'g');
      regex.lastIndex = position;
      const match = regex.exec(line);
      if (match && (!best || match.index < best.index)) best = { index: match.index, match, pattern };
    }
    if (!best) break;
    const scopes: Record<string, string> = {};
    for (const [group, capture] of Object.entries(best.pattern.captures ?? {})) {
      const value = best.match[Number(group)];
      if (value !== undefined) scopes[capture.name] = value;
    }
    found.push({ text: best.match[0], scopes });
    position = best.index + Math.max(1, best.match[0].length);
  }
  return found;
}

describe('language: the ${VAR} injection grammar', () => {
  it('is injected into JSON and JSONC string values, not keys', () => {
    assert.equal(grammar.scopeName, 'mcp-catalog.placeholder.injection');
    for (const host of ['L:source.json ', 'L:source.json.comments '])
      assert.ok(grammar.injectionSelector.includes(`${host}meta.structure.dictionary.value.json string.quoted.double.json`), host);
    assert.ok(!grammar.injectionSelector.includes('property-name'));
    assert.deepEqual(grammar.patterns, [{ include: '#placeholder' }]);
  });

  it('is contributed in package.json and shipped', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8')) as {
      contributes: { grammars: { scopeName: string; path: string; injectTo?: string[] }[] };
    };
    const entry = manifest.contributes.grammars.find((g) => g.scopeName === grammar.scopeName);
    assert.ok(entry, 'no grammars contribution');
    assert.equal(path.resolve(REPO, entry.path), GRAMMAR_PATH);
    // Only into our own grammars (the catalog language, the Claude/Pi previews), never into every JSON file.
    assert.deepEqual(entry.injectTo, ['source.json.mcp-catalog', 'source.json.comments.mcp-catalog-preview']);
    for (const scope of entry.injectTo)
      assert.ok(
        manifest.contributes.grammars.some((g) => g.scopeName === scope && g.path),
        `${scope} is one of ours`,
      );
    assert.match(fs.readFileSync(path.join(REPO, '.vscodeignore'), 'utf8'), /^!syntaxes\/\*\.json$/m);
  });

  it('marks ${FOO} with punctuation and a variable scope', () => {
    assert.deepEqual(scan('"${FOO}"'), [
      {
        text: '${FOO}',
        scopes: {
          'punctuation.definition.placeholder.begin.mcp-catalog': '${',
          'variable.other.placeholder.mcp-catalog': 'FOO',
          'punctuation.definition.placeholder.end.mcp-catalog': '}',
        },
      },
    ]);
  });

  it('marks ${FOO:-bar} with the default operator and the default', () => {
    const [found] = scan('"https://${FOO:-bar}/x"');
    assert.equal(found.text, '${FOO:-bar}');
    assert.equal(found.scopes['variable.other.placeholder.mcp-catalog'], 'FOO');
    assert.equal(found.scopes['keyword.operator.default.mcp-catalog'], ':-');
    assert.equal(found.scopes['string.unquoted.default.mcp-catalog'], 'bar');
    assert.equal(scan('"${FOO:-}"')[0].scopes['string.unquoted.default.mcp-catalog'], '');
  });

  it('finds several placeholders in one string', () => {
    assert.deepEqual(
      scan('"Bearer ${A}-${B_2:-x}"').map((f) => f.text),
      ['${A}', '${B_2:-x}'],
    );
  });

  it('does not mark $FOO or forms AIR never resolves', () => {
    for (const line of ['"$FOO"', '"${ FOO }"', '"${1FOO}"', '"${FOO-bar}"', '"${FOO:=x}"', '"${}"', '"${FOO"']) assert.deepEqual(scan(line), [], line);
  });

  it('never runs a default past the end of the JSON string', () => {
    assert.deepEqual(scan('"${A:-x", "b": "}"'), []);
  });
});
