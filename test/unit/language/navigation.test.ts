import { strict as assert } from 'node:assert';
import { definitionAt, invalidRootName, renameRootEdits, rootAt, rootOccurrences, type IndexText } from '../../../server/src/service/language/navigation';
import { parseJson } from '../../../server/src/service/parse';
import { catalogFacts, languageDocument, rootsFacts } from './helpers';

const ROOTS = JSON.stringify(
  {
    zimmer: { description: 'Z', default_mcp_servers: ['github', '@local/linear', '@acme/x/y'] },
    sub: { description: 'S', default_in_roots: ['zimmer'], default_subagent_roots: ['zimmer'] },
  },
  null,
  2,
);
const CATALOG = JSON.stringify(
  { github: { type: 'stdio', command: 'x', default_in_roots: ['zimmer', '*'] }, linear: { type: 'stdio', command: 'y', default_in_roots: ['sub', 'zimmer'] } },
  null,
  2,
);
const OTHER = JSON.stringify({ figma: { type: 'sse', url: 'https://x', default_in_roots: ['zimmer'] } }, null, 2);

function offsetOf(text: string, needle: string, nth = 0, delta = 1): number {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} #${nth} not found`);
  return at + delta;
}

function file(path: string, kind: IndexText['kind'], text: string): IndexText {
  return { path, kind, text, parsed: parseJson(text) };
}

const FAMILY = [file('/ws/roots.json', 'roots', ROOTS), file('/ws/mcp.json', 'catalog', CATALOG), file('/ws/other-mcp.json', 'catalog', OTHER)];

describe('language: the root under the cursor', () => {
  it('finds roots-index keys and default_in_roots items, not "*", servers or other strings', () => {
    const roots = languageDocument(ROOTS, 'roots');
    assert.deepEqual(rootAt(roots, offsetOf(ROOTS, '"zimmer"')), {
      name: 'zimmer',
      span: { start: offsetOf(ROOTS, '"zimmer"'), end: offsetOf(ROOTS, '"zimmer"') + 6 },
      isDeclaration: true,
    });
    assert.equal(rootAt(roots, offsetOf(ROOTS, '"zimmer"', 1))?.isDeclaration, false, "a root's own default_in_roots");
    assert.equal(rootAt(roots, offsetOf(ROOTS, '"zimmer"', 2))?.name, 'zimmer', 'default_subagent_roots');
    assert.equal(rootAt(roots, offsetOf(ROOTS, '"github"')), undefined, 'a server reference is not a root');
    assert.equal(rootAt(roots, offsetOf(ROOTS, '"description"')), undefined);
    const catalog = languageDocument(CATALOG);
    assert.equal(rootAt(catalog, offsetOf(CATALOG, '"zimmer"'))?.name, 'zimmer');
    assert.equal(rootAt(catalog, offsetOf(CATALOG, '"*"')), undefined);
    assert.equal(rootAt(catalog, offsetOf(CATALOG, '"github"')), undefined, 'a server name is not a root');
  });

  it('works with the cursor at either end of the name', () => {
    const catalog = languageDocument(CATALOG);
    const start = offsetOf(CATALOG, '"zimmer"');
    assert.equal(rootAt(catalog, start)?.name, 'zimmer');
    assert.equal(rootAt(catalog, start + 6)?.name, 'zimmer');
  });
});

describe('language: go to definition', () => {
  it("goes from a catalog's default_in_roots item to the root key in the roots index", () => {
    const document = languageDocument(CATALOG, 'catalog', catalogFacts(ROOTS));
    const targets = definitionAt(document, offsetOf(CATALOG, '"sub"'));
    assert.deepEqual(targets, [{ path: '/ws/roots.json', start: ROOTS.indexOf('"sub"'), end: ROOTS.indexOf('"sub"') + 5 }]);
    assert.deepEqual(definitionAt(document, offsetOf(CATALOG, '"nope"'.replace('nope', '*'))), []);
  });

  it("goes from a roots index's default_mcp_servers item (bare or @local) to the server key in the catalog", () => {
    const document = languageDocument(ROOTS, 'roots', rootsFacts(CATALOG), '/ws/roots.json');
    assert.deepEqual(definitionAt(document, offsetOf(ROOTS, '"github"')), [
      { path: '/ws/mcp.json', start: CATALOG.indexOf('"github"'), end: CATALOG.indexOf('"github"') + 8 },
    ]);
    assert.deepEqual(definitionAt(document, offsetOf(ROOTS, '"@local/linear"', 0, 3)), [
      { path: '/ws/mcp.json', start: CATALOG.indexOf('"linear"'), end: CATALOG.indexOf('"linear"') + 8 },
    ]);
    assert.deepEqual(definitionAt(document, offsetOf(ROOTS, '"@acme')), [], 'remote scopes cannot be followed');
  });

  it("goes from a root's own default_in_roots item to the root key in the same file", () => {
    const document = languageDocument(ROOTS, 'roots', rootsFacts(CATALOG), '/ws/roots.json');
    assert.deepEqual(definitionAt(document, offsetOf(ROOTS, '"zimmer"', 1)), [
      { path: '/ws/roots.json', start: ROOTS.indexOf('"zimmer"'), end: ROOTS.indexOf('"zimmer"') + 8 },
    ]);
  });
});

