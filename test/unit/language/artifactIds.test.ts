import { strict as assert } from 'node:assert';
import type { WorkspaceFacts } from '../../../server/src/service/facts';
import { completeAt } from '../../../server/src/service/language/completion';
import { hoverAt } from '../../../server/src/service/language/hover';
import {
  artifactAt,
  artifactOccurrences,
  definitionAt,
  invalidArtifactName,
  renameArtifactEdits,
  type IndexText,
} from '../../../server/src/service/language/navigation';
import { parseJson } from '../../../server/src/service/parse';
import { summariseCatalog } from '../../../server/src/service/summary';
import { VariableIndex } from '../../../server/src/service/variables';
import { artifactIndex, artifactsFacts } from '../helpers';
import { at, languageDocument } from './helpers';

/** SPEC §12 in the editor: the ID under the cursor, its definition, every occurrence, rename, hover and completion, across index types. */

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;
const SKILLS = json({
  'lint-fix': { title: 'Lint and fix', description: 'Runs the linter and fixes what it can.', path: 'skills/lint-fix' },
  deploy: { description: 'D', path: 'skills/deploy' },
});
const PLUGINS = json({
  'code-quality': { description: 'Q', skills: ['lint-fix', '@local/deploy', '@acme/x/lint-fix'], mcp_servers: ['github'], plugins: ['base'] },
  base: { description: 'B', skills: ['lint-fix'] },
});
const ROOTS = json({ web: { description: 'W', default_skills: ['lint-fix'] } });
const CATALOG = json({ github: { type: 'stdio', command: 'x' } });

const facts: WorkspaceFacts = {
  documentPath: '/ws/plugins.json',
  variables: VariableIndex.empty(),
  artifacts: artifactsFacts([artifactIndex('skills', '/ws/skills.json', JSON.parse(SKILLS) as Record<string, unknown>)]),
  catalogs: { via: 'air.json', files: [summariseCatalog('/ws/mcp.json', CATALOG)], remoteSources: [] },
};

function offsetOf(text: string, needle: string, nth = 0): number {
  let found = -1;
  for (let i = 0; i <= nth; i++) found = text.indexOf(needle, found + 1);
  assert.ok(found >= 0, needle);
  return found + 2;
}

const file = (path: string, kind: IndexText['kind'], text: string): IndexText => ({ path, kind, text, parsed: parseJson(text) });
const FAMILY = [
  file('/ws/plugins.json', 'plugins', PLUGINS),
  file('/ws/skills.json', 'skills', SKILLS),
  file('/ws/roots.json', 'roots', ROOTS),
  file('/ws/mcp.json', 'catalog', CATALOG),
];

