/**
 * `npm run test:electron`: the same extension-host suite (test/vscode/) in a desktop VS Code that
 * @vscode/test-electron downloads from update.code.visualstudio.com. For machines with that
 * access; CI cannot reach it and uses runVscodeTiers.ts (the VS Code server + Chromium) instead.
 * VS Code is cached in .vscode-test/ (git-ignored); the workspace, user data and extensions live
 * in a scratch folder that is removed afterwards.
 *   MCP_CATALOG_ELECTRON_VERSION  VS Code version to download (default 1.100.3, as in CI; or "stable")
 */
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { copyFixtureWorkspace, createScratch, repoRoot } from './environment';

async function main(): Promise<void> {
  const scratch = createScratch('electron');
  const workspace = copyFixtureWorkspace(scratch);
  try {
    await runTests({
      version: process.env.MCP_CATALOG_ELECTRON_VERSION ?? '1.100.3',
      cachePath: path.join(repoRoot, '.vscode-test'),
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: path.join(repoRoot, 'out', 'test', 'vscode', 'index.js'),
      extensionTestsEnv: process.env.MCP_CATALOG_VSCODE_GREP ? { MCP_CATALOG_VSCODE_GREP: process.env.MCP_CATALOG_VSCODE_GREP } : undefined,
      launchArgs: [
        workspace,
        '--disable-extensions', // other installed extensions; the one under development still loads
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        `--user-data-dir=${path.join(scratch.root, 'user-data')}`,
        `--extensions-dir=${path.join(scratch.root, 'extensions')}`,
      ],
    });
  } finally {
    scratch.dispose();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  console.error('(desktop VS Code could not run: see test/harness/runElectronTests.ts; `npm run test:vscode` uses the VS Code server instead)');
  process.exitCode = 1;
});
