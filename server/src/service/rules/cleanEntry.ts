import { CODEX_SAFE_NAME } from '../codexNames';
import { SERVER_NAME_PATTERN } from '../model';
import { placeholdersAllResolved } from '../placeholders';
import { duplicateServerRule } from './hygiene/duplicateServer';
import { hardcodedSecretRule, holdsSecret } from './hygiene/hardcodedSecret';
import { insecureTransportRule } from './hygiene/insecureTransport';
import { npxCacheIsolatedRule, unpinnedPackageRule } from './hygiene/npxPackages';
import { toolNameCollisionRule } from './hygiene/toolNameCollision';
import { ineffectiveFieldRule, OVERWRITTEN } from './ineffective';
import { oauthRule } from './oauth';
import { placeholderRule } from './placeholders';
import { checkedRootNames, rootsRule } from './roots';
import { plainObject, type PlainContext, type PlainEntry, type Rule } from './rule';
import { structureRule } from './structure';
import { timeoutRule } from './timeout';
import { unavailableRule } from './unavailable';
import { PLAIN_URI } from '../uriFormat';

/**
 * The fused predicate of the fast path (bench/NOTES.md, "The fused predicate"): one walk over a
 * catalog entry's plain value that answers "no rule may report on it" for the shape almost every
 * entry has — known fields of the schema's types, an https URL, placeholders that resolve, no
 * string a secret could hide in — instead of every rule's `mayReport` walking it in turn (with
 * ajv's verdict, ~40 % of a clean check at 10,000 servers).
 *
 * It is sufficient, never necessary: anything outside that shape answers false, and the fast path
 * asks each rule's own `mayReport` as before. The shape implies the answer of the rules in
 * SHAPE_RULES; the rules in ASKED are asked themselves, only when the entry has what they look at
 * (a timeout, a reason, roots, an npx command) or, for the name rules, always (a Set lookup, a
 * substring test). test/unit/cleanEntry.test.ts proves "clean" implies every rule's "no" and ajv's
 * acceptance on generated, corpus and randomly mutated entries, so a rule that changes what it
 * reports on makes that test fail until this walk follows it.
 */

/**
 * The number of object keys in a clean entry's value, counted on the way (the fast path compares it
 * with the scanner's count to find a duplicate key, instead of a second walk); NOT_CLEAN otherwise.
 */
export interface CleanEntry {
  (entry: PlainEntry): number;
  /**
   * Whether one of the asked rules may report on an entry of the shape that holds `holds` (the bits
   * below, as the WebAssembly scanner's verdict gives them: service/wasmScan.ts). The entry's value
   * may hold only the fields those rules read (fastJudge.ts `verdictEntry`).
   */
  asks(entry: PlainEntry, holds: number): boolean;
  /**
   * The held bits some asked or grouping rule looks at: an entry of the shape holding none of them
   * is judged by its verdict alone (no rule may report on it, it joins no group).
   */
  readonly reads: number;
  /** The held bits some asked rule looks at: `asks` is false for an entry holding none of them. */
  readonly askedReads: number;
  /** Of the rule set it was made for, the rules (bit `1 << index`) whose `groupKeys` may give a key to an entry holding `holds`. */
  grouped(holds: number): number;
  /**
   * The index in the rule set of npx-cache-isolated, whose group key for an npx entry of one package
   * spec is that spec (the scanner reads it: wasmScan.ts SPEC), or -1 when the set lacks it.
   */
  readonly specGroup: number;
  /** The variable names a placeholder resolves to, for the WebAssembly scanner's own lookups. */
  knownNames(): Iterable<string>;
  /** The root names a `default_in_roots` item may give without the roots rule reporting, for the same; undefined when it reports on every one. */
  rootNames(): Iterable<string> | undefined;
}

/** The fused predicate's answer for an entry outside the shape. */
export const NOT_CLEAN = -1;

/** Rules whose `mayReport` is false on every entry of the shape below. */
const SHAPE_RULES: ReadonlySet<Rule> = new Set([
  structureRule,
  oauthRule,
  placeholderRule,
  ineffectiveFieldRule,
  hardcodedSecretRule,
  insecureTransportRule,
  npxCacheIsolatedRule,
]);

/** What an entry of the shape holds that an ASKED rule looks at (bits; server/wasm/rows.ts has the same). */
export const ALWAYS = 1;
export const TIMEOUT = 2;
export const UNAVAILABLE = 4;
export const ROOTS = 8;
export const NPX = 16;
/** A name Codex rewrites or cannot split (`nameRead`). */
export const NAME = 32;
/** `shape` answers the bits above plus this times the number of keys it walked (no shift: no overflow). */
export const KEYS = 64;

/** Rules asked themselves, and when. */
const ASKED: ReadonlyMap<Rule, number> = new Map([
  [timeoutRule, TIMEOUT],
  [unavailableRule, UNAVAILABLE],
  [rootsRule, ROOTS],
  [unpinnedPackageRule, NPX],
  [toolNameCollisionRule, NAME],
  [duplicateServerRule, ALWAYS],
]);

