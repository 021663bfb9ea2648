/**
 * The web tier (scripts/test-all.mjs runs `node out/test/harness/runWebTier.js`; docs/web.md):
 *   1. protocol: the protocol tier's suites that need no process environment, against the web
 *      worker build (dist/web/server.js) over a browser-style transport (test/protocol/workerTransport.ts);
 *   2. workbench: the extension forced into the web worker extension host of the VS Code 1.100.3
 *      workbench (code-server), driven by Chromium (test/ui/scripts/webWorker.ts).
 * Prints `TIER-RESULT passed=N failed=N skipped=N`. MCP_CATALOG_TIER_REQUIRED=1 (CI) turns a
 * missing code-server or Chromium into a failure instead of a skip.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { runUiScripts } from '../ui/index';
import { webWorker } from '../ui/scripts/webWorker';
import { launchChromium } from './browser';
import { startCodeServer, type CodeServer } from './codeServer';
import { artifactsDir, copyFixtureWorkspace, createScratch, missingTools, repoRoot, seconds, type Scratch } from './environment';

const totals = { passed: 0, failed: 0, skipped: 0 };

/**
 * Protocol suites left out of the web run, and why. Each needs what a web worker does not have,
 * or tests the Node process itself; everything else of test/protocol/ runs as it is.
 */
const EXCLUDED_FILES: Record<string, string> = {
  'addedEnvironment.test.js': 'plants names in the server process environment',
  'hoverCompletionSecrets.test.js': 'plants values in the server process environment',
  'secrets.test.js': 'plants values in the server process environment',
  'secretsEverywhere.test.js': 'plants values in the server process environment',
  'messageReader.test.js': 'writes raw bytes (Content-Length framing) to stdin; a worker takes messages',
  'startupLoads.test.js': 'reads what the Node process loaded, by its pid',
};

/** Single tests left out (their full titles), and why. */
const EXCLUDED_TESTS: Record<string, string> = {
  "protocol: completion ranks the catalog's own names and declared names before the process environment, without the editor's runtime variables":
    'reads names from the process environment',
  'protocol: settings readProcessEnv: the process environment counts by default and not when switched off': 'reads names from the process environment',
  'protocol: workspace trust trustChanged {trusted: true}: the sources are read, the readiness is checked, and unset names are reported again':
    'counts a name set only in the process environment',
  'protocol: workspace trust trust can also be withdrawn at run time; a client that says nothing about trust is trusted':
    'counts a name set only in the process environment',
  'protocol: a repository you do not trust (SPEC §8) strace: in a restricted workspace the server opens none of .env, secrets.json or what an air.json points at':
    'traces the Node process with strace',
  'protocol: the test client fails waits at once when the server dies, and stops every server it started': 'kills the server by its process id',
  'protocol: diagnostics follow the files a catalog depends on revalidates on its own (fs.watch fallback) for a client without dynamic file watching':
    'a web worker has no folder watching; VS Code watches files for it',
  'protocol: settings works with no settings and no workspace/configuration capability at all':
    'opens files with no workspace folder; the web client reads nothing outside the workspace folders',
  "protocol: a repository you do not trust (SPEC §8) without workspace folders each catalog has its own folder: another folder's .env does not resolve its variables":
    'opens files with no workspace folder; the web client reads nothing outside the workspace folders',
  'protocol: a repository you do not trust (SPEC §8) no quick fix edits a file outside the workspace; a fix title names the workspace-relative path':
    'names a roots index outside the workspace folders, which the web client never reads',
  'protocol: a repository you do not trust (SPEC §8) no rename edits a file outside the workspace':
    'names a roots index outside the workspace folders, which the web client never reads',
  'protocol: workspace diagnostics (workspace/diagnostic) leaves out what may not be read (outside the folder, a FIFO, too large) and what is not ours; the server stays up':
    'asserts the Node reader\u2019s words for a symbolic link; the web client follows none and says so',
  'protocol: quick fixes and fix-all roots-not-found: a single-line catalog gets a single-line roots.json beside it, and never one over an existing file':
    'writes a file without the watched-file notification VS Code sends; the web server keeps the client\u2019s answers until told',
};

function report(ok: boolean, name: string, detail = ''): void {
  if (ok) totals.passed++;
  else totals.failed++;
  console.log(`  ${ok ? 'ok  ' : 'FAIL'} ${name}${detail ? ` ${detail}` : ''}`);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** What mocha's JSON reporter writes (the parts read here). */
interface MochaReport {
  tests: { fullTitle: string; file: string; err?: { message?: string } }[];
  passes: { file: string }[];
  failures: { fullTitle: string; file: string; err?: { message?: string } }[];
  pending: { file: string }[];
}

/** Mocha over the protocol suites with the worker transport, its report read from a file (a suite may print to stdout). */
function mocha(args: string[], reportFile: string): { report: MochaReport | undefined; status: number | null; stderr: string } {
  const result = spawnSync(
    process.execPath,
    ['--max-old-space-size=1024', 'node_modules/mocha/bin/mocha.js', '--reporter', 'json', '--reporter-option', `output=${reportFile}`, ...args],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, MCP_CATALOG_PROTOCOL_TRANSPORT: 'worker' }, maxBuffer: 64 * 1024 * 1024 },
  );
  let report: MochaReport | undefined;
  try {
    report = JSON.parse(readFileSync(reportFile, 'utf8')) as MochaReport;
  } catch {
    report = undefined;
  }
  return { report, status: result.status, stderr: `${result.stderr ?? ''}` };
}

