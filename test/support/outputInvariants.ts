import { strict as assert } from 'node:assert';

/** A raw control a terminal would honour: C0 but tab and line feed, DEL, C1, line/paragraph separators, bidi controls. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/;

/**
 * What a Markdown renderer makes of a text (markdown-it, CommonMark with GFM tables, linkify as
 * GitHub's autolinks): the invariants a surface built from repository text must keep — no link,
 * image, HTML or heading it did not write itself, and tables whose rows keep their cells.
 */

interface Token {
  type: string;
  tag: string;
  content: string;
  children: Token[] | null;
}
interface MarkdownIt {
  parse(text: string, env: object): Token[];
  linkify: { set(options: object): void };
}

// eslint-disable-next-line @typescript-eslint/no-require-imports
const createMarkdownIt = require('markdown-it') as (options: object) => MarkdownIt;
// GitHub's and VS Code's autolinks: a scheme or `www.` (GFM §6.9), not linkify's bare domains.
const renderer = createMarkdownIt({ html: true, linkify: true });
renderer.linkify.set({ fuzzyLink: false });

export function markdownTokens(text: string): Token[] {
  const flat: Token[] = [];
  const walk = (tokens: Token[]): void => {
    for (const token of tokens) {
      flat.push(token);
      if (token.children) walk(token.children);
    }
  };
  walk(renderer.parse(text, {}));
  return flat;
}

export interface Allowed {
  /** The headings the producer writes itself, as their text. */
  headings?: RegExp;
  /** The HTML the producer writes itself. */
  html?: RegExp;
  /** Table rows must have this many cells. */
  cells?: number;
}

/** Asserts `text` has no live link, image, HTML or heading beyond what `allowed` names; `label` says where it came from. */
export function assertInertMarkdown(text: string, label: string, allowed: Allowed = {}): void {
  const tokens = markdownTokens(text);
  for (const [index, token] of tokens.entries()) {
    const where = `${label}: ${token.type} in ${JSON.stringify(text)}`;
    assert.ok(!['link_open', 'image'].includes(token.type), where);
    if (token.type === 'html_block' || token.type === 'html_inline') assert.ok(allowed.html?.test(token.content.trim()), where);
    if (token.type === 'heading_open') assert.ok(allowed.headings?.test(tokens[index + 1]?.content ?? ''), `${where}: ${tokens[index + 1]?.content}`);
    if (token.type === 'tr_open' && allowed.cells !== undefined) {
      let cells = 0;
      for (let next = index + 1; tokens[next].type !== 'tr_close'; next++) if (tokens[next].type === 'td_open' || tokens[next].type === 'th_open') cells++;
      assert.equal(cells, allowed.cells, where);
    }
  }
}
