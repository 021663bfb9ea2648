import * as assert from 'node:assert/strict';
import type { UiScript } from '../index';

/**
 * The extension as a web extension (docs/web.md), in the web worker extension host of the real
 * workbench: the harness installs a copy whose manifest has a `browser` entry and no `main`, and
 * no dist/server.js at all (test/harness/runWebTier.ts), so every result below comes from the
 * language server running as a web worker, reading the workspace only through the client's
 * `vscode.workspace.fs`:
 *   1. the catalog opens analysed, and the language status says once what the web build lacks;
 *   2. a misspelt root gets `undefined-root` — which needs roots.json, read through the client;
 *   3. its quick fix applies, and the Problems entry goes;
 *   4. "MCP Catalog: Preview Codex Config" opens the generated config beside the catalog;
 *   5. "MCP Catalog: Show Readiness" fills the MCP Readiness view;
 *   6. "MCP Catalog: Restart Server" starts a new worker, which checks the catalog again;
 *   7. Copy As's "Open All Servers as VS Code mcp.json" opens the translation beside the catalog.
 */

const READINESS = 'MCP Readiness';

export const webWorker: UiScript = {
  name: 'web-worker-extension-host',
  openFile: 'mcp.json',
  async run(workbench) {
    await workbench.runStep('the catalog opens analysed by the web worker server', async () => {
      await workbench.waitForTab('mcp.json');
      await workbench.waitForEditorText('playwright-custom');
      await workbench.waitForCatalogStatus('MCP catalog · 16 servers');
      const status = await workbench.languageStatus();
      assert.match(status, /Web extension\W+no process environment, no live comparison/);
      await workbench.screenshot('web-01-catalog');
      await workbench.dismiss();
    });

    await workbench.runStep('undefined-root, from the roots index read through the client', async () => {
      await workbench.goTo(17); // "zimmer", playwright-custom's one root
      await workbench.press('End', 'ArrowLeft', 'Backspace', 'Backspace', 'Backspace');
      await workbench.type('er'); // "zimmer" → "zimer"
      await workbench.waitForSquiggle('error');
      assert.match(await workbench.problem('mcp-catalog', 'undefined-root'), /"zimer" is not a root, so AIR drops it.*\. Did you mean "zimmer"\?/);
    });

    await workbench.runStep('the quick fix applies', async () => {
      await workbench.collapseProblemDetails('undefined-root');
      await workbench.goTo(17, 9);
      await workbench.openQuickFixMenu('Change to "zimmer"');
      await workbench.applyQuickFix('Change to "zimmer"');
      await workbench.waitForNoSquiggle('error');
      await workbench.waitForNoProblem('mcp-catalog', 'undefined-root');
      await workbench.screenshot('web-02-fixed');
    });

    await workbench.runStep('a Codex preview opens beside the catalog', async () => {
      await workbench.runCommand('View: Hide Panel');
      await workbench.runCommand('MCP Catalog: Preview Codex Config');
      await workbench.waitForAnyTab('mcp.json → Codex config.toml');
      await workbench.editorWithTab('Codex config.toml').locator('.view-lines', { hasText: '[mcp_servers.playwright-custom]' }).waitFor();
      await workbench.screenshot('web-03-preview');
      await workbench.closeTab('Codex config.toml');
    });

    await workbench.runStep('the MCP Readiness view fills', async () => {
      await workbench.runCommand('MCP Catalog: Show Readiness');
      const figma = workbench.treeRow(READINESS, 'figma:');
      await figma.waitFor();
      assert.match((await figma.getAttribute('aria-label')) ?? '', /^figma: Needs authorization/);
      await workbench.screenshot('web-04-readiness');
    });

    await workbench.runStep('a restarted server checks the catalog again', async () => {
      await workbench.runCommand('MCP Catalog: Restart Server');
      await workbench.goTo(17);
      await workbench.press('End', 'ArrowLeft', 'Backspace');
      await workbench.type('x'); // "zimmer" → "zimmex"
      await workbench.waitForSquiggle('error');
      assert.match(await workbench.problem('mcp-catalog', 'undefined-root'), /"zimmex" is not a root/);
    });

    await workbench.runStep('Copy As: every server as a VS Code mcp.json', async () => {
      await workbench.runCommand('View: Hide Panel');
      await workbench.runCommand('MCP Catalog: Open All Servers as VS Code mcp.json');
      await workbench.waitForAnyTab('Untitled-1');
      await workbench.editorWithTab('Untitled-1').locator('.view-lines', { hasText: '"servers"' }).waitFor();
      await workbench.screenshot('web-05-copy-as');
    });
  },
};
