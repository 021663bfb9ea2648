/**
 * The Neovim tier (TESTING.md tier 3): headless Neovim 0.7 (Debian's `neovim` package) as an
 * independent LSP client of the server as users install it: the npm package packed from this
 * checkout's build (dist/, made by `npm test`'s build step) and installed globally into a
 * temporary prefix, `mcp-catalog-language-server` found on PATH. Each scenario is a Lua file beside this one (see
 * helper.lua) run as `nvim --headless -u NONE -i NONE -n -c "luafile X.lua" <catalog>` on a fresh
 * copy of test/fixtures/neovim; it prints `CHECK PASS|FAIL …` lines and `RESULT passed=N failed=N`.
 *
 * Without `nvim` the tests are pending, unless MCP_CATALOG_TIER_REQUIRED=1 (CI), where that fails.
 * To add a scenario (hover, completion, code actions): write `<name>.lua` with
 * helper.lua's `h.request()` and add one entry to SCENARIOS. `readme-config` runs the README's
 * Neovim 0.7 configuration (its Install section) as a user's init.lua would.
 */
import * as assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { fencedBlocks } from '../support/markdownBlocks';
import { installGlobally, packTarball } from '../support/npmPackage';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const LUA_DIR = path.join(REPO_ROOT, 'test', 'neovim');
const FIXTURES = path.join(REPO_ROOT, 'test', 'fixtures', 'neovim');
const NVIM = process.env.MCP_CATALOG_NVIM || 'nvim';
/** A whole scenario, Neovim start to exit. Each wait inside has its own (shorter) limit. */
const SCENARIO_TIMEOUT_MS = Number(process.env.MCP_CATALOG_NVIM_TIMEOUT_MS) || 60_000;

interface Scenario {
  /** test/neovim/<script>.lua */
  script: string;
  title: string;
  /** The file Neovim opens, relative to the copied fixture folder. */
  open: string;
}

const SCENARIOS: Scenario[] = [
  { script: 'diagnostics', title: 'opens the Zimmer catalog and shows the two planted diagnostics on their lines', open: 'mcp.json' },
  { script: 'live-updates', title: 'follows buffer edits (incremental sync) and a roots index rewritten on disk', open: 'mcp.json' },
  { script: 'editing', title: 'applies a quick fix, shows a hover and completes type values', open: 'mcp.json' },
  { script: 'readme-config', title: "the README's Neovim 0.7 configuration starts the installed server and shows diagnostics", open: 'mcp.json' },
];

/** The README's Neovim 0.7 configuration: the Install section's Lua block that calls vim.lsp.start_client. */
function readmeNeovimConfig(): string {
  const blocks = fencedBlocks(readFileSync(path.join(REPO_ROOT, 'README.md'), 'utf8')).filter(
    (block) => block.section === 'Install' && block.language === 'lua' && block.code.includes('vim.lsp.start_client'),
  );
  assert.equal(blocks.length, 1, "the README's Install section has one Neovim 0.7 (vim.lsp.start_client) block");
  return blocks[0].code;
}

interface NvimRun {
  status: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  ms: number;
}

function nvimVersion(): string | undefined {
  const result = spawnSync(NVIM, ['--version'], { encoding: 'utf8', timeout: 10_000 });
  if (result.error || result.status !== 0) return undefined;
  return /NVIM v?(\S+)/.exec(result.stdout)?.[1] ?? 'unknown';
}

/** Run Neovim in its own process group, so a timeout can end it and the server it started. */
function runNvim(script: string, file: string, scratch: string, installed: Installed): Promise<NvimRun> {
  const started = Date.now();
  const xdg = path.join(scratch, 'xdg');
  mkdirSync(xdg, { recursive: true });
  return new Promise((resolve) => {
    const child = spawn(NVIM, ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${script}`, file], {
      cwd: path.dirname(file),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        // The installed bins first, then the node running the tests (the bins' `#!/usr/bin/env node`).
        PATH: [installed.bin, path.dirname(process.execPath), process.env.PATH ?? ''].join(path.delimiter),
        HOME: scratch,
        // Neovim writes lsp.log and state under these; keep them out of $HOME.
        XDG_CONFIG_HOME: xdg,
        XDG_CACHE_HOME: xdg,
        XDG_STATE_HOME: xdg,
        XDG_DATA_HOME: xdg,
        MCP_CATALOG_NVIM_DIR: LUA_DIR,
        MCP_CATALOG_NVIM_CONFIG: installed.readmeConfig,
        ...(process.env.MCP_CATALOG_NVIM_WAIT_MS ? { MCP_CATALOG_NVIM_WAIT_MS: process.env.MCP_CATALOG_NVIM_WAIT_MS } : {}),
      },
    });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const killGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, SCENARIO_TIMEOUT_MS);
    child.on('close', (status, signal) => {
      clearTimeout(timer);
      // Neovim stops its servers on exit; anything left in the group is ended here.
      killGroup();
      resolve({ status, signal, stdout, stderr, timedOut, ms: Date.now() - started });
    });
  });
}

