import type { UiScript } from '../index';

/** Opens the Zimmer catalog, then a catalog with a broken startup_timeout_sec and its Problems entry. */
export const openCatalog: UiScript = {
  name: 'open-catalog',
  openFile: 'mcp.json',
  async run(workbench) {
    await workbench.waitForTab('mcp.json');
    await workbench.waitForEditorText('playwright-custom');
    await workbench.screenshot('01-zimmer-catalog');

    await workbench.quickOpen('rules/timeout-mcp.json');
    await workbench.waitForEditorText('startup_timeout_sec');
    await workbench.waitForSquiggle('warning');
    await workbench.problem('mcp-catalog', 'timeout-range');
    await workbench.screenshot('02-timeout-diagnostic');
  },
};
