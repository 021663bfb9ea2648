import * as assert from 'node:assert/strict';
import type { UiScript } from '../index';

/**
 * What a person sees, on the real workbench, in one window (opening a workbench is the slow part):
 *   1. the Zimmer example catalog opens, analysed (language status "MCP catalog · 16 servers …");
 *   2. hovering a server name shows its readiness (figma: needs auth);
 *   3. two typing mistakes — a misspelt root in default_in_roots and startup_timeout_sec 900 —
 *      get squiggles and Problems entries; Ctrl+. opens the quick-fix menu; applying the fixes
 *      makes the squiggles and the Problems entries go;
 *   4. "MCP Catalog: Preview Codex Config" opens the generated config.toml beside the catalog,
 *      already showing the fixed timeout;
 *   5. "MCP Catalog: Show Readiness" shows the MCP Readiness view; a server's state is read from
 *      its tree row; the roots are expanded;
 *   6. opening another catalog (readiness/mcp.json, one server in each state) the view follows it.
 * Every step saves a screenshot in test/.tmp/screenshots/ (the README's come from here).
 */

const READINESS = 'MCP Readiness';

export const catalogTour: UiScript = {
  name: 'catalog-tour',
  openFile: 'mcp.json',
  // 1440×900 screenshots of a workbench laid out at 1152×720: readable when the README shrinks them.
  scale: 1.25,
  async run(workbench) {
    await workbench.runStep('open the Zimmer catalog', async () => {
      await workbench.waitForTab('mcp.json');
      await workbench.waitForEditorText('playwright-custom');
      await workbench.waitForCatalogStatus('MCP catalog · 16 servers');
      await workbench.screenshot('tour-01-zimmer-catalog');
    });

    await workbench.runStep('language status', async () => {
      const status = await workbench.languageStatus();
      assert.match(status, /MCP catalog · 16 servers · 2 cannot start/);
      assert.match(status, /no problems/);
      await workbench.screenshot('tour-02-language-status');
      await workbench.dismiss();
    });

    await workbench.runStep('hover a server name', async () => {
      await workbench.goTo(99, 4); // "figma": {
      const hover = await workbench.hoverToken('"figma"', 'Readiness');
      assert.match(hover, /needs auth/);
      assert.match(hover, /a person must authorize it/);
      await workbench.screenshot('tour-03-hover-readiness');
      await workbench.dismiss();
    });

    await workbench.runStep('mistakes get squiggles and Problems entries', async () => {
      // playwright-custom: line 15 closes its "env"; lines 16-18 are "default_in_roots": [ "zimmer" ].
      await workbench.goTo(15);
      await workbench.press('End', 'Enter');
      await workbench.type('"startup_timeout_sec": 900,');
      await workbench.waitForSquiggle('warning');
      await workbench.goTo(18);
      await workbench.press('End', 'ArrowLeft', 'Backspace', 'Backspace', 'Backspace');
      await workbench.type('er'); // "zimmer" → "zimer"
      await workbench.waitForSquiggle('error');
      assert.match(await workbench.problem('mcp-catalog', 'undefined-root'), /"zimer" is not a root, so AIR drops it.*\. Did you mean "zimmer"\?/);
      assert.match(await workbench.problem('mcp-catalog', 'timeout-range'), /900 is above 600/);
    });

    await workbench.runStep('the quick-fix menu on the misspelt root', async () => {
      await workbench.collapseProblemDetails('undefined-root'); // its related information names the scratch folder
      await workbench.goTo(18, 9); // inside "zimer"
      const actions = await workbench.openQuickFixMenu('Change to "zimmer"');
      assert.ok(
        actions.some((title) => title.includes('Add root "zimer" to roots.json')),
        `menu: ${JSON.stringify(actions)}`,
      );
      await workbench.screenshot('tour-04-quick-fix-menu');
      await workbench.applyQuickFix('Change to "zimmer"');
      await workbench.waitForNoSquiggle('error');
      // The squiggle goes with the edit; the markers only with the next diagnostics, which must
      // land before the next Ctrl+. (VS Code drops an invoked menu when markers change under it).
      await workbench.waitForNoProblem('mcp-catalog', 'undefined-root');
    });

    await workbench.runStep('the quick fix for the timeout', async () => {
      await workbench.goTo(16, 28); // on 900
      await workbench.openQuickFixMenu('Clamp to 600');
      await workbench.screenshot('tour-05-quick-fix-clamp');
      await workbench.applyQuickFix('Clamp to 600');
      await workbench.waitForNoSquiggle('warning');
      await workbench.waitForEditorText('"startup_timeout_sec": 600');
      await workbench.page.locator('.markers-panel .monaco-list-row', { hasText: 'mcp-catalog' }).first().waitFor({ state: 'detached' });
      await workbench.screenshot('tour-06-fixed');
    });

    await workbench.runStep('a Codex preview beside the catalog', async () => {
      await workbench.runCommand('View: Hide Panel');
      await workbench.runCommand('View: Toggle Primary Side Bar Visibility');
      await workbench.page.locator('.part.sidebar').waitFor({ state: 'hidden' });
      await workbench.goTo(61, 4); // "zimmer": { — the remote entries, in view beside their tables
      await workbench.runCommand('MCP Catalog: Preview Codex Config');
      await workbench.waitForAnyTab('mcp.json → Codex config.toml');
      const preview = workbench.editorWithTab('Codex config.toml');
      await preview.locator('.view-lines', { hasText: '[mcp_servers.playwright-custom]' }).waitFor();
      // The edit made a moment ago is in the preview: startup_timeout_sec = 600 for playwright-custom.
      await preview.locator('.view-line', { hasText: 'startup_timeout_sec = 600' }).waitFor();
      // Scroll the preview to the remote tables (Ctrl+F in the preview, as a person would).
      await workbench.focusEditor(preview);
      await workbench.press('Control+F');
      await workbench.type('[mcp_servers.zimmer]');
      await workbench.press('Enter', 'Escape', 'ArrowRight');
      await preview.locator('.view-line', { hasText: 'X-API-Key = "ZIMMER_PROD_API_KEY"' }).first().waitFor();
      await workbench.screenshot('tour-07-codex-preview');
    });

    await workbench.runStep('the MCP Readiness view on the Zimmer catalog', async () => {
      await workbench.closeTab('Codex config.toml');
      await workbench.runCommand('MCP Catalog: Show Readiness');
      await workbench.page.locator('.part.sidebar').waitFor();
      await workbench.setSideBarWidth(620);
      const figma = workbench.treeRow(READINESS, 'figma:');
      await figma.waitFor();
      const label = (await figma.getAttribute('aria-label')) ?? '';
      assert.match(label, /^figma: Needs authorization\. OAuth-capable/);
      assert.match(await figma.innerText(), /needs auth — /);
      await workbench.expandTreeRow(workbench.treeRow(READINESS, 'zimmer: 1 default server'));
      await workbench.treeRow(READINESS, 'playwright-custom').waitFor();
      await workbench.screenshot('tour-08-readiness-zimmer');
    });

    await workbench.runStep('the view follows another catalog: one server in each state, roots with warnings', async () => {
      await workbench.quickOpen('readiness/mcp.json');
      await workbench.waitForCatalogStatus('MCP catalog · 5 servers · 3 cannot start');
      const github = workbench.treeRow(READINESS, 'github:');
      await github.waitFor();
      assert.match((await github.getAttribute('aria-label')) ?? '', /^github: Missing configuration\. GITHUB_PERSONAL_TOKEN/);
      assert.match((await workbench.treeRow(READINESS, 'twist:').getAttribute('aria-label')) ?? '', /^twist: Declared unavailable\. Twist is being retired/);
      const docs = workbench.treeRow(READINESS, 'docs');
      assert.match(await docs.innerText(), /missing config — preparing the session is expected to fail until GITHUB_PERSONAL_TOKEN is set/);
      await workbench.expandTreeRow(docs);
      await workbench.expandTreeRow(workbench.treeRow(READINESS, 'design'));
      await workbench.treeRow(READINESS, 'design').waitFor();
      await workbench.goTo(1); // the cursor away from the squiggled ${GITHUB_PERSONAL_TOKEN} (line 24)
      await workbench.waitForSquiggle('warning');
      await workbench.screenshot('tour-09-readiness-states');
    });
  },
};
