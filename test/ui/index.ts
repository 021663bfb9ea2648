/**
 * UI scripts: Playwright on the real workbench, each a named sequence of steps that saves
 * screenshots a person can look at (test/.tmp/screenshots/). Add a script by adding a file to
 * scripts/ and listing it below; the tier runner counts each script as one test.
 */
import { cpSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import type { CodeServer } from '../harness/codeServer';
import { Workbench } from './workbench';
import { catalogTour } from './scripts/catalogTour';
import { notOurs } from './scripts/notOurs';
import { readmeShots } from './scripts/readmeShots';

export interface UiContext {
  /** The scratch copy of the fixture workspace. */
  workspace: string;
  extensionDevelopmentPath: string;
  screenshotsDir: string;
}

export interface UiScript {
  name: string;
  /**
   * A folder of the repository to open instead of the test workspace (copied to scratch first),
   * e.g. `examples/zimmer` to see what a new user sees, without the test workspace's settings.
   */
  workspaceFrom?: string;
  /** The file the window opens with (relative to the workspace), if any. */
  openFile?: string;
  /** Zoom for the screenshots (see OpenOptions.scale). */
  scale?: number;
  run(workbench: Workbench, context: UiContext): Promise<void>;
}

export const uiScripts: UiScript[] = [catalogTour, readmeShots, notOurs];

export interface UiResult {
  name: string;
  ok: boolean;
  error?: string;
  durationMs: number;
}

export async function runUiScripts(browser: Browser, server: CodeServer, context: UiContext, scripts = uiScripts): Promise<UiResult[]> {
  const results: UiResult[] = [];
  for (const script of scripts) {
    const started = Date.now();
    let workbench: Workbench | undefined;
    try {
      let folder = context.workspace;
      if (script.workspaceFrom) {
        folder = path.join(path.dirname(context.workspace), path.basename(script.workspaceFrom));
        cpSync(path.join(context.extensionDevelopmentPath, script.workspaceFrom), folder, { recursive: true });
      }
      workbench = await Workbench.open(browser, server, {
        folder,
        openFile: script.openFile ? path.join(folder, script.openFile) : undefined,
        extensionDevelopmentPath: context.extensionDevelopmentPath,
        screenshotsDir: context.screenshotsDir,
        scale: script.scale,
      });
      await script.run(workbench, context);
      results.push({ name: script.name, ok: true, durationMs: Date.now() - started });
    } catch (error) {
      const failedShot = workbench ? await workbench.screenshot(`FAILED-${script.name}`).catch(() => undefined) : undefined;
      const message = error instanceof Error ? error.message : String(error);
      results.push({ name: script.name, ok: false, error: `${message}${failedShot ? `\n(screenshot: ${failedShot})` : ''}`, durationMs: Date.now() - started });
    } finally {
      await workbench?.close();
    }
  }
  return results;
}
