import type { RelatedLocation } from '../../findings';
import { field, type IndexEntry } from '../../model';
import { nodeValue, type JsonNode } from '../../parse';
import { isNpxEntry, npmCacheAssignments, npxPackageSpecArgs, type NpxSpecArg } from '../../runtime/npmCache';
import { DEFAULT_CLONE_PATH, type SelectedServer } from '../../runtime/types';
import { nodeSpan, type Rule, type RuleContext } from '../rule';
import { clip, quoted } from '../../text';

/**
 * npx package specs (SPEC §6.3):
 * - `npx-cache-isolated`: entries with identical specs would race on one npm cache, so Zimmer gives
 *   each its own `<clone>/.npm-cache/isolated/<name>` — worth knowing, since each then downloads
 *   the package on its own. Decided by the same npmCacheAssignments the previews use.
 * - `unpinned-package` (off by default): a registry spec without an exact version, or `@latest`,
 *   can change under a session between two runs.
 */

export const npxCacheIsolatedRule: Rule = {
  id: 'npx-cache-isolated',
  appliesTo: ['catalog'],
  codes: {
    'npx-cache-isolated': {
      severity: 'information',
      summary: 'Shares its npx package spec with another entry, so it gets its own npm cache.',
      example: 'two servers on `pkg@1.0.0`',
    },
  },
  checkDocument(context) {
    const npx = npxEntries(context);
    if (npx.length < 2) return;
    // Grouped once by spec key. Each finding names its group, not every pair (found by the
    // fuzzer: listing every other entry made 2,000 entries running one package take 20 s and
    // findings of 4 million related locations; bench/NOTES.md: at 10,000 servers these findings
    // were 95 % of the diagnostics message): one related location, at the group's first other member.
    const groups = new Map<string, NpxItem[]>();
    for (const item of npx) {
      if (item.key === undefined) continue;
      const group = groups.get(item.key);
      if (group) group.push(item);
      else groups.set(item.key, [item]);
    }
    // Only an entry sharing its specs can be isolated: npmCacheAssignments decides over those alone
    // (each group whole, so each one's verdict is the one it gives over every entry).
    const shared = npx.filter((item) => item.key !== undefined && groups.get(item.key)!.length > 1);
    const caches = npmCacheAssignments(
      shared.map((item) => item.server),
      DEFAULT_CLONE_PATH,
    );
    for (const item of shared) {
      const cache = caches.get(item.server.name);
      if (cache === undefined || !cache.includes('/.npm-cache/isolated/')) continue;
      const group = groups.get(item.key!)!;
      const first = group[0] === item ? group[1] : group[0];
      if (!first) continue; // isolated means a group of two or more (npmCacheAssignments)
      const more = group.length - 2;
      const specNode = specNodes(item.entry, item.specArgs.slice(0, 1))[0];
      const target = specNode ?? field(item.entry, 'args')?.keyNode ?? item.entry.keyNode;
      const firstNamed = `${quoted(first.server.name)}${more > 0 ? ` and ${more} more` : ''}`;
      const related: RelatedLocation[] = [
        {
          ...nodeSpan(specNodes(first.entry, first.specArgs.slice(0, 1))[0] ?? first.entry.keyNode),
          message: `${firstNamed} ${more > 0 ? 'run' : 'runs'} the same package`,
        },
      ];
      context.report({
        code: 'npx-cache-isolated',
        message: `Shares its npx package with ${more > 0 ? `${more + 1} servers` : 'another server'}, so Zimmer gives it its own npm cache and downloads it again. Shared with ${firstNamed} (${item.specs.map(clip).join(', ')}); its cache is ${clip(cache)}, not the shared ${DEFAULT_CLONE_PATH}/.npm-cache.`,
        ...nodeSpan(target),
        data: {
          path: pathOf(item.entry, target, specNode ? item.specArgs[0].argIndex : undefined),
          cache,
          sharesWith: [first.server.name],
          ...(more > 0 ? { unlisted: more } : {}),
          specs: item.specs,
        },
        related,
      });
    }
  },
};

export const unpinnedPackageRule: Rule = {
  id: 'unpinned-package',
  appliesTo: ['catalog'],
  codes: {
    'unpinned-package': {
      severity: 'off',
      summary: 'An npx package spec without an exact version (a hint when enabled).',
      example: '`pkg`, `pkg@latest`, `pkg@^1`',
    },
  },
  checkEntry(entry, context) {
    const npx = npxValueOf(entry);
    if (!npx) return;
    const { specArgs } = npx;
    const nodes = specNodes(entry, specArgs);
    specArgs.forEach(({ spec, argIndex }, index) => {
      const problem = unpinnedProblem(spec);
      if (!problem) return;
      const node = nodes[index];
      context.report({
        code: 'unpinned-package',
        message: `${quoted(spec)} ${problem}, so each session may run a different release. Pin an exact version (${clip(packageName(spec))}@1.2.3).`,
        ...nodeSpan(node ?? entry.keyNode),
        data: { path: node ? pathOf(entry, node, argIndex) : [entry.name], spec, package: packageName(spec) },
      });
    });
  },
};

