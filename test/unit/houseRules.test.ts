import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';

/**
 * Two house rules a reviewer would otherwise hold by hand (CONTRIBUTING.md "Comments and names"):
 * source files stay small enough to read in one sitting, and comments point at the document that
 * explains, not at a tracker number that means nothing later.
 */

const repo = path.resolve(__dirname, '../../..');
const FOLDERS = ['server/src', 'client/src', 'shared/src', 'bench'];
const MAX_LINES = 450;

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    // `generated`: code written by a script (scripts/generate-validators.mjs), read by no one.
    if (name === 'fixtures' || name === '.cache' || name === 'node_modules' || name === 'generated') continue;
    if (statSync(full).isDirectory()) out.push(...sources(full));
    else if (/\.(ts|mjs)$/.test(name)) out.push(full);
  }
  return out;
}

/** Comment text of a TypeScript source: line comments and block comments (strings are not comments). */
export function commentsOf(text: string): string[] {
  const comments: string[] = [];
  const pattern = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*"|`(?:\\.|[^`\\])*`/g;
  for (const match of text.matchAll(pattern)) if (match[0].startsWith('/')) comments.push(match[0]);
  return comments;
}

const TRACKER = /\b(?:issues?|tickets?|bugs?)\s*#?\d+\b|(?:^|\s)#\d+\b/i;

describe('house rules', () => {
  const files = FOLDERS.flatMap((folder) => sources(path.join(repo, folder)));

  it('finds the sources it checks', () => assert.ok(files.length > 80, `found ${files.length} files`));

  it(`keeps every source file under ${MAX_LINES} lines`, () => {
    const long = files
      .map((file) => ({ file: path.relative(repo, file), lines: readFileSync(file, 'utf8').split('\n').length }))
      .filter((entry) => entry.lines > MAX_LINES)
      .map((entry) => `${entry.file}: ${entry.lines} lines`);
    assert.deepEqual(long, []);
  });

  it('tells a tracker reference in a comment from the same words in a string', () => {
    assert.deepEqual(commentsOf("const a = 'issue 7'; // see issue 7\n/* x */"), ['// see issue 7', '/* x */']);
    assert.ok(TRACKER.test('// Test seam (issue 7)'));
    assert.ok(TRACKER.test('// fixed in #12'));
    assert.ok(!TRACKER.test('// SPEC §6.3, bench/NOTES.md'));
  });

  it('has no comment that cites an issue number', () => {
    const cited = files.flatMap((file) =>
      commentsOf(readFileSync(file, 'utf8'))
        .filter((comment) => TRACKER.test(comment))
        .map(
          (comment) =>
            `${path.relative(repo, file)}: ${comment
              .split('\n')
              .find((line) => TRACKER.test(line))
              ?.trim()}`,
        ),
    );
    assert.deepEqual(cited, []);
  });
});