interface Installed {
  /** The folder of the installed bins. */
  bin: string;
  /** The README's Neovim 0.7 configuration, written to a file. */
  readmeConfig: string;
}

interface Parsed {
  passed: string[];
  failed: string[];
  result?: { passed: number; failed: number };
}

function parse(stdout: string): Parsed {
  const parsed: Parsed = { passed: [], failed: [] };
  for (const line of stdout.split(/\r?\n/)) {
    const check = /^CHECK (PASS|FAIL) (.*)$/.exec(line);
    if (check) (check[1] === 'PASS' ? parsed.passed : parsed.failed).push(check[2]);
    const result = /^RESULT passed=(\d+) failed=(\d+)$/.exec(line);
    if (result) parsed.result = { passed: Number(result[1]), failed: Number(result[2]) };
  }
  return parsed;
}

describe('neovim: headless Neovim 0.7 as an independent LSP client', function () {
  this.timeout(SCENARIO_TIMEOUT_MS + 15_000);
  const scratchDirs: string[] = [];
  let version: string | undefined;
  let installed: Installed;
  let packageDir: string | undefined;

  before(function () {
    version = nvimVersion();
    if (!version) {
      if (process.env.MCP_CATALOG_TIER_REQUIRED === '1') {
        throw new Error(
          `The Neovim tier is required here (MCP_CATALOG_TIER_REQUIRED=1) but \`${NVIM}\` is not installed: apt-get install -y neovim (Debian 12 ships 0.7.2).`,
        );
      }
      this.skip();
    }
    for (const bundle of ['dist/server.js', 'dist/cli.js']) {
      assert.ok(existsSync(path.join(REPO_ROOT, bundle)), `${bundle} is missing: run \`node scripts/build.mjs\` first.`);
    }
    packageDir = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-catalog-neovim-package-')));
    const { tarball } = packTarball(REPO_ROOT, packageDir, { ignoreScripts: true });
    const readmeConfig = path.join(packageDir, 'readme-neovim.lua');
    writeFileSync(readmeConfig, readmeNeovimConfig());
    installed = { bin: installGlobally(tarball, path.join(packageDir, 'prefix')), readmeConfig };
  });

  after(() => {
    if (packageDir) rmSync(packageDir, { recursive: true, force: true });
  });

  afterEach(() => {
    for (const dir of scratchDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  for (const scenario of SCENARIOS) {
    it(`${scenario.script}: ${scenario.title}`, async function () {
      const scratch = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-catalog-neovim-')));
      scratchDirs.push(scratch);
      const workspace = path.join(scratch, 'workspace');
      cpSync(FIXTURES, workspace, { recursive: true });
      const run = await runNvim(path.join(LUA_DIR, `${scenario.script}.lua`), path.join(workspace, scenario.open), scratch, installed);
      const parsed = parse(run.stdout);
      const transcript = `nvim ${version}, ${run.ms} ms, exit ${run.status ?? run.signal}\n--- stdout\n${run.stdout.trim()}\n--- stderr\n${run.stderr.trim().slice(-3000)}`;
      assert.equal(run.timedOut, false, `the scenario did not finish within ${SCENARIO_TIMEOUT_MS} ms\n${transcript}`);
      assert.deepEqual(parsed.failed, [], `failed checks\n${transcript}`);
      assert.ok(parsed.result, `no RESULT line (the scenario ended early)\n${transcript}`);
      assert.equal(parsed.result.failed, 0, transcript);
      assert.equal(parsed.result.passed, parsed.passed.length, `RESULT disagrees with the CHECK lines\n${transcript}`);
      assert.ok(parsed.passed.length > 0, `no check ran\n${transcript}`);
      assert.equal(run.status, 0, `nvim exited with ${run.status ?? run.signal}\n${transcript}`);
    });
  }
});
