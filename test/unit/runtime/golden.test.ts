import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { previewRuntimeConfig, type RuntimeName } from '../../../server/src/service/runtime';
import { fixture, readFixture, REPO_ROOT } from './helpers';

/**
 * Golden files per runtime (SPEC §6.3, §6.5, §6.6): one catalog with a server per translation
 * branch (test/fixtures/runtime-golden/mcp.json), previewed through the core and through the built
 * `mcp-catalog` as a process, each compared byte for byte with the file the runtime receives.
 * Where a server derives from an upstream test case, it is named here:
 *
 * | server | branch | upstream test case |
 * | --- | --- | --- |
 * | literal | literal env → `env` table | AIR codex-adapter.test.ts (6ee86989) "translates stdio servers with literal env into an env table"; cursor-adapter.test.ts (1afc90f2) "translates stdio servers with literal env, stripping metadata" |
 * | same | same-name reference → `env_vars` | AIR codex "forwards a ${VAR} env reference whose key matches via env_vars"; cursor "rewrites a ${VAR} env reference to Cursor's ${env:VAR} without warning" |
 * | renamed | renamed reference → `sh -c` shim; the npx launch loses Zimmer's npm cache | AIR codex "rebinds a renamed ${VAR} env reference via a sh -c shim and forwards the source var"; cursor "rewrites a renamed ${VAR} env reference cleanly (no warning)" |
 * | partial | partial reference → shim, a word with `'` | AIR codex "rebinds a partial Bearer-style ${VAR} env value via a sh -c shim" |
 * | unsafe | reference that is no plain name → literal + warning | AIR codex "does NOT shim a ${VAR} reference carrying shell syntax — keeps it literal + warns" |
 * | bearer | `Authorization: Bearer ${X}` → `bearer_token_env_var` | AIR codex "maps an Authorization: Bearer ${VAR} header to bearer_token_env_var"; cursor "rewrites a partial ${VAR} header cleanly (no warning)" |
 * | whole | whole-value header → `env_http_headers`; sse | AIR codex "maps a ${VAR} header to env_http_headers and literal headers to http_headers", "handles sse servers via the same url-based shape" |
 * | partialHeader | other partial header → literal + warning | AIR codex "warns and keeps a non-Bearer partial header literal (no Codex expression)" |
 * | oauth, oauth2 | `client_id`, the first `redirectUri` global, scopes warned; a second URI warned | AIR codex "emits per-server oauth.client_id and a global mcp_oauth_callback_url", "warns and keeps the first URI when servers declare distinct redirect URIs" |
 * | slow | empty args/env omitted, Codex-native keys dropped, declared timeout | Zimmer pi_mcp_config_post_processor.rb (06cda448) apply_startup_timeouts!; its test pi_mcp_config_post_processor_test.rb (4a294d5e, older: the flat budget) "every seeded stdio server gets the shared MCP startup budget", "an http server is not given a startup budget" |
 * | literal, whole, oauth, oauth2 (Claude) | stdio `{command, args?, env?}`; sse keeps its type; oauth → `callbackPort` from `redirectUri` (none for a default port) | AIR claude-adapter.test.ts (ecd3217d, an older stored version) "translates stdio servers", "strips title and description from output", "preserves type field for sse servers", "translates OAuth with callbackPort from redirectUri" |
 * | literal, same, whole, oauth2 (Pi) | stdio carries `"type": "stdio"`; remote headers always (`{}`); sse keeps its type; no oauth | Zimmer pi_mcp_config_post_processor_test.rb (4a294d5e) "seeds the session's configured MCP servers even though AIR wrote no config" (type stdio) |
 */

const CATALOG = fixture('runtime-golden', 'mcp.json');
const NAMED = ['literal', 'same', 'renamed', 'partial', 'unsafe', 'bearer', 'whole', 'partialHeader', 'oauth', 'oauth2', 'slow'];
const BIN = path.join(REPO_ROOT, 'dist', 'cli.js');

