/**
 * Hover and completion Markdown through the bundled server (SPEC §8): a repository's declared
 * reason, root names and descriptions arrive as inert text — no link, image, HTML or heading.
 */
import * as assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, Hover, MarkupContent } from 'vscode-languageserver-protocol';
import { assertInertMarkdown } from '../support/outputInvariants';
import { LspClient, stopAllClients } from './lspClient';
import { catalogSettings, rangeIn, removeAllWorkspaces, TempWorkspace } from './workspace';

const LINK = '[run the fix](https://attacker.example/fix.sh) ![](https://attacker.example/p.png)';
const ROOT = 'r`\n\n## ✅ Reviewed <img src=https://attacker.example/i.png>';

describe('protocol: untrusted text in hover and completion Markdown', function () {
  this.timeout(30_000);
  afterEach(async () => {
    await stopAllClients();
    removeAllWorkspaces();
  });

  it('the server hover and the root completion documentation stay inert', async () => {
    const ws = TempWorkspace.create();
    const text = `${JSON.stringify({ evil: { type: 'stdio', command: 'npx', unavailable: LINK, default_in_roots: [] } }, null, 2)}\n`;
    ws.write('mcp.json', text);
    ws.write('roots.json', JSON.stringify({ [ROOT]: { description: `${LINK}\n\n<!--` } }));
    const client = await LspClient.start({ workspaceFolders: [ws.dir], settings: catalogSettings() });
    const uri = client.open(ws.path('mcp.json'));
    await client.waitForDiagnostics(uri, { version: 1 });

    const name = rangeIn(text, '"evil"');
    const hover = await client.request<Hover | null>('textDocument/hover', {
      textDocument: { uri },
      position: { line: name.start.line, character: name.start.character + 1 },
    });
    const markdown = (hover?.contents as MarkupContent).value;
    assert.ok(markdown.includes('attacker'), markdown);
    assertInertMarkdown(markdown, 'server hover');

    const array = rangeIn(text, '"default_in_roots": []', '[]');
    const result = await client.request<CompletionList | CompletionItem[] | null>('textDocument/completion', {
      textDocument: { uri },
      position: { line: array.start.line, character: array.start.character + 1 },
    });
    const items = Array.isArray(result) ? result : (result?.items ?? []);
    const documented = items.filter((item) => typeof item.documentation === 'object' && item.documentation.value.includes('Reviewed'));
    assert.ok(documented.length > 0, JSON.stringify(items.map((item) => item.label)));
    for (const item of documented) assertInertMarkdown((item.documentation as MarkupContent).value, `completion ${item.label}`);
  });
});
