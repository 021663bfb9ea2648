import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * What the Visual Studio Marketplace and Open VSX show of the extension, and what each refuses at
 * publish time, checked offline. vsce's own manifest and README checks run here as `vsce package`
 * runs them (@vscode/vsce out/package.js: `validateManifestForPackaging`, `ReadmeProcessor`), and
 * ovsx's (`isLicenseOk`, which runs its `validateManifest`). What the Open VSX server checks on
 * upload is restated from eclipse/openvsx server/src/main/java/org/eclipse/openvsx/ExtensionValidator.java
 * (commit 02a7bb57: name pattern, 255-character fields, URLs with a host, gallery theme, qna).
 */

interface Manifest {
  name: string;
  publisher: string;
  displayName: string;
  description: string;
  version: string;
  license: string;
  icon: string;
  pricing: string;
  homepage: string;
  qna: string;
  galleryBanner: { color: string; theme: string };
  bugs: { url: string };
  repository: { type: string; url: string };
  engines: { vscode: string };
  categories: string[];
  keywords: string[];
  files?: string[];
}

interface MarkdownFile {
  path: string;
  localPath: string;
}
interface VscePackage {
  validateManifestForPackaging(manifest: Manifest): unknown;
  ReadmeProcessor: new (manifest: Manifest, options: object) => { onFile(file: MarkdownFile): Promise<{ contents: Buffer }> };
  ChangelogProcessor: new (manifest: Manifest, options: object) => { onFile(file: MarkdownFile): Promise<{ contents: Buffer }> };
}

/** The Marketplace's categories (VS Code's extensionsRegistry.ts, 1.100); vsce does not check them. */
const MARKETPLACE_CATEGORIES = new Set([
  'Programming Languages',
  'Snippets',
  'Linters',
  'Themes',
  'Debuggers',
  'Formatters',
  'Keymaps',
  'SCM Providers',
  'Other',
  'Extension Packs',
  'Language Packs',
  'Data Science',
  'Machine Learning',
  'Visualization',
  'Notebooks',
  'Education',
  'Testing',
  'AI',
  'Chat',
]);
/** The Marketplace refuses more keywords than this on publish. */
const MAX_KEYWORDS = 30;
/** Open VSX: ExtensionValidator's `namePattern` and `DEFAULT_STRING_SIZE`. */
const OPEN_VSX_NAME = /^[\w\-+$~]+$/;
const OPEN_VSX_FIELD_SIZE = 255;

const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as Manifest;
const allowList = fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8');

/** A store field that is missing, empty or blank, by its path in package.json. */
function blankFields(value: Manifest): string[] {
  const fields: [string, unknown][] = [
    ['publisher', value.publisher],
    ['name', value.name],
    ['displayName', value.displayName],
    ['description', value.description],
    ['version', value.version],
    ['license', value.license],
    ['icon', value.icon],
    ['pricing', value.pricing],
    ['homepage', value.homepage],
    ['qna', value.qna],
    ['galleryBanner.color', value.galleryBanner?.color],
    ['galleryBanner.theme', value.galleryBanner?.theme],
    ['bugs.url', value.bugs?.url],
    ['repository.url', value.repository?.url],
    ['engines.vscode', value.engines?.vscode],
    ['categories', value.categories?.[0]],
    ['keywords', value.keywords?.[0]],
  ];
  return fields.filter(([, field]) => typeof field !== 'string' || !field.trim()).map(([name]) => name);
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.host !== '';
  } catch {
    return false;
  }
}

