/**
 * Catalog entries towards every edge the rules and the schema draw: the parity tier's random
 * entries (test/parity/).
 */
import type { Rng } from '../fuzz/rng';
import { KNOWN_NAMES } from '../fuzz/workspace';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** An entry as written in a catalog: its name, its value and the value's text. */
export interface WrittenEntry {
  readonly name: string;
  readonly value: unknown;
  readonly slice: string;
}

/** The entries of a catalog text JSON.parse reads (none when it cannot), each written on its own. */
export function entriesOf(text: string): WrittenEntry[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return [];
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return [];
  return Object.entries(parsed as Record<string, unknown>)
    .filter(([name]) => name !== '$schema')
    .map(([name, value]) => ({ name, value, slice: JSON.stringify(value, null, 2) }));
}

export const TOKEN = 'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8';
const KNOWN = KNOWN_NAMES[0];

/** Values at and around every edge a rule or the schema draws, per field. */
export const EDGES: Record<string, Json[]> = {
  title: ['', 'x', 'x'.repeat(100), 'x'.repeat(101), 'a ${HOME}', '${' + KNOWN + '}', 5, null, ['t']],
  description: ['', 'x'.repeat(500), 'x'.repeat(501), 'uses ${' + KNOWN + '}', 'plain words', 5, null],
  type: ['stdio', 'sse', 'streamable-http', 'http', 'STDIO', '', 5, null],
  command: ['npx', 'uvx', 'node', '${' + KNOWN + '}', '${UNKNOWN_COMMAND}', '${HOME}/bin/x', '$HOME/x', '', 42, null, ['npx']],
  args: [
    [],
    ['-y', 'pkg@latest'],
    ['-y', 'pkg@1.2.3'],
    ['-y', 'pkg'],
    ['-p', 'a@1.0.0', 'b'],
    // How npx reads its options (runtime/npmCache.ts): the scanner reads the spec after -y/--yes only.
    ['--yes', 'pkg@1.0.0', '--flag'],
    ['-y', '--yes', '-y', 'pkg'],
    ['-y'],
    ['-y', ''],
    ['', 'pkg'],
    ['-', 'pkg'],
    ['-y', '--', 'pkg'],
    ['--', '-weird'],
    ['-y', '-p', 'a', 'cmd'],
    ['-y', '--package=a', 'cmd'],
    ['-y', '-p=a', 'cmd'],
    ['-y', '--prefix', '/opt/x', 'pkg'],
    ['-q', 'pkg'],
    ['-yes', 'pkg'],
    ['pkg@2', '-y', 'other'],
    ['${' + KNOWN + '}'],
    ['${UNKNOWN_ARG}'],
    ['--token', TOKEN],
    ['--header', 'Authorization: Bearer abcdefghijklmnopqrstuvwxyz0123'],
    ['${A:-default}'],
    [1],
    [null],
    'not an array',
  ],
  env: [
    {},
    { ELICITATION_TTL_MS: '1' },
    { ELICITATION_REQUEST_URL: '${' + KNOWN + '}' },
    { '${KEY}': 'v' },
    { KEY: '${UNKNOWN_VARIABLE}' },
    { KEY: '${' + KNOWN + '}' },
    { KEY: '${' + KNOWN + ':-fallback}' },
    { KEY: '${lower}' },
    { KEY: 5 },
    { KEY: 'sk-' + 'abcdefghij0123456789klmn' },
    { KEY: TOKEN },
    { KEY: 'Bearer ${' + KNOWN + '}' },
    { KEY: 'Bearer${' + KNOWN + '}xxxxxxxxxxxxxxxx' },
    { KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJl' },
    { KEY: 'EYJ-not-a-token-but-long-enough' },
    { NPM_CONFIG_CACHE: '/tmp/cache' },
    // The timeout rule reads every `"startup_timeout_sec":` of the entry's text, a map key's too.
    { startup_timeout_sec: 'x' },
    { startup_timeout_sec: '30' },
    JSON.parse('{"__proto__": "x"}') as Json,
    [],
    null,
  ],
  headers: [
    {},
    { Authorization: 'Bearer abcdefghijklmnopqrstuvwxyz0123' },
    { Authorization: 'Bearer ${' + KNOWN + '}' },
    { Authorization: 'bearer ${UNKNOWN_TOKEN}' },
    { 'X-${A}': 'v' },
    { 'X-API-Key': TOKEN },
    { A: 1 },
    'x',
  ],
  url: [
    'https://mcp.example.com/mcp',
    'https://mcp.example.com/mcp?workspace=team-1&x=y',
    'https://mcp.example.com:8443/sse',
    'http://mcp.example.com/mcp',
    'http://localhost:3000/mcp',
    'HTTPS://MCP.EXAMPLE.COM/',
    'https://${HOST}/mcp',
    'https://exa mple.com/',
    'https://example.com:99999/',
    'https://example.com:123456/',
    'https://[::1]/mcp',
    'https://example.com/' + TOKEN,
    'https://example.com/#frag',
    'mailto:someone@example.com',
    'not a url',
    '',
    5,
    null,
  ],
  oauth: [
    {},
    { clientId: 'abc', scopes: ['read', 'write'], redirectUri: 'http://localhost:8976/callback' },
    { clientId: '' },
    { clientSecret: '' },
    { clientId: '${' + KNOWN + '}', clientSecret: '${UNKNOWN_SECRET}' },
    { client_id: 'a' },
    { clientid: 'a' },
    { extra: 'a' },
    { scopes: [''] },
    { scopes: 'read' },
    { redirectUri: 'not a uri' },
    { redirectUri: 'https://${HOST}/cb' },
    { authServerMetadataUrl: 'https://auth.example.com/.well-known/oauth-authorization-server' },
    { clientId: 5 },
    5,
    null,
  ],
  startup_timeout_sec: [4, 5, 30, 600, 601, 20.5, -5, '30', null, 1e21, true],
  default_in_roots: [
    [],
    ['*'],
    ['zimmer'],
    ['fleet-maintenance', 'zimmer'],
    ['zimmer', 'not-a-root'],
    ['*', 'zimmer', '*'],
    ['not-a-root'],
    ['@remote/zimmer'],
    ['@local/zimmer'],
    ['ZIMMER'],
    ['zimmer '],
    [''],
    ['${ROOT}'],
    [5],
    'zimmer',
    null,
  ],
  unavailable: [
    '',
    ' ',
    '   ',
    'Token expired — rotate it.',
    'line\nbreak',
    'x'.repeat(199),
    'x'.repeat(200),
    'x'.repeat(201),
    `a${' '.repeat(300)}b`,
    ' padded ',
    '${REASON}',
    null,
    true,
    5,
  ],
  comand: ['npx'],
  startupTimeoutSec: [30],
  extra: [1],
  $comment: ['a note'],
};

export const NAMES = ['plain', 'with__double', 'with space', 'a.b', 'ÜBER', 'zimmer', 'x'.repeat(70), '$name', '[bracketed]', 'dup-elsewhere'];

/** A copy of `value` with 1–3 fields set to an edge value, deleted, or renamed. */
export function mutate(value: Json, rng: Rng): Json {
  const record: Record<string, Json> = value !== null && typeof value === 'object' && !Array.isArray(value) ? JSON.parse(JSON.stringify(value)) : {};
  const fields = Object.keys(EDGES);
  for (let n = 1 + rng.int(3); n > 0; n--) {
    const roll = rng.float();
    if (roll < 0.15 && Object.keys(record).length > 0) delete record[rng.pick(Object.keys(record))];
    else {
      const field = rng.pick(fields);
      record[field] = JSON.parse(JSON.stringify(rng.pick(EDGES[field])));
    }
  }
  return rng.chance(0.03) ? rng.pick<Json>([null, [], 'x', 5]) : record;
}

/** How the value is written: layout varies, and a timeout may be written `30.0` or `3e1`. */
export function written(name: string, value: Json, rng: Rng): WrittenEntry {
  let slice = JSON.stringify(value, null, rng.pick([0, 2, '\t']));
  if (rng.chance(0.3))
    slice = slice.replace(
      /("startup_timeout_sec":\s*)(\d+)(?=[,\s}])/,
      (_, key: string, digits: string) => key + rng.pick([`${digits}.0`, `${digits}e0`, digits]),
    );
  return { name, value: JSON.parse(slice) as unknown, slice };
}

/** One entry mutated from one of `bases` (mutate, then written), sometimes with a placeholder of `variables` and another name. */
export function mutatedEntry(bases: readonly WrittenEntry[], variables: readonly string[], rng: Rng): WrittenEntry {
  const base = rng.pick(bases);
  let value = mutate(base.value as Json, rng);
  // Placeholders the bench's facts know, too.
  if (rng.chance(0.1) && value !== null && typeof value === 'object' && !Array.isArray(value))
    value = { ...value, env: { K: '${' + rng.pick(variables) + '}' } };
  return written(rng.chance(0.8) ? base.name : rng.pick(NAMES), value, rng);
}
