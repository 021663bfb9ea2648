// `npm run release:check [DIR]`: one version for the extension, the npm package, the Action and
// the pre-commit hooks (CONTRIBUTING.md "Releasing"). package.json's `version` is the version of
// the extension and of the package (and `mcp-catalog --version`, which the build reads from it);
// this checks that every other place that names it agrees:
//   - package-lock.json's root `version` and its `packages[""].version`;
//   - CHANGELOG.md has a `## <version>` section;
//   - action.yml pins it: an input named `version` whose default is the version, and any
//     `mcp-catalog@X.Y.Z` it runs;
//   - the pinned versions the README and docs/ give users: `mcp-catalog@X.Y.Z`,
//     `uses: mcp-catalog/mcp-catalog@vX.Y.Z`, a pre-commit `rev: vX.Y.Z`, `mcp-catalog-X.Y.Z.tgz`.
// Each disagreement is one `file:line: message` line on stderr, and the exit code is 1.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(process.argv[2] ?? fileURLToPath(new URL('..', import.meta.url)));
const problems = [];
/** Records a disagreement; returns undefined, so a reader that failed can say so in one expression. */
const problem = (file, line, message) => void problems.push(`${file}:${line}: ${message}`);

/** The 1-based line of the first match of `pattern` in `text`, or 1. */
function lineOf(text, pattern) {
  const index = text.search(pattern);
  return index < 0 ? 1 : text.slice(0, index).split('\n').length;
}

function read(file) {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

/** JSON.parse, or undefined and a problem naming the file. */
function parseJson(file, text) {
  try {
    return JSON.parse(text);
  } catch (error) {
    problem(file, 1, `not JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

const packageText = read('package.json');
const manifest = packageText === undefined ? undefined : parseJson('package.json', packageText);
if (manifest === undefined) {
  console.error(problems[0] ?? `release:check: no package.json in ${root}`);
  process.exit(2);
}
const { version } = manifest;
if (typeof version !== 'string' || !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) {
  problem('package.json', lineOf(packageText, /"version"/), `version ${JSON.stringify(version)} is not X.Y.Z`);
}
const escapeRegExp = (text) => String(text).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

// package-lock.json: `npm install` writes the version twice; a hand-edited package.json leaves both behind.
const lockText = read('package-lock.json');
const lock = lockText === undefined ? problem('package-lock.json', 1, 'missing (npm install writes it)') : parseJson('package-lock.json', lockText);
if (lock !== undefined) {
  if (lock.version !== version)
    problem('package-lock.json', lineOf(lockText, /^ {2}"version"/m), `version is ${lock.version}, package.json says ${version} (run npm install)`);
  const rootPackage = lock.packages?.[''];
  if (rootPackage && rootPackage.version !== version) {
    const at = lockText.indexOf('"": {');
    const line = at < 0 ? 1 : lineOf(lockText.slice(at), /"version"/) + lockText.slice(0, at).split('\n').length - 1;
    problem('package-lock.json', line, `packages[""].version is ${rootPackage.version}, package.json says ${version} (run npm install)`);
  }
}

const changelog = read('CHANGELOG.md');
if (changelog === undefined) problem('CHANGELOG.md', 1, 'missing');
else if (!new RegExp(`^## \\[?${escapeRegExp(version)}\\]?(\\s|$)`, 'm').test(changelog)) {
  problem('CHANGELOG.md', lineOf(changelog, /^## /m), `no "## ${version}" section (move the Unreleased notes under it)`);
}

// The repository as GitHub names it (`owner/name`), from package.json's `repository`.
const repositoryUrl = typeof manifest.repository === 'string' ? manifest.repository : (manifest.repository?.url ?? '');
const slug = escapeRegExp(/github\.com[/:]([^/\s]+\/[^/\s]+?)(?:\.git)?\/?$/.exec(repositoryUrl)?.[1] ?? `${manifest.name}/${manifest.name}`);
const name = escapeRegExp(manifest.name);
const VERSION = String.raw`v?(\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]*[0-9A-Za-z])?)`;

/** Every pinned version of ours in a text: the npm spec, the Action's ref, a pre-commit rev, a tarball or .vsix name. */
function pins(text) {
  const patterns = [
    new RegExp(String.raw`(?<![\w@/.-])${name}@${VERSION}`, 'g'),
    new RegExp(String.raw`\b${slug}@${VERSION}`, 'g'),
    new RegExp(String.raw`repo:\s*['"]?https://github\.com/${slug}(?:\.git)?['"]?[ \t]*\n\s*rev:\s*['"]?${VERSION}`, 'g'),
    new RegExp(String.raw`(?<![\w.-])${name}-${VERSION}\.(?:tgz|vsix)\b`, 'g'),
  ];
  const found = [];
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const at = match.index + match[0].lastIndexOf(match[1]);
      const spec = match[0].split('\n').pop().trim();
      found.push({ pinned: match[1], spec, line: text.slice(0, at).split('\n').length });
    }
  }
  return found;
}

function checkPins(file, text) {
  for (const { pinned, spec, line } of pins(text)) {
    if (pinned !== version) problem(file, line, `${spec} pins ${pinned}, package.json says ${version}`);
  }
}

// The Action: users pick the version with `uses: …@vX.Y.Z`; what it runs must be that release.
const action = read('action.yml');
if (action === undefined) problem('action.yml', 1, 'missing');
else {
  const inputsAt = action.search(/^inputs:/m);
  const inputs = inputsAt < 0 ? '' : action.slice(inputsAt).split(/\n(?=\S)/)[0];
  const input = /^ {2}version:\s*\n((?: {4,}.*\n?)*)/m.exec(inputs);
  const runsPackage = pins(action).some(({ spec }) => spec.startsWith(`${manifest.name}@`));
  if (input) {
    const fallback = /^ {4}default:\s*['"]?([^'"\s#]*)/m.exec(input[1]);
    const line = action.slice(0, inputsAt + input.index).split('\n').length;
    if (!fallback) problem('action.yml', line, `the version input has no default (it should be ${version})`);
    else if (fallback[1].replace(/^v/, '') !== version)
      problem('action.yml', line, `the version input defaults to ${fallback[1]}, package.json says ${version}`);
  } else if (!runsPackage) {
    problem(
      'action.yml',
      inputsAt < 0 ? 1 : lineOf(action, /^inputs:/m),
      `no input named version and no ${manifest.name}@X.Y.Z: the Action pins no version (it should default to ${version})`,
    );
  }
  checkPins('action.yml', action);
}

/** README.md and every Markdown file under docs/. */
function userDocs() {
  const files = existsSync(path.join(root, 'README.md')) ? ['README.md'] : [];
  const docs = path.join(root, 'docs');
  if (existsSync(docs)) {
    for (const name of readdirSync(docs, { recursive: true, encoding: 'utf8' })) if (name.endsWith('.md')) files.push(path.join('docs', name));
  }
  return files.sort();
}
for (const file of userDocs()) checkPins(file.split(path.sep).join('/'), read(file));

if (problems.length) {
  for (const line of problems) console.error(line);
  console.error(`release:check: ${problems.length} place(s) disagree with package.json's version ${version}.`);
  process.exit(1);
}
console.log(`release:check: ${version} in package.json, package-lock.json, CHANGELOG.md, action.yml and every pinned version in README.md and docs/.`);
