/**
 * Seeded generators of catalogs and roots indexes for the AIR-agreement property test: valid ones,
 * ones broken at the schema level (a wrong type, a missing or forbidden field, a bad URI, a bad
 * name, an entry that is not an object …) and ones broken at the JSON level (a trailing comma, a
 * comment, a BOM, a truncation, single quotes, NaN). The same seed gives the same cases everywhere.
 */

export class Rng {
  constructor(private readonly next: () => number) {}
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }
}

type Entry = Record<string, unknown>;
type Break = (entry: Entry, g: Rng) => void;

const NAMES = ['github', 'slack', 'a_b', 'x-1', 'srv[1]', '$ref', 'Zimmer', 'n0'];
const BAD_NAMES = ['a.b', 'a b', 'café', '', '@local/x', 'a/b'];
const URLS = ['https://mcp.example.com/mcp', 'http://127.0.0.1:8080/sse', 'https://e.example/mcp?x=1#y', 'urn:example:mcp'];

function validStdio(g: Rng): Entry {
  const entry: Entry = { type: 'stdio', command: g.pick(['npx', 'uvx', 'node', '${BIN}']) };
  if (g.chance(0.6)) entry.args = g.pick([[], ['-y', 'pkg@1.0.0'], ['--port', '${PORT:-80}']]);
  if (g.chance(0.4)) entry.env = g.pick([{}, { TOKEN: '${TOKEN}' }, { A: 'b', B: '' }]);
  return withCommonFields(entry, g);
}

function validRemote(g: Rng): Entry {
  const entry: Entry = { type: g.pick(['sse', 'streamable-http']), url: g.pick(URLS) };
  if (g.chance(0.4)) entry.headers = g.pick([{}, { Authorization: 'Bearer ${TOKEN}' }, { 'X-API-Key': '' }]);
  if (g.chance(0.3))
    entry.oauth = g.pick([
      {},
      { clientId: 'abc', scopes: ['read'] },
      { redirectUri: 'http://localhost:8765/cb', authServerMetadataUrl: 'https://a.example/x' },
      { clientSecret: '${S}', extra: 1 },
    ]);
  if (g.chance(0.1)) entry.env = { A: 'b' };
  return withCommonFields(entry, g);
}

function withCommonFields(entry: Entry, g: Rng): Entry {
  if (g.chance(0.3)) entry.title = g.pick(['GitHub', 'x', '😀'.repeat(100)]);
  if (g.chance(0.3)) entry.description = g.pick(['', 'Tools.', '😀'.repeat(500)]);
  if (g.chance(0.2)) entry.default_in_roots = g.pick([[], ['*'], ['zimmer']]);
  if (g.chance(0.2)) entry.unavailable = g.pick(['Login broken.', true, '  ', null]);
  if (g.chance(0.2)) entry.startup_timeout_sec = g.pick([20, 601, '20', 20.5, null]);
  if (g.chance(0.1)) entry[g.pick(['defaultInRoots', 'notes', 'enabled'])] = 1;
  return entry;
}

/** One schema-level break each; some are breaks only for this checker's deliberate differences or for neither. */
const BREAKS: Break[] = [
  (e) => delete e.type,
  (e) => (e.type = 'http'),
  (e) => (e.type = 5),
  (e) => (e.type = 'STDIO'),
  (e) => (e.type === 'stdio' ? delete e.command : delete e.url),
  (e) => (e.type === 'stdio' ? (e.url = 'https://x.example/mcp') : (e.command = 'npx')),
  (e) => (e.type === 'stdio' ? (e.url = null) : (e.args = [])),
  (e) => (e.type === 'stdio' ? (e.headers = {}) : (e.oauth = 'token')),
  (e) => (e.type === 'stdio' ? (e.oauth = { clientId: '' }) : (e.oauth = { clientId: '' })),
  (e) => (e.command = 5),
  (e) => (e.args = 'x'),
  (e) => (e.args = ['a', 1]),
  (e) => (e.env = { A: 1 }),
  (e) => (e.env = []),
  (e) => (e.headers = { A: true }),
  (e) => (e.url = 'not a uri'),
  (e) => (e.url = 'https://${HOST}/mcp'),
  (e) => (e.url = 'http://[bad/'),
  (e) => (e.oauth = { scopes: ['read', ''] }),
  (e) => (e.oauth = { redirectUri: 'nope' }),
  (e) => (e.oauth = { redirectUri: 'http://localhost:${PORT}/cb' }),
  (e) => (e.oauth = { client_id: 'x', redirect_uri: 'not a uri' }),
  (e) => (e.oauth = { authServerMetadataUrl: '' }),
  (e) => (e.title = ''),
  (e) => (e.title = 'x'.repeat(101)),
  (e) => (e.title = 7),
  (e) => (e.description = 'x'.repeat(501)),
  (e) => (e.description = ['x']),
  (e) => (e.default_in_roots = 'zimmer'),
  (e) => (e.default_in_roots = [1]),
  (e) => (e.unavailable = 3),
  (e) => (e.startup_timeout_sec = 4),
];

