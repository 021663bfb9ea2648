import type { RelatedLocation } from '../../findings';
import { field, type IndexEntry } from '../../model';
import { nodeValue, type JsonNode } from '../../parse';
import { isNpxEntry, npmCacheAssignments, npxPackageSpecArgs, npxPackageSpecs, type NpxSpecArg } from '../../runtime/npmCache';
import { DEFAULT_CLONE_PATH, type SelectedServer } from '../../runtime/types';
import { nodeSpan, plainObject, type PlainEntry, type Rule, type RuleContext } from '../rule';

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
  codes: ['npx-cache-isolated'],
  // Only entries sharing their specs with another npx entry are ever isolated (npmCacheAssignments).
  mayReport: () => false,
  groupKeys: (entry) => plainSpecKey(entry),
  checkDocument(context) {
    const npx = npxEntries(context);
    if (npx.length < 2) return;
    const caches = npmCacheAssignments(
      npx.map((item) => item.server),
      DEFAULT_CLONE_PATH,
    );
    // Grouped once by spec key. Each finding names its group, not every pair (found by the
    // fuzzer: listing every other entry made 2,000 entries running one package take 20 s and
    // findings of 4 million related locations; bench/NOTES.md: at 10,000 servers these findings
    // were 95 % of the diagnostics message): one related location, at the group's first other member.
    const groups = new Map<string, NpxItem[]>();
    for (const item of npx) {
      const key = specKey(item.specs);
      if (key === undefined) continue;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    for (const item of npx) {
      const cache = caches.get(item.server.name);
      if (cache === undefined || !cache.includes('/.npm-cache/isolated/')) continue;
      const group = groups.get(specKey(item.specs) ?? '') ?? [];
      const first = group[0] === item ? group[1] : group[0];
      if (!first) continue; // isolated means a group of two or more (npmCacheAssignments)
      const more = group.length - 2;
      const specNode = specNodes(item.entry, item.specArgs.slice(0, 1))[0];
      const target = specNode ?? field(item.entry, 'args')?.keyNode ?? item.entry.keyNode;
      const firstNamed = `"${first.server.name}"${more > 0 ? ` and ${more} more` : ''}`;
      const related: RelatedLocation[] = [
        {
          ...nodeSpan(specNodes(first.entry, first.specArgs.slice(0, 1))[0] ?? first.entry.keyNode),
          message: `${firstNamed} ${more > 0 ? 'run' : 'runs'} the same package`,
        },
      ];
      context.report({
        code: 'npx-cache-isolated',
        message: `Shares its npx package with ${more > 0 ? `${more + 1} servers` : 'another server'}, so Zimmer gives it its own npm cache and downloads it again. Shared with ${firstNamed} (${item.specs.join(', ')}); its cache is ${cache}, not the shared ${DEFAULT_CLONE_PATH}/.npm-cache.`,
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
  codes: ['unpinned-package'],
  mayReport(entry) {
    const value = plainObject(entry.value);
    if (!value || !isNpxEntry(value)) return false;
    return plainSpecs(value).some((spec) => unpinnedProblem(spec) !== undefined);
  },
  checkEntry(entry, context) {
    const value = entryValue(entry);
    if (!value || !isNpxEntry(value)) return;
    const specArgs = npxPackageSpecArgs(Array.isArray(value.args) ? value.args : []);
    const nodes = specNodes(entry, specArgs);
    specArgs.forEach(({ spec, argIndex }, index) => {
      const problem = unpinnedProblem(spec);
      if (!problem) return;
      const node = nodes[index];
      context.report({
        code: 'unpinned-package',
        message: `"${shortSpec(spec)}" ${problem}, so each session may run a different release. Pin an exact version (${shortSpec(packageName(spec))}@1.2.3).`,
        ...nodeSpan(node ?? entry.keyNode),
        data: { path: node ? pathOf(entry, node, argIndex) : [entry.name], spec, package: packageName(spec) },
      });
    });
  },
};

interface NpxItem {
  entry: IndexEntry;
  server: SelectedServer;
  specs: string[];
  specArgs: NpxSpecArg[];
}

/** Entries that are objects running `npx`, with their specs (an entry without a spec never shares). */
function npxEntries(context: RuleContext): NpxItem[] {
  const items: NpxItem[] = [];
  for (const entry of context.entries) {
    const value = entryValue(entry);
    if (!value || !isNpxEntry(value)) continue;
    const specArgs = npxPackageSpecArgs(Array.isArray(value.args) ? value.args : []);
    items.push({ entry, server: { name: entry.name, value }, specs: specArgs.map((found) => found.spec), specArgs });
  }
  return items;
}

function entryValue(entry: IndexEntry): Record<string, unknown> | undefined {
  return entry.valueNode?.type === 'object' ? (nodeValue(entry.valueNode) as Record<string, unknown>) : undefined;
}

function plainSpecKey(entry: PlainEntry): string | undefined {
  const value = plainObject(entry.value);
  if (!value || !isNpxEntry(value)) return undefined;
  const specs = plainSpecs(value);
  // One spec (almost always) is its own key. Keys shared by chance only cost a tree: the rule itself groups exactly.
  return specs.length === 1 ? specs[0] : specKey(specs);
}

const NO_ARGS: readonly unknown[] = [];
let memoArgs: readonly unknown[] | undefined;
let memoSpecs: string[] = [];

/**
 * The specs of a plain npx entry's `args`. The fast path asks this rule's group key and
 * unpinned-package's `mayReport` about each entry in a row (fastCheck.ts `judge`), so the last
 * answer is kept for the same array (plain values are never changed once parsed).
 */
function plainSpecs(value: Record<string, unknown>): string[] {
  const args = Array.isArray(value.args) ? (value.args as readonly unknown[]) : NO_ARGS;
  if (args !== memoArgs) {
    memoSpecs = npxPackageSpecs(args);
    memoArgs = args;
  }
  return memoSpecs;
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

/** A package spec as a message quotes it: cut when long, so the first sentence stays short (SPEC §5). */
function shortSpec(spec: string): string {
  return spec.length > 40 ? `${spec.slice(0, 39)}…` : spec;
}
