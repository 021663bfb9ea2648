/**
 * A deterministic generator of realistic AIR catalogs and their roots index.
 *
 * Entries look like the Zimmer catalog scaled up: mostly `npx` stdio servers with `args` and `env`
 * placeholders, remote streamable-http/sse servers with credential headers (some with `oauth`, some
 * bare for browser OAuth), titles and descriptions of varied length, and a sprinkling of the Zimmer
 * fields (`default_in_roots`, `startup_timeout_sec`, `unavailable`). About one entry in 200 carries a
 * deliberate mistake, cycling through a dozen diagnostic codes, so the checkers have real work to
 * report. The same size always produces the same bytes (a seeded PRNG, no clock, no Math.random).
 *
 * Run `node out/bench-build/generate.js SIZE DIR` to write `DIR/catalog-mcp.json`, `DIR/catalog-roots.json`
 * and `DIR/.env`.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
// mulberry32: small, fast, and identical on every machine (the property tests' generator too).
import { random as prng } from '../test/support/seededRandom';

const SERVICES = [
  'github',
  'gitlab',
  'linear',
  'jira',
  'notion',
  'slack',
  'discord',
  'figma',
  'sentry',
  'datadog',
  'stripe',
  'twilio',
  'sendgrid',
  'postgres',
  'mysql',
  'redis',
  'mongodb',
  'snowflake',
  'bigquery',
  'airtable',
  'asana',
  'trello',
  'confluence',
  'zendesk',
  'intercom',
  'hubspot',
  'salesforce',
  'shopify',
  'vercel',
  'netlify',
  'cloudflare',
  'aws',
  'gcp',
  'azure',
  'kubernetes',
  'docker',
  'terraform',
  'pagerduty',
  'opsgenie',
  'grafana',
  'prometheus',
  'elastic',
  'algolia',
  'supabase',
  'firebase',
  'openai',
  'anthropic',
  'huggingface',
  'replicate',
  'pinecone',
  'weaviate',
  'qdrant',
  'playwright',
  'puppeteer',
  'browserbase',
  'tavily',
  'brave-search',
  'exa',
  'perplexity',
  'context7',
  'filesystem',
  'memory',
  'fetch',
  'time',
  'sqlite',
  'git',
  'everything',
  'sequential-thinking',
  'tally',
  'twist',
  'image-diff',
  'svg-tracer',
  'mailgun',
  'postmark',
  'calendly',
  'zoom',
  'gmail',
  'gdrive',
  'dropbox',
  'box',
];

const VERBS = [
  'Search and read',
  'Create and update',
  'Query',
  'Manage',
  'Browse',
  'Summarise',
  'Triage',
  'Inspect',
  'Automate',
  'Monitor',
  'Export',
  'Sync',
  'Annotate',
  'Review',
  'Schedule',
  'Archive',
];
const OBJECTS = [
  'issues and pull requests',
  'tickets',
  'documents and pages',
  'messages and channels',
  'design files',
  'error events',
  'dashboards and monitors',
  'payments and invoices',
  'tables and rows',
  'deployments',
  'incidents',
  'records',
  'files and folders',
  'embeddings',
  'calendar events',
  'screenshots',
  'build logs',
];
const QUALIFIERS = [
  '',
  ' for the current workspace',
  ' across every project the token can see',
  ' with read-only scopes',
  ' (hosted). OAuth via browser flow',
  ' through the vendor API; rate limits apply',
  '. Pinned to the team account',
  '. Used by the nightly triage sessions and by reviewers',
];
/** The share of npx entries that run one of SHARED_PACKAGES (several servers on one package). */
export const SHARED_NPX_SHARE = 0.025;
const VARIANTS = ['server', 'tools', 'bridge', 'connector', 'agent', 'proxy'];
const SHARED_PACKAGES = [
  '@modelcontextprotocol/server-filesystem@2025.8.21',
  '@modelcontextprotocol/server-postgres@0.6.2',
  '@modelcontextprotocol/server-memory@latest',
  'mcp-remote@0.1.29',
  '@playwright/mcp@latest',
  '@upstash/context7-mcp@latest',
];
const ROOT_NAMES = [
  'zimmer',
  'zimmer-router',
  'fleet-maintenance',
  'agent-orchestrator',
  'docs-site',
  'mobile-app',
  'web-app',
  'data-platform',
  'infra',
  'billing',
  'growth',
  'support-desk',
  'security-review',
  'release-train',
  'design-system',
  'analytics',
  'ml-research',
  'customer-portal',
  'internal-tools',
  'onboarding',
];

