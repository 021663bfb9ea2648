import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { hoverAt, type HoverResult } from '../../../server/src/service/language/hover';
import type { LanguageDocument } from '../../../server/src/service/language/document';
import { summariseCatalog, summariseRootsIndex } from '../../../server/src/service/summary';
import { VariableIndex } from '../../../server/src/service/variables';
import { catalogFacts, languageDocument, rootsFacts, variables } from './helpers';

const CORPUS = path.resolve(__dirname, '../../../../test/fixtures/language');
const ZIMMER_MCP = fs.readFileSync(path.join(CORPUS, 'zimmer-mcp.json'), 'utf8');
const ZIMMER_ROOTS = fs.readFileSync(path.join(CORPUS, 'zimmer-roots.json'), 'utf8');

/** Hover on the `nth` occurrence of `needle`, `delta` characters into it. */
function hover(document: LanguageDocument, needle: string, delta = 1, nth = 0): HoverResult | undefined {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = document.text.indexOf(needle, at + 1);
  assert.ok(at >= 0, `${needle} not found`);
  return hoverAt(document, at + delta);
}

function markdown(document: LanguageDocument, needle: string, delta = 1): string {
  const result = hover(document, needle, delta);
  assert.ok(result, `no hover on ${needle}`);
  return result.markdown;
}

const vars = variables(
  { kind: 'known', label: 'names declared in mcpCatalog.knownVariables', names: ['SLACK_BOT_TOKEN'] },
  { kind: 'dotenv', label: '.env', names: ['STRAD_API_KEY'] },
);

function zimmerCatalog(): LanguageDocument {
  return languageDocument(ZIMMER_MCP, 'catalog', catalogFacts(ZIMMER_ROOTS, '/ws/roots.json', vars), '/ws/mcp.json');
}

describe('language: hover on fields', () => {
  it('shows the schema documentation of every known field key', () => {
    const text = JSON.stringify({
      a: { title: 't', description: 'd', type: 'stdio', command: 'x', args: [], env: {}, default_in_roots: [] },
      b: { type: 'sse', url: 'https://x', headers: {}, oauth: { clientId: 'c' } },
    });
    const document = languageDocument(text);
    for (const field of ['title', 'description', 'type', 'command', 'args', 'env', 'default_in_roots', 'url', 'headers', 'oauth']) {
      const result = hover(document, `"${field}"`);
      assert.ok(result, field);
      assert.ok(result.markdown.startsWith(`**\`${field}\`** — `), result.markdown);
      assert.deepEqual(result.range, { start: text.indexOf(`"${field}"`), end: text.indexOf(`"${field}"`) + field.length + 2 });
    }
    assert.match(markdown(document, '"clientId"'), /OAuth client ID/);
  });

  it('shows root-field documentation in a roots index', () => {
    const document = languageDocument(JSON.stringify({ zimmer: { description: 'Z', default_mcp_servers: [] } }), 'roots');
    assert.match(markdown(document, '"description"'), /\*\*Required\.\*\*/);
    assert.match(markdown(document, '"default_mcp_servers"'), /@owner\/repo\/name/);
  });

  it('explains a transport value, and why `http` is not one', () => {
    const document = languageDocument(JSON.stringify({ a: { type: 'sse' }, b: { type: 'http' } }));
    assert.match(markdown(document, '"sse"'), /Server-Sent Events/);
    assert.match(markdown(document, '"http"'), /streamable-http/);
  });

  it('gives no hover outside keys and known values', () => {
    const document = languageDocument('{ "a": { "type": "stdio", "custom": 1 } }');
    assert.equal(hoverAt(document, 0), undefined);
    assert.equal(hover(document, '"custom"'), undefined);
  });
});

