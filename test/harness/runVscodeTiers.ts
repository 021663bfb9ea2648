/**
 * The real-VS Code tier (scripts/test-all.mjs runs `node out/test/harness/runVscodeTiers.js`):
 *   1. the extension-host mocha suite (test/vscode/) in the VS Code 1.100.3 server's extension host;
 *   2. the UI scripts (test/ui/) on the same server, screenshots in test/.tmp/screenshots/;
 *   3. Restricted Mode in a window of its own server with workspace trust on (test/ui/restrictedMode.ts);
 *   4. the packaged .vsix: built, checked, installed with --install-extension, seen working.
 * Prints `TIER-RESULT passed=N failed=N skipped=N` and exits non-zero when anything failed.
 * MCP_CATALOG_TIER_REQUIRED=1 (CI) turns missing tools into a failure instead of a skip.
 * Options: --only=extension-host,ui,restricted,vsix   --grep=<pattern> (extension-host tests)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { runUiScripts, uiScripts } from '../ui/index';
import { restrictedModeCheck } from '../ui/restrictedMode';
import { launchChromium } from './browser';
import { checkPackagedVsix } from './checkPackagedVsix';
import { startCodeServer, type CodeServer } from './codeServer';
import { artifactsDir, copyFixtureWorkspace, createScratch, missingTools, repoRoot, seconds } from './environment';
import { SUITE_LINE_PREFIX, runExtensionTests } from './runExtensionTests';

const PARTS = ['extension-host', 'ui', 'restricted', 'vsix'] as const;
type Part = (typeof PARTS)[number];

/** The whole tier fails rather than hangs past this (CI's budget is 20 minutes for everything). */
const TIER_BUDGET_MS = Number(process.env.MCP_CATALOG_VSCODE_TIER_BUDGET_MS ?? 12 * 60_000);
const EXTENSION_TESTS_BUDGET_MS = 5 * 60_000;

const totals = { passed: 0, failed: 0, skipped: 0 };