interface Golden {
  runtime: RuntimeName;
  session: boolean;
  path: string;
  golden: string;
  env: Record<string, string>;
  warnings: RegExp[];
}

const CODEX_WARNINGS = [
  /^"unsafe": env `EVIL` cannot be forwarded/,
  /^"partialHeader": header `X-Api-Key` has a `\$\{…\}` inside a larger value/,
  /^"oauth": oauth\.scopes has no Codex equivalent and is dropped/,
  /^Servers declare different oauth\.redirectUri values \("https:\/\/cb\.example\.com\/callback", "http:\/\/localhost:8765\/callback"\)/,
  /^"renamed": AIR wraps this npx launch in an `sh -c` shim/,
];

const GOLDENS: Golden[] = [
  { runtime: 'codex', session: false, path: '.codex/config.toml', golden: 'codex-golden.toml', env: {}, warnings: CODEX_WARNINGS },
  { runtime: 'codex', session: true, path: '.codex/config.toml', golden: 'codex-session-golden.toml', env: {}, warnings: CODEX_WARNINGS },
  { runtime: 'pi', session: false, path: '.mcp.json', golden: 'pi-golden.json', env: {}, warnings: [] },
  {
    runtime: 'claude',
    session: false,
    path: '.mcp.json',
    golden: 'claude-golden.json',
    env: { MCP_TIMEOUT: '300000', NPM_CONFIG_CACHE: '<clone>/.npm-cache', ENABLE_TOOL_SEARCH: 'true' },
    warnings: [],
  },
  { runtime: 'cursor', session: false, path: '.cursor/mcp.json', golden: 'cursor-golden.json', env: {}, warnings: [] },
];

const ZIMMER_URL = 'https://z.test';

describe('runtime: golden files per runtime, through the core and through `mcp-catalog preview` as a process', function () {
  for (const expected of GOLDENS) {
    const label = `${expected.runtime}${expected.session ? ' (a session: all servers)' : ''} → ${expected.golden}`;

    it(`core: ${label}`, () => {
      const outcome = previewRuntimeConfig(fs.readFileSync(CATALOG, 'utf8'), {
        runtime: expected.runtime,
        selection: expected.session ? { kind: 'all' } : { kind: 'servers', names: NAMED },
        zimmerUrl: ZIMMER_URL,
      });
      assert.ok(outcome.ok);
      assert.deepEqual(outcome.config.files, [{ path: expected.path, content: readFixture('runtime-golden', expected.golden) }]);
      assert.deepEqual(outcome.config.env, expected.env);
      assertWarnings(outcome.config.warnings, expected.warnings);
    });

    it(`node dist/cli.js preview --format json: ${label}`, function () {
      if (!fs.existsSync(BIN)) this.skip();
      const selection = expected.session ? [] : NAMED.flatMap((name) => ['--server', name]);
      const run = spawnSync(
        process.execPath,
        [BIN, 'preview', '--runtime', expected.runtime, ...selection, '--zimmer-url', ZIMMER_URL, '--format', 'json', CATALOG],
        {
          encoding: 'utf8',
        },
      );
      assert.equal(run.status, 0, run.stderr);
      const json = JSON.parse(run.stdout) as { runtime: string; files: { path: string; content: string }[]; env: Record<string, string>; warnings?: string[] };
      assert.equal(json.runtime, expected.runtime);
      assert.deepEqual(json.files, [{ path: expected.path, content: readFixture('runtime-golden', expected.golden) }]);
      assert.deepEqual(json.env, expected.env);
      assertWarnings(json.warnings ?? [], expected.warnings);
    });
  }
});

function assertWarnings(actual: readonly string[], expected: readonly RegExp[]): void {
  assert.equal(actual.length, expected.length, actual.join('\n'));
  expected.forEach((pattern, index) => assert.match(actual[index], pattern));
}
