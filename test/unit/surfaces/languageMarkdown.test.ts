import { strict as assert } from 'node:assert';
import { completeAt } from '../../../server/src/service/language/completion';
import { hoverAt } from '../../../server/src/service/language/hover';
import { assertInertMarkdown, markdownTokens } from '../../support/outputInvariants';
import { at, catalogFacts, languageDocument, rootsFacts } from '../language/helpers';

/**
 * Hovers and completion documentation are Markdown an editor renders (also in a restricted
 * workspace), built from the repository's own names, reasons and descriptions: none of them may
 * make a link or an image (a hover loads it), open HTML, start a heading, or leave its code span.
 */

const LINK = '[run the fix](https://attacker.example/fix.sh) ![](https://attacker.example/p.png)';
const BLANK_LINE_ESCAPE = 'a\n\n[x](https://attacker.example/b) <img src=https://attacker.example/i.png>\n\n# heading';
const OPTIONS = { snippets: true, snippetSupport: true, insertReplaceSupport: true } as never;

function hoverMarkdown(text: string, needle: string, kind: 'catalog' | 'roots' = 'catalog', facts?: Parameters<typeof languageDocument>[2], delta = 1): string {
  const document = languageDocument(text, kind, facts);
  const offset = text.indexOf(needle);
  assert.ok(offset >= 0, needle);
  const result = hoverAt(document, offset + delta);
  assert.ok(result, `no hover on ${needle}`);
  return result.markdown;
}

describe('hover and completion Markdown keep repository text inert', () => {
  it("the server hover: a declared unavailable reason's link and image are text", () => {
    const text = JSON.stringify({ evil: { type: 'stdio', command: 'npx', unavailable: LINK } }, null, 2);
    const markdown = hoverMarkdown(text, '"evil"');
    assert.ok(markdown.includes('attacker'), markdown);
    assertInertMarkdown(markdown, 'server hover');
  });

  it('the unavailable hover itself', () => {
    const text = JSON.stringify({ evil: { type: 'stdio', command: 'npx', unavailable: LINK } }, null, 2);
    assertInertMarkdown(hoverMarkdown(text, '"unavailable"', 'catalog', undefined, 3), 'unavailable hover');
  });

  it('a type value and a default_in_roots item with a blank line cannot leave their code span', () => {
    const text = JSON.stringify({ evil: { type: BLANK_LINE_ESCAPE, command: 'npx', default_in_roots: [BLANK_LINE_ESCAPE] } }, null, 2);
    const escaped = JSON.stringify(BLANK_LINE_ESCAPE);
    for (const [label, offset] of [
      ['type value', text.indexOf(escaped) + 2],
      ['default_in_roots item', text.lastIndexOf(escaped) + 2],
      ['server', text.indexOf('"evil"') + 1],
    ] as const) {
      const result = hoverAt(languageDocument(text, 'catalog', catalogFacts(JSON.stringify({ zimmer: {} }))), offset);
      assert.ok(result, label);
      assertInertMarkdown(result.markdown, label);
    }
  });

  it('a root hover: its name and description from the roots index', () => {
    const roots = JSON.stringify({ [`r${BLANK_LINE_ESCAPE}`]: { description: `${LINK}\n\n## fake` } }, null, 2);
    assertInertMarkdown(hoverMarkdown(roots, '"r', 'roots'), 'root hover');
    const catalog = JSON.stringify({ s: { type: 'stdio', command: 'npx', default_in_roots: [`r${BLANK_LINE_ESCAPE}`] } }, null, 2);
    const markdown = hoverMarkdown(catalog, '"r', 'catalog', catalogFacts(roots));
    assert.ok(markdown.includes('attacker'), markdown);
    assertInertMarkdown(markdown, 'root item hover');
  });

  it('a roots index hover on a server reference: the declared reason from the catalog', () => {
    const catalog = JSON.stringify({ s: { type: 'stdio', command: 'npx', unavailable: LINK } });
    const roots = JSON.stringify({ r: { default_mcp_servers: ['s'] } }, null, 2);
    const markdown = hoverMarkdown(roots, '"s"', 'roots', rootsFacts(catalog));
    assert.ok(markdown.includes('attacker'), markdown);
    assertInertMarkdown(markdown, 'server reference hover');
  });

  it("completion documentation: root names and a server's declared reason", () => {
    const roots = JSON.stringify({ [`r${BLANK_LINE_ESCAPE}\``]: {} });
    const site = at('{ "s": { "type": "stdio", "command": "npx", "default_in_roots": [|] } }', 'catalog', catalogFacts(roots));
    const items = completeAt(site.document, site.offset, OPTIONS);
    assert.ok(items.length > 0);
    for (const item of items) if (item.documentation) assertInertMarkdown(item.documentation, `root ${item.label}`);
    assert.ok(items.some((item) => markdownTokens(item.documentation ?? '').some((t) => t.type === 'code_inline' && t.content.includes('attacker'))));

    const catalog = JSON.stringify({ s: { type: 'stdio', command: 'npx', unavailable: `${LINK}\n\n<img src=x>` } });
    const server = at('{ "r": { "default_mcp_servers": [|] } }', 'roots', rootsFacts(catalog));
    const servers = completeAt(server.document, server.offset, OPTIONS);
    assert.ok(servers.some((item) => item.documentation?.includes('attacker')));
    for (const item of servers) if (item.documentation) assertInertMarkdown(item.documentation, `server ${item.label}`);
  });
});
