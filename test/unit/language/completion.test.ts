import { strict as assert } from 'node:assert';
import { completeAt, type CompletionCandidate } from '../../../server/src/service/language/completion';
import { escapeSnippet, shiftTabStops, snippetToPlain } from '../../../server/src/service/language/snippets';
import type { LanguageDocument } from '../../../server/src/service/language/document';
import { checkDocument } from '../../../server/src/service/engine';
import { facts as unitFacts } from '../helpers';
import { at, catalogFacts, rootsFacts, variables } from './helpers';

const PLAIN = { snippets: false };
const SNIPPETS = { snippets: true };

function labels(candidates: CompletionCandidate[]): string[] {
  return candidates.map((c) => c.label);
}

function find(candidates: CompletionCandidate[], label: string): CompletionCandidate {
  const found = candidates.find((c) => c.label === label);
  assert.ok(found, `no ${label} among ${JSON.stringify(labels(candidates))}`);
  return found;
}

/** The text after applying a candidate (and its additional edits, last first). */
function apply(document: LanguageDocument, candidate: CompletionCandidate): string {
  const edits = [{ ...candidate.range, newText: candidate.insertText }, ...(candidate.additionalEdits ?? [])].sort((a, b) => b.start - a.start);
  let text = document.text;
  for (const edit of edits) text = text.slice(0, edit.start) + edit.newText + text.slice(edit.end);
  return text;
}

const ROOTS = JSON.stringify({ zimmer: { description: 'Z' }, strad: { description: 'S' }, $weird: { description: 'W' } }, null, 2);

describe('language: completion of property names', () => {
  it('offers every known field of an empty entry, with documentation from the schema', () => {
    const { document, offset } = at('{\n  "a": {\n    |\n  }\n}');
    const items = completeAt(document, offset, SNIPPETS);
    for (const name of [
      'type',
      'command',
      'args',
      'env',
      'url',
      'headers',
      'oauth',
      'title',
      'description',
      'default_in_roots',
      'unavailable',
      'startup_timeout_sec',
    ])
      find(items, name);
    assert.match(find(items, 'startup_timeout_sec').documentation ?? '', /5.*600/);
    assert.equal(find(items, 'type').sortText![0], '0', 'type is required, so it sorts first');
  });

  it('leaves out fields already present and fields the transport forbids', () => {
    const { document, offset } = at('{"a": {"type": "stdio", "command": "npx", |}}');
    const names = labels(completeAt(document, offset, SNIPPETS));
    for (const gone of ['type', 'command', 'url', 'headers', 'oauth']) assert.ok(!names.includes(gone), `${gone} should not be offered`);
    assert.ok(names.includes('args') && names.includes('env'));
    const remote = at('{"a": {"type": "sse", |}}');
    const remoteNames = labels(completeAt(remote.document, remote.offset, SNIPPETS));
    assert.ok(!remoteNames.includes('command') && !remoteNames.includes('args'));
    assert.equal(find(completeAt(remote.document, remote.offset, SNIPPETS), 'url').detail, 'required for sse');
  });

  it('inserts a snippet with a tab stop, or plain text that is valid JSON without snippet support', () => {
    const { document, offset } = at('{"a": {"type": "stdio", |}}');
    const snippet = find(completeAt(document, offset, SNIPPETS), 'command');
    assert.equal(snippet.snippet, true);
    assert.equal(snippet.insertText, '"command": "$1"');
    const plain = find(completeAt(document, offset, PLAIN), 'command');
    assert.equal(plain.snippet, false);
    assert.equal(plain.insertText, '"command": ""');
    assert.deepEqual(JSON.parse(apply(document, plain)), { a: { type: 'stdio', command: '' } });
    const type = find(completeAt(at('{"a": {|}}').document, at('{"a": {|}}').offset, SNIPPETS), 'type');
    assert.equal(type.insertText, '"type": "${1|stdio,streamable-http,sse|}"');
  });

  it('replaces a partly typed key with its quotes, even when the string is not closed yet', () => {
    const { document, offset } = at('{"a": {\n  "com|\n}}');
    const command = find(completeAt(document, offset, PLAIN), 'command');
    assert.deepEqual(command.range, { start: document.text.indexOf('"com'), end: document.text.indexOf('"com') + 4 });
    assert.equal(command.filterText, '"command"');
    assert.deepEqual(JSON.parse(apply(document, command)), { a: { command: '' } });
  });

  it('replaces only the key when the property already has a value', () => {
    const { document, offset } = at('{"a": {"type": "stdio", "comm|and_x": "npx"}}');
    const command = find(completeAt(document, offset, SNIPPETS), 'command');
    assert.equal(command.insertText, '"command"');
    assert.deepEqual(JSON.parse(apply(document, command)), { a: { type: 'stdio', command: 'npx' } });
  });

  it('adds the comma after the new property when another one follows, and before it when the previous one has none', () => {
    const before = at('{"a": {"type": "stdio", | "command": "npx"}}');
    const args = find(completeAt(before.document, before.offset, PLAIN), 'args');
    assert.deepEqual(JSON.parse(apply(before.document, args)), { a: { type: 'stdio', args: [], command: 'npx' } });

    const after = at('{"a": {"type": "stdio"\n  |\n}}');
    const command = find(completeAt(after.document, after.offset, PLAIN), 'command');
    assert.ok(command.additionalEdits?.length === 1);
    assert.deepEqual(JSON.parse(apply(after.document, command)), { a: { type: 'stdio', command: '' } });
  });

  it('offers root-index fields in a roots index, description first', () => {
    const { document, offset } = at('{"zimmer": {|}}', 'roots');
    const items = completeAt(document, offset, SNIPPETS);
    for (const name of ['description', 'display_name', 'url', 'default_branch', 'default_mcp_servers', 'default_in_roots', 'user_invocable']) find(items, name);
    assert.equal(find(items, 'description').sortText![0], '0');
    assert.ok(!labels(items).includes('command'));
  });

  it('offers OAuth fields inside `oauth`', () => {
    const { document, offset } = at('{"a": {"type": "sse", "url": "https://x", "oauth": {|}}}');
    const names = labels(completeAt(document, offset, SNIPPETS));
    assert.deepEqual(names.sort(), ['authServerMetadataUrl', 'clientId', 'clientSecret', 'redirectUri', 'scopes']);
  });
});

