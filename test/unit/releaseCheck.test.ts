import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * `npm run release:check` (scripts/release-check.mjs): one version for the extension, the npm
 * package, the Action and the hooks, and each place that disagrees named by file and line.
 */

const SCRIPT = path.join(REPO_ROOT, 'scripts', 'release-check.mjs');
const made: string[] = [];

function temporaryFolder(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

function releaseCheck(dir?: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, dir ? [SCRIPT, dir] : [SCRIPT], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A release folder whose every place says `version`, with `files` overriding any of its files. */
function releaseFolder(version: string, files: Record<string, string> = {}): string {
  const dir = temporaryFolder('mcp-catalog-release-');
  const all: Record<string, string> = {
    'package.json': JSON.stringify(
      { name: 'mcp-catalog', version, repository: { type: 'git', url: 'https://github.com/mcp-catalog/mcp-catalog.git' } },
      null,
      2,
    ),
    'package-lock.json': JSON.stringify({ name: 'mcp-catalog', version, lockfileVersion: 3, packages: { '': { name: 'mcp-catalog', version } } }, null, 2),
    'CHANGELOG.md': `# Changelog\n\n## Unreleased\n\n## ${version} — 2026-12-06\n\n### Added\n- Everything.\n`,
    'action.yml': `name: MCP Catalog\ninputs:\n  path:\n    default: .\n  version:\n    description: The mcp-catalog release to run.\n    default: "${version}"\nruns:\n  using: composite\n  steps:\n    - run: npx --yes mcp-catalog@\${{ inputs.version }} check\n      shell: bash\n`,
    'README.md': `# MCP Catalog\n\n\`\`\`sh\nnpx --yes mcp-catalog@${version} check\nnpm i -g ./mcp-catalog-${version}.tgz\n\`\`\`\n`,
    'docs/ci.md': `\`\`\`yaml\n- uses: mcp-catalog/mcp-catalog@v${version}\n\`\`\`\n\n\`\`\`yaml\nrepos:\n  - repo: https://github.com/mcp-catalog/mcp-catalog\n    rev: v${version}\n    hooks:\n      - id: mcp-catalog\n  - repo: https://github.com/pre-commit/pre-commit-hooks\n    rev: v4.6.0\n\`\`\`\n\nAn npx server pinned to \`other-mcp-catalog@1.0.0\` is not ours.\n`,
    ...files,
  };
  for (const [name, text] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('npm run release:check', () => {
  after(() => {
    for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('passes when every place says the version (pins of other projects ignored)', () => {
    const result = releaseCheck(releaseFolder('1.2.3'));
    assert.equal(result.status, 0, result.stderr);
    assert.match(result.stdout, /1\.2\.3/);
  });

  it('names each place that says another version, by file and line', () => {
    const dir = releaseFolder('1.2.3');
    const stale = releaseFolder('1.2.2');
    for (const file of ['package-lock.json', 'action.yml', 'README.md', 'docs/ci.md']) fs.copyFileSync(path.join(stale, file), path.join(dir, file));
    fs.writeFileSync(path.join(dir, 'CHANGELOG.md'), '# Changelog\n\n## Unreleased\n\n## 1.2.2 — 2026-11-01\n');
    const result = releaseCheck(dir);
    assert.equal(result.status, 1);
    const lines = result.stderr.trim().split('\n');
    assert.deepEqual(lines.slice(0, -1), [
      'package-lock.json:3: version is 1.2.2, package.json says 1.2.3 (run npm install)',
      'package-lock.json:8: packages[""].version is 1.2.2, package.json says 1.2.3 (run npm install)',
      'CHANGELOG.md:3: no "## 1.2.3" section (move the Unreleased notes under it)',
      'action.yml:5: the version input defaults to 1.2.2, package.json says 1.2.3',
      'README.md:4: mcp-catalog@1.2.2 pins 1.2.2, package.json says 1.2.3',
      'README.md:5: mcp-catalog-1.2.2.tgz pins 1.2.2, package.json says 1.2.3',
      'docs/ci.md:2: mcp-catalog/mcp-catalog@v1.2.2 pins 1.2.2, package.json says 1.2.3',
      'docs/ci.md:8: rev: v1.2.2 pins 1.2.2, package.json says 1.2.3',
    ]);
    assert.match(lines.at(-1) ?? '', /8 place\(s\) disagree with package\.json's version 1\.2\.3/);
  });

  it('fails an Action that pins no version at all', () => {
    const action =
      'name: MCP Catalog\ninputs:\n  path:\n    default: .\nruns:\n  using: composite\n  steps:\n    - run: node "$GITHUB_ACTION_PATH/dist/cli.js" check\n';
    const result = releaseCheck(releaseFolder('1.2.3', { 'action.yml': action }));
    assert.equal(result.status, 1);
    assert.match(
      result.stderr,
      /^action\.yml:2: no input named version and no mcp-catalog@X\.Y\.Z: the Action pins no version \(it should default to 1\.2\.3\)$/m,
    );
  });

  it('fails a copy of this repository whose package.json alone was bumped', () => {
    const dir = temporaryFolder('mcp-catalog-release-copy-');
    for (const file of ['package.json', 'package-lock.json', 'CHANGELOG.md', 'action.yml', 'README.md', 'docs']) {
      fs.cpSync(path.join(REPO_ROOT, file), path.join(dir, file), { recursive: true });
    }
    const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string };
    manifest.version = '99.0.0';
    fs.writeFileSync(path.join(dir, 'package.json'), JSON.stringify(manifest, null, 2));
    const result = releaseCheck(dir);
    assert.equal(result.status, 1);
    assert.match(result.stderr, /^package-lock\.json:\d+: version is .*, package\.json says 99\.0\.0/m);
    assert.match(result.stderr, /^CHANGELOG\.md:\d+: no "## 99\.0\.0" section/m);
    assert.match(result.stderr, /^action\.yml:\d+: /m);
  });

  it('passes on this repository', () => {
    const result = releaseCheck();
    assert.equal(result.status, 0, result.stderr);
  });
});