describe('language: hover on startup_timeout_sec (SPEC §4.1, §6.4)', () => {
  const timeout = (entry: Record<string, unknown>, onValue = true): string => {
    const text = JSON.stringify({ s: entry });
    const document = languageDocument(text);
    const at = onValue ? text.indexOf('"startup_timeout_sec":') + '"startup_timeout_sec":'.length : text.indexOf('"startup_timeout_sec"') + 2;
    const result = hoverAt(document, at);
    assert.ok(result);
    return result.markdown;
  };

  it('shows the bounds and the per-runtime effect of a short valid value on stdio', () => {
    const md = timeout({ type: 'stdio', command: 'x', startup_timeout_sec: 20 });
    assert.match(md, /whole seconds from 5 to 600/);
    assert.match(md, /`20` is \*\*valid\*\*/);
    assert.match(md, /^Claude: no effect: 180 s is Claude's floor/m);
    assert.match(md, /^Codex: `startup_timeout_sec = 20`/m);
    assert.match(md, /^Pi: `requestTimeoutMs: 180000`: Pi only lengthens/m);
  });

  it('stays compact: no table, one line per runtime, short enough for a hover under a diagnostic', () => {
    const md = timeout({ type: 'stdio', command: 'x', startup_timeout_sec: 4 });
    assert.doesNotMatch(md, /\|/);
    assert.ok(md.split('\n').length <= 8, md);
    assert.ok(md.length < 500, `${md.length} characters`);
  });

  it('shows a long valid value lengthening every runtime', () => {
    const md = timeout({ type: 'streamable-http', url: 'https://x', startup_timeout_sec: 300 }, false);
    assert.match(md, /`MCP_TIMEOUT=300000` for \*\*every\*\* server/);
    assert.match(md, /`startup_timeout_sec = 300`/);
    assert.match(md, /`requestTimeoutMs: 300000`/);
  });

  for (const [value, why] of [
    ['20', /not a number/],
    [4, /outside 5–600/],
    [601, /outside 5–600/],
    [20.5, /not a whole number/],
    [true, /not a number/],
  ] as const) {
    it(`says ${JSON.stringify(value)} is ignored and falls back to the defaults`, () => {
      const md = timeout({ type: 'stdio', command: 'x', startup_timeout_sec: value });
      assert.match(md, /\*\*ignored\*\*/);
      assert.match(md, why);
      assert.match(md, /`MCP_TIMEOUT=180000`, the default/);
      assert.match(md, /`startup_timeout_sec = 180`/);
      assert.match(md, /`requestTimeoutMs: 180000`/);
    });
  }

  it('treats remote defaults as "nothing written" and reads 20.0 as 20', () => {
    const text = '{"s": {"type": "sse", "url": "https://x", "startup_timeout_sec": 20.0}}';
    const md = hoverAt(languageDocument(text), text.indexOf('20.0'))!.markdown;
    assert.match(md, /read as the integer 20; write `20`/);
    assert.match(md, /^Pi: nothing written: Pi only lengthens/m);
  });

  // AIR's Codex adapter and Zimmer's Pi writer build each entry from known fields (SPEC §6.3, §10).
  it("an entry's own startup_timeout_ms and requestTimeoutMs change nothing: the declared value is what each runtime gets", () => {
    const md = timeout({ type: 'stdio', command: 'x', startup_timeout_sec: 300, startup_timeout_ms: 1000, requestTimeoutMs: 5000 });
    assert.match(md, /^Codex: `startup_timeout_sec = 300` on its table/m);
    assert.match(md, /^Pi: `requestTimeoutMs: 300000`$/m);
  });

  it('Pi at exactly 180 s: a remote entry gets nothing (only a longer budget lengthens)', () => {
    const md = timeout({ type: 'sse', url: 'https://x', startup_timeout_sec: 180 });
    assert.match(md, /^Pi: nothing written: Pi only lengthens, so 180 s or less is dropped$/m);
  });
});

describe('language: hover on unavailable (SPEC §4.2)', () => {
  it('shows the normalised reason as displayed', () => {
    const text = JSON.stringify({ s: { type: 'stdio', command: 'x', unavailable: '  vendor\n\toutage   until *Monday* ' } });
    const document = languageDocument(text);
    for (const needle of ['"unavailable"', '"  vendor']) assert.match(markdown(document, needle), /Displayed as:\n\n> vendor outage until \\\*Monday\\\*/);
  });

  it('says when nothing is declared', () => {
    assert.match(
      markdown(languageDocument('{"s": {"unavailable": true}}'), '"unavailable"'),
      /Declares \*\*nothing\*\*: `true` is not a string \(there is no boolean form\)/,
    );
    assert.match(markdown(languageDocument('{"s": {"unavailable": " \\n "}}'), '"unavailable"'), /empty or blank/);
  });
});

describe('language: hover on a server name (SPEC §6.1)', () => {
  it('shows each state of the zimmer catalog with its reason', () => {
    const document = zimmerCatalog();
    assert.match(markdown(document, '"playwright-custom": {'), /Readiness: \*\*ready\*\* \(`no_credential_required`\)/);
    const zimmer = markdown(document, '"zimmer": {');
    assert.match(zimmer, /`missing_configuration`/);
    assert.match(zimmer, /Missing: `ZIMMER_PROD_API_KEY`/);
    assert.match(markdown(document, '"figma": {'), /`needs_authorization`[\s\S]*authorize/);
    assert.match(markdown(document, '"slack-workspace": {'), /`ready`/);
  });

  it('shows declared_unavailable with the normalised reason', () => {
    const text = JSON.stringify({ s: { type: 'stdio', command: 'x', unavailable: 'vendor   outage' } });
    assert.match(markdown(languageDocument(text), '"s"'), /`declared_unavailable`[\s\S]*vendor outage/);
  });

  it('uses an injected readiness function when given one', () => {
    const document = languageDocument('{"s": {"type": "stdio", "command": "x"}}');
    const result = hoverAt(document, 2, {
      readiness: () => ({ servers: [{ name: 's', state: 'needs_reauth', startable: false, reason: 'token expired' }], roots: [] }),
    });
    assert.match(result!.markdown, /needs reauth[\s\S]*token expired/);
  });
});

describe('language: hover on a root name', () => {
  const catalog = JSON.stringify(
    {
      a: { type: 'stdio', command: 'x', default_in_roots: ['zimmer'] },
      b: { type: 'stdio', command: 'y', default_in_roots: ['*'] },
      c: { type: 'stdio', command: 'z', unavailable: 'down' },
      d: { type: 'stdio', command: 'w' },
    },
    null,
    2,
  );
  const roots = JSON.stringify(
    { zimmer: { description: 'The orchestrator', default_mcp_servers: ['c', '@local/a', '@acme/tools/remote'] }, other: { description: 'O' } },
    null,
    2,
  );

  it('lists the servers whose default_in_roots names the root, from the catalog side; root-side default_mcp_servers count for nothing', () => {
    const document = languageDocument(catalog, 'catalog', catalogFacts(roots), '/ws/mcp.json');
    const md = markdown(document, '"zimmer"');
    assert.match(md, /\*\*Root `zimmer`\*\*\n\nThe orchestrator\n/, 'the description from the roots index, right under the title');
    assert.match(md, /Servers on by default \(2\)/);
    assert.match(md, /- `a` \(mcp\.json\) · ready/);
    assert.match(md, /- `b` \(mcp\.json\)/);
    assert.ok(!md.includes('`c`') && !md.includes('`d`') && !md.includes('remote'));
    assert.ok(!/Worst state/.test(md));
  });

  it('lists the same servers from the roots-index side, with the root description', () => {
    const document = languageDocument(roots, 'roots', rootsFacts(catalog));
    const md = markdown(document, '"zimmer"');
    assert.match(md, /The orchestrator/);
    for (const server of ['a', 'b']) assert.match(md, new RegExp(`- \`${server}\` \\(mcp\\.json\\)`));
    assert.ok(!md.includes('- `c`'));
    assert.match(md, /Ignored by AIR ≥ 0\.12, .*`default_mcp_servers`: `c`, `@local\/a`, `@acme\/tools\/remote`\./);
    const other = markdown(document, '"other"');
    assert.match(other, /Servers on by default \(1\)/);
    assert.match(other, /`b`/);
  });

  it('explains "*" and a name that is not a root', () => {
    const document = languageDocument(catalog.replace('"zimmer"', '"zimer"'), 'catalog', catalogFacts(roots));
    assert.match(markdown(document, '"*"'), /every root of the roots index: `zimmer`, `other`/);
    assert.match(markdown(document, '"zimer"'), /`zimer` is \*\*not a root\*\* of `roots\.json`/);
  });

  it('shows a server reference of a roots index', () => {
    const document = languageDocument(roots, 'roots', rootsFacts(catalog));
    assert.match(markdown(document, '"c"'), /\*\*Server `c`\*\* in `mcp\.json`[\s\S]*Declared unavailable: down/);
    assert.match(markdown(document, '"@acme'), /remote scope/);
  });

  it('works on the real zimmer files', () => {
    const catalogSide = markdown(zimmerCatalog(), '"zimmer"\n', 1);
    assert.match(catalogSide, /playwright-custom/);
    const rootsSide = languageDocument(ZIMMER_ROOTS, 'roots', {
      variables: VariableIndex.empty(),
      catalogs: { via: 'sibling', files: [summariseCatalog('/ws/mcp.json', ZIMMER_MCP)], remoteSources: [] },
    });
    assert.match(markdown(rootsSide, '"zimmer"'), /playwright-custom/);
    assert.ok(summariseRootsIndex('/ws/roots.json', ZIMMER_ROOTS).roots.has('zimmer'));
  });
});

describe('language: hover on ${NAME} (names and sources only)', () => {
  const text = JSON.stringify({
    s: {
      type: 'sse',
      url: 'https://${HOST:-x}/mcp',
      headers: { Authorization: 'Bearer ${STRAD_API_KEY}', 'X-Slack': '${SLACK_BOT_TOKEN}', 'X-Missing': '${NOPE}', 'X-Lower': '${lower}' },
      title: '${TITLE}',
    },
  });
  const document = languageDocument(text, 'catalog', { variables: vars });

  it('names the source that defines it, never a value', () => {
    const dotenv = hover(document, '${STRAD', 3)!;
    assert.match(dotenv.markdown, /Source: \.env\./);
    assert.equal(text.slice(dotenv.range.start, dotenv.range.end), '${STRAD_API_KEY}');
    assert.match(markdown(document, '${SLACK', 3), /Source: names declared in mcpCatalog\.knownVariables/);
  });

  it('says when no source defines it, what was searched, and how to declare it', () => {
    const md = markdown(document, '${NOPE', 3);
    assert.match(md, /Set in \*\*no source\*\*/);
    assert.match(md, /searched names declared in mcpCatalog\.knownVariables and \.env/);
    assert.match(md, /`NOPE=`/);
  });

  it('notes defaults, lower-case names and fields that are never substituted', () => {
    assert.match(markdown(document, '${HOST', 3), /never missing/);
    assert.match(markdown(document, '${lower', 3), /Not upper-case/);
    assert.match(markdown(document, '${TITLE', 3), /never substituted/);
  });

  it('maps escaped text back to the placeholder span', () => {
    const escaped = '{"s": {"env": {"A": "x\\u0024{STRAD_API_KEY}y"}}}';
    const result = hover(languageDocument(escaped, 'catalog', { variables: vars }), 'STRAD', 0)!;
    assert.equal(escaped.slice(result.range.start, result.range.end), '\\u0024{STRAD_API_KEY}');
  });
});