/** What an npx entry's value says about its package, whatever its name and place. */
interface NpxValue {
  value: Record<string, unknown>;
  specs: string[];
  specArgs: NpxSpecArg[];
  /** Entries with the same key share a cache; undefined (no spec) never shares. */
  key: string | undefined;
}

interface NpxItem extends NpxValue {
  entry: IndexEntry;
  server: SelectedServer;
}

/**
 * Each value node's reading, once, with its entry: a value node is only ever replaced, never
 * changed (an edit re-parses its entry into new nodes, engine.ts), belongs to one entry, and the
 * document rule reads every entry on every check, an edit's too (null: the entry runs no npx).
 */
const npxItems = new WeakMap<JsonNode, NpxItem | null>();

function npxValueOf(entry: IndexEntry): NpxItem | undefined {
  const node = entry.valueNode;
  if (!node) return undefined;
  let known = npxItems.get(node);
  if (known === undefined) {
    const value = entryValue(entry);
    if (!value || !isNpxEntry(value)) known = null;
    else {
      const specArgs = npxPackageSpecArgs(Array.isArray(value.args) ? value.args : []);
      const specs = specArgs.map((found) => found.spec);
      known = { value, specs, specArgs, key: specKey(specs), entry, server: { name: entry.name, value } };
    }
    npxItems.set(node, known);
  }
  return known ?? undefined;
}

/** Entries that are objects running `npx`, with their specs (an entry without a spec never shares). */
function npxEntries(context: RuleContext): NpxItem[] {
  const items: NpxItem[] = [];
  for (const entry of context.entries) {
    const npx = npxValueOf(entry);
    if (npx) items.push(npx);
  }
  return items;
}

/**
 * What these rules read of an entry that runs npx, as JSON.parse gives it (its type, command,
 * `args` and `env`); undefined for any other entry, whose value is never built (the document
 * rule reads every entry on every check).
 */
function entryValue(entry: IndexEntry): Record<string, unknown> | undefined {
  if (entry.valueNode?.type !== 'object') return undefined;
  const type = field(entry, 'type')?.valueNode?.value;
  const command = field(entry, 'command')?.valueNode?.value;
  if (type !== 'stdio' || command !== 'npx') return undefined;
  return { type, command, args: nodeValue(field(entry, 'args')?.valueNode), env: nodeValue(field(entry, 'env')?.valueNode) };
}

/** Entries share a cache when their sorted specs are equal; no spec never shares. */
function specKey(specs: readonly string[]): string | undefined {
  return specs.length > 0 ? JSON.stringify([...specs].sort()) : undefined;
}

/** The `args` item that gives each spec (`x`, `-p x`'s `x`, `--package=x`), in spec order. */
function specNodes(entry: IndexEntry, specArgs: readonly NpxSpecArg[]): (JsonNode | undefined)[] {
  const args = field(entry, 'args')?.valueNode;
  const items = args?.type === 'array' ? (args.children ?? []) : [];
  return specArgs.map(({ argIndex }) => items[argIndex]);
}

/** The path of a finding's target: the spec's `args` item (its index known), or the key it fell back to. */
function pathOf(entry: IndexEntry, node: JsonNode, argIndex: number | undefined): (string | number)[] {
  if (argIndex !== undefined) return [entry.name, 'args', argIndex];
  return node === entry.keyNode ? [entry.name] : [entry.name, 'args'];
}

/** The package name of a registry spec: `@scope/name@1` → `@scope/name`, `x@latest` → `x`. */
export function packageName(spec: string): string {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at < 0 ? spec : spec.slice(0, at);
}

const EXACT_VERSION = /^v?(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)\.(0|[1-9][0-9]*)(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

/**
 * Why a spec is not pinned, or undefined when it is (or cannot be judged: git URLs, tarballs,
 * local paths, `owner/repo` shorthands and placeholders are not registry versions).
 */
export function unpinnedProblem(spec: string): string | undefined {
  if (spec.includes('${') || /^[./~]/.test(spec) || spec.includes(':')) return undefined;
  const name = packageName(spec);
  if (!name.startsWith('@') && name.includes('/')) return undefined;
  const version = spec.slice(name.length + 1);
  if (spec.length === name.length) return 'has no version';
  if (version === 'latest') return 'asks for @latest';
  if (EXACT_VERSION.test(version)) return undefined;
  return /^[0-9^~<>=*xX |.-]/.test(version) ? 'gives a version range' : 'follows a dist-tag';
}
