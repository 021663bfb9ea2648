/**
 * The package tier (CONTRIBUTING.md "Tests"): the artifacts users install, built from a clean
 * clone of the committed tree — `npm pack`'s tarball and `npm run package`'s .vsix — and used the
 * way users use them: a global install offline, both bins, the GitHub Action's steps against the
 * tarball, the pre-commit hooks through `pre-commit try-repo`, and every command of the README's
 * Install section. The clone shares this checkout's node_modules (the same package-lock.json),
 * which only the build reads; the tarball needs none of it.
 *
 * Prints `TIER-RESULT passed=N failed=N skipped=N` (scripts/test-all.mjs). Without pre-commit or
 * nvim those checks skip, unless MCP_CATALOG_TIER_REQUIRED=1 (CI). MCP_CATALOG_KEEP_SCRATCH=1
 * keeps the scratch folder.
 */
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { zipEntries } from '../harness/zipEntries';
import { fencedBlocks } from '../support/markdownBlocks';
import { installGlobally, npmEnvironment, packTarball } from '../support/npmPackage';
import { checkAction, checkActionIgnoresCheckout, checkActionRefusesControlCharacters } from './actionCheck';
import { expectedTarball, expectedVsix, listDifference } from './contents';
import { initializeOverStdio } from './lspInitialize';
import { checkPreCommit } from './preCommitCheck';
import { checkEditorBlocks, runShellBlocks } from './readmeInstall';
import { catalogText, Checks, expectStatus, git, run, sampleRepository } from './tier';

const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const required = process.env.MCP_CATALOG_TIER_REQUIRED === '1';

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

