import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import type { UiScript } from '../index';

/**
 * The README's screenshots, taken as a new user sees the example: `examples/zimmer/` opened as it
 * is in the repository (its mcp.json, roots.json and air.json; no settings, no `.env`), not the
 * test workspace, whose settings declare variables known. So the Problems panel shows the
 * warnings a new user gets (variables no source sets), without the title bar, which names the test
 * harness rather than anything of the extension. Screenshots: test/.tmp/screenshots/readme-*.png,
 * copied to docs/images/ by hand after looking at each one.
 */

const READINESS = 'MCP Readiness';

export const readmeShots: UiScript = {
  name: 'readme-screenshots',
  workspaceFrom: 'examples/zimmer',
  openFile: 'mcp.json',
  scale: 1.25,
  async run(workbench, context) {
    await workbench.runStep('the catalog, its problems and the readiness view', async () => {
      await workbench.waitForTab('mcp.json');
      await workbench.waitForEditorText('playwright-custom');
      await workbench.waitForCatalogStatus('MCP catalog · 16 servers');
      assert.match(await workbench.problem('mcp-catalog', 'unresolved-variable'), /SLACK_BOT_TOKEN|STRAD_API_KEY|ZIMMER_PROD_API_KEY/);
      await workbench.runCommand('MCP Catalog: Show Readiness');
      await workbench.page.locator('.part.sidebar').waitFor();
      await workbench.setSideBarWidth(560);
      await workbench.treeRow(READINESS, 'figma:').waitFor();
      await workbench.goTo(99, 4); // "figma": {
      await workbench.screenshot('readme-overview', { withoutTitleBar: true });
    });

    await workbench.runStep('hover a server name', async () => {
      // The editor gets the width for the close-ups; Show Readiness brings the view back later.
      await workbench.runCommand('View: Toggle Primary Side Bar Visibility');
      await workbench.page.locator('.part.sidebar').waitFor({ state: 'hidden' });
      await workbench.goTo(99, 4);
      const hover = await workbench.hoverToken('"figma"', 'Readiness');
      assert.match(hover, /needs auth/);
      await workbench.screenshot('readme-hover', { withoutTitleBar: true });
      await workbench.dismiss();
    });

    await workbench.runStep('a misspelt root and its quick fixes', async () => {
      // playwright-custom's "default_in_roots": [ "zimmer" ] — the root name is on line 17.
      await workbench.goTo(17);
      await workbench.press('End', 'ArrowLeft', 'Backspace', 'Backspace', 'Backspace');
      await workbench.type('er'); // "zimmer" → "zimer"
      await workbench.waitForSquiggle('error');
      await workbench.problem('mcp-catalog', 'undefined-root');
      await workbench.collapseProblemDetails('undefined-root'); // its related information names the scratch folder
      await workbench.goTo(17, 9);
      await workbench.openQuickFixMenu('Change to "zimmer"');
      await workbench.screenshot('readme-quick-fix', { withoutTitleBar: true });
      await workbench.applyQuickFix('Change to "zimmer"');
      await workbench.waitForNoSquiggle('error');
    });

    await workbench.runStep('the readiness view with the roots expanded', async () => {
      await workbench.runCommand('View: Hide Panel');
      await workbench.runCommand('MCP Catalog: Show Readiness');
      await workbench.page.locator('.part.sidebar').waitFor();
      await workbench.expandTreeRow(workbench.treeRow(READINESS, 'zimmer: 1 default server'));
      await workbench.treeRow(READINESS, 'playwright-custom').waitFor();
      await workbench.screenshot('readme-readiness', { withoutTitleBar: true });
    });

    await workbench.runStep('a Codex preview beside the catalog', async () => {
      await workbench.runCommand('View: Toggle Primary Side Bar Visibility');
      await workbench.page.locator('.part.sidebar').waitFor({ state: 'hidden' });
      await workbench.goTo(61, 4); // "zimmer": { — the remote entries, in view beside their tables
      await workbench.runCommand('MCP Catalog: Preview Codex Config');
      await workbench.waitForAnyTab('mcp.json → Codex config.toml');
      const preview = workbench.editorWithTab('Codex config.toml');
      await preview.locator('.view-lines', { hasText: '[mcp_servers.playwright-custom]' }).waitFor();
      await workbench.focusEditor(preview);
      await workbench.press('Control+F');
      await workbench.type('[mcp_servers.zimmer]');
      await workbench.press('Enter', 'Escape', 'ArrowRight');
      await preview.locator('.view-line', { hasText: 'X-API-Key = "ZIMMER_PROD_API_KEY"' }).first().waitFor();
      await workbench.screenshot('readme-preview-codex', { withoutTitleBar: true });
    });

    await workbench.runStep('placeholders are coloured in the catalog, in its own language mode', async () => {
      await workbench.closeTab('Codex config.toml');
      const lines = readFileSync(path.join(context.extensionDevelopmentPath, 'examples', 'zimmer', 'mcp.json'), 'utf8').split('\n');
      const line = lines.findIndex((l) => l.includes('${SLACK_BOT_TOKEN}'));
      const scopes = await workbench.inspectScopes(line + 1, lines[line].indexOf('${SLACK_BOT_TOKEN}') + 4);
      assert.match(scopes, /variable\.other\.placeholder\.mcp-catalog|punctuation\.definition\.placeholder/);
      assert.match(scopes, /mcp-catalog/);
      await workbench.dismiss();
    });
  },
};
