import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { applyEdits, fixesFor, type FileChange } from '../../../server/src/service/fixes';
import { artifactIndex, artifactsFacts } from '../helpers';
import { applyFix, check, contextFor, findingOf, makeFacts } from './helpers';

/** Apply a cross-file change to the real file, as a client applying the WorkspaceEdit would. */
function applyFileChange(change: FileChange): void {
  if (change.create && !fs.existsSync(change.path)) fs.writeFileSync(change.path, '');
  fs.writeFileSync(change.path, applyEdits(fs.readFileSync(change.path, 'utf8'), change.edits));
}

const readFile = (p: string): string | undefined => (fs.existsSync(p) ? fs.readFileSync(p, 'utf8') : undefined);

describe('quick fixes: roots and servers (SPEC §4.4)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mcp-fixes-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  const catalogWith = (roots: string): string => `{\n  "s": {\n    "type": "stdio",\n    "command": "node",\n    "default_in_roots": ${roots}\n  }\n}\n`;

  function setup(rootsText: string): { rootsPath: string; catalogPath: string; facts: ReturnType<typeof makeFacts> } {
    const rootsPath = path.join(dir, 'roots.json');
    const catalogPath = path.join(dir, 'mcp.json');
    fs.writeFileSync(rootsPath, rootsText);
    return { rootsPath, catalogPath, facts: makeFacts({ documentPath: catalogPath, roots: { path: rootsPath, text: rootsText } }) };
  }

  it('undefined-root: the closest root name (preferred)', () => {
    const { facts } = setup('{\n  "zimmer": { "description": "Z" }\n}\n');
    const { after, fix } = applyFix(catalogWith('["zimmr"]'), 'undefined-root', { facts, readFile });
    assert.equal(after, catalogWith('["zimmer"]'));
    assert.equal(fix.inFixAll, false);
  });

  it('undefined-root: adds a skeleton root to the roots index (a multi-line index), which then knows it', () => {
    const rootsText = '{\n  "$schema": "https://pulsemcp.github.io/air/schemas/roots.schema.json",\n  "zimmer": {\n    "description": "Z"\n  }\n}\n';
    const { rootsPath, catalogPath, facts } = setup(rootsText);
    const text = catalogWith('["fleet"]');
    const finding = findingOf(text, 'undefined-root', facts);
    const fixes = fixesFor(finding, contextFor(text, facts, 'catalog', readFile));
    const add = fixes.find((f) => f.title === 'Add root "fleet" to roots.json')!;
    assert.ok(add, fixes.map((f) => f.title).join(', '));
    assert.equal(add.isPreferred, true, 'no close name: adding the root is preferred');
    assert.deepEqual(add.edits, [], 'the catalog itself is not edited');
    assert.equal(add.files!.length, 1);
    assert.equal(add.files![0].path, rootsPath);
    applyFileChange(add.files![0]);
    const updated = fs.readFileSync(rootsPath, 'utf8');
    assert.equal(
      updated,
      '{\n  "$schema": "https://pulsemcp.github.io/air/schemas/roots.schema.json",\n  "zimmer": {\n    "description": "Z"\n  },\n  "fleet": {\n    "description": "TODO: describe this root"\n  }\n}\n',
    );
    // The roots index is valid, and the catalog's diagnostic is gone against it.
    assert.deepEqual(
      check(updated, makeFacts({ documentPath: rootsPath }), 'roots').filter((f) => f.severity === 'error'),
      [],
    );
    const after = makeFacts({ documentPath: catalogPath, roots: { path: rootsPath, text: updated } });
    assert.equal(check(text, after).filter((f) => f.code === 'undefined-root').length, 0);
  });

  it('undefined-root: adding a root to an empty `{}` and to a one-line index', () => {
    const empty = setup('{}');
    let fix = fixesFor(findingOf(catalogWith('["a"]'), 'undefined-root', empty.facts), contextFor(catalogWith('["a"]'), empty.facts, 'catalog', readFile)).find(
      (f) => f.files,
    )!;
    applyFileChange(fix.files![0]);
    assert.equal(fs.readFileSync(empty.rootsPath, 'utf8'), '{\n  "a": {\n    "description": "TODO: describe this root"\n  }\n}');
    JSON.parse(fs.readFileSync(empty.rootsPath, 'utf8'));

    const inline = setup('{"x": {"description": "X"}}');
    fix = fixesFor(findingOf(catalogWith('["b"]'), 'undefined-root', inline.facts), contextFor(catalogWith('["b"]'), inline.facts, 'catalog', readFile)).find(
      (f) => f.files,
    )!;
    applyFileChange(fix.files![0]);
    assert.equal(fs.readFileSync(inline.rootsPath, 'utf8'), '{"x": {"description": "X"}, "b": { "description": "TODO: describe this root" }}');
  });

  it('undefined-root: the roots index is read as the editor has it (unsaved text wins)', () => {
    const { rootsPath, facts } = setup('{\n  "zimmer": { "description": "Z" }\n}\n');
    const unsaved = '{\n  "zimmer": { "description": "Z" },\n  "other": { "description": "O" }\n}\n';
    const text = catalogWith('["fleet"]');
    const fix = fixesFor(
      findingOf(text, 'undefined-root', facts),
      contextFor(text, facts, 'catalog', (p) => (p === rootsPath ? unsaved : readFile(p))),
    ).find((f) => f.files)!;
    assert.equal(
      applyEdits(unsaved, fix.files![0].edits),
      '{\n  "zimmer": { "description": "Z" },\n  "other": { "description": "O" },\n  "fleet": {\n    "description": "TODO: describe this root"\n  }\n}\n',
    );
  });

  it("undefined-root in a roots index (a root's own default_in_roots): the root is added to this document", () => {
    const text = '{\n  "main": {\n    "description": "M",\n    "default_in_roots": ["helper"]\n  }\n}';
    const facts = makeFacts({ documentPath: path.join(dir, 'roots.json') });
    const { after, fix } = applyFix(text, 'undefined-root', { kind: 'roots', facts, title: 'Add root "helper" to this roots index' });
    assert.equal(fix.files, undefined);
    assert.equal(
      after,
      '{\n  "main": {\n    "description": "M",\n    "default_in_roots": ["helper"]\n  },\n  "helper": {\n    "description": "TODO: describe this root"\n  }\n}',
    );
  });

  it('undefined-server: the closest server name, keeping @local/', () => {
    const catalogPath = path.join(dir, 'mcp.json');
    const catalogText = '{ "linear": { "type": "stdio", "command": "npx" } }';
    const facts = makeFacts({ documentPath: path.join(dir, 'roots.json'), catalogs: [{ path: catalogPath, text: catalogText }] });
    const text = '{ "main": { "description": "M", "default_mcp_servers": ["lineer", "@local/linaer"] } }';
    const findings = check(text, facts, 'roots').filter((f) => f.code === 'undefined-server');
    assert.equal(findings.length, 2);
    const [bare] = fixesFor(findings[0], contextFor(text, facts, 'roots'));
    assert.equal(bare.title, 'Change to "linear"');
    assert.equal(bare.isPreferred, true);
    const local = fixesFor(findings[1], contextFor(text, facts, 'roots'))[0];
    assert.equal(applyEdits(text, bare.edits), '{ "main": { "description": "M", "default_mcp_servers": ["linear", "@local/linaer"] } }');
    assert.equal(applyEdits(text, local.edits), '{ "main": { "description": "M", "default_mcp_servers": ["lineer", "@local/linear"] } }');
    assert.equal(check(applyEdits(text, [...bare.edits, ...local.edits]), facts, 'roots').filter((f) => f.code === 'undefined-server').length, 0);
  });

  it('unresolved-variable: the env-file edit creates the file when needed and appends NAME=', () => {
    const envPath = path.join(dir, '.env');
    const facts = makeFacts({ documentPath: path.join(dir, 'mcp.json'), envFile: envPath });
    const text = '{ "r": { "type": "sse", "url": "https://${HOST_A}/x", "headers": { "X-Key": "${KEY_B}" } } }';
    const findings = check(text, facts).filter((f) => f.code === 'unresolved-variable');
    assert.equal(findings.length, 2);
    for (const finding of findings) {
      const fix = fixesFor(finding, contextFor(text, facts, 'catalog', readFile)).find((f) => f.files)!;
      applyFileChange(fix.files![0]);
    }
    assert.equal(fs.readFileSync(envPath, 'utf8'), 'HOST_A=\nKEY_B=\n');
    fs.writeFileSync(envPath, 'EXISTING=1');
    const again = fixesFor(findings[0], contextFor(text, facts, 'catalog', readFile)).find((f) => f.files)!;
    assert.equal(again.files![0].create, false);
    applyFileChange(again.files![0]);
    assert.equal(fs.readFileSync(envPath, 'utf8'), 'EXISTING=1\nHOST_A=\n');
  });

  describe('roots-not-found: create the sibling roots index', () => {
    const createFix = (text: string, catalogName = 'mcp.json', facts = makeFacts({ documentPath: path.join(dir, catalogName) })) =>
      fixesFor(findingOf(text, 'roots-not-found', facts), contextFor(text, facts, 'catalog', readFile)).filter((fix) => fix.title.startsWith('Create '));

    it('tab-indented with CRLF, as the catalog is; `*` and remote scopes name no root', () => {
      const text = '{\r\n\t"s": { "type": "stdio", "command": "x", "default_in_roots": ["*", "web", "@acme/repo/z", "web"] }\r\n}\r\n';
      const [fix] = createFix(text);
      assert.equal(fix.title, 'Create roots.json with "web"');
      assert.equal(fix.inFixAll, false);
      assert.deepEqual(fix.edits, [], 'the catalog itself is not edited');
      const change = fix.files![0];
      assert.equal(change.path, path.join(dir, 'roots.json'));
      assert.equal(change.create, true);
      applyFileChange(change);
      assert.equal(fs.readFileSync(change.path, 'utf8'), '{\r\n\t"web": {\r\n\t\t"description": "TODO: describe this root"\r\n\t}\r\n}\r\n');
    });

    it('names at most three roots in its title', () => {
      const text = catalogWith('["a", "b", "c", "d", "e"]');
      const [fix] = createFix(text, 'team-mcp.json');
      assert.equal(fix.title, 'Create team-roots.json with "a", "b", "c" and 2 more');
      assert.deepEqual(Object.keys(JSON.parse(fix.files![0].edits[0].newText) as object), ['a', 'b', 'c', 'd', 'e']);
    });

    it('nothing when only "*" is used, when the file exists, or when a roots index was named but could not be read', () => {
      assert.deepEqual(createFix(catalogWith('["*"]')), []);
      fs.writeFileSync(path.join(dir, 'roots.json'), '');
      assert.deepEqual(createFix(catalogWith('["web"]')), []);
      fs.rmSync(path.join(dir, 'roots.json'));
      const unreadable = makeFacts({ documentPath: path.join(dir, 'mcp.json') });
      unreadable.roots = { via: 'explicit', files: [], remoteSources: [], unread: ['roots.json does not exist'] };
      assert.deepEqual(createFix(catalogWith('["web"]'), 'mcp.json', unreadable), []);
    });
  });
});