async function main(): Promise<Checks> {
  const checks = new Checks();
  const scratch = realpathSync(mkdtempSync(path.join(tmpdir(), 'mcp-catalog-package-')));
  process.on('exit', () => {
    if (process.env.MCP_CATALOG_KEEP_SCRATCH === '1') console.log(`scratch kept at ${scratch}`);
    else rmSync(scratch, { recursive: true, force: true, maxRetries: 3 });
  });
  const clone = path.join(scratch, 'clone');
  let tarball = '';
  const built = await checks.check('a clean clone of the committed tree packs the npm tarball (prepack builds), and npm pack prints only its name', () => {
    git(scratch, 'clone', '--quiet', REPO_ROOT, clone);
    if (!existsSync(path.join(REPO_ROOT, 'node_modules'))) throw new Error('node_modules is missing: run npm ci first');
    symlinkSync(path.join(REPO_ROOT, 'node_modules'), path.join(clone, 'node_modules'), 'dir');
    const packed = packTarball(clone, scratch);
    // pre-commit's node language installs `prefix.path(stdout.strip())`: a banner would break it.
    if (packed.stdout.trim() !== path.basename(packed.tarball)) throw new Error(`npm pack printed more than the tarball name:\n${packed.stdout}`);
    tarball = packed.tarball;
  });
  if (!built) return checks;
  const version = (JSON.parse(readFileSync(path.join(clone, 'package.json'), 'utf8')) as { version: string }).version;

  await checks.check('the tarball holds exactly the allow-listed files (two bins, schemas, rule pages, README, CHANGELOG, LICENSE)', () => {
    const listed = expectStatus(run('tar', ['-tzf', tarball]), 0)
      .stdout.split('\n')
      .filter(Boolean)
      .sort();
    const difference = listDifference(listed, expectedTarball(clone));
    if (difference) throw new Error(difference);
    console.log(`        ${path.basename(tarball)}: ${kb(statSync(tarball).size)}, ${listed.length} files`);
  });

  await checks.check('npm run package builds the .vsix in the clean clone, holding exactly the allow-listed files', () => {
    expectStatus(run('npm', ['run', 'package'], { cwd: clone, env: npmEnvironment() }), 0);
    const vsix = path.join(clone, 'mcp-catalog.vsix');
    const names = zipEntries(vsix)
      .map((entry) => entry.name)
      .sort();
    const difference = listDifference(names, expectedVsix(clone));
    if (difference) throw new Error(difference);
    console.log(`        mcp-catalog.vsix: ${kb(statSync(vsix).size)}, ${names.length} entries`);
  });

  const prefix = path.join(scratch, 'prefix');
  let bin = '';
  const installed = await checks.check(
    'npm install -g --offline from the tarball installs both bins, each a runnable script; the package has no dependency and is not private',
    () => {
      bin = installGlobally(tarball, prefix);
      const manifest = JSON.parse(readFileSync(path.join(prefix, 'lib', 'node_modules', 'mcp-catalog', 'package.json'), 'utf8')) as Record<string, unknown>;
      // As npm publishes them: a bin path it would rewrite ("./dist/…") is reported by npm publish as removed.
      const bins = JSON.stringify(manifest.bin);
      if (bins !== JSON.stringify({ 'mcp-catalog': 'dist/cli.js', 'mcp-catalog-language-server': 'dist/server.js' })) throw new Error(`bin is ${bins}`);
      for (const key of ['dependencies', 'peerDependencies', 'optionalDependencies', 'bundleDependencies', 'private']) {
        if (manifest[key] !== undefined) throw new Error(`package.json has ${key}: the bundles need nothing at install`);
      }
      for (const name of ['mcp-catalog', 'mcp-catalog-language-server']) {
        const file = path.join(bin, name);
        if (!existsSync(file)) throw new Error(`${file} is missing`);
        if (!readFileSync(realpathSync(file), 'utf8').startsWith('#!/usr/bin/env ')) throw new Error(`${name} has no #!/usr/bin/env shebang`);
        if ((statSync(realpathSync(file)).mode & 0o111) === 0) throw new Error(`${name} is not executable`);
      }
    },
  );
  if (installed) {
    const env = npmEnvironment();
    await checks.check("mcp-catalog --version prints package.json's version and --help the usage", () => {
      const printed = expectStatus(run(path.join(bin, 'mcp-catalog'), ['--version'], { env }), 0).stdout.trim();
      if (printed !== version) throw new Error(`--version printed ${printed}, package.json says ${version}`);
      const help = expectStatus(run(path.join(bin, 'mcp-catalog'), ['--help'], { env }), 0).stdout;
      if (!/mcp-catalog check /.test(help)) throw new Error(`--help printed no usage:\n${help}`);
    });
    await checks.check("mcp-catalog check examples/zimmer: the clone's own build's findings, summary and exit status", () => {
      const ours = run(path.join(bin, 'mcp-catalog'), ['check', '--no-process-env', 'examples/zimmer'], { cwd: clone, env });
      const reference = run(process.execPath, ['dist/cli.js', 'check', '--no-process-env', 'examples/zimmer'], { cwd: clone, env });
      expectStatus(ours, 0);
      if (!/^3 files checked: 0 error\(s\), \d+ warning\(s\)/m.test(ours.stdout)) throw new Error(`no summary line\n${ours.transcript}`);
      if (ours.stdout !== reference.stdout) throw new Error(`the installed bin and node dist/cli.js disagree\n${ours.transcript}\n${reference.transcript}`);
    });
    await checks.check('mcp-catalog-language-server --version, and initialize over stdio answers with capabilities', async () => {
      const printed = expectStatus(run(path.join(bin, 'mcp-catalog-language-server'), ['--version'], { env }), 0).stdout.trim();
      if (printed !== version) throw new Error(`--version printed ${printed}`);
      const result = await initializeOverStdio(path.join(bin, 'mcp-catalog-language-server'), ['--stdio'], {
        cwd: path.join(clone, 'examples', 'zimmer'),
        env,
      });
      if (!result.capabilities.textDocumentSync) throw new Error(`no textDocumentSync in ${JSON.stringify(result.capabilities)}`);
    });
  }

  await checks.check("the Action's steps against the tarball in a simulated GITHUB_* environment: SARIF, job summary, annotations, a failed job", () => {
    console.log(`        ${checkAction(path.join(clone, 'action.yml'), tarball, scratch)}`);
  });

  await checks.check("the Action runs the package it installs from its registry input, not the pull request's .npmrc or node_modules/mcp-catalog", async () => {
    console.log(`        ${await checkActionIgnoresCheckout(path.join(clone, 'action.yml'), tarball, scratch)}`);
  });

  await checks.check('the Action refuses a version input with a line break, and nothing after it reaches GITHUB_ENV', () => {
    console.log(`        ${checkActionRefusesControlCharacters(path.join(clone, 'action.yml'), scratch)}`);
  });

  await checks.check('pre-commit try-repo runs both hooks from the clone against a sample repository', () => {
    console.log(`        ${checkPreCommit(clone, scratch, required)}`);
  });

  const workspace = path.join(scratch, 'readme-workspace');
  const readme = fencedBlocks(readFileSync(path.join(clone, 'README.md'), 'utf8')).filter((block) => block.section === 'Install');
  await checks.check("every shell command of the README's Install section runs against the tarball, offline", async () => {
    sampleRepository(workspace, catalogText());
    const ran = await runShellBlocks(readme, { tarball, workspace, scratch, required });
    console.log(`        ${ran.join('\n        ')}`);
  });
  await checks.check(
    "each editor configuration of the README's Install section and docs/editors.md parses and starts mcp-catalog-language-server --stdio",
    () => {
      const editors = fencedBlocks(readFileSync(path.join(clone, 'docs', 'editors.md'), 'utf8'));
      const languages = checkEditorBlocks([...readme, ...editors], { tarball, workspace, scratch, required });
      if (!['lua', 'toml', 'elisp'].every((language) => languages.includes(language))) throw new Error(`configurations found: ${languages.join(', ')}`);
      console.log(`        ${languages.join(', ')}`);
    },
  );
  return checks;
}

const started = Date.now();
main()
  .catch((error: unknown) => {
    const checks = new Checks();
    checks.results.push({ name: 'the package tier ran', ok: false, error: String(error), ms: 0 });
    console.log(`  FAIL  the package tier ran: ${error instanceof Error ? error.stack : String(error)}`);
    return checks;
  })
  .then((checks) => {
    const passed = checks.results.filter((r) => r.ok && !r.skipped).length;
    const skipped = checks.results.filter((r) => r.skipped).length;
    const failed = checks.results.filter((r) => !r.ok).length;
    console.log(`package tier: ${((Date.now() - started) / 1000).toFixed(0)} s`);
    console.log(`TIER-RESULT passed=${passed} failed=${failed} skipped=${skipped}`);
    process.exitCode = failed > 0 ? 1 : 0;
  });
