/**
 * Where the real-VS Code tiers find their tools and where they may write. Everything a run
 * writes goes to one scratch folder under the system temp dir (removed at the end) or to the
 * repo's git-ignored test/.tmp/ (screenshots, logs of failed runs).
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { onExit } from './processes';

/** The repository root (this file runs from out/test/harness/). */
export const repoRoot = path.resolve(__dirname, '..', '..', '..');

/** test/.tmp/ is git-ignored: screenshots and logs of failed runs land there. */
export const artifactsDir = path.join(repoRoot, 'test', '.tmp');

/** The code-server npm package that .ci/install-vscode.sh installs. */
export const codeServerPackage =
  process.env.MCP_CATALOG_CODE_SERVER_PACKAGE ?? path.join(repoRoot, '.vscode-test', 'code-server', 'node_modules', 'code-server');

/** The plain VS Code server (1.100.3) inside the code-server package. */
export const vscodeServerMain = path.join(codeServerPackage, 'lib', 'vscode', 'out', 'server-main.js');

export const chromiumPath = process.env.MCP_CATALOG_CHROMIUM ?? '/usr/bin/chromium';

/** The folder the extension-host tests and UI scripts open (copied to scratch first). */
export const fixtureWorkspace = path.join(repoRoot, 'test', 'fixtures', 'vscode-workspace');

/** What is missing for the real-VS Code tiers, as human-readable reasons (empty: all there). */
export function missingTools(): string[] {
  const missing: string[] = [];
  if (!existsSync(vscodeServerMain)) missing.push(`the VS Code server (${vscodeServerMain}); run bash .ci/install-vscode.sh`);
  if (!existsSync(chromiumPath)) missing.push(`Chromium (${chromiumPath}); run bash .ci/install-vscode.sh`);
  return missing;
}

export interface Scratch {
  root: string;
  /** TMPDIR, XDG_CONFIG_HOME, XDG_CACHE_HOME and HOME of every process we start. */
  tmp: string;
  home: string;
  xdgConfig: string;
  xdgCache: string;
  /** Removes the scratch folder (also done on exit and on signals). */
  dispose(): void;
}

/** A fresh scratch folder under the system temp dir, removed by dispose(), on exit and on signals. */
export function createScratch(label: string): Scratch {
  const root = mkdtempSync(path.join(tmpdir(), `mcp-catalog-${label}-`));
  const dirs = { tmp: path.join(root, 'tmp'), home: path.join(root, 'home'), xdgConfig: path.join(root, 'config'), xdgCache: path.join(root, 'cache') };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  const keep = process.env.MCP_CATALOG_KEEP_SCRATCH === '1';
  let disposed = false;
  const dispose = (): void => {
    if (disposed) return;
    disposed = true;
    if (keep) console.log(`scratch kept at ${root}`);
    else rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
  };
  onExit(dispose);
  return { root, ...dirs, dispose };
}

/** The environment for processes we start: scratch dirs, no VS Code variables leaking in from a parent editor. */
export function childEnvironment(scratch: Scratch, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^(VSCODE_|ELECTRON_)/.test(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    TMPDIR: scratch.tmp,
    HOME: scratch.home,
    XDG_CONFIG_HOME: scratch.xdgConfig,
    XDG_CACHE_HOME: scratch.xdgCache,
    XDG_RUNTIME_DIR: scratch.tmp,
    ...extra,
  };
}

/** Copies the fixture workspace into scratch so tests may edit files without dirtying the repo. */
export function copyFixtureWorkspace(scratch: Scratch, name = 'workspace'): string {
  const target = path.join(scratch.root, name);
  cpSync(fixtureWorkspace, target, { recursive: true });
  return target;
}

/** A user-data folder with telemetry off and nothing that pops up over the editor. */
export function writeUserSettings(userDataDir: string, extra: Record<string, unknown> = {}): void {
  const settingsDir = path.join(userDataDir, 'User');
  mkdirSync(settingsDir, { recursive: true });
  const settings = {
    'telemetry.telemetryLevel': 'off',
    // The web workbench auto-saves after a second; tests edit without saving on purpose.
    'files.autoSave': 'off',
    'workbench.startupEditor': 'none',
    'workbench.tips.enabled': false,
    'workbench.enableExperiments': false,
    'extensions.autoCheckUpdates': false,
    'extensions.autoUpdate': false,
    'extensions.ignoreRecommendations': true,
    'update.mode': 'none',
    'security.workspace.trust.enabled': false,
    'git.enabled': false,
    'chat.disableAIFeatures': true,
    'window.commandCenter': false,
    ...extra,
  };
  writeFileSync(path.join(settingsDir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/** Wall-clock helper for the timing lines the tier prints. */
export function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}
