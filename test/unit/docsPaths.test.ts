import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * ARCHITECTURE.md and CONTRIBUTING.md are maps; a map that names a file which moved is worse than
 * none. Every path they name (in backticks or as a link) must exist: at the repository root, or as
 * the tail of a tracked file's path when the text names it inside its folder's section
 * (`rules/rule.ts` under server/src/service). Generated folders (.gitignore) and the shared
 * documents outside the repository (`../shared/`) are not checked.
 */

const repo = path.resolve(__dirname, '../../..');
const DOCUMENTS = ['ARCHITECTURE.md', 'CONTRIBUTING.md'];
const GENERATED = ['node_modules/', 'out/', 'dist/', '.vscode-test/', 'test/.tmp/', 'bench/.cache/'];

export function namedPaths(markdown: string): string[] {
  const tokens = new Set<string>();
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) tokens.add(match[1]);
  for (const match of markdown.matchAll(/\]\(([^)\s#]+)\)/g)) tokens.add(match[1]);
  return [...tokens].filter((token) => {
    if (/^[a-z]+:/i.test(token) || token.startsWith('../') || token.startsWith('-')) return false;
    // A path names a folder (contains `/`) or a file with an extension we keep in the repository.
    return /\//.test(token) || /\.(ts|mjs|js|json|md|sh|yml|yaml|lua)$/.test(token) || /^\.[a-z]/.test(token);
  });
}

function trackedFiles(): string[] {
  const result = spawnSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: repo, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.split('\n').filter(Boolean) : [];
}

function exists(token: string, files: readonly string[]): boolean {
  const clean = token.replace(/\/$/, '');
  if (existsSync(path.join(repo, clean))) return true;
  return files.some((file) => file.endsWith(`/${clean}`) || file.includes(`/${clean}/`));
}

describe('ARCHITECTURE.md and CONTRIBUTING.md', () => {
  it('recognises paths, not words', () => {
    assert.deepEqual(namedPaths('see `server/src/lsp/`, `codes.ts`, [c](CONTRIBUTING.md), `npm test`, `mcpCatalog/readiness` and `https://x.y/z`'), [
      'server/src/lsp/',
      'codes.ts',
      'mcpCatalog/readiness',
      'CONTRIBUTING.md',
    ]);
  });

  for (const document of DOCUMENTS) {
    it(`${document} exists, is linked from the README, and names only paths that exist`, () => {
      const text = readFileSync(path.join(repo, document), 'utf8');
      assert.match(readFileSync(path.join(repo, 'README.md'), 'utf8'), new RegExp(`\\]\\(${document.replace('.', '\\.')}\\)`));
      const files = trackedFiles();
      assert.ok(files.length > 100, 'git ls-files lists the repository');
      // Protocol method names look like paths; they are checked against the protocol module instead.
      const protocol = readFileSync(path.join(repo, 'shared/src/protocol.ts'), 'utf8');
      const missing = namedPaths(text).filter(
        (token) =>
          !GENERATED.some((dir) => token.startsWith(dir)) && !(token.startsWith('mcpCatalog/') && protocol.includes(`'${token}'`)) && !exists(token, files),
      );
      assert.deepEqual(missing, []);
    });
  }
});

/**
 * What a user reads — the README and the pages under docs/ — may name only files that exist: a
 * relative link resolves from the page's folder, and a path written in backticks that starts with
 * one of the repository's own top-level folders (`examples/zimmer/mcp.json`, `schemas/…`) is
 * there. Paths of other tools and of the user's repository (`.cursor/mcp.json`) are not ours to check.
 */
describe('README.md and docs/', () => {
  const pages = [
    'README.md',
    ...readdirSync(path.join(repo, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .map((name) => `docs/${name}`),
  ];
  const topFolders = readdirSync(repo, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !['node_modules', 'out', 'dist'].includes(entry.name))
    .map((entry) => `${entry.name}/`);

  for (const page of pages) {
    it(`${page} names only files that exist`, () => {
      const text = readFileSync(path.join(repo, page), 'utf8');
      const folder = path.dirname(path.join(repo, page));
      const missing: string[] = [];
      for (const match of text.matchAll(/\]\(([^)\s#]+)(#[^)\s]*)?\)/g)) {
        const target = match[1];
        if (/^[a-z]+:/i.test(target)) continue;
        if (!existsSync(path.resolve(folder, target))) missing.push(target);
      }
      for (const match of text.matchAll(/`([^`\s]+)`/g)) {
        const token = match[1].replace(/:\d+(:\d+)?$/, '');
        if (!topFolders.some((top) => token.startsWith(top)) || /[<>*…{}$]/.test(token)) continue;
        // An upstream file (Zimmer's `test/services/….rb`) may share a folder name with ours.
        if (/\.[a-z]+$/.test(token) && !/\.(ts|mjs|js|json|md|sh|yml|yaml|lua|png|svg|toml)$/.test(token)) continue;
        if (GENERATED.some((dir) => token.startsWith(dir))) continue;
        if (!existsSync(path.join(repo, token.replace(/\/$/, '')))) missing.push(token);
      }
      assert.deepEqual(missing, []);
    });
  }
});
