/**
 * What the npm tarball and the .vsix may hold — an allow-list each, compared as whole lists so a
 * file that slips in (a source map, a test, the other artifact) fails as surely as one that goes
 * missing. Schemas, grammars and rule pages are whichever the checkout has.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

function filesIn(checkout: string, folder: string, suffix: string): string[] {
  return readdirSync(path.join(checkout, folder))
    .filter((name) => name.endsWith(suffix))
    .map((name) => `${folder}/${name}`);
}

/** The npm package: the two bins, AIR's and our schemas, the rule pages SARIF links to, the notices. */
export function expectedTarball(checkout: string): string[] {
  return [
    'package.json',
    'README.md',
    'LICENSE',
    'CHANGELOG.md',
    'dist/cli.js',
    'dist/server.js',
    ...filesIn(checkout, 'schemas', '.schema.json'),
    ...filesIn(checkout, 'docs/rules', '.md'),
  ]
    .map((name) => `package/${name}`)
    .sort();
}

/** The .vsix (vsce's layout): the three bundles and the two of the web build (docs/web.md), schemas, grammars, images and the notices. */
export function expectedVsix(checkout: string): string[] {
  return [
    '[Content_Types].xml',
    'extension.vsixmanifest',
    ...[
      'package.json',
      'readme.md',
      'changelog.md',
      'LICENSE.txt',
      'dist/client.js',
      'dist/server.js',
      'dist/cli.js',
      'dist/web/client.js',
      'dist/web/server.js',
      'images/icon.png',
      'images/activity-bar.svg',
      'images/file-json.svg',
      ...filesIn(checkout, 'schemas', '.schema.json'),
      ...filesIn(checkout, 'syntaxes', '.json'),
    ].map((name) => `extension/${name}`),
  ].sort();
}

/** "missing: …; unexpected: …" between two lists, or '' when they are equal. */
export function listDifference(actual: string[], expected: string[]): string {
  const missing = expected.filter((name) => !actual.includes(name));
  const unexpected = actual.filter((name) => !expected.includes(name));
  return [missing.length ? `missing: ${missing.join(', ')}` : '', unexpected.length ? `unexpected: ${unexpected.join(', ')}` : ''].filter(Boolean).join('; ');
}
