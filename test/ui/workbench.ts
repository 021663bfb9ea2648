/**
 * A thin page object over the real VS Code web workbench, for UI scripts and the packaged-.vsix
 * check. Selectors are VS Code's own (TESTING.md); every wait is on a DOM condition.
 */
import { mkdirSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { VIEWPORT } from '../harness/browser';
import type { CodeServer } from '../harness/codeServer';

/** First UI waits after a server start are slow (the workbench and the extension host boot). */
export const UI_WAIT_MS = 60_000;

export interface OpenOptions {
  /** The folder the window opens. */
  folder: string;
  /** A file (absolute path) to open once the workbench is up. */
  openFile?: string;
  /** Load the extension from this source folder; omit to use only installed extensions. */
  extensionDevelopmentPath?: string;
  /** Where screenshot(name) writes name.png. */
  screenshotsDir: string;
}

export class Workbench {
  private constructor(
    readonly page: Page,
    private readonly context: BrowserContext,
    readonly server: CodeServer,
    private readonly options: OpenOptions,
    readonly consoleErrors: string[],
  ) {}

  private readonly openedAt = Date.now();

  static async open(browser: Browser, server: CodeServer, options: OpenOptions): Promise<Workbench> {
    const context = await browser.newContext({ viewport: VIEWPORT });
    const page = await context.newPage();
    page.setDefaultTimeout(UI_WAIT_MS);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    const payload: [string, string][] = [
      ['skipWelcome', 'true'],
      ['skipReleaseNotes', 'true'],
    ];
    if (options.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', server.remoteUri(options.extensionDevelopmentPath)]);
    if (options.openFile) payload.push(['openFile', server.remoteUri(options.openFile)]);
    const workbench = new Workbench(page, context, server, options, consoleErrors);
    try {
      await page.goto(server.workbenchUrl(options.folder, payload), { waitUntil: 'domcontentloaded', timeout: UI_WAIT_MS });
      await workbench.restored();
      workbench.step('workbench restored');
    } catch (error) {
      await workbench.close();
      throw error;
    }
    return workbench;
  }

  /** The smoke-test driver (--enable-smoke-test-driver) says when the workbench has restored. */
  async restored(): Promise<void> {
    // These functions run in the page (no DOM lib in this tsconfig: go through globalThis).
    await this.page.waitForFunction(() => typeof (globalThis as unknown as { driver?: unknown }).driver === 'object', undefined, { timeout: UI_WAIT_MS });
    await this.page.evaluate(() => (globalThis as unknown as { driver: { whenWorkbenchRestored(): Promise<void> } }).driver.whenWorkbenchRestored());
    await this.page.locator('.monaco-workbench').waitFor();
  }

  /** The active editor's text area (Monaco renders only visible lines). */
  activeEditor(): Locator {
    return this.page.locator('.editor-group-container.active .monaco-editor').first();
  }

  async waitForEditorText(text: string): Promise<void> {
    await this.activeEditor().locator('.view-lines', { hasText: text }).waitFor();
    this.step(`editor shows ${JSON.stringify(text)}`);
  }

  async waitForTab(name: string): Promise<void> {
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
    this.step(`tab ${name} active`);
  }

  /** Opens a workspace file through Quick Open (Ctrl+P), the way a person would. */
  async quickOpen(relativePath: string): Promise<void> {
    await this.activeEditorOrWorkbench().press('Control+P');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(relativePath);
    await this.page.locator('.quick-input-widget .monaco-list-row', { hasText: path.basename(relativePath) }).first().waitFor();
    await input.press('Enter');
    await this.waitForTab(path.basename(relativePath));
  }

  /** Runs a command from the command palette by its label. */
  async runCommand(label: string): Promise<void> {
    await this.activeEditorOrWorkbench().press('F1');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(`>${label}`);
    await this.page.locator('.quick-input-widget .monaco-list-row', { hasText: label }).first().waitFor();
    await input.press('Enter');
  }

  private activeEditorOrWorkbench(): Locator {
    return this.page.locator('.monaco-workbench');
  }

  /** Waits for a squiggle of the given kind in the active editor. */
  async waitForSquiggle(kind: 'warning' | 'error' | 'info' | 'any' = 'any'): Promise<Locator> {
    const selector = kind === 'any' ? '.squiggly-warning, .squiggly-error, .squiggly-info' : `.squiggly-${kind}`;
    const squiggle = this.activeEditor().locator(selector).first();
    await squiggle.waitFor({ state: 'attached' });
    this.step(`${kind} squiggle`);
    return squiggle;
  }

  /**
   * Opens the Problems panel and waits for a row whose text contains every one of `parts`
   * (source and code render in separate elements, so match the pieces); returns that row's text.
   */
  async problem(...parts: string[]): Promise<string> {
    if (!(await this.page.locator('.markers-panel').isVisible())) await this.runCommand('View: Toggle Problems');
    let rows = this.page.locator('.markers-panel .monaco-list-row');
    for (const part of parts) rows = rows.filter({ hasText: part });
    try {
      await rows.first().waitFor();
    } catch (error) {
      const seen = await this.page.locator('.markers-panel .monaco-list-row').allInnerTexts();
      throw new Error(`no Problems row with ${JSON.stringify(parts)}; rows: ${JSON.stringify(seen)}\n${error instanceof Error ? error.message : String(error)}`);
    }
    this.step(`Problems row ${JSON.stringify(parts)}`);
    return rows.first().innerText();
  }

  /** Prints how long each step took when MCP_CATALOG_VSCODE_VERBOSE=1 (UI waits are the slow part). */
  step(name: string): void {
    if (process.env.MCP_CATALOG_VSCODE_VERBOSE !== '1') return;
    console.log(`    [ui ${((Date.now() - this.openedAt) / 1000).toFixed(1)} s] ${name}`);
  }

  async screenshot(name: string): Promise<string> {
    this.step(`screenshot ${name}`);
    mkdirSync(this.options.screenshotsDir, { recursive: true });
    const file = path.join(this.options.screenshotsDir, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