describe('language: artifact IDs across index types (SPEC §12)', () => {
  const plugins = languageDocument(PLUGINS, 'plugins', facts, '/ws/plugins.json');

  it('finds the ID under the cursor: a key, a short or @local/ item; not another scope, not a plain string', () => {
    assert.deepEqual(artifactAt(plugins, offsetOf(PLUGINS, '"lint-fix"')), {
      type: 'skills',
      name: 'lint-fix',
      span: { start: PLUGINS.indexOf('"lint-fix"') + 1, end: PLUGINS.indexOf('"lint-fix"') + 9 },
      isDeclaration: false,
    });
    const local = artifactAt(plugins, offsetOf(PLUGINS, '"@local/deploy"'))!;
    assert.equal(local.name, 'deploy');
    assert.equal(PLUGINS.slice(local.span.start, local.span.end), 'deploy', 'the span leaves the @local/ prefix out');
    assert.equal(artifactAt(plugins, offsetOf(PLUGINS, '"@acme/x/lint-fix"')), undefined);
    assert.equal(artifactAt(plugins, offsetOf(PLUGINS, '"code-quality"'))?.isDeclaration, true);
    assert.equal(artifactAt(plugins, offsetOf(PLUGINS, '"Q"')), undefined);
  });

  it('goes to the definition in another index (skills, servers) and in this one (plugins)', () => {
    assert.deepEqual(definitionAt(plugins, offsetOf(PLUGINS, '"lint-fix"')), [
      { path: '/ws/skills.json', start: SKILLS.indexOf('"lint-fix"'), end: SKILLS.indexOf('"lint-fix"') + 10 },
    ]);
    assert.deepEqual(definitionAt(plugins, offsetOf(PLUGINS, '"github"')), [
      { path: '/ws/mcp.json', start: CATALOG.indexOf('"github"'), end: CATALOG.indexOf('"github"') + 8 },
    ]);
    assert.deepEqual(definitionAt(plugins, offsetOf(PLUGINS, '"base"')), [
      { path: '/ws/plugins.json', start: PLUGINS.indexOf('"base":'), end: PLUGINS.indexOf('"base":') + 6 },
    ]);
  });

  it('finds every occurrence of a skill: its key, plugins items (short and @local/), a legacy default_skills item', () => {
    const found = artifactOccurrences('skills', 'lint-fix', FAMILY).map((o) => `${o.path} ${o.isDeclaration ? 'key' : 'item'}`);
    assert.deepEqual(found, ['/ws/plugins.json item', '/ws/plugins.json item', '/ws/skills.json key', '/ws/roots.json item']);
  });

  it('renames a skill in every index, keeping @local/ prefixes, and refuses an invalid or taken name', () => {
    const edits = renameArtifactEdits('skills', 'deploy', 'ship', FAMILY);
    assert.deepEqual([...edits.keys()], ['/ws/plugins.json', '/ws/skills.json']);
    const apply = (text: string, list: { start: number; end: number; newText: string }[]): string =>
      [...list].sort((a, b) => b.start - a.start).reduce((out, e) => out.slice(0, e.start) + e.newText + out.slice(e.end), text);
    assert.match(apply(PLUGINS, edits.get('/ws/plugins.json')!), /"@local\/ship"/);
    assert.match(apply(SKILLS, edits.get('/ws/skills.json')!), /"ship": \{/);
    assert.match(invalidArtifactName('skills', 'deploy', 'no way', ['deploy'])!, /not a valid skill ID/);
    assert.match(invalidArtifactName('skills', 'deploy', 'lint-fix', ['deploy', 'lint-fix'])!, /already exists/);
    assert.equal(invalidArtifactName('mcp', 'github', 'gh[1]', []), undefined, 'server names allow brackets');
  });

  it('hovers an ID with the title and description of the entry it names, or says it names nothing', () => {
    const hover = hoverAt(plugins, offsetOf(PLUGINS, '"lint-fix"'))!;
    assert.match(hover.markdown, /\*\*Lint and fix\*\* \u2014 skill `lint-fix` in `skills\.json`/);
    assert.match(hover.markdown, /Runs the linter and fixes what it can\./);
    const broken = languageDocument(PLUGINS.replace('"base"\n', '"bsae"\n'), 'plugins', facts, '/ws/plugins.json');
    assert.match(hoverAt(broken, offsetOf(broken.text, '"bsae"'))!.markdown, /is \*\*not a plugin\*\*/);
  });

  it('completes the IDs that exist in the right index first, leaving out those already listed and the plugin itself', () => {
    const skills = at(PLUGINS.replace('"skills": [\n      "lint-fix"\n    ]', '"skills": [|]'), 'plugins', facts, '/ws/plugins.json');
    assert.deepEqual(
      completeAt(skills.document, skills.offset, { snippets: true }).map((c) => [c.label, c.sortText?.startsWith('0')]),
      [
        ['lint-fix', true],
        ['deploy', true],
      ],
    );
    const nested = at(PLUGINS.replace('"plugins": [\n      "base"\n    ]', '"plugins": ["base", |]'), 'plugins', facts, '/ws/plugins.json');
    assert.deepEqual(
      completeAt(nested.document, nested.offset, { snippets: true }).map((c) => c.label),
      [],
      'base is listed and code-quality is the plugin itself',
    );
    const roots = at(
      ROOTS.replace('"default_skills": [\n      "lint-fix"\n    ]', '"default_skills": [|]'),
      'roots',
      { ...facts, documentPath: '/ws/roots.json' },
      '/ws/roots.json',
    );
    assert.deepEqual(
      completeAt(roots.document, roots.offset, { snippets: true }).map((c) => c.detail),
      ['skill in skills.json', 'skill in skills.json'],
    );
  });
});