/** Width and height from a PNG's IHDR chunk, or undefined for a file that is not a PNG. */
function pngSize(file: string): { width: number; height: number } | undefined {
  const bytes = fs.readFileSync(file);
  if (bytes.length < 24 || bytes.toString('latin1', 1, 4) !== 'PNG' || bytes.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function vscePackage(): VscePackage {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- vsce ships no type declarations
  return require('@vscode/vsce/out/package') as VscePackage;
}

describe('the store listing (Marketplace and Open VSX)', () => {
  it('has every field a store page shows, none empty', () => {
    assert.deepEqual(blankFields(manifest), []);
  });

  it('notices a store field that is missing or blank', () => {
    const broken = { ...manifest, homepage: ' ', bugs: undefined } as unknown as Manifest;
    assert.deepEqual(blankFields(broken), ['homepage', 'bugs.url']);
  });

  it('passes the manifest checks vsce package runs', () => {
    assert.doesNotThrow(() => vscePackage().validateManifestForPackaging(manifest));
    assert.throws(() => vscePackage().validateManifestForPackaging({ ...manifest, pricing: 'Paid' }), /Pricing/);
  });

  it('describes what it does in one sentence a catalog reads', () => {
    assert.match(manifest.description, /^[A-Z][^\n]*\.$/);
    assert.equal(manifest.description.match(/\.(\s|$)/g)?.length, 1, 'one sentence');
    assert.ok(manifest.description.length <= 200, `${manifest.description.length} characters`);
    assert.match(manifest.description, /mcp\.json/);
  });

  it('lists only Marketplace categories and at most 30 distinct keywords', () => {
    for (const category of manifest.categories) assert.ok(MARKETPLACE_CATEGORIES.has(category), `${category} is no Marketplace category`);
    assert.ok(manifest.keywords.length <= MAX_KEYWORDS, `${manifest.keywords.length} keywords`);
    assert.equal(new Set(manifest.keywords).size, manifest.keywords.length, 'a keyword is listed twice');
  });

  it('has a PNG icon of at least 128x128 that the .vsix ships', () => {
    const size = pngSize(path.join(REPO_ROOT, manifest.icon));
    assert.ok(size, `${manifest.icon} is not a PNG`);
    assert.ok(size.width >= 128 && size.width === size.height, `${manifest.icon} is ${size.width}x${size.height}`);
    assert.ok(allowList.split('\n').includes(`!${manifest.icon}`), `${manifest.icon} is not in the .vscodeignore allow-list`);
  });

  it('has a gallery banner Open VSX accepts: a short colour and a dark or light theme', () => {
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme), manifest.galleryBanner.theme);
  });

  it('links its homepage, repository, issues and questions with https URLs', () => {
    for (const [field, url] of Object.entries({
      homepage: manifest.homepage,
      repository: manifest.repository.url,
      bugs: manifest.bugs.url,
      qna: manifest.qna,
    })) {
      assert.ok(isHttpsUrl(url), `${field}: ${url}`);
      assert.ok(url.length <= OPEN_VSX_FIELD_SIZE, `${field} is over ${OPEN_VSX_FIELD_SIZE} characters`);
    }
  });

  it('has a publisher (the Open VSX namespace) and a name both stores accept', () => {
    for (const id of [manifest.publisher, manifest.name]) {
      assert.match(id, /^[a-z0-9][a-z0-9-]*$/, `${id}: vsce's name pattern`);
      assert.match(id, OPEN_VSX_NAME, `${id}: Open VSX's name pattern`);
    }
    for (const value of [manifest.displayName, ...manifest.categories, ...manifest.keywords, manifest.license]) {
      assert.ok(value.length <= OPEN_VSX_FIELD_SIZE, value);
      // Open VSX refuses control, format, private-use and unassigned characters in these fields.
      assert.doesNotMatch(value, /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\u2028\u2029]/u, value);
    }
  });

  it('is licensed as ovsx requires, with the LICENSE file shipped', async () => {
    const { isLicenseOk } = await import('ovsx');
    assert.equal(await isLicenseOk(REPO_ROOT), true);
    assert.match(fs.readFileSync(path.join(REPO_ROOT, 'LICENSE'), 'utf8'), new RegExp(`^${manifest.license} License`));
    assert.ok(allowList.split('\n').includes('!LICENSE'), 'LICENSE is not in the .vscodeignore allow-list');
  });

  it('has a README and a CHANGELOG vsce turns into a store page (no SVG image, links resolved against the repository)', async () => {
    const { ReadmeProcessor, ChangelogProcessor } = vscePackage();
    const readme = await new ReadmeProcessor(manifest, {}).onFile({ path: 'extension/readme.md', localPath: path.join(REPO_ROOT, 'README.md') });
    assert.doesNotMatch(readme.contents.toString('utf8'), /!\[[^\]]*\]\((?!https:)/, 'an image the store page cannot load');
    await new ChangelogProcessor(manifest, {}).onFile({ path: 'extension/changelog.md', localPath: path.join(REPO_ROOT, 'CHANGELOG.md') });
    await assert.rejects(
      new ReadmeProcessor(manifest, {}).onFile({ path: 'extension/readme.md', localPath: path.join(REPO_ROOT, 'images', 'icon.svg') }),
      /SVG tags are not allowed/,
      'vsce refuses an inline SVG (the check can fail)',
    );
  });

  it('keeps one allow-list for the .vsix: vsce exits when package.json has `files` beside .vscodeignore', () => {
    // @vscode/vsce out/package.js printAndValidatePackagedFiles: "VSCE does not support combining both strategies".
    assert.equal(manifest.files, undefined, 'package.json has `files`: move the npm allow-list to .npmignore or stage the .vsix contents');
  });
});