function argument(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

function report(ok: boolean, name: string, detail = ''): void {
  if (ok) totals.passed++;
  else totals.failed++;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` ${detail}` : ''}`);
}

function finish(): never {
  console.log(`TIER-RESULT passed=${totals.passed} failed=${totals.failed} skipped=${totals.skipped}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

async function extensionHostPart(browser: Browser, server: CodeServer, workspace: string, resultsFile: string): Promise<void> {
  console.log('\n-- extension-host suite (test/vscode) in the VS Code 1.100.3 server');
  const result = await runExtensionTests({
    server,
    browser,
    extensionDevelopmentPath: repoRoot,
    extensionTestsPath: path.join(repoRoot, 'out', 'test', 'vscode', 'index.js'),
    workspace,
    resultsFile,
    timeoutMs: EXTENSION_TESTS_BUDGET_MS,
  });
  totals.passed += result.passed;
  totals.failed += result.failed;
  totals.skipped += result.pending;
  for (const failure of result.failures) console.log(`  FAIL ${failure.title}\n       ${failure.error.split('\n').slice(0, 6).join('\n       ')}`);
  if (result.problem) report(false, 'extension-host run', `— ${result.problem}`);
  console.log(`  extension-host: ${result.passed} passed, ${result.failed} failed, ${result.pending} pending (${(result.durationMs / 1000).toFixed(1)} s)`);
}

async function uiPart(browser: Browser, server: CodeServer, workspace: string, screenshotsDir: string): Promise<void> {
  console.log('\n-- UI scripts (test/ui) on the real workbench');
  for (const result of await runUiScripts(browser, server, { workspace, extensionDevelopmentPath: repoRoot, screenshotsDir })) {
    report(result.ok, `ui: ${result.name}`, result.ok ? `(${(result.durationMs / 1000).toFixed(1)} s)` : `— ${result.error}`);
  }
  console.log(`  screenshots: ${path.relative(repoRoot, screenshotsDir)}/`);
}

async function vsixPart(browser: Browser, scratch: ReturnType<typeof createScratch>, screenshotsDir: string): Promise<void> {
  console.log('\n-- the packaged .vsix');
  for (const result of await checkPackagedVsix(browser, scratch, screenshotsDir)) {
    report(result.ok, `vsix: ${result.name}`, result.ok ? `(${(result.durationMs / 1000).toFixed(1)} s)` : `— ${result.error}`);
  }
  // `npm run package` left minified bundles in dist/: put the development build back.
  const rebuild = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (rebuild.status !== 0) console.log(`  (could not restore the development build: ${rebuild.stderr})`);
}

async function main(): Promise<void> {
  const started = Date.now();
  const required = process.env.MCP_CATALOG_TIER_REQUIRED === '1';
  const only = (argument('only') ?? PARTS.join(',')).split(',').filter(Boolean) as Part[];
  const unknown = only.filter((part) => !PARTS.includes(part));
  if (unknown.length) {
    console.error(`unknown part(s) ${unknown.join(', ')}; parts: ${PARTS.join(', ')}`);
    process.exit(2);
  }
  if (argument('grep')) process.env.MCP_CATALOG_VSCODE_GREP = argument('grep');

  const missing = missingTools();
  if (missing.length) {
    console.log(`real-VS Code tier: missing ${missing.join('; ')}`);
    if (required) report(false, 'the real-VS Code tools are installed');
    else totals.skipped += only.length;
    finish();
  }
  for (const file of ['dist/client.js', 'dist/server.js', 'out/test/vscode/index.js']) {
    if (!existsSync(path.join(repoRoot, file))) {
      report(false, `${file} exists (run node scripts/build.mjs && npx tsc -p .)`);
      finish();
    }
  }

  const watchdog = setTimeout(() => {
    report(false, `the real-VS Code tier finished within ${TIER_BUDGET_MS / 60_000} minutes`);
    finish(); // exit handlers kill the server group and the browser
  }, TIER_BUDGET_MS);
  watchdog.unref();

  const scratch = createScratch('vscode');
  const screenshotsDir = path.join(artifactsDir, 'screenshots');
  // Failure artifacts describe the latest run only.
  rmSync(path.join(artifactsDir, 'vscode-logs'), { recursive: true, force: true });
  if (existsSync(screenshotsDir)) for (const name of readdirSync(screenshotsDir)) if (name.startsWith('FAILED-')) rmSync(path.join(screenshotsDir, name));
  let browser: Browser | undefined;
  let server: CodeServer | undefined;
  try {
    browser = await launchChromium(scratch);
    if (only.includes('extension-host') || only.includes('ui')) {
      const resultsFile = path.join(scratch.root, 'extension-tests.json');
      const serverStarted = Date.now();
      try {
        server = await startCodeServer({
          scratch,
          name: 'dev-server',
          env: { MCP_CATALOG_VSCODE_RESULTS: resultsFile, MCP_CATALOG_VSCODE_LOG_PREFIX: SUITE_LINE_PREFIX },
        });
        console.log(`VS Code server on ${server.origin} (started in ${seconds(serverStarted)})`);
      } catch (error) {
        report(false, 'the VS Code server starts', `— ${error instanceof Error ? error.message : String(error)}`);
      }
      if (server && only.includes('extension-host')) await extensionHostPart(browser, server, copyFixtureWorkspace(scratch, 'host-workspace'), resultsFile);
      if (server && only.includes('ui')) await uiPart(browser, server, copyFixtureWorkspace(scratch, 'ui-workspace'), screenshotsDir);
      await server?.stop();
      server = undefined;
    }
    if (only.includes('restricted')) {
      console.log('\n-- Restricted Mode (a server with workspace trust on)');
      const result = await restrictedModeCheck(browser, scratch, repoRoot, screenshotsDir);
      report(result.ok, `ui: ${result.name}`, result.ok ? `(${(result.durationMs / 1000).toFixed(1)} s)` : `— ${result.error}`);
    }
    if (only.includes('vsix')) await vsixPart(browser, scratch, screenshotsDir);
  } catch (error) {
    report(false, 'the real-VS Code tier ran', `— ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await server?.stop();
    await browser?.close().catch(() => undefined);
    scratch.dispose();
    clearTimeout(watchdog);
  }
  console.log(`\nreal-VS Code tier took ${seconds(started)} (ui scripts: ${uiScripts.length})`);
  finish();
}

void main();
