import { strict as assert } from 'node:assert';
import { compileIgnorePattern, ignoreVerdict, parseIgnoreFile } from '../../server/src/service/ignorePatterns';

/** Gitignore-style patterns (gitignore(5)) as discovery and `exclude` use them. */

function ignored(patterns: string, file: string, directory = false): boolean | undefined {
  return ignoreVerdict(parseIgnoreFile(patterns), file, directory);
}

describe('gitignore-style patterns', () => {
  it('skips blank lines and comments; \\# and \\! are literal', () => {
    assert.equal(parseIgnoreFile('\n# comment\n   \n').length, 0, 'a line of spaces is nothing once trimmed');
    assert.equal(compileIgnorePattern('# x'), undefined);
    assert.equal(ignored('\\#mcp.json', '#mcp.json'), true);
    assert.equal(ignored('\\!mcp.json', '!mcp.json'), true);
  });

  it('a pattern without a slash matches a name at any depth; with one it is anchored to its folder', () => {
    assert.equal(ignored('mcp.json', 'mcp.json'), true);
    assert.equal(ignored('mcp.json', 'a/b/mcp.json'), true);
    assert.equal(ignored('/mcp.json', 'a/mcp.json'), undefined);
    assert.equal(ignored('/mcp.json', 'mcp.json'), true);
    assert.equal(ignored('a/mcp.json', 'a/mcp.json'), true);
    assert.equal(ignored('a/mcp.json', 'x/a/mcp.json'), undefined, 'a middle slash anchors too');
  });

  it('a trailing slash matches folders only', () => {
    assert.equal(ignored('fixtures/', 'fixtures', true), true);
    assert.equal(ignored('fixtures/', 'fixtures', false), undefined);
    assert.equal(ignored('fixtures/', 'test/fixtures', true), true, 'unanchored: at any depth');
    assert.equal(ignored('test/fixtures/', 'x/test/fixtures', true), undefined);
  });

  it('*, ? and classes never cross a slash', () => {
    assert.equal(ignored('*-mcp.json', 'team-mcp.json'), true);
    assert.equal(ignored('a/*.json', 'a/b/c.json'), undefined);
    assert.equal(ignored('mcp?.json', 'mcp1.json'), true);
    assert.equal(ignored('mcp?.json', 'mcp/.json'), undefined);
    assert.equal(ignored('mcp[0-9].json', 'mcp7.json'), true);
    assert.equal(ignored('mcp[!0-9].json', 'mcp7.json'), undefined);
    assert.equal(ignored('mcp[!0-9].json', 'mcpx.json'), true);
  });

  it('** as a whole segment: leading, trailing and in the middle', () => {
    assert.equal(ignored('**/gen/mcp.json', 'gen/mcp.json'), true);
    assert.equal(ignored('**/gen/mcp.json', 'a/b/gen/mcp.json'), true);
    assert.equal(ignored('out/**', 'out/a/b.json'), true);
    assert.equal(ignored('out/**', 'out', true), undefined, 'out/** matches what is inside, not the folder');
    assert.equal(ignored('a/**/b.json', 'a/b.json'), true);
    assert.equal(ignored('a/**/b.json', 'a/x/y/b.json'), true);
    assert.equal(ignored('a/**/b.json', 'x/a/b.json'), undefined);
  });

  it('the last matching pattern decides, so a negation re-includes', () => {
    assert.equal(ignored('*.json\n!mcp.json', 'mcp.json'), false);
    assert.equal(ignored('*.json\n!mcp.json', 'roots.json'), true);
    assert.equal(ignored('!mcp.json\n*.json', 'mcp.json'), true);
  });

  it('trailing spaces are dropped unless escaped', () => {
    assert.equal(ignored('mcp.json   ', 'mcp.json'), true);
    assert.equal(ignored('mcp.json\\ ', 'mcp.json '), true);
  });
});
