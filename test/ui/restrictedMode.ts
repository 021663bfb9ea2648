import * as assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { startCodeServer } from '../harness/codeServer';
import type { Scratch } from '../harness/environment';
import type { UiResult } from './index';
import { Workbench } from './workbench';

/**
 * Restricted Mode in a real restricted window (SPEC §8). The tier's other servers run with
 * --disable-workspace-trust, so this one starts its own with trust on and the startup prompt
 * off: a folder the fresh profile has never trusted opens in Restricted Mode, as it does for a
 * user who picks "Don't Trust". The folder's `.env` sets the variable the catalog reads, which is
 * not read here: the catalog must show no unresolved-variable warning, and the language status
 * must say Restricted Mode and offer "Trust this folder" (VS Code's workbench.trust.manage).
 */
export async function restrictedModeCheck(browser: Browser, scratch: Scratch, extensionDevelopmentPath: string, screenshotsDir: string): Promise<UiResult> {
  const started = Date.now();
  const name = 'restricted-mode';
  const folder = path.join(scratch.root, 'restricted-workspace');
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, '.env'), 'RESTRICTED_TOKEN=set-but-not-read\n');
  writeFileSync(
    path.join(folder, 'mcp.json'),
    '{\n  "svc": {\n    "type": "stdio",\n    "command": "svc",\n    "env": { "TOKEN": "${RESTRICTED_TOKEN}", "OTHER": "${RESTRICTED_UNSET}" }\n  }\n}\n',
  );
  const server = await startCodeServer({
    scratch,
    name: 'restricted-server',
    workspaceTrust: true,
    userSettings: { 'security.workspace.trust.enabled': true, 'security.workspace.trust.startupPrompt': 'never' },
  });
  let workbench: Workbench | undefined;
  try {
    workbench = await Workbench.open(browser, server, { folder, openFile: path.join(folder, 'mcp.json'), extensionDevelopmentPath, screenshotsDir });
    await workbench.waitForTab('mcp.json');
    await workbench.waitForCatalogStatus('MCP catalog \u00b7 1 server');
    const status = await workbench.languageStatus();
    assert.match(status, /Restricted Mode/);
    // The server's own count for this version: nothing, where a trusted window warns about RESTRICTED_UNSET.
    assert.match(status, /no problems/);
    // A server whose variables were not looked at is not counted as one that cannot start.
    assert.doesNotMatch(status, /cannot start/);
    await workbench.screenshot('restricted-01-language-status');
    await workbench.page.locator('.monaco-hover:not(.hidden) a', { hasText: 'Trust this folder' }).first().click();
    await workbench.waitForTab('Workspace Trust');
    await workbench.screenshot('restricted-02-trust-editor');
    return { name, ok: true, durationMs: Date.now() - started };
  } catch (error) {
    const shot = workbench ? await workbench.screenshot(`FAILED-${name}`).catch(() => undefined) : undefined;
    const message = error instanceof Error ? error.message : String(error);
    return { name, ok: false, error: `${message}${shot ? `\n(screenshot: ${shot})` : ''}`, durationMs: Date.now() - started };
  } finally {
    await workbench?.close();
    await server.stop();
  }
}