/** Rules with `groupKeys` and what an entry of the shape must hold to get a key; any other such rule is asked always. */
const GROUPED: ReadonlyMap<Rule, number> = new Map([
  [toolNameCollisionRule, NAME],
  [npxCacheIsolatedRule, NPX],
]);

/**
 * Whether the name rules look at this name: tool-name-collision's `mayReport` (`__`) and its group
 * key (a name Codex rewrites). The WebAssembly scanner decides the same from the key's bytes.
 */
function nameRead(name: string): boolean {
  return !CODEX_SAFE_NAME.test(name) || name.includes('__');
}

/**
 * The predicate for this rule set and context, or undefined when it cannot answer for them: a
 * roots index, or a rule it does not know (a test's injected rule) — then every `mayReport` runs.
 */
export function cleanEntryPredicate(rules: readonly Rule[], context: PlainContext): CleanEntry | undefined {
  if (context.kind !== 'catalog') return undefined;
  const asked: { rule: Rule; when: number }[] = [];
  let reads = 0;
  let askedReads = 0;
  const groupWhen: number[] = [];
  for (const [index, rule] of rules.entries()) {
    // A rule of other kinds of index (legacy-root-membership) never runs on a catalog.
    if (!rule.appliesTo.includes('catalog')) continue;
    if (rule.groupKeys) {
      groupWhen[index] = GROUPED.get(rule) ?? ALWAYS;
      reads |= groupWhen[index];
    }
    if (SHAPE_RULES.has(rule)) continue;
    const when = ASKED.get(rule);
    if (when === undefined) return undefined;
    // Without an air.json composing this catalog duplicate-server's `mayReport` is false for every entry.
    if (rule === duplicateServerRule && !context.facts.composition) continue;
    asked.push({ rule, when });
    askedReads |= when;
  }
  reads |= askedReads;
  // Per combination of held bits (below KEYS), the grouping rules that look at it.
  const groupedBy = new Int32Array(KEYS);
  for (let holds = 0; holds < KEYS; holds++) {
    for (let r = 0; r < groupWhen.length; r++) if (groupWhen[r] !== undefined && (holds & groupWhen[r]) !== 0) groupedBy[holds] |= 1 << r;
  }
  const grouped = (holds: number): number => groupedBy[holds % KEYS];
  const variables = context.facts.variables;
  const known = (name: string): boolean => variables.find(name) !== undefined;
  // Indexed loops here and in `shape`: a first check runs mostly in V8's interpreter, where each
  // step of a `for…of` allocates its result (bench/NOTES.md, "What changed in the sixth session").
  const asks = (entry: PlainEntry, holds: number): boolean => {
    for (let i = 0; i < asked.length; i++) if ((holds & asked[i].when) !== 0 && asked[i].rule.mayReport!(entry, context)) return true;
    return false;
  };
  const clean = (entry: PlainEntry): number => {
    const holds = shape(entry, known);
    return holds === NOT_CLEAN || asks(entry, holds) ? NOT_CLEAN : Math.floor(holds / KEYS);
  };
  const specGroup = rules.indexOf(npxCacheIsolatedRule);
  return Object.assign(clean, {
    asks,
    reads,
    askedReads,
    grouped,
    specGroup,
    knownNames: () => variables.allNames(),
    rootNames: () => checkedRootNames(context.facts),
  });
}

/** Fields only a stdio server may have (`env` is ineffective on a remote one: a bit of `local`), and only a remote one. */
const COMMAND = 1;
const ARGS = 2;
const ENV = 4;
const REMOTE_URL = 1;
const HEADERS = 2;
const OAUTH = 4;

/**
 * NOT_CLEAN, or what the entry holds (bits above) and how many object keys its value has (times
 * KEYS): the shape has objects only at its top, in `env`, `headers` and `oauth`. The schema's checks (rules/structure.ts via
 * ajv): `type` required and one of three; stdio needs `command` and forbids `url`, `headers`,
 * `oauth`; remote needs `url` and forbids `command`, `args`; `title` 1–100 and `description` at
 * most 500 code points (a UTF-16 length within the bounds is); string maps and arrays of strings;
 * `oauth`'s five fields. The rules': no `${` where nothing is substituted and only resolvable ones
 * where it is (placeholders), no `env` on a remote server and no Zimmer-written key in a stdio one
 * (ineffective-field), no secret in what hardcoded-secret reads (its own `findSecrets`), https
 * only (insecure-transport), no empty client id or secret and no other `oauth` key (oauth).
 */
