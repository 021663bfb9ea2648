import type { SelectedServer } from './types';

/**
 * The npm cache Zimmer gives npx servers (SPEC §6.3, §10). Every stdio entry whose `command` is
 * exactly `npx` shares `<clone>/.npm-cache`; entries whose npx package specs are identical would
 * race on the same cache entries, so each of them gets `<clone>/.npm-cache/isolated/<name>`.
 * `/usr/bin/npx`, `sh -c "npx …"`, `npm exec`, `bunx` and `pnpm dlx` are out of scope.
 */

/** npx options whose value is the next argument (unless written `--opt=value`). */
const SKIPS_VALUE: ReadonlySet<string> = new Set(['--prefix', '-c', '--call', '--userconfig', '--cache', '--node-options', '--shell']);

export const NPM_CACHE_VARIABLE = 'NPM_CONFIG_CACHE';

export function isNpxEntry(value: Record<string, unknown>): boolean {
  return value.type === 'stdio' && value.command === 'npx';
}

/**
 * The package specs npx would install, read from `args`: `-p X`, `--package X`, `--package=X`
 * and `-p=X` add specs; options that take a value skip it; other `-…` are single flags; `--` ends
 * the options. The first positional argument is the spec only when no `-p`/`--package` gave one,
 * and it ends the scan either way (what follows belongs to the command).
 */
export function npxPackageSpecs(args: readonly unknown[]): string[] {
  return npxPackageSpecArgs(args).map((found) => found.spec);
}

/** A package spec and the index in `args` of the item that gives it (`x`, `-p x`'s `x`, `--package=x`). */
export interface NpxSpecArg {
  spec: string;
  argIndex: number;
}

/**
 * npxPackageSpecs with where each spec is written, in one pass: rules point at the item without
 * searching `args` for it again (searching per spec made thousands of `-p=x` quadratic).
 */
export function npxPackageSpecArgs(args: readonly unknown[]): NpxSpecArg[] {
  const specs: NpxSpecArg[] = [];
  // npx reads only strings: a non-string item is skipped over (`nextString`).
  // An empty `-p ""` still counts as given (no positional spec after it), but is no spec.
  let given = 0;
  for (let i = nextString(args, 0); i !== -1; i = nextString(args, i + 1)) {
    const arg = args[i] as string;
    if (arg === '--') {
      const next = nextString(args, i + 1);
      if (given === 0 && next !== -1) addSpec(specs, args[next] as string, next);
      break;
    }
    if (arg === '-p' || arg === '--package' || SKIPS_VALUE.has(arg)) {
      // The option's value is the next string: a spec for -p/--package, skipped for the others.
      const next = nextString(args, i + 1);
      if (next === -1) break;
      if (arg === '-p' || arg === '--package') {
        given++;
        addSpec(specs, args[next] as string, next);
      }
      i = next;
      continue;
    }
    if (arg.startsWith('--package=') || arg.startsWith('-p=')) {
      given++;
      addSpec(specs, arg.slice(arg.indexOf('=') + 1), i);
      continue;
    }
    if (arg.startsWith('-') && arg.length > 1) continue;
    if (given === 0) addSpec(specs, arg, i);
    break;
  }
  return specs;
}

function nextString(args: readonly unknown[], from: number): number {
  for (let i = from; i < args.length; i++) if (typeof args[i] === 'string') return i;
  return -1;
}

function addSpec(specs: NpxSpecArg[], spec: string, argIndex: number): void {
  if (spec.length > 0) specs.push({ spec, argIndex });
}

/** `<clone>/.npm-cache/isolated/<name>`'s last segment: `[A-Za-z0-9._-]` kept, the rest `_`. */
export function isolatedCacheDirName(name: string): string {
  const sanitised = name.replace(/[^A-Za-z0-9._-]/g, '_');
  if (name.trim().length === 0 || /^\.*$/.test(sanitised)) return 'unnamed';
  return sanitised;
}

/**
 * The entry's own `NPM_CONFIG_CACHE`, which the operator chose and Zimmer keeps: non-blank, and
 * not just a forwarding of the runtime's own variable — exactly `${NPM_CONFIG_CACHE}`, which
 * Zimmer overrides like an absent value (SPEC §6.3). Any other value, `${OTHER}` included, is kept.
 */
export function ownNpmCache(value: Record<string, unknown>): string | undefined {
  const env = value.env;
  if (!env || typeof env !== 'object' || Array.isArray(env) || !Object.prototype.hasOwnProperty.call(env, NPM_CACHE_VARIABLE)) return undefined;
  const own = (env as Record<string, unknown>)[NPM_CACHE_VARIABLE];
  return typeof own === 'string' && own.trim().length > 0 && own !== FORWARDED_NPM_CACHE ? own : undefined;
}

const FORWARDED_NPM_CACHE = `\${${NPM_CACHE_VARIABLE}}`;

/** The clone's shared npm cache, `<clone>/.npm-cache`. */
export function sharedNpmCache(clonePath: string): string {
  return `${clonePath}/.npm-cache`;
}

/**
 * Server name → the cache to add, over the servers in the generated config. An entry with its own
 * cache gets nothing added but still counts in its group; an npx entry without any spec never
 * collides with another.
 */
export function npmCacheAssignments(servers: readonly SelectedServer[], clonePath: string): Map<string, string> {
  const npx = servers.filter((server) => isNpxEntry(server.value));
  const groups = new Map<string, number>();
  const keys = new Map<string, string | undefined>();
  for (const server of npx) {
    const specs = npxPackageSpecs(Array.isArray(server.value.args) ? server.value.args : []);
    // Versions count: `x@1` and `x@latest` are different keys.
    const key = specs.length > 0 ? JSON.stringify([...specs].sort()) : undefined;
    keys.set(server.name, key);
    if (key !== undefined) groups.set(key, (groups.get(key) ?? 0) + 1);
  }
  const shared = sharedNpmCache(clonePath);
  const assignments = new Map<string, string>();
  for (const server of npx) {
    if (ownNpmCache(server.value) !== undefined) continue;
    const key = keys.get(server.name);
    const isolated = key !== undefined && (groups.get(key) ?? 0) > 1;
    assignments.set(server.name, isolated ? `${shared}/isolated/${isolatedCacheDirName(server.name)}` : shared);
  }
  return assignments;
}

/**
 * The entry's `env` with the cache added (or a blank or forwarded one replaced), then `session`'s
 * variables written over it (what Zimmer adds at prepare, SPEC §6.5); undefined when it had none
 * and nothing is added.
 */
export function envWithNpmCache(env: unknown, cache: string | undefined, session: Readonly<Record<string, string>> = {}): Record<string, string> | undefined {
  const base = env && typeof env === 'object' && !Array.isArray(env) ? (env as Record<string, string>) : undefined;
  const extra = Object.keys(session);
  if (cache === undefined && extra.length === 0) return base === undefined ? undefined : copy(base);
  const result = base === undefined ? {} : copy(base);
  if (cache !== undefined) result[NPM_CACHE_VARIABLE] = cache;
  for (const key of extra) result[key] = session[key];
  return result;
}

/** A copy that keeps a `__proto__` key as data, as JSON.parse does. */
function copy(source: Record<string, string>): Record<string, string> {
  const target: Record<string, string> = {};
  for (const key of Object.keys(source)) {
    if (key === '__proto__') Object.defineProperty(target, key, { value: source[key], enumerable: true, writable: true, configurable: true });
    else target[key] = source[key];
  }
  return target;
}