/** Names the variable sources know (the `.env` written beside the catalog, and the in-process VariableIndex). */
export function knownVariableNames(): string[] {
  const names = new Set<string>();
  for (const service of SERVICES) {
    const base = service.toUpperCase().replace(/-/g, '_');
    names.add(`${base}_API_KEY`);
    names.add(`${base}_TOKEN`);
    names.add(`${base}_CLIENT_ID`);
    names.add(`${base}_CLIENT_SECRET`);
  }
  for (const name of ['PORT', 'WORKSPACE_DIR', 'LOG_LEVEL', 'ZIMMER_PROD_API_KEY', 'SLACK_BOT_TOKEN', 'STRAD_API_KEY']) names.add(name);
  return [...names].sort();
}

export function rootNames(): string[] {
  return [...ROOT_NAMES];
}

type Entry = Record<string, unknown>;

/** The deliberate mistakes, one per kind, cycled through. Each breaks exactly one SPEC rule. */
const MISTAKES: { code: string; apply: (entry: Entry) => void }[] = [
  { code: 'unknown-type', apply: (e) => (e.type = e.type === 'stdio' ? 'std-io' : 'http') },
  { code: 'timeout-type', apply: (e) => (e.startup_timeout_sec = '20') },
  { code: 'timeout-range', apply: (e) => (e.startup_timeout_sec = 601) },
  { code: 'unavailable-multiline', apply: (e) => (e.unavailable = 'Vendor API is down.\nSee the incident channel.') },
  { code: 'unavailable-empty', apply: (e) => (e.unavailable = '   ') },
  { code: 'undefined-root', apply: (e) => (e.default_in_roots = ['zimmerr']) },
  {
    code: 'unresolved-variable',
    apply: (e) =>
      e.type === 'stdio'
        ? (e.env = { ...(e.env as object | undefined), EXTRA_SECRET: '${UNSET_SECRET_NAME}' })
        : (e.headers = { Authorization: 'Bearer ${UNSET_SECRET_NAME}' }),
  },
  {
    code: 'invalid-placeholder',
    apply: (e) => (e.type === 'stdio' ? (e.env = { ...(e.env as object | undefined), BROKEN: '${FOO-bar}' }) : (e.url = `${String(e.url)}?key=\${FOO-bar}`)),
  },
  {
    code: 'lowercase-variable',
    apply: (e) =>
      e.type === 'stdio' ? (e.args = [...((e.args as string[] | undefined) ?? []), '--key', '${api_key}']) : (e.headers = { 'X-API-Key': '${api_key}' }),
  },
  { code: 'forbidden-field', apply: (e) => (e.type === 'stdio' ? (e.url = 'https://example.com/mcp') : (e.args = ['--verbose'])) },
  { code: 'unknown-field', apply: (e) => (e.startupTimeoutSec = 30) },
  { code: 'placeholder-not-interpolated', apply: (e) => (e.title = 'Uses ${GITHUB_TOKEN}') },
  // Hygiene: a literal token, credentials over plain http.
  {
    code: 'hardcoded-secret',
    apply: (e) =>
      e.type === 'stdio'
        ? (e.env = { ...(e.env as object | undefined), GITHUB_TOKEN: 'ghp_0123456789abcdefghijABCDEFGHIJ0123' })
        : (e.headers = { Authorization: 'Bearer ghp_0123456789abcdefghijABCDEFGHIJ0123' }),
  },
  {
    code: 'insecure-transport',
    apply: (e) => (
      (e.type = 'streamable-http'),
      delete e.command,
      delete e.args,
      delete e.env,
      (e.url = 'http://mcp.internal.example.com/mcp'),
      (e.headers = { Authorization: 'Bearer ${GITHUB_TOKEN}' })
    ),
  },
];