export function shape(entry: PlainEntry, known: (name: string) => boolean): number {
  if (!SERVER_NAME_PATTERN.test(entry.name)) return NOT_CLEAN;
  const record = plainObject(entry.value);
  if (!record) return NOT_CLEAN;
  let holds = nameRead(entry.name) ? ALWAYS | NAME : ALWAYS;
  let keys = 0;
  let type: unknown;
  let local = 0;
  let remote = 0;
  for (const key in record) {
    const item = record[key];
    keys++;
    switch (key) {
      case 'type':
        if (item !== 'stdio' && item !== 'sse' && item !== 'streamable-http') return NOT_CLEAN;
        type = item;
        break;
      case 'title':
        if (typeof item !== 'string' || item.length === 0 || item.length > 100 || item.includes('${')) return NOT_CLEAN;
        break;
      case 'description':
        if (typeof item !== 'string' || item.length > 500 || item.includes('${')) return NOT_CLEAN;
        break;
      case 'command':
        if (!substituted(item, known)) return NOT_CLEAN;
        if (item === 'npx') holds |= NPX;
        local |= COMMAND;
        break;
      case 'args':
        if (!Array.isArray(item)) return NOT_CLEAN;
        for (let i = 0; i < item.length; i++) if (!substituted(item[i], known) || holdsSecret(item[i])) return NOT_CLEAN;
        local |= ARGS;
        break;
      case 'env': {
        const count = stringMap(item, known, OVERWRITTEN);
        if (count === NOT_CLEAN) return NOT_CLEAN;
        keys += count;
        local |= ENV;
        break;
      }
      case 'headers': {
        const count = stringMap(item, known, undefined);
        if (count === NOT_CLEAN) return NOT_CLEAN;
        keys += count;
        remote |= HEADERS;
        break;
      }
      case 'url':
        // A plain URL is a `uri` for the schema and never a placeholder; it must also be https (insecure-transport).
        if (typeof item !== 'string' || !item.startsWith('https:') || !PLAIN_URI.test(item) || holdsSecret(item)) return NOT_CLEAN;
        remote |= REMOTE_URL;
        break;
      case 'oauth': {
        const count = plainOAuth(item, known);
        if (count === NOT_CLEAN) return NOT_CLEAN;
        keys += count;
        remote |= OAUTH;
        break;
      }
      case 'startup_timeout_sec':
        if (typeof item !== 'number' || !Number.isInteger(item) || item < 5 || item > 600) return NOT_CLEAN;
        holds |= TIMEOUT;
        break;
      case 'default_in_roots':
        if (!Array.isArray(item)) return NOT_CLEAN;
        for (let i = 0; i < item.length; i++) if (typeof item[i] !== 'string' || (item[i] as string).includes('${')) return NOT_CLEAN;
        holds |= ROOTS;
        break;
      case 'unavailable':
        if (typeof item !== 'string' || item.includes('${')) return NOT_CLEAN;
        holds |= UNAVAILABLE;
        break;
      default:
        return NOT_CLEAN;
    }
  }
  const answer = holds + keys * KEYS;
  if (type === 'stdio') return (local & COMMAND) !== 0 && remote === 0 ? answer : NOT_CLEAN;
  if (type === undefined) return NOT_CLEAN;
  return (remote & REMOTE_URL) !== 0 && local === 0 ? answer : NOT_CLEAN;
}

/** A string whose placeholders all resolve (a field AIR substitutes: command, args, env and headers values). */
function substituted(item: unknown, known: (name: string) => boolean): boolean {
  return typeof item === 'string' && (!item.includes('${') || placeholdersAllResolved(item, known));
}

/** env or headers: strings to strings, keys without `${` (never substituted) and none of `refused`. Its number of keys, or NOT_CLEAN. */
function stringMap(item: unknown, known: (name: string) => boolean, refused: ReadonlySet<string> | undefined): number {
  const map = plainObject(item);
  if (!map) return NOT_CLEAN;
  let keys = 0;
  for (const key in map) {
    const entry = map[key];
    if (key.includes('${') || refused?.has(key) || !substituted(entry, known) || holdsSecret(entry)) return NOT_CLEAN;
    keys++;
  }
  return keys;
}

/** `oauth` of the schema's fields only, none empty that a generator drops when empty, URIs plain. Its number of keys, or NOT_CLEAN. */
function plainOAuth(item: unknown, known: (name: string) => boolean): number {
  const oauth = plainObject(item);
  if (!oauth) return NOT_CLEAN;
  let keys = 0;
  for (const key in oauth) {
    const value = oauth[key];
    keys++;
    switch (key) {
      case 'clientId':
      case 'clientSecret':
        if (value === '' || !substituted(value, known)) return NOT_CLEAN;
        break;
      case 'scopes':
        if (!Array.isArray(value)) return NOT_CLEAN;
        for (const scope of value) if (scope === '' || !substituted(scope, known)) return NOT_CLEAN;
        break;
      case 'redirectUri':
      case 'authServerMetadataUrl':
        if (typeof value !== 'string' || !PLAIN_URI.test(value)) return NOT_CLEAN;
        break;
      default:
        return NOT_CLEAN;
    }
  }
  return keys;
}
