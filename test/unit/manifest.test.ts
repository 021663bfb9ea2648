import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from './helpers';

/**
 * What VS Code shows of the manifest. The Settings editor names a row by its key's last segment and
 * prefixes the rest as a category unless the configuration's `id` equals it (the workbench's
 * settingsTreeModels `trimCategoryForGroup`, VS Code 1.100): with `id` "mcpCatalog" a row reads
 * "Known Variables" under the "MCP Catalog" heading, not "Mcp Catalog: Known Variables".
 */
describe('the extension manifest as VS Code shows it', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
    contributes: {
      configuration: { id?: string; title: string; properties: Record<string, unknown> };
      languages: { id: string; icon?: { light: string; dark: string } }[];
    };
  };

  it('gives the settings an id equal to their common prefix, so rows are not titled "Mcp Catalog: …"', () => {
    const { id, title, properties } = manifest.contributes.configuration;
    assert.equal(title, 'MCP Catalog');
    assert.equal(id, 'mcpCatalog');
    for (const key of Object.keys(properties)) assert.ok(key.startsWith(`${id}.`), key);
  });

  it('gives each language mode of ours a file icon, shipped in the .vsix (a file icon theme maps none of them, so they would lose the {} of JSON)', () => {
    const shipped = fs.readFileSync(path.join(REPO_ROOT, '.vscodeignore'), 'utf8');
    const own = manifest.contributes.languages.filter((language) => !language.id.startsWith('mcp-catalog-preview'));
    assert.ok(own.length >= 7, own.map((language) => language.id).join());
    for (const language of own) {
      assert.ok(language.icon, `${language.id} has no icon`);
      for (const file of [language.icon.light, language.icon.dark]) {
        assert.ok(fs.existsSync(path.join(REPO_ROOT, file)), file);
        assert.ok(shipped.includes(`!${file.replace(/^\.\//, '')}`), `${file} is not in the .vscodeignore allow-list`);
      }
    }
  });
});