describe('language: references and rename of a root', () => {
  it("finds the key, every catalog's default_in_roots items and other roots' references", () => {
    const found = rootOccurrences('zimmer', FAMILY);
    const where = found.map((o) => `${o.path}@${o.start}${o.isDeclaration ? ' decl' : ''}`);
    assert.equal(found.length, 6, JSON.stringify(where));
    assert.equal(found.filter((o) => o.isDeclaration).length, 1);
    assert.deepEqual([...new Set(found.map((o) => o.path))], ['/ws/roots.json', '/ws/mcp.json', '/ws/other-mcp.json']);
    for (const occurrence of found) {
      const text = FAMILY.find((f) => f.path === occurrence.path)!.text;
      assert.equal(text.slice(occurrence.start, occurrence.end), 'zimmer');
    }
  });

  it('renames everywhere in one set of edits, leaving "*" and servers alone', () => {
    const edits = renameRootEdits('zimmer', 'orchestrator', FAMILY);
    const result = new Map(FAMILY.map((f) => [f.path, f.text]));
    for (const [path, list] of edits) {
      let text = result.get(path)!;
      for (const edit of [...list].sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
      result.set(path, text);
    }
    const roots = JSON.parse(result.get('/ws/roots.json')!) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(roots), ['orchestrator', 'sub']);
    assert.deepEqual(roots.sub.default_in_roots, ['orchestrator']);
    assert.deepEqual(roots.sub.default_subagent_roots, ['orchestrator']);
    assert.deepEqual(roots.orchestrator.default_mcp_servers, ['github', '@local/linear', '@acme/x/y']);
    const catalog = JSON.parse(result.get('/ws/mcp.json')!) as Record<string, Record<string, unknown>>;
    assert.deepEqual(catalog.github.default_in_roots, ['orchestrator', '*']);
    assert.deepEqual(catalog.linear.default_in_roots, ['sub', 'orchestrator']);
    assert.deepEqual((JSON.parse(result.get('/ws/other-mcp.json')!) as Record<string, Record<string, unknown>>).figma.default_in_roots, ['orchestrator']);
  });

  it('renames an escaped spelling of the name too', () => {
    const text = '{"a": {"default_in_roots": ["\\u007aimmer"]}}';
    const edits = renameRootEdits('zimmer', 'z2', [file('/ws/mcp.json', 'catalog', text)]);
    const [edit] = edits.get('/ws/mcp.json')!;
    assert.equal(text.slice(0, edit.start) + edit.newText + text.slice(edit.end), '{"a": {"default_in_roots": ["z2"]}}');
  });

  it('refuses invalid and taken names', () => {
    assert.equal(invalidRootName('zimmer', 'orchestrator', ['zimmer', 'sub']), undefined);
    assert.equal(invalidRootName('zimmer', 'zimmer', ['zimmer', 'sub']), undefined);
    for (const bad of ['', 'a b', 'a.b', 'café', 'a[1]', '@local/x', '*']) assert.match(invalidRootName('zimmer', bad, [])!, /not a valid root name/, bad);
    assert.match(invalidRootName('zimmer', 'sub', ['zimmer', 'sub'])!, /already exists/);
  });
});

describe('language: a root rename reaches @local/ items, legacy root-side arrays included (SPEC §4.4)', () => {
  const LEGACY =
    '{\n  "web": { "description": "W", "default_subagent_roots": ["@local/api", "api"], "default_mcp_servers": ["@local/github", "github", "@acme/x/github", "githubx"] },\n  "api": { "description": "A", "default_in_roots": ["@local/web"], "default_skills": ["github"] }\n}\n';
  const apply = (text: string, list: { start: number; end: number; newText: string }[]) =>
    [...list].sort((a, b) => b.start - a.start).reduce((out, edit) => out.slice(0, edit.start) + edit.newText + out.slice(edit.end), text);

  it('a root rename renames bare and @local/ items of default_subagent_roots and default_in_roots, keeping the scope', () => {
    const catalog = '{"s": {"type": "stdio", "command": "x", "default_in_roots": ["@local/api"]}}';
    const edits = renameRootEdits('api', 'ops', [file('/ws/roots.json', 'roots', LEGACY), file('/ws/mcp.json', 'catalog', catalog)]);
    const roots = JSON.parse(apply(LEGACY, edits.get('/ws/roots.json')!)) as Record<string, Record<string, unknown>>;
    assert.deepEqual(Object.keys(roots), ['web', 'ops']);
    assert.deepEqual(roots.web.default_subagent_roots, ['@local/ops', 'ops']);
    assert.deepEqual(apply(catalog, edits.get('/ws/mcp.json')!), '{"s": {"type": "stdio", "command": "x", "default_in_roots": ["@local/ops"]}}');
    // The cursor on the qualified item finds the root, and the rename range is the name.
    const document = languageDocument(LEGACY, 'roots');
    const at = rootAt(document, offsetOf(LEGACY, '"@local/web"', 0, 9))!;
    assert.equal(at.name, 'web');
    assert.equal(LEGACY.slice(at.span.start, at.span.end), 'web');
  });
});