describe('language: completion of whole entries', () => {
  const text = '{\n  "existing": {"type": "stdio", "command": "x"},\n  |\n}';

  it('offers a new stdio, streamable-http and sse server at a top-level key position', () => {
    const { document, offset } = at(text);
    const items = completeAt(document, offset, SNIPPETS);
    for (const label of ['New stdio server', 'New streamable-http server', 'New sse server']) assert.equal(find(items, label).kind, 'entry');
    find(items, '$schema');
  });

  it('snippet entries name the server in the first tab stop and keep the schema snippet stops after it', () => {
    const { document, offset } = at(text);
    const stdio = find(completeAt(document, offset, SNIPPETS), 'New stdio server');
    assert.ok(stdio.insertText.startsWith('"${1:server-name}": {'), stdio.insertText);
    assert.match(stdio.insertText, /"command": "\$\{4:npx\}"/);
    assert.match(stdio.insertText, /\$\{5:package@1\.0\.0\}/);
  });

  for (const [label, expected] of [
    ['New stdio server', { type: 'stdio', command: 'npx', args: ['-y', 'package@1.0.0'] }],
    ['New streamable-http server', { type: 'streamable-http', url: 'https://example.com/mcp' }],
    ['New sse server', { type: 'sse', url: 'https://example.com/mcp' }],
  ] as const) {
    it(`"${label}" without snippet support inserts valid JSON with the required fields pre-filled`, () => {
      const { document, offset } = at(text);
      const item = find(completeAt(document, offset, PLAIN), label);
      assert.ok(!item.insertText.includes('$'), item.insertText);
      const parsed = JSON.parse(apply(document, item)) as Record<string, Record<string, unknown>>;
      assert.deepEqual(Object.keys(parsed), ['existing', 'server-name']);
      for (const [key, value] of Object.entries(expected)) assert.deepEqual(parsed['server-name'][key], value);
      // Indented like the rest of the file.
      assert.match(apply(document, item), /\n {2}"server-name": \{\n {4}"title"/);
      // Every placeholder left as it is is a valid value: no error or warning while tabbing through.
      const problems = checkDocument(apply(document, item), 'catalog', unitFacts()).findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
      assert.deepEqual(problems, []);
    });
  }

  it('orders the new-server templates stdio, streamable-http, then the legacy sse', () => {
    const { document, offset } = at(text);
    const entries = completeAt(document, offset, SNIPPETS).filter((item) => item.kind === 'entry' && item.label.startsWith('New '));
    const order = entries.sort((x, y) => x.sortText!.localeCompare(y.sortText!)).map((item) => item.label);
    assert.deepEqual(order, ['New stdio server', 'New streamable-http server', 'New sse server']);
  });

  it("offers nothing while an existing entry's name is edited", () => {
    const { document, offset } = at('{\n  "git|hub": {"type": "stdio", "command": "x"}\n}');
    assert.deepEqual(completeAt(document, offset, SNIPPETS), []);
  });

  it('keeps a name already typed as the entry name', () => {
    const { document, offset } = at('{\n  "my-serv|\n}');
    const item = find(completeAt(document, offset, PLAIN), 'New sse server');
    assert.equal(item.filterText, '"my-serv');
    assert.equal((JSON.parse(apply(document, item)) as Record<string, { type: string }>)['my-serv'].type, 'sse');
  });

  it('offers the fields of a new server inside an empty entry', () => {
    const { document, offset } = at('{\n  "a": {\n    |\n  }\n}');
    const item = find(completeAt(document, offset, PLAIN), 'streamable-http server fields');
    assert.deepEqual(JSON.parse(apply(document, item)), {
      a: { title: 'Server title', description: 'What this server gives the agent', type: 'streamable-http', url: 'https://example.com/mcp' },
    });
  });

  it('offers a new root entry in a roots index', () => {
    const { document, offset } = at('{\n  |\n}', 'roots');
    const item = find(completeAt(document, offset, PLAIN), 'New root');
    assert.deepEqual(JSON.parse(apply(document, item)), { 'root-name': { description: 'What sessions on this root work on' } });
  });

  it('adds the separating comma after a previous entry without one', () => {
    const { document, offset } = at('{\n  "a": {"type": "sse", "url": "https://x"}\n  |\n}');
    const item = find(completeAt(document, offset, PLAIN), 'New stdio server');
    assert.deepEqual(Object.keys(JSON.parse(apply(document, item)) as object), ['a', 'server-name']);
  });
});

describe('language: completion of values', () => {
  it('offers the three transports with their enum descriptions, replacing the partial string', () => {
    const { document, offset } = at('{"a": {"type": "st|"}}');
    const items = completeAt(document, offset, SNIPPETS);
    assert.deepEqual(labels(items), ['stdio', 'sse', 'streamable-http']);
    assert.match(find(items, 'sse').documentation ?? '', /Server-Sent Events/);
    assert.deepEqual(JSON.parse(apply(document, find(items, 'streamable-http'))), { a: { type: 'streamable-http' } });
  });

  it('offers transports after `"type":` with nothing typed yet', () => {
    const { document, offset } = at('{"a": {"type": |}}');
    assert.deepEqual(JSON.parse(apply(document, find(completeAt(document, offset, PLAIN), 'stdio'))), { a: { type: 'stdio' } });
  });

  it('offers root names of the roots index and "*" inside default_in_roots, without the ones already listed', () => {
    const facts = catalogFacts(ROOTS);
    const { document, offset } = at('{"a": {"type": "stdio", "command": "x", "default_in_roots": ["strad", "|"]}}', 'catalog', facts);
    const items = completeAt(document, offset, SNIPPETS);
    assert.deepEqual(labels(items), ['zimmer', '$weird', '*']);
    assert.equal(find(items, 'zimmer').detail, 'root in roots.json');
    // `$` is snippet syntax: escaped in the snippet, literal in the result.
    assert.equal(find(items, '$weird').insertText, '"\\$weird"');
    assert.equal(find(completeAt(document, offset, PLAIN), '$weird').insertText, '"$weird"');
    assert.deepEqual(JSON.parse(apply(document, find(completeAt(document, offset, PLAIN), 'zimmer'))), {
      a: { type: 'stdio', command: 'x', default_in_roots: ['strad', 'zimmer'] },
    });
  });

  it('offers root names in an empty default_in_roots array', () => {
    const { document, offset } = at('{"a": {"default_in_roots": [|]}}', 'catalog', catalogFacts(ROOTS));
    const item = find(completeAt(document, offset, PLAIN), 'zimmer');
    assert.deepEqual(JSON.parse(apply(document, item)), { a: { default_in_roots: ['zimmer'] } });
  });

  it("offers server names of the catalogs inside a root's default_mcp_servers, flagging unavailable ones", () => {
    const catalog = JSON.stringify({
      github: { type: 'stdio', command: 'x' },
      figma: { type: 'sse', url: 'https://x', unavailable: 'vendor outage' },
      linear: { type: 'stdio', command: 'y' },
    });
    const { document, offset } = at('{"zimmer": {"description": "Z", "default_mcp_servers": ["@local/linear", "|"]}}', 'roots', rootsFacts(catalog));
    const items = completeAt(document, offset, SNIPPETS);
    assert.deepEqual(labels(items), ['github', 'figma']);
    assert.equal(find(items, 'figma').detail, 'server in mcp.json (unavailable)');
    assert.match(find(items, 'figma').documentation ?? '', /vendor outage/);
  });

  it("offers the other roots of the same index inside a root's default_in_roots", () => {
    const { document, offset } = at('{"zimmer": {"description": "Z"}, "sub": {"description": "S", "default_in_roots": ["|"]}}', 'roots');
    assert.deepEqual(labels(completeAt(document, offset, SNIPPETS)), ['zimmer', '*']);
  });
});

describe('language: completion of variable names', () => {
  const vars = variables(
    { kind: 'known', label: 'names declared in mcpCatalog.knownVariables', names: ['SLACK_BOT_TOKEN'] },
    { kind: 'dotenv', label: '.env', names: ['STRAD_API_KEY'] },
    { kind: 'process', label: 'the process environment', names: ['PATH'] },
  );
  const facts = { variables: vars };

  it("ranks the catalog's own names, then declared ones, then the process environment without the editor's own variables", () => {
    const withRuntime = variables(
      { kind: 'dotenv', label: '.env', names: ['STRAD_API_KEY'] },
      {
        kind: 'process',
        label: 'the process environment',
        names: ['AAA_PLANTED', 'SHLVL', '_', 'VSCODE_PID', 'ELECTRON_RUN_AS_NODE', 'OLDPWD', 'XDG_RUNTIME_DIR', 'lower_case'],
      },
    );
    const { document, offset } = at('{"a": {"type": "stdio", "command": "x", "args": ["${USED_HERE}"], "env": {"TOKEN": "${|"}}}', 'catalog', {
      variables: withRuntime,
    });
    const items = completeAt(document, offset, SNIPPETS);
    const order = [...items].sort((x, y) => x.sortText!.localeCompare(y.sortText!)).map((item) => item.label);
    assert.deepEqual(order, ['TOKEN', 'USED_HERE', 'STRAD_API_KEY', 'AAA_PLANTED', 'lower_case']);
    assert.equal(find(items, 'TOKEN').detail, 'the name of this env key');
    assert.equal(find(items, 'USED_HERE').detail, 'used in this catalog');
  });

  it('offers the env key being written first, in a fresh folder too: "GITHUB_PERSONAL_ACCESS_TOKEN": "${', () => {
    const fresh = variables({ kind: 'process', label: 'the process environment', names: ['AWS_CA_BUNDLE', 'DEBIAN_FRONTEND', 'HOME'] });
    const { document, offset } = at('{"gh": {"type": "stdio", "command": "x", "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${|"}}}', 'catalog', {
      variables: fresh,
    });
    const items = completeAt(document, offset, SNIPPETS);
    const order = [...items].sort((x, y) => x.sortText!.localeCompare(y.sortText!)).map((item) => item.label);
    assert.equal(order[0], 'GITHUB_PERSONAL_ACCESS_TOKEN');
    assert.deepEqual(
      JSON.parse(
        apply(
          document,
          items.find((item) => item.label === order[0])!,
        ),
      ),
      {
        gh: { type: 'stdio', command: 'x', env: { GITHUB_PERSONAL_ACCESS_TOKEN: '${GITHUB_PERSONAL_ACCESS_TOKEN}' } },
      },
    );
    // Only an env key names its variable: a header's name (`Authorization`) does not.
    const header = at('{"r": {"type": "sse", "url": "https://h", "headers": {"Authorization": "Bearer ${|"}}}', 'catalog', { variables: fresh });
    assert.ok(!completeAt(header.document, header.offset, SNIPPETS).some((item) => item.label === 'Authorization'));
  });

  it('offers names after `${` in a substituted value, closing the placeholder', () => {
    const { document, offset } = at('{"a": {"type": "stdio", "command": "x", "env": {"TOKEN": "${|"}}}', 'catalog', facts);
    const items = completeAt(document, offset, SNIPPETS);
    assert.deepEqual(labels(items).sort(), ['PATH', 'SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'TOKEN']);
    const item = find(items, 'STRAD_API_KEY');
    assert.equal(item.detail, 'set in .env');
    assert.equal(item.snippet, false);
    assert.deepEqual(JSON.parse(apply(document, item)), { a: { type: 'stdio', command: 'x', env: { TOKEN: '${STRAD_API_KEY}' } } });
  });

  it('replaces a partial name and keeps an existing `}` or default', () => {
    const { document, offset } = at('{"a": {"type": "sse", "url": "https://h/${SL|ACK}/x", "headers": {}}}', 'catalog', facts);
    const item = find(completeAt(document, offset, SNIPPETS), 'SLACK_BOT_TOKEN');
    assert.equal((JSON.parse(apply(document, item)) as { a: { url: string } }).a.url, 'https://h/${SLACK_BOT_TOKEN}/x');
    const withDefault = at('{"a": {"args": ["${ST|:-x}"]}}', 'catalog', facts);
    const second = find(completeAt(withDefault.document, withDefault.offset, SNIPPETS), 'STRAD_API_KEY');
    assert.deepEqual((JSON.parse(apply(withDefault.document, second)) as { a: { args: string[] } }).a.args, ['${STRAD_API_KEY:-x}']);
  });

  it('offers nothing in fields that are never substituted', () => {
    for (const text of ['{"a": {"title": "${|"}}', '{"a": {"description": "${|"}}', '{"a": {"env": {"${|": "x"}}}']) {
      const { document, offset } = at(text, 'catalog', facts);
      assert.ok(!completeAt(document, offset, SNIPPETS).some((c) => c.kind === 'variable'), text);
    }
  });
});

describe('language: completion never fails on broken or odd input', () => {
  for (const text of [
    '|',
    '|{}',
    '{|',
    '[|]',
    '{"a": |',
    '{"a": {"b": [{"c": |}]}}',
    '"|"',
    '{"a": {"type": "stdio", "env": {"X": "${A}${|"}}}',
    '{"\\u0061": {|}}',
    '\uFEFF{|}',
  ]) {
    it(`handles ${JSON.stringify(text)}`, () => {
      const { document, offset } = at(text);
      assert.doesNotThrow(() => completeAt(document, offset, SNIPPETS));
      assert.doesNotThrow(() => completeAt(document, offset, PLAIN));
    });
  }
});

describe('language: snippet helpers', () => {
  it('degrades snippet syntax to plain text', () => {
    assert.equal(snippetToPlain('"$1"'), '""');
    assert.equal(snippetToPlain('"${1:npx}"'), '"npx"');
    assert.equal(snippetToPlain('"${1|stdio,sse|}"'), '"stdio"');
    assert.equal(snippetToPlain('"\\$weird" \\} \\\\'), '"$weird" } \\');
    assert.equal(snippetToPlain('${1:outer ${2:inner}}'), 'outer inner');
  });

  it('escapes snippet syntax and renumbers tab stops', () => {
    assert.equal(escapeSnippet('a$b}c\\d'), 'a\\$b\\}c\\\\d');
    assert.equal(shiftTabStops('$1 ${2:x} $3$4 \\$5', 1), '$2 ${3:x} $4$5 \\$5');
  });
});
