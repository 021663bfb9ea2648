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
  /**
   * Zoom (device scale factor): the screenshots keep VIEWPORT's pixel size while the workbench
   * is laid out for VIEWPORT / scale CSS pixels, so text stays readable when a README shrinks
   * them (the web workbench has no zoom commands of its own). Default 1.
   */
  scale?: number;
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
    const scale = options.scale ?? 1;
    const context = await browser.newContext({
      viewport: { width: Math.round(VIEWPORT.width / scale), height: Math.round(VIEWPORT.height / scale) },
      deviceScaleFactor: scale,
    });
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
    // Enter opens the focused (first) row: wait until that is the file asked for — for a name that
    // several folders have (mcp.json), the row whose description names its folder.
    const folder = path.dirname(relativePath);
    let row = this.page.locator('.quick-input-widget .monaco-list-row.focused', { hasText: path.basename(relativePath) });
    if (folder !== '.') row = row.filter({ hasText: folder });
    await row.first().waitFor();
    await input.press('Enter');
    await this.waitForTab(path.basename(relativePath));
    if (folder !== '.')
      await this.page
        .locator('.editor-group-container.active .breadcrumbs-control', { hasText: path.basename(folder) })
        .first()
        .waitFor();
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
      throw new Error(
        `no Problems row with ${JSON.stringify(parts)}; rows: ${JSON.stringify(seen)}\n${error instanceof Error ? error.message : String(error)}`,
      );
    }
    this.step(`Problems row ${JSON.stringify(parts)}`);
    return rows.first().innerText();
  }

  /**
   * Waits until our language status item is in the status bar's language status (it appears once
   * the server has analysed the active catalog): "MCP catalog · 16 servers · 2 cannot start".
   */
  async waitForCatalogStatus(text = 'MCP catalog'): Promise<void> {
    await this.page.waitForFunction(
      (wanted) =>
        (
          (globalThis as unknown as { document: { querySelector(s: string): { getAttribute(n: string): string | null } | null } }).document
            .querySelector('#status\\.languageStatus')
            ?.getAttribute('aria-label') ?? ''
        ).includes(wanted),
      text,
      { timeout: UI_WAIT_MS },
    );
    this.step(`language status has ${JSON.stringify(text)}`);
  }

  /**
   * Opens the language status hover ({} in the status bar) and returns its text; fails when any of
   * it is cut off (VS Code puts an item's text, detail and action on one line of a narrow hover).
   */
  async languageStatus(): Promise<string> {
    await this.page.locator('#status\\.languageStatus').click();
    const hover = this.page.locator('.monaco-hover:not(.hidden)', { hasText: 'MCP' }).first();
    await hover.waitFor();
    const text = await hover.innerText();
    const cut = await hover.evaluate((element) => {
      type Box = { scrollWidth: number; clientWidth: number; className: string; querySelectorAll(selector: string): ArrayLike<Box> };
      return Array.from((element as unknown as Box).querySelectorAll('*'))
        .filter((inner) => inner.clientWidth > 0 && inner.scrollWidth > inner.clientWidth + 1)
        .map((inner) => `${inner.className || 'an element'} is ${inner.scrollWidth} px wide in ${inner.clientWidth}`);
    });
    if (cut.length > 0) throw new Error(`the language status hover cuts off its text (${JSON.stringify(text)}): ${cut.join('; ')}`);
    this.step('language status hover');
    return text;
  }

  /** Closes a hover or menu (Escape, and the mouse moved away so nothing hovers again). */
  async dismiss(): Promise<void> {
    await this.page.keyboard.press('Escape');
    await this.page.mouse.move(2, 2);
    await this.page
      .locator('.monaco-hover:not(.hidden) .hover-contents')
      .first()
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => undefined);
  }

  /** Gives the keyboard to an editor (the active one by default) without moving its cursor. */
  async focusEditor(editor: Locator = this.activeEditor()): Promise<void> {
    await editor.locator('textarea').first().focus();
  }

  /** Puts the cursor of the active editor on line:column (Ctrl+G, as a person would). */
  async goTo(line: number, column?: number): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+G');
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor();
    await input.fill(column ? `:${line}:${column}` : `:${line}`); // Ctrl+G opens quick access in its ":" (go to line) mode
    await input.press('Enter');
    await this.page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
  }

  /**
   * The TextMate scopes and language at line:column, read from VS Code's own "Developer: Inspect
   * Editor Tokens and Scopes" widget (closed again before returning).
   */
  async inspectScopes(line: number, column: number): Promise<string> {
    await this.goTo(line, column);
    await this.runCommand('Developer: Inspect Editor Tokens and Scopes');
    const widget = this.page.locator('.token-inspect-widget');
    await widget.waitFor();
    // A file without a grammar (plain text) says so instead of listing scopes.
    await widget.locator('text=/textmate scopes|No grammar/').first().waitFor();
    const text = await widget.innerText();
    this.step(`scopes at ${line}:${column}: ${text.replace(/\s+/g, ' ')}`);
    return text;
  }

  /** Types text at the cursor (inserted as typed text, without auto-closing pairs). */
  async type(text: string): Promise<void> {
    await this.page.keyboard.insertText(text);
  }

  async press(...keys: string[]): Promise<void> {
    for (const key of keys) await this.page.keyboard.press(key);
  }

  /** How many squiggles of a kind the active editor shows (only rendered lines count). */
  squiggles(kind: 'warning' | 'error' | 'info'): Locator {
    return this.activeEditor().locator(`.squiggly-${kind}`);
  }

  async waitForNoSquiggle(kind: 'warning' | 'error' | 'info'): Promise<void> {
    await this.squiggles(kind).first().waitFor({ state: 'detached' });
    this.step(`no ${kind} squiggle`);
  }

  /**
   * Ctrl+. at the cursor: waits for the quick-fix menu and returns the titles of its actions.
   * VS Code replaces an invoked code-action request with an automatic (lightbulb-only) one when
   * the file's markers change meanwhile, so a diagnostics update landing just after Ctrl+. leaves
   * no menu; a person presses Ctrl+. again, and so does this (a few times, then it fails saying
   * what each attempt showed).
   */
  async openQuickFixMenu(expected: string): Promise<string[]> {
    const rows = this.page.locator('.action-widget .monaco-list-row.action');
    const item = rows.filter({ hasText: expected }).first();
    const seen: string[] = [];
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('Control+.');
      try {
        await item.waitFor({ timeout: 10_000 });
        break;
      } catch (error) {
        const menu = await rows.allInnerTexts();
        seen.push(menu.length > 0 ? `menu ${JSON.stringify(menu)}` : 'no menu');
        if (attempt === 5) {
          throw new Error(
            `no quick fix ${JSON.stringify(expected)} after ${attempt} tries (${seen.join('; ')})\n${error instanceof Error ? error.message : String(error)}`,
          );
        }
        this.step(`quick-fix menu without ${JSON.stringify(expected)} (${seen[seen.length - 1]}); Ctrl+. again`);
        await this.page.keyboard.press('Escape');
        await this.page.waitForTimeout(500);
      }
    }
    this.step(`quick-fix menu with ${JSON.stringify(expected)}`);
    return rows.allInnerTexts();
  }

  /** Waits until the Problems panel has no row with all these parts (the markers, not just the squiggle, were updated). */
  async waitForNoProblem(...parts: string[]): Promise<void> {
    let rows = this.page.locator('.markers-panel .monaco-list-row');
    for (const part of parts) rows = rows.filter({ hasText: part });
    await rows.first().waitFor({ state: 'detached' });
    this.step(`no Problems row ${JSON.stringify(parts)}`);
  }

  /** Clicks an action of the open quick-fix menu; waits for the menu to close. */
  async applyQuickFix(title: string): Promise<void> {
    // The keyboard, as Ctrl+. users do (a click can land on the menu's transient pointer block).
    const rows = this.page.locator('.action-widget .monaco-list-row.action');
    const titles = await rows.allInnerTexts();
    const index = titles.findIndex((text) => text.includes(title));
    if (index < 0) throw new Error(`no quick fix ${JSON.stringify(title)} in ${JSON.stringify(titles)}`);
    const target = rows.nth(index);
    for (let moves = 0; moves <= titles.length && !(await target.getAttribute('class'))?.includes('focused'); moves++)
      await this.page.keyboard.press('ArrowDown');
    if (!(await target.getAttribute('class'))?.includes('focused')) throw new Error(`could not select the quick fix ${JSON.stringify(title)}`);
    await this.page.keyboard.press('Enter');
    await this.page.locator('.action-widget').first().waitFor({ state: 'hidden' });
    this.step(`applied ${JSON.stringify(title)}`);
  }

  /** Hovers the first rendered token with exactly this text in the active editor; returns the hover's text. */
  async hoverToken(token: string, expected: string): Promise<string> {
    const span = this.activeEditor()
      .locator('.view-line span span', { hasText: new RegExp(`^${token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })
      .first();
    await span.hover();
    const hover = this.page.locator('.monaco-editor .monaco-hover:not(.hidden)', { hasText: expected }).first();
    await hover.waitFor();
    this.step(`hover on ${token}`);
    return hover.innerText();
  }

  /** An Explorer (or other side bar) view by its title, e.g. "MCP Readiness". */
  view(title: string): Locator {
    return this.page.locator('.pane', { has: this.page.locator(`.pane-header[aria-label^="${title}"]`) });
  }

  /** A tree row of a view by the start of its accessible label ("figma: needs auth. …", "zimmer 1 default server"). */
  treeRow(viewTitle: string, labelStart: string): Locator {
    return this.view(viewTitle).locator(`.monaco-list-row[aria-label^="${labelStart}"]`).first();
  }

  /** Expands a collapsed tree row (clicking it, as a person would) and waits for aria-expanded. */
  async expandTreeRow(row: Locator): Promise<void> {
    // A view that refreshes (a new analysis of the active catalog) renders its rows again, and a
    // click that lands on a row being replaced is lost: click again until the row, found afresh,
    // says it is expanded.
    const deadline = Date.now() + UI_WAIT_MS;
    while ((await row.getAttribute('aria-expanded')) !== 'true') {
      if (Date.now() > deadline) throw new Error(`the tree row did not expand within ${UI_WAIT_MS} ms`);
      await row.locator('.monaco-tl-twistie').click();
      for (let waited = 0; waited < 3000 && (await row.getAttribute('aria-expanded')) !== 'true'; waited += 100) await this.page.waitForTimeout(100);
    }
  }

  /** Collapses a side bar section (e.g. the Explorer's folder tree) to leave room for the others. */
  async collapseSection(title: string): Promise<void> {
    const header = this.page.locator(`.pane-header[aria-label^="${title}"]`).first();
    if ((await header.getAttribute('aria-expanded')) !== 'false') await header.click();
  }

  /** Drags the side bar's edge so it is `width` pixels wide (long tree descriptions stay readable). */
  async setSideBarWidth(width: number): Promise<void> {
    const box = await this.page.locator('.part.sidebar').boundingBox();
    if (!box) throw new Error('the side bar is not visible');
    const y = box.y + box.height / 2;
    await this.page.mouse.move(box.x + box.width + 1, y);
    await this.page.mouse.down();
    await this.page.mouse.move(box.x + width, y, { steps: 5 });
    await this.page.mouse.up();
    await this.page.mouse.move(box.x + width + 200, y);
  }

  async sideBarVisible(): Promise<boolean> {
    return this.page.locator('.part.sidebar').isVisible();
  }

  /** Waits for an editor tab whose title contains the text (not necessarily the active group). */
  async waitForAnyTab(text: string): Promise<void> {
    await this.page.locator('.tabs-container .tab', { hasText: text }).first().waitFor();
    this.step(`tab ${text}`);
  }

  /** The editor (any group) whose active tab's title contains the text. */
  editorWithTab(text: string): Locator {
    return this.page
      .locator('.editor-group-container', { has: this.page.locator('.tabs-container .tab.active', { hasText: text }) })
      .locator('.monaco-editor')
      .first();
  }

  /** Closes an editor by its tab's close button. */
  async closeTab(title: string): Promise<void> {
    const tab = this.page.locator('.tabs-container .tab', { hasText: title }).first();
    await tab.hover();
    await tab.locator('.tab-actions .action-label').first().click();
    await tab.waitFor({ state: 'detached' });
    this.step(`closed tab ${title}`);
  }

  /** Collapses a Problems entry's related-information rows (the twistie of the row with this text). */
  async collapseProblemDetails(text: string): Promise<void> {
    // The Problems list re-renders its rows when the markers change (a later pull can land just
    // after the click), and a new row comes expanded again: so the row is found afresh on each
    // try, never held as an element that may have left the page.
    const row = () => this.page.locator('.markers-panel .monaco-list-row', { hasText: text }).first();
    for (let attempt = 1; ; attempt++) {
      if ((await row().getAttribute('aria-expanded')) !== 'true') return;
      await row().locator('.monaco-tl-twistie').click();
      const deadline = Date.now() + 2000;
      while (Date.now() < deadline) {
        if ((await row().getAttribute('aria-expanded')) !== 'true') return;
        await this.page.waitForTimeout(100);
      }
      if (attempt === 10) throw new Error(`the Problems row "${text}" stays expanded after ${attempt} clicks on its twistie`);
    }
  }

  /** One named step of a UI script: a failure says which step, and a success is logged as `step` logs. */
  async runStep(name: string, body: () => Promise<void>): Promise<void> {
    try {
      await body();
    } catch (error) {
      throw new Error(`step "${name}": ${error instanceof Error ? error.message : String(error)}`);
    }
    this.step(`done: ${name}`);
  }

  /** Prints how long each step took when MCP_CATALOG_VSCODE_VERBOSE=1 (UI waits are the slow part). */
  step(name: string): void {
    if (process.env.MCP_CATALOG_VSCODE_VERBOSE !== '1') return;
    console.log(`    [ui ${((Date.now() - this.openedAt) / 1000).toFixed(1)} s] ${name}`);
  }

  /**
   * Saves name.png. `withoutTitleBar` leaves out the window's title bar, which names the test
   * harness ("[Extension Development Host] … code-server"), not anything a user of the extension
   * sees: for the README's pictures.
   */
  async screenshot(name: string, options: { withoutTitleBar?: boolean } = {}): Promise<string> {
    this.step(`screenshot ${name}`);
    mkdirSync(this.options.screenshotsDir, { recursive: true });
    const file = path.join(this.options.screenshotsDir, `${name}.png`);
    const viewport = this.page.viewportSize()!;
    const titleBar = options.withoutTitleBar ? await this.page.locator('.part.titlebar').boundingBox() : null;
    const top = titleBar ? titleBar.y + titleBar.height : 0;
    const clip = { x: 0, y: top, width: viewport.width, height: viewport.height - top };
    await this.page.screenshot({ path: file, animations: 'disabled', clip }); // a hover caught mid fade-in shows the text behind it
    return file;
  }

  async close(): Promise<void> {
    await this.context.close().catch(() => undefined);
  }
}
