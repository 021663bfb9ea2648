// Runs every test tier and ends with one `N passed, N failed` line (DEVELOPERS.md).
// Tiers: unit (fast: run it before every commit), protocol, web (the web build: test/harness/runWebTier.ts), slow (property, fuzz, complexity and
// full-size hostile input; mocha), neovim (headless Neovim as an LSP client of the installed npm
// package), package (the npm tarball and the .vsix from a clean clone, installed and used: the
// bins, the Action, the pre-commit hooks, the README's Install section), vscode (the real VS Code
// server + workbench). A tier whose tool is missing is skipped locally but fails under CI
// (CI=true), so a missing install step can never hide behind a green run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const strict = process.env.CI === 'true' || process.env.MCP_CATALOG_REQUIRE_ALL_TIERS === '1';
const only = process.argv.slice(2);
const totals = { passed: 0, failed: 0, skipped: 0 };

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 256 * 1024 * 1024, ...options });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  return result;
}

function step(name, command, args) {
  console.log(`\n== ${name}`);
  const result = run(command, args);
  if (result.status !== 0) {
    console.log(`${name} failed (exit ${result.status})`);
    totals.failed++;
    return false;
  }
  return true;
}

/** Mocha's spec reporter ends with "N passing", "N failing", "N pending". */
function mochaTier(name, files, env = {}, options = []) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n== ${name} tests`);
  // A heap cap V8 can honour inside a 2 GB address space (SPEC §8: the suite survives `prlimit --as`);
  // V8's default reservation alone would exhaust it before a full collection runs.
  const result = run(process.execPath, ['--max-old-space-size=1024', 'node_modules/mocha/bin/mocha.js', '--reporter', 'spec', ...options, ...files], {
    env: { ...process.env, ...env },
  });
  const out = `${result.stdout}`;
  const passing = Number(/(\d+) passing/.exec(out)?.[1] ?? 0);
  const failing = Number(/(\d+) failing/.exec(out)?.[1] ?? 0);
  const pending = Number(/(\d+) pending/.exec(out)?.[1] ?? 0);
  totals.passed += passing;
  totals.failed += failing;
  totals.skipped += pending;
  if (result.status !== 0 && failing === 0) {
    console.log(`${name}: mocha exited ${result.status} without a failing count`);
    totals.failed++;
  }
  if (passing + failing + pending === 0) {
    console.log(`${name}: no test ran`);
    totals.failed++;
  }
}

/** A tier driven by its own runner, which prints `TIER-RESULT passed=N failed=N skipped=N`. */
function customTier(name, script, required) {
  if (only.length && !only.includes(name)) return;
  console.log(`\n== ${name} tests`);
  if (!existsSync(script)) {
    console.log(`${name}: runner ${script} is missing`);
    totals.failed++;
    return;
  }
  const result = run(process.execPath, [script], { env: { ...process.env, MCP_CATALOG_TIER_REQUIRED: required ? '1' : '0' } });
  const match = /TIER-RESULT passed=(\d+) failed=(\d+) skipped=(\d+)/.exec(result.stdout ?? '');
  if (!match) {
    console.log(`${name}: runner printed no result (exit ${result.status})`);
    totals.failed++;
    return;
  }
  totals.passed += Number(match[1]);
  totals.failed += Number(match[2]);
  totals.skipped += Number(match[3]);
  if (result.status !== 0 && Number(match[2]) === 0) totals.failed++;
}

const built =
  step('build', process.execPath, ['scripts/build.mjs']) &&
  step('typecheck and compile tests', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
// Lint and format check (CONTRIBUTING.md): each counts as one test, and the tiers run either way.
if (!only.length || only.includes('lint')) {
  if (step('lint (ESLint)', process.execPath, ['node_modules/eslint/bin/eslint.js', '.'])) totals.passed++;
  if (step('format check (Prettier)', process.execPath, ['node_modules/prettier/bin/prettier.cjs', '--check', '.'])) totals.passed++;
}
if (built) {
  // The unit and slow tiers are CPU-bound and their files independent: two workers (this machine's
  // two cores) take about two thirds of their time serially; rootHooks.js cleans each file's temp folders.
  const parallel = ['--parallel', '--jobs', '2', '--require', 'out/test/unit/rootHooks.js'];
  mochaTier('unit', ['out/test/unit/**/*.test.js'], {}, parallel);
  // Parity (test/parity): an entry's findings are the same on every path a document takes.
  mochaTier('parity', ['out/test/parity/**/*.test.js']);
  mochaTier('protocol', ['out/test/protocol/**/*.test.js']);
  // The web build (docs/web.md): the protocol suites against the web worker server, and the
  // extension in the workbench's web worker extension host.
  customTier('web', 'out/test/harness/runWebTier.js', strict);
  mochaTier('slow', ['out/test/slow/**/*.test.js'], {}, parallel);
  mochaTier('neovim', ['out/test/neovim/**/*.test.js'], { MCP_CATALOG_TIER_REQUIRED: strict ? '1' : '0' });
  customTier('package', 'out/test/package/run.js', strict);
  customTier('vscode', 'out/test/harness/runVscodeTiers.js', strict);
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exitCode = totals.failed > 0 ? 1 : 0;
