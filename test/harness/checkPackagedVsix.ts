/**
 * The shipped artifact: `npm run package` → mcp-catalog.vsix; check what it
 * holds; install it with the VS Code server's own `--install-extension` into a fresh extensions
 * folder; start a server with only that folder (no extensionDevelopmentPath) and prove in the
 * workbench that the packaged build activates and reports a diagnostic. A file missing from the
 * .vscodeignore allow-list (say dist/server.js) makes the last step fail.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import type { Browser } from 'playwright-core';
import { Workbench } from '../ui/workbench';
import { installExtension, startCodeServer } from './codeServer';
import { childEnvironment, copyFixtureWorkspace, repoRoot, type Scratch } from './environment';
import { zipEntries } from './zipEntries';
import { version as packageVersion } from '../../package.json';

export interface CheckResult {
  name: string;
  ok: boolean;
  error?: string;
  durationMs: number;
}

const VSIX = path.join(repoRoot, 'mcp-catalog.vsix');
const MAX_VSIX_BYTES = 1024 * 1024;

async function check(results: CheckResult[], name: string, body: () => Promise<void> | void): Promise<boolean> {
  const started = Date.now();
  try {
    await body();
    results.push({ name, ok: true, durationMs: Date.now() - started });
    return true;
  } catch (error) {
    results.push({ name, ok: false, error: error instanceof Error ? error.message : String(error), durationMs: Date.now() - started });
    return false;
  }
}

/** `npm run package`; returns what it printed. */
function npmRunPackage(scratch: Scratch): string {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'package'], {
    cwd: repoRoot,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 180_000,
    // HOME etc. in scratch: nothing of vsce's lands in the real home folder.
    env: childEnvironment(scratch, { npm_config_update_notifier: 'false' }),
  });
  if (result.status !== 0 || result.error) {
    throw new Error(
      `npm run package failed (exit ${result.status}${result.error ? `, ${result.error.message}` : ''})\n${`${result.stdout}${result.stderr}`.slice(-4000)}`,
    );
  }
  if (!existsSync(VSIX)) throw new Error(`npm run package succeeded but ${VSIX} does not exist`);
  return `${result.stdout}${result.stderr}`;
}

/**
 * vsce's warnings (util.log.warn: ` WARNING ` on a terminal, `::warning::` under GitHub Actions) are
 * what the Marketplace would flag; a release packages with none.
 */
function checkNoWarnings(output: string): void {
  const warnings = output.split('\n').filter((line) => /\bWARNING\b|::warning::/.test(line));
  if (warnings.length) throw new Error(`npm run package warned:\n  ${warnings.join('\n  ')}`);
}

/**
 * The output channel's first line names the version (client/src/extension.ts). A LogOutputChannel
 * is written to `MCP Catalog.log` under the server's logs folder, which VS Code flushes a little
 * after the line: read it until it appears.
 */
async function checkOutputChannelVersion(logsDir: string): Promise<void> {
  const expected = `MCP Catalog ${packageVersion}`;
  const deadline = Date.now() + 15_000;
  let seen = '';
  while (Date.now() < deadline) {
    const logs = existsSync(logsDir)
      ? readdirSync(logsDir, { recursive: true, encoding: 'utf8' }).filter((name) => path.basename(name) === 'MCP Catalog.log')
      : [];
    seen = logs.map((name) => readFileSync(path.join(logsDir, name), 'utf8')).join('\n');
    if (seen.includes(expected)) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no "${expected}" in the output channel's log: ${seen ? `it reads\n${seen.slice(0, 1000)}` : 'no MCP Catalog.log was written'}`);
}

/** What the .vsix may hold: bundles, schemas, grammars, images, README, CHANGELOG, LICENSE, the manifest. */
function checkVsixContents(): string {
  const size = statSync(VSIX).size;
  if (size > MAX_VSIX_BYTES) throw new Error(`mcp-catalog.vsix is ${size} bytes, over the 1 MB limit`);
  const names = zipEntries(VSIX).map((entry) => entry.name);
  const forbidden = names.filter(
    (name) =>
      /(^|\/)node_modules\//.test(name) ||
      /(^|\/)(test|tests|out|\.vscode-test|bench)\//.test(name) ||
      /\.tsx?$/.test(name) ||
      /\.map$/.test(name) ||
      /(^|\/)src\//.test(name),
  );
  if (forbidden.length) throw new Error(`the .vsix holds files it must not ship:\n  ${forbidden.slice(0, 20).join('\n  ')}`);
  for (const required of [
    'extension/package.json',
    'extension/dist/client.js',
    'extension/dist/server.js',
    'extension/dist/cli.js',
    'extension/dist/web/client.js',
    'extension/dist/web/server.js',
  ]) {
    if (!names.includes(required)) throw new Error(`the .vsix lacks ${required}`);
  }
  return `${(size / 1024).toFixed(0)} KB, ${names.length} entries`;
}

export async function checkPackagedVsix(browser: Browser, scratch: Scratch, screenshotsDir: string): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  let packageOutput = '';
  const packaged = await check(results, 'npm run package builds mcp-catalog.vsix', () => {
    packageOutput = npmRunPackage(scratch);
  });
  if (!packaged) return results;
  await check(results, 'npm run package prints no vsce warning', () => checkNoWarnings(packageOutput));
  let contents = '';
  await check(results, 'the .vsix is under 1 MB and ships no node_modules, tests, sources or maps', () => {
    contents = checkVsixContents();
  });
  if (contents) console.log(`  mcp-catalog.vsix: ${contents}`);

  const extensionsDir = path.join(scratch.root, 'vsix-extensions');
  const installed = await check(results, 'code-server --install-extension installs the .vsix offline', () => {
    installExtension(scratch, VSIX, extensionsDir);
    const folders = readdirSync(extensionsDir).filter((name) => name.startsWith('mcp-catalog.mcp-catalog-'));
    if (folders.length !== 1)
      throw new Error(`expected one mcp-catalog.mcp-catalog-* folder in the extensions dir, found ${JSON.stringify(readdirSync(extensionsDir))}`);
  });
  if (!installed) return results;

  await check(results, 'the installed .vsix activates, says its version in the output channel and reports a diagnostic in the workbench', async () => {
    const server = await startCodeServer({ scratch, name: 'vsix-server', extensionsDir });
    let workbench: Workbench | undefined;
    try {
      const workspace = copyFixtureWorkspace(scratch, 'vsix-workspace');
      workbench = await Workbench.open(browser, server, {
        folder: workspace,
        openFile: path.join(workspace, 'rules', 'timeout-mcp.json'),
        screenshotsDir,
      });
      await workbench.waitForTab('timeout-mcp.json');
      await workbench.waitForSquiggle('warning');
      // The squiggle alone could be another extension's (the JSON language features' schema
      // warning); the Problems row with our source and code is the proof.
      await workbench.problem('mcp-catalog', 'timeout-range');
      await workbench.screenshot('vsix-diagnostic');
      await checkOutputChannelVersion(path.join(server.userDataDir, 'logs'));
    } catch (error) {
      if (workbench) await workbench.screenshot('FAILED-vsix-diagnostic').catch(() => undefined);
      const logs = server.saveLogs(`vsix-${Date.now()}`);
      throw new Error(
        `${error instanceof Error ? error.message : String(error)}\n(server logs: ${path.relative(repoRoot, logs)}; screenshots: ${path.relative(repoRoot, screenshotsDir)})`,
      );
    } finally {
      await workbench?.close();
      await server.stop();
    }
  });
  return results;
}