/** Where the first mistake sits and how far apart they are: `max(3, n/200)` mistakes, evenly spread. */
export function mistakePlan(size: number): { count: number; every: number } {
  const count = Math.max(3, Math.round(size * 0.005));
  return { count, every: Math.max(1, Math.floor(size / count)) };
}

function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

function envBase(service: string): string {
  return service.toUpperCase().replace(/-/g, '_');
}

function makeEntry(index: number, random: () => number): { name: string; entry: Entry } {
  const service = pick(random, SERVICES);
  const name = `${service}-${index}`;
  const title = `${service.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`)} ${index}`;
  const description = `${pick(random, VERBS)} ${service} ${pick(random, OBJECTS)}${pick(random, QUALIFIERS)}.`;
  const base = envBase(service);
  const roll = random();
  const entry: Entry = { title, description };
  if (roll < 0.62) {
    // stdio via npx: the common case.
    entry.type = 'stdio';
    entry.command = 'npx';
    const version = random() < 0.5 ? 'latest' : `${1 + Math.floor(random() * 4)}.${Math.floor(random() * 20)}.${Math.floor(random() * 10)}`;
    // Mostly a package of its own (a team's fork or variant); one npx entry in 40 runs one of a few
    // popular shared packages, which the npm-cache grouping (npx-cache-isolated) has to notice.
    const spec =
      random() < SHARED_NPX_SHARE
        ? pick(random, SHARED_PACKAGES)
        : `${random() < 0.4 ? `@${service}/` : `${service}-`}mcp-${pick(random, VARIANTS)}-${index.toString(36)}@${version}`;
    const args = ['-y', spec];
    if (random() < 0.3) args.push('--port', '${PORT:-3000}');
    if (random() < 0.2) args.push('--root', '${WORKSPACE_DIR}');
    entry.args = args;
    const env: Record<string, string> = {};
    const envRoll = random();
    if (envRoll < 0.55) env[`${base}_API_KEY`] = `\${${base}_API_KEY}`;
    if (envRoll < 0.2) env[`${base}_TOKEN`] = `\${${base}_TOKEN}`;
    if (random() < 0.25) env.LOG_LEVEL = pick(random, ['info', 'warn', 'debug']);
    if (random() < 0.1) env.HEADLESS = 'true';
    if (Object.keys(env).length > 0) entry.env = env;
  } else if (roll < 0.72) {
    // stdio without npx: uvx, docker, a local node script.
    entry.type = 'stdio';
    const kind = pick(random, ['uvx', 'docker', 'node']);
    entry.command = kind;
    entry.args =
      kind === 'uvx'
        ? [`mcp-server-${service}`, '--transport', 'stdio']
        : kind === 'docker'
          ? ['run', '-i', '--rm', '-e', `${base}_TOKEN`, `ghcr.io/example/${service}-mcp:latest`]
          : [`/opt/mcp/${service}/dist/index.js`];
    entry.env = { [`${base}_TOKEN`]: `\${${base}_TOKEN}` };
  } else {
    // Remote: streamable-http mostly, some legacy sse.
    entry.type = random() < 0.75 ? 'streamable-http' : 'sse';
    entry.url = `https://mcp.${service}.example.com/${entry.type === 'sse' ? 'sse' : 'mcp'}${random() < 0.2 ? `?workspace=team-${index % 97}` : ''}`;
    const auth = random();
    if (auth < 0.45) entry.headers = { Authorization: `Bearer \${${base}_TOKEN}` };
    else if (auth < 0.7) entry.headers = { 'X-API-Key': `\${${base}_API_KEY}`, 'X-Request-Source': 'zimmer' };
    else if (auth < 0.8) {
      entry.oauth = {
        clientId: `\${${base}_CLIENT_ID}`,
        clientSecret: `\${${base}_CLIENT_SECRET}`,
        scopes: ['read', 'write'],
        redirectUri: 'http://localhost:8976/callback',
      };
    }
    // else: bare remote server, authorised in the browser (needs_authorization).
  }
  if (random() < 0.15) {
    const roots = [pick(random, ROOT_NAMES)];
    if (random() < 0.3) roots.push(pick(random, ROOT_NAMES));
    entry.default_in_roots = [...new Set(roots)];
  }
  if (random() < 0.1) entry.startup_timeout_sec = pick(random, [30, 60, 120, 300, 600]);
  if (random() < 0.03)
    entry.unavailable = pick(random, [
      'Vendor outage; see the status page.',
      'Token expired — rotate it in the parameter store.',
      'Deprecated: use the hosted server instead.',
    ]);
  return { name, entry };
}