describe('quick fixes: IDs between indexes (SPEC §12)', () => {
  const world = makeFacts({ documentPath: '/ws/plugins.json' });
  const withIndexes = {
    ...world,
    artifacts: artifactsFacts([
      artifactIndex('skills', '/ws/skills.json', { 'lint-fix': { description: 'L' } }),
      artifactIndex('references', '/c/a.json', { shared: { description: 'A' } }, 'acme/docs'),
      artifactIndex('references', '/c/b.json', { shared: { description: 'B' } }, 'beta/docs'),
    ]),
  };
  const plugin = (skills: string): string => `{\n  "suite": {\n    "description": "S",\n    "skills": ${skills}\n  }\n}\n`;

  it('undefined-skill: the closest skill, keeping an @local/ prefix (preferred)', () => {
    assert.equal(applyFix(plugin('["lint-fx"]'), 'undefined-skill', { facts: withIndexes, kind: 'plugins' }).after, plugin('["lint-fix"]'));
    assert.equal(applyFix(plugin('["@local/lint-fx"]'), 'undefined-skill', { facts: withIndexes, kind: 'plugins' }).after, plugin('["@local/lint-fix"]'));
  });

  it('ambiguous-reference: each scope’s qualified ID', () => {
    const skill = `{\n  "deploy": {\n    "description": "D",\n    "references": ["shared"]\n  }\n}\n`;
    const { fixes, after } = applyFix(skill, 'ambiguous-reference', { facts: { ...withIndexes, documentPath: '/ws/skills.json' }, kind: 'skills' });
    assert.deepEqual(
      fixes.map((f) => f.title),
      ['Change to "@acme/docs/shared"', 'Change to "@beta/docs/shared"'],
    );
    assert.equal(after, skill.replace('"shared"', '"@acme/docs/shared"'));
  });
});
