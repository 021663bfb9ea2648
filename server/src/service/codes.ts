/**
 * The stable diagnostic codes of SPEC §5 and their default severities.
 * Codes are part of the public contract: settings, the CLI's JSON/SARIF output and quick fixes key on them.
 */

export type Severity = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = Severity | 'off';

export interface CodeInfo {
  /** Default severity; some codes vary by context (see `severityVariant` on a finding). */
  readonly severity: SeveritySetting;
  /** One line for the README rule table, the severity setting's description and SARIF. */
  readonly summary: string;
  /** What makes it fire, for the README rule table (Markdown); none where a sentence says it all. */
  readonly example?: string;
}

export const CODES = {
  'json-syntax': { severity: 'error', summary: 'The file is not parseable as JSON (including an empty file).', example: '`{"a": }`' },
  'json-comment': { severity: 'error', summary: 'A comment: AIR reads the file with JSON.parse, which rejects comments.', example: '`// staging only`' },
  'json-trailing-comma': { severity: 'error', summary: 'A trailing comma, which JSON.parse rejects.', example: '`["-y", "pkg",]`' },
  'json-bom': { severity: 'error', summary: 'A UTF-8 byte-order mark, which JSON.parse rejects.', example: '`\\uFEFF{…}`' },
  'duplicate-key': { severity: 'error', summary: 'A repeated key; the last one silently wins (a warning inside an entry).', example: 'two `"github"` entries' },
  'not-an-object': { severity: 'error', summary: 'The root or an entry is not a JSON object.', example: '`"github": "npx …"`' },
  'invalid-name': { severity: 'error', summary: 'A server or root name breaks the name pattern.', example: '`"my server"`, `"café"`, `"@local/x"`' },
  'unknown-type': { severity: 'error', summary: '`type` is missing or not stdio, sse or streamable-http.', example: '`"type": "http"` → `streamable-http`' },
  'missing-field': {
    severity: 'error',
    summary: 'A required field is missing (stdio `command`, remote `url`, root `description`).',
    example: '`{"type": "stdio"}`',
  },
  'forbidden-field': { severity: 'error', summary: 'A field the transport forbids.', example: '`url` on a stdio server, `args: []` on a remote one' },
  'invalid-value': {
    severity: 'error',
    summary:
      'Any other schema violation (a warning for a placeholder in a URI, and for an empty `oauth.clientId` or `oauth.clientSecret`, which every generator drops).',
    example: '`"title": ""`, `"url": "not a uri"`',
  },
  'unknown-field': {
    severity: 'warning',
    summary: 'An unknown field that spells a known one differently (a hint for other near-misses).',
    example: '`startupTimeoutSec`, `defaultInRoots`, `oauth.client_id` (warnings); `unavailable_reason`, `comand` (hints)',
  },
  'timeout-type': { severity: 'warning', summary: '`startup_timeout_sec` is not a number; Zimmer ignores it.', example: '`"20"` → `20`' },
  'timeout-fractional': { severity: 'warning', summary: '`startup_timeout_sec` is not an integer; Zimmer ignores it (a hint for `20.0`).', example: '`20.5`' },
  'timeout-range': { severity: 'warning', summary: '`startup_timeout_sec` is outside 5–600; Zimmer ignores it.', example: '`4`, `601`' },
  'unavailable-type': { severity: 'warning', summary: '`unavailable` is not a string, so it declares nothing.', example: '`true`' },
  'unavailable-empty': { severity: 'warning', summary: '`unavailable` is empty or blank, so it declares nothing (a hint for `null`).', example: '`"  "`' },
  'unavailable-multiline': { severity: 'warning', summary: '`unavailable` spans several lines; it is shown on one line.', example: '`"down\\nuntil Friday"`' },
  'unavailable-too-long': {
    severity: 'warning',
    summary: 'The normalised `unavailable` reason is over 200 code points and will be cut.',
    example: 'a 250-character reason',
  },
  'unresolved-variable': {
    severity: 'warning',
    summary: 'A required `${VAR}` found in no known variable source.',
    example: '`${GITHUB_TOKEN}` with no `.env` entry',
  },
  'invalid-placeholder': {
    severity: 'error',
    summary: 'A `${…}` that AIR can never resolve.',
    example: '`${FOO-bar}`, `${ FOO }`, `${1FOO}`, `${}`, `${A:-${B}}`',
  },
  'lowercase-variable': { severity: 'warning', summary: "A `${name}` that is not upper-case: invisible to Zimmer's readiness.", example: '`${token}`' },
  'placeholder-not-interpolated': { severity: 'warning', summary: 'A `${…}` in a field that is never substituted.', example: '`"title": "${NAME}"`' },
  'undefined-root': {
    severity: 'error',
    summary: 'A `default_in_roots` item names no root of the roots index.',
    example: '`["zimer"]` → did you mean `zimmer`?',
  },
  'roots-not-found': { severity: 'information', summary: 'The catalog uses `default_in_roots` but no roots index was found.' },
  'undefined-server': { severity: 'error', summary: "A root's legacy `default_mcp_servers` item names no server of its catalogs.", example: '`["githb"]`' },
  'legacy-root-membership': {
    severity: 'warning',
    summary: 'A root-side `default_*` membership array, which AIR ≥ 0.12 silently ignores; move the names to `default_in_roots`.',
    example: '`"web": {"default_mcp_servers": ["github"]}`',
  },
  'shortname-collision': {
    severity: 'error',
    summary: "Two servers, skills or hooks a root gets (its own and its plugins') with one short name: AIR refuses every session on it.",
    example: "`@local/lin` and a plugin's `@acme/tools/lin` on one root",
  },
  'unavailable-default': { severity: 'information', summary: "A root's default server is declared unavailable." },
  'ineffective-field': {
    severity: 'hint',
    summary: "`env` on a remote entry, an `ELICITATION_*` key Zimmer overwrites, or a runtime's own key no generated config carries (a warning).",
    example: '`"ELICITATION_REQUEST_URL": "…"`',
  },
  'reference-not-checked': { severity: 'information', summary: 'A reference into a remote scope that cannot be checked offline (once per file).' },
  'catalog-not-found': { severity: 'information', summary: 'A roots index whose catalogs could not be found.' },
  'hardcoded-secret': { severity: 'warning', summary: 'A literal credential in `env`, `headers`, `args` or `url`.', example: '`"GITHUB_TOKEN": "ghp_…"`' },
  'insecure-transport': {
    severity: 'warning',
    summary: '`http://` to a non-loopback host with credential headers.',
    example: '`http://api.example.com` with `Authorization`',
  },
  'tool-name-collision': {
    severity: 'warning',
    summary: 'Server names equal after Codex sanitising, or a name containing `__`.',
    example: '`a[1]` and `a_1_`; `my__server`',
  },
  'duplicate-server': {
    severity: 'error',
    summary: 'One server name in two catalogs composed by one air.json.',
    example: '`github` in `mcp.json` and `team-mcp.json`',
  },
  'npx-cache-isolated': {
    severity: 'information',
    summary: 'Shares its npx package spec with another entry, so it gets its own npm cache.',
    example: 'two servers on `pkg@1.0.0`',
  },
  'unpinned-package': {
    severity: 'off',
    summary: 'An npx package spec without an exact version (a hint when enabled).',
    example: '`pkg`, `pkg@latest`, `pkg@^1`',
  },
} as const satisfies Record<string, CodeInfo>;

export type Code = keyof typeof CODES;

export const ALL_CODES = Object.keys(CODES) as Code[];

export function isCode(value: string): value is Code {
  return Object.prototype.hasOwnProperty.call(CODES, value);
}

export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['error', 'warning', 'information', 'hint', 'off'];

export function isSeveritySetting(value: unknown): value is SeveritySetting {
  return typeof value === 'string' && (SEVERITY_SETTINGS as readonly string[]).includes(value);
}