export interface GeneratedCatalog {
  size: number;
  text: string;
  /** The codes of the deliberate mistakes, in catalog order. */
  mistakes: string[];
  /** The name of the entry in the middle of the catalog (where the edit benchmark types). */
  middleName: string;
}

/** A catalog of `size` servers, pretty-printed with two spaces like the Zimmer catalog. */
export function generateCatalog(size: number): GeneratedCatalog {
  const random = prng(0x5eed + size);
  const plan = mistakePlan(size);
  const catalog: Record<string, unknown> = { $schema: 'https://pulsemcp.github.io/air/schemas/mcp.schema.json' };
  const mistakes: string[] = [];
  let applied = 0;
  for (let i = 0; i < size; i++) {
    const made = makeEntry(i, random);
    let name = made.name;
    const entry = made.entry;
    // Mistakes sit half-way into each stretch so the first and last entries stay clean.
    if (applied < plan.count && i % plan.every === Math.floor(plan.every / 2)) {
      const mistake = MISTAKES[applied % MISTAKES.length];
      mistake.apply(entry);
      mistakes.push(mistake.code);
      applied++;
      // One invalid server name and one Codex-ambiguous name (`__`) per catalog, too.
      if (applied === 2) {
        name = `${name} copy`;
        mistakes.push('invalid-name');
      }
      if (applied === 3) {
        name = `${name}__v2`;
        mistakes.push('tool-name-collision');
      }
    }
    catalog[name] = entry;
  }
  return { size, text: `${JSON.stringify(catalog, null, 2)}\n`, mistakes, middleName: Object.keys(catalog)[1 + Math.floor(size / 2)] };
}

/** The roots index every generated catalog refers to (the sibling `catalog-roots.json`). */
export function generateRoots(): string {
  const random = prng(0x0bad);
  const roots: Record<string, unknown> = { $schema: 'https://pulsemcp.github.io/air/schemas/roots.schema.json' };
  for (const name of ROOT_NAMES) {
    roots[name] = {
      display_name: name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash ? ' ' : ''}${c.toUpperCase()}`),
      description: `${pick(random, VERBS)} the ${name} repository: sessions started here get its default servers.`,
      url: `https://github.com/example/${name}.git`,
      default_branch: 'main',
      user_invocable: random() < 0.7,
    };
  }
  return `${JSON.stringify(roots, null, 2)}\n`;
}

/** A `.env` naming every known variable (placeholder values, never real secrets). */
export function generateDotenv(): string {
  return knownVariableNames()
    .map((name) => `${name}=bench-placeholder`)
    .join('\n')
    .concat('\n');
}

/** Write a generated catalog, its sibling roots index and `.env` into `dir`. */
export function writeFixture(dir: string, generated: GeneratedCatalog): { catalogPath: string; rootsPath: string; envPath: string } {
  mkdirSync(dir, { recursive: true });
  const catalogPath = path.join(dir, 'catalog-mcp.json');
  const rootsPath = path.join(dir, 'catalog-roots.json');
  const envPath = path.join(dir, '.env');
  writeFileSync(catalogPath, generated.text);
  writeFileSync(rootsPath, generateRoots());
  writeFileSync(envPath, generateDotenv());
  return { catalogPath, rootsPath, envPath };
}

// Run as a command only when this file is the entry point (bundles inline it into the other scripts).
if (require.main === module && /generate\.js$/.test(process.argv[1] ?? '')) {
  const size = Number(process.argv[2] ?? 10000);
  const dir = process.argv[3] ?? path.join(process.cwd(), `bench-catalog-${size}`);
  const generated = generateCatalog(size);
  const written = writeFixture(dir, generated);
  process.stdout.write(`${written.catalogPath}: ${size} servers, ${(generated.text.length / 1e6).toFixed(2)} MB, mistakes: ${generated.mistakes.length}\n`);
}