function protocolPart(scratch: Scratch): void {
  console.log('\n-- protocol suites against the web worker server (dist/web/server.js) over worker messages');
  for (const [file, why] of Object.entries(EXCLUDED_FILES)) console.log(`  (left out: ${file} — ${why})`);
  for (const [title, why] of Object.entries(EXCLUDED_TESTS)) console.log(`  (left out: "${title}" — ${why})`);
  const dir = path.join(repoRoot, 'out', 'test', 'protocol');
  const files = readdirTests(dir)
    .filter((file) => !(file in EXCLUDED_FILES))
    .map((file) => path.join(dir, file));
  // A left-out title that names no test any more (a rename) would leave the test in, or hide a typo: said.
  const listed = mocha(['--dry-run', ...files], path.join(scratch.root, 'protocol-listing.json'));
  const titles = new Set(listed.report?.tests.map((test) => test.fullTitle));
  for (const title of Object.keys(EXCLUDED_TESTS)) if (!titles.has(title)) report(false, `left out "${title}" names no test (renamed?)`);
  const grep = `^(${Object.keys(EXCLUDED_TESTS).map(escapeRegExp).join('|')})$`;
  const run = mocha(['--grep', grep, '--invert', ...files], path.join(scratch.root, 'protocol-run.json'));
  if (!run.report) {
    report(false, 'protocol suites over worker messages', `(mocha exited ${run.status} with no report)\n${run.stderr}`);
    return;
  }
  totals.passed += run.report.passes.length;
  totals.failed += run.report.failures.length;
  totals.skipped += run.report.pending.length;
  console.log(`  ${run.report.passes.length} passing, ${run.report.failures.length} failing, ${run.report.pending.length} pending`);
  for (const failure of run.report.failures) console.log(`  FAIL ${failure.fullTitle}\n       ${failure.err?.message ?? ''}`);
  // A file that ran nothing (it failed to load, or everything in it was left out) is a failure, not a pass.
  for (const file of files) {
    const ran = [...run.report.passes, ...run.report.failures].filter((test) => test.file === file).length;
    if (ran === 0) report(false, `${path.basename(file)} ran tests`, '(none ran)');
  }
}

function readdirTests(dir: string): string[] {
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => name.endsWith('.test.js'))
        .sort()
    : [];
}

/**
 * A copy of the extension that can only run as a web extension: its manifest has the `browser`
 * entry and no `main`, and it carries the web bundles but no Node one, so no language server
 * process can start — what the workbench shows comes from the web worker.
 */
function webOnlyExtension(scratch: Scratch): string {
  const target = path.join(scratch.root, 'web-only-extension');
  mkdirSync(path.join(target, 'dist', 'web'), { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as Record<string, unknown>;
  delete manifest.main;
  writeFileSync(path.join(target, 'package.json'), JSON.stringify(manifest, null, 2));
  for (const file of ['client.js', 'server.js']) cpSync(path.join(repoRoot, 'dist', 'web', file), path.join(target, 'dist', 'web', file));
  for (const folder of ['schemas', 'syntaxes', 'images']) cpSync(path.join(repoRoot, folder), path.join(target, folder), { recursive: true });
  for (const file of ['README.md', 'CHANGELOG.md', 'LICENSE']) cpSync(path.join(repoRoot, file), path.join(target, file));
  return target;
}

async function workbenchPart(scratch: Scratch): Promise<void> {
  console.log('\n-- the web worker extension host of the VS Code 1.100.3 workbench');
  const missing = missingTools();
  if (missing.length) {
    console.log(`  missing ${missing.join('; ')}`);
    if (process.env.MCP_CATALOG_TIER_REQUIRED === '1') report(false, 'the real-VS Code tools are installed');
    else totals.skipped++;
    return;
  }
  const extension = webOnlyExtension(scratch);
  report(
    !existsSync(path.join(extension, 'dist', 'server.js')) && !('main' in JSON.parse(readFileSync(path.join(extension, 'package.json'), 'utf8'))),
    'the copy has no main and no Node server',
  );
  let browser: Browser | undefined;
  let server: CodeServer | undefined;
  try {
    browser = await launchChromium(scratch);
    const started = Date.now();
    server = await startCodeServer({ scratch, name: 'web-server' });
    console.log(`  VS Code server on ${server.origin} (started in ${seconds(started)})`);
    const screenshotsDir = path.join(artifactsDir, 'screenshots');
    for (const result of await runUiScripts(
      browser,
      server,
      { workspace: copyFixtureWorkspace(scratch, 'web-workspace'), extensionDevelopmentPath: extension, screenshotsDir },
      [webWorker],
    )) {
      report(result.ok, `ui: ${result.name}`, result.ok ? `(${(result.durationMs / 1000).toFixed(1)} s)` : `— ${result.error}`);
      if (!result.ok) console.log(`  server logs: ${server.saveLogs('web-server')}`);
    }
  } catch (error) {
    report(false, 'the web worker extension host ran', `— ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  } finally {
    await server?.stop();
    await browser?.close();
  }
}

async function main(): Promise<void> {
  const only = process.argv
    .find((arg) => arg.startsWith('--only='))
    ?.slice('--only='.length)
    .split(',') ?? ['protocol', 'workbench'];
  for (const file of ['dist/web/server.js', 'dist/web/client.js']) {
    if (!existsSync(path.join(repoRoot, file))) report(false, `${file} exists (run node scripts/build.mjs)`);
  }
  const scratch = createScratch('web');
  try {
    if (only.includes('protocol')) protocolPart(scratch);
    if (only.includes('workbench')) await workbenchPart(scratch);
  } finally {
    scratch.dispose();
  }
  console.log(`TIER-RESULT passed=${totals.passed} failed=${totals.failed} skipped=${totals.skipped}`);
  process.exit(totals.failed > 0 ? 1 : 0);
}

void main();
