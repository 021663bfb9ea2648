import { strict as assert } from 'node:assert';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

/**
 * The README is for users (DESIGN's first-ten-minutes rule): what it does and one real
 * screenshot, then Install before anything else, then the two commands for working on it, then a
 * feature table read in one screen — one line a row, details in docs/, no benchmark figures
 * (bench/RESULTS.md has them). Every path it names exists: docsPaths.test.ts.
 */

const README = readFileSync(path.join(__dirname, '..', '..', '..', 'README.md'), 'utf8');

/** The README's `## ` sections in order, each with its text. */
function sections(): { title: string; body: string }[] {
  return README.split(/^## /m)
    .slice(1)
    .map((part) => ({ title: part.slice(0, part.indexOf('\n')).trim(), body: part.slice(part.indexOf('\n') + 1) }));
}

/** A table cell as GitHub shows it: link targets, code marks and emphasis gone. */
function rendered(markdown: string): string {
  return markdown
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/[`*[\]]/g, '')
    .trim();
}

describe('README.md is written for users', () => {
  it('opens with what it does and exactly one screenshot, a PNG in docs/images/', () => {
    const opening = README.slice(0, README.search(/^## /m));
    assert.match(opening, /^# MCP Catalog\n\n\S/);
    assert.ok(opening.replace(/!\[[^\]]*\]\([^)]*\)/g, '').trim().length > 200, 'a paragraph that says what it does');
    const images = [...opening.matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((match) => match[1]);
    assert.equal(images.length, 1, JSON.stringify(images));
    assert.match(images[0], /^docs\/images\/[\w-]+\.png$/);
  });

  it('has Install first, for VS Code, other editors, the command line and CI; then the set-up for working on it', () => {
    const [install, working] = sections();
    assert.equal(install.title, 'Install');
    for (const audience of [/\*\*VS Code\*\*/, /\*\*Neovim, Helix, Emacs\*\*/, /\*\*The command line/, /\*\*CI\*\*/]) assert.match(install.body, audience);
    assert.equal(working.title, 'Working on it');
    const commands = /```sh\n([^]*?)```/
      .exec(working.body)?.[1]
      .split('\n')
      .filter((line) => line.trim() !== '');
    assert.equal(commands?.length, 2, `two set-up commands: ${JSON.stringify(commands)}`);
  });

  it('has a feature table of one short line a row, with no benchmark figures', () => {
    const features = sections().find((section) => section.title === 'Features');
    assert.ok(features);
    const rows = features.body
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .slice(2);
    assert.ok(rows.length >= 8, `${rows.length} rows`);
    for (const row of rows) {
      const text = rendered(row.replace(/^\||\|$/g, '').replace(/ \| /g, ' \u2014 '));
      assert.ok(text.length <= 120, `${text.length} characters (a row fits one line at 120): ${text}`);
      assert.doesNotMatch(text, /\d\s*(ms|MB|KB|\u00d7|x faster|%)/i, `no benchmark figures: ${text}`);
    }
    assert.match(features.body, /bench\/RESULTS\.md/, 'the figures are linked, not shown');
  });
});