function serverEntry(g: Rng): unknown {
  if (g.chance(0.04)) return g.pick(['npx server', [], null, 5, true]);
  const entry = g.chance(0.5) ? validStdio(g) : validRemote(g);
  const breaks = g.chance(0.45) ? 1 + g.int(2) : 0;
  for (let i = 0; i < breaks; i++) g.pick(BREAKS)(entry, g);
  return entry;
}

function serialise(value: unknown, g: Rng): string {
  return JSON.stringify(value, null, g.pick([0, 2, '\t']));
}

/** A catalog text (`mcp.json`). */
export function catalogText(g: Rng): string {
  if (g.chance(0.02)) return serialise(g.pick([[], 'x', null, 1]), g);
  const catalog: Record<string, unknown> = {};
  if (g.chance(0.2)) catalog.$schema = g.chance(0.9) ? 'https://pulsemcp.github.io/air/schemas/mcp.schema.json' : 5;
  const count = g.int(5);
  for (let i = 0; i < count; i++) {
    const name = g.chance(0.06) ? g.pick(BAD_NAMES) : `${g.pick(NAMES)}${i}`;
    catalog[name] = serverEntry(g);
  }
  return jsonLevel(serialise(catalog, g), g);
}

const ROOT_BREAKS: ((root: Entry) => void)[] = [
  (r) => delete r.description,
  (r) => (r.description = ''),
  (r) => (r.description = 'x'.repeat(501)),
  (r) => (r.display_name = ''),
  (r) => (r.display_name = 'x'.repeat(101)),
  (r) => (r.default_mcp_servers = 'github'),
  (r) => (r.default_subagent_roots = [1]),
  (r) => (r.user_invocable = 'yes'),
  (r) => (r.url = 5),
  (r) => (r.default_in_roots = 'x'),
];

/** A roots index text (`roots.json`). */
export function rootsText(g: Rng): string {
  if (g.chance(0.02)) return serialise(g.pick([[], 'x', null]), g);
  const roots: Record<string, unknown> = {};
  if (g.chance(0.15)) roots.$schema = 'https://pulsemcp.github.io/air/schemas/roots.schema.json';
  const count = g.int(4);
  for (let i = 0; i < count; i++) {
    const name = g.chance(0.06) ? g.pick([...BAD_NAMES, 'a[1]']) : `${g.pick(['zimmer', 'web', 'api_x', 'r-1'])}${i}`;
    if (g.chance(0.04)) {
      roots[name] = g.pick(['x', [], null]);
      continue;
    }
    const root: Entry = { description: g.pick(['Web app.', '😀'.repeat(500)]) };
    if (g.chance(0.3)) root.display_name = 'Web';
    if (g.chance(0.3)) root.default_mcp_servers = g.pick([[], ['github', '@local/x', '@o/r/y']]);
    if (g.chance(0.2)) root.default_subagent_roots = ['web'];
    if (g.chance(0.2)) root.user_invocable = false;
    if (g.chance(0.4)) g.pick(ROOT_BREAKS)(root);
    roots[name] = root;
  }
  return jsonLevel(serialise(roots, g), g);
}

/** Sometimes break the text itself where JSON.parse would notice (or, for a repeated key, would not). */
function jsonLevel(text: string, g: Rng): string {
  if (!g.chance(0.25)) return text;
  const at = g.int(text.length + 1);
  switch (g.int(8)) {
    case 0: {
      const close = text.lastIndexOf('}');
      return close > 0 ? `${text.slice(0, close)},${text.slice(close)}` : text;
    }
    case 1:
      return `// staging\n${text}`;
    case 2:
      return `\uFEFF${text}`;
    case 3:
      return text.slice(0, at);
    case 4:
      return text.replace(/"([a-z]+)"/, "'$1'");
    case 5:
      return text.replace(/: (\d+|true|null)/, ': NaN');
    case 6:
      return text.length > 2 ? `${text.slice(0, -1)}, "n0": {"type": "stdio", "command": "x"}}` : text;
    default:
      return `${text.slice(0, at)}/* note */${text.slice(at)}`;
  }
}
