/**
 * Runs the mocha suite of test/vscode/ inside the real extension host of the VS Code server,
 * through the web workbench's test payload (the mechanism @vscode/test-web uses):
 * extensionDevelopmentPath + extensionTestsPath as vscode-remote URIs. The workbench calls
 * `window.codeAutomationExit(code, logs)` when run() settles and `codeAutomationLog(level, msg)`
 * for its log lines; the suite itself writes a JSON summary to MCP_CATALOG_VSCODE_RESULTS.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { VIEWPORT } from './browser';
import type { CodeServer } from './codeServer';
import { artifactsDir } from './environment';

/** What test/vscode/index.ts writes (keep in sync with its `Summary`). */
export interface SuiteSummary {
  passed: number;
  failed: number;
  pending: number;
  failures: { title: string; error: string }[];
}

export interface ExtensionTestResult extends SuiteSummary {
  /** The exit code the workbench reported, or null when it never reported one. */
  exitCode: number | null;
  /** Why the run did not complete (timeout, server death, no summary), if it did not. */
  problem?: string;
  durationMs: number;
}

export interface ExtensionTestOptions {
  server: CodeServer;
  browser: Browser;
  /** Folder with the extension's package.json. */
  extensionDevelopmentPath: string;
  /** The compiled test index (out/test/vscode/index.js) or its folder. */
  extensionTestsPath: string;
  /** The folder the window opens. */
  workspace: string;
  /** The file the suite writes its summary to (the server got MCP_CATALOG_VSCODE_RESULTS=this and MCP_CATALOG_VSCODE_LOG_PREFIX=SUITE_LINE_PREFIX). */
  resultsFile: string;
  /** Overall budget: past it the run fails instead of hanging. */
  timeoutMs: number;
  /** Echo the suite's output lines as they arrive (default true). */
  echo?: boolean;
}

/** The server (and so the suite) gets MCP_CATALOG_VSCODE_LOG_PREFIX set to this. */
export const SUITE_LINE_PREFIX = '[mcp-catalog-suite] ';
const SUMMARY_LINE = /MCP-CATALOG-MOCHA passed=(\d+) failed=(\d+) pending=(\d+)/;

export async function runExtensionTests(options: ExtensionTestOptions): Promise<ExtensionTestResult> {
  const started = Date.now();
  const echo = options.echo ?? true;
  const { server } = options;
  const lines: string[] = [];
  const consoleErrors: string[] = [];
  const context = await options.browser.newContext({ viewport: VIEWPORT });
  const page = await context.newPage();

  let reportExit: (code: number) => void = () => undefined;
  const exitReported = new Promise<number>((resolve) => {
    reportExit = resolve;
  });
  // A crashed extension host never calls codeAutomationExit: notice it instead of waiting out the budget.
  let reportCrash: (message: string) => void = () => undefined;
  const hostCrashed = new Promise<string>((resolve) => {
    reportCrash = resolve;
  });
  let browserLogs: { relativePath: string; contents: string }[] = [];
  await page.exposeFunction('codeAutomationExit', (code: number, logs?: { relativePath: string; contents: string }[]) => {
    if (Array.isArray(logs)) browserLogs = logs;
    reportExit(Number(code));
  });
  await page.exposeFunction('codeAutomationLog', (level: string, message: string) => {
    const text = `${message}`;
    lines.push(`[${level}] ${text}`);
    if (/Extension host \(Remote\) terminated unexpectedly|Extension host terminated unexpectedly/i.test(text)) reportCrash(text.split('\n')[0]);
    // Echo only the suite's own lines (the rest is the workbench's log, kept for failure reports).
    if (!echo) return;
    for (const line of text.split('\n')) if (line.startsWith(SUITE_LINE_PREFIX)) process.stdout.write(`  ${line.slice(SUITE_LINE_PREFIX.length)}\n`);
  });
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(`page error: ${error.message}`));

  const payload: [string, string][] = [
    ['extensionDevelopmentPath', server.remoteUri(options.extensionDevelopmentPath)],
    ['extensionTestsPath', server.remoteUri(options.extensionTestsPath)],
    ['skipWelcome', 'true'],
    ['skipReleaseNotes', 'true'],
  ];

  let exitCode: number | null = null;
  let problem: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.timeoutMs);
  });
  try {
    await page.goto(server.workbenchUrl(options.workspace, payload), { waitUntil: 'domcontentloaded', timeout: 60_000 });
    const outcome = await Promise.race([exitReported, timedOut, server.exited, hostCrashed.then((text) => ({ crashed: text }))]);
    if (outcome === 'timeout') problem = `no result within ${Math.round(options.timeoutMs / 1000)} s`;
    else if (typeof outcome === 'object') problem = `the extension host crashed: ${outcome.crashed}`;
    else exitCode = outcome;
  } catch (error) {
    problem = error instanceof Error ? error.message : String(error);
  } finally {
    if (timer) clearTimeout(timer);
  }

  // The summary: the JSON file the suite wrote, else its summary line in the log.
  let summary: SuiteSummary | undefined;
  if (existsSync(options.resultsFile)) {
    try {
      summary = JSON.parse(readFileSync(options.resultsFile, 'utf8')) as SuiteSummary;
    } catch (error) {
      problem ??= `unreadable results file: ${String(error)}`;
    }
  }
  if (!summary) {
    const match = lines.map((line) => SUMMARY_LINE.exec(line)).find((m) => m);
    if (match) summary = { passed: Number(match[1]), failed: Number(match[2]), pending: Number(match[3]), failures: [] };
  }
  if (!summary) {
    problem ??= `the suite reported no summary (workbench exit code ${exitCode})`;
    summary = { passed: 0, failed: 0, pending: 0, failures: [] };
  }
  if (exitCode !== null && exitCode !== 0 && summary.failed === 0) problem ??= `the workbench reported exit code ${exitCode} with no failing test`;

  if (problem || summary.failed > 0) {
    const dir = path.join(artifactsDir, 'vscode-logs', `extension-tests-${Date.now()}`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'automation-log.txt'), lines.join('\n'));
    writeFileSync(path.join(dir, 'browser-console-errors.txt'), consoleErrors.join('\n'));
    writeFileSync(path.join(dir, 'server-output.txt'), server.output());
    for (const log of browserLogs) {
      const file = path.join(dir, 'workbench', log.relativePath.replace(/\.\./g, '_'));
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, log.contents);
    }
    await page.screenshot({ path: path.join(dir, 'workbench.png') }).catch(() => undefined);
    server.saveLogs(path.basename(dir));
    console.log(`  extension-host logs saved to ${path.relative(process.cwd(), dir)}`);
    if (problem && consoleErrors.length) console.log(`  last browser errors:\n    ${consoleErrors.slice(-5).join('\n    ')}`);
  }
  await context.close().catch(() => undefined);
  return { ...summary, exitCode, problem, durationMs: Date.now() - started };
}
