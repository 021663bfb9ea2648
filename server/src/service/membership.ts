import type { RootsFacts } from './facts';
import { parseServerReference } from './model';

/**
 * Root membership (SPEC §4.4, §6.2): what AIR ≥ 0.12 computes. An artifact (a server, a skill, a
 * root as a subagent, …) is on by default for a root when its own `default_in_roots` names that
 * root (bare or `@local/name`) or holds `"*"` (every root of the index). Root-side
 * `default_mcp_servers`, `default_skills`, `default_hooks`, `default_plugins` and
 * `default_subagent_roots` count for nothing: AIR overwrites them with the computed inverse (AIR
 * `docs/guides/migrating-to-default-in-roots.md`). Readiness per root, the session warning, root
 * previews, hovers, the language status and live drift all ask this module.
 */

/** An artifact as membership sees it: its name and its `default_in_roots` value as JSON.parse gives it. */
export interface MemberCandidate {
  readonly name: string;
  readonly defaultInRoots: unknown;
}

/** The local root names a `default_in_roots` value names, and whether it holds `"*"`. */
export function rootsNamedBy(defaultInRoots: unknown): { every: boolean; names: Set<string> } {
  const names = new Set<string>();
  let every = false;
  if (!Array.isArray(defaultInRoots)) return { every, names };
  for (const item of defaultInRoots) {
    if (typeof item !== 'string') continue;
    if (item === '*') {
      every = true;
      continue;
    }
    const reference = parseServerReference(item);
    // A remote scope's root is not a root of this index.
    if (reference.kind === 'local') names.add(reference.name);
  }
  return { every, names };
}

/** Whether an artifact with this `default_in_roots` is on by default for `root`, a root of the index. */
export function isMemberOf(defaultInRoots: unknown, root: string): boolean {
  const named = rootsNamedBy(defaultInRoots);
  return named.every || named.names.has(root);
}

/**
 * Root → the artifacts on by default there, in artifact order (an artifact named twice is listed
 * per entry, as a filter of the entries would). Only `roots` get members; `"*"` expands to them.
 */
export function membersByRoot(roots: readonly string[], artifacts: readonly MemberCandidate[]): Map<string, string[]> {
  const chosen = new Map<string, Set<string>>(roots.map((name) => [name, new Set<string>()]));
  const position = new Map<string, number>();
  artifacts.forEach((artifact, index) => {
    if (!position.has(artifact.name)) position.set(artifact.name, index);
  });
  for (const artifact of artifacts) {
    const named = rootsNamedBy(artifact.defaultInRoots);
    if (named.every) for (const set of chosen.values()) set.add(artifact.name);
    else for (const root of named.names) chosen.get(root)?.add(artifact.name);
  }
  // Catalog order by sorting each root's own members: filtering every artifact per root costs
  // roots × artifacts (most of a readiness at 10,000 servers, asked for on every version).
  const unique = position.size === artifacts.length;
  const ordered = new Map<string, string[]>();
  for (const root of roots) {
    const set = chosen.get(root)!;
    ordered.set(root, unique ? [...set].sort((a, b) => position.get(a)! - position.get(b)!) : artifacts.filter((a) => set.has(a.name)).map((a) => a.name));
  }
  return ordered;
}

/** Every root name of the roots index, in file and key order, without repeats. */
export function rootNames(roots: RootsFacts | undefined): string[] {
  const names: string[] = [];
  for (const file of roots?.files ?? []) for (const name of file.roots.keys()) if (!names.includes(name)) names.push(name);
  return names;
}

/**
 * A root's subagent roots (what Zimmer gives the `zimmer` server's `allowed_agent_roots`, SPEC §6.5):
 * the other roots whose own `default_in_roots` names it. Undefined when the index has no such root.
 */
export function subagentRootsOf(roots: RootsFacts | undefined, root: string): string[] | undefined {
  const names = rootNames(roots);
  if (!names.includes(root)) return undefined;
  const candidates: MemberCandidate[] = [];
  for (const file of roots?.files ?? []) {
    for (const name of file.roots.keys()) {
      if (name !== root && !candidates.some((c) => c.name === name)) candidates.push({ name, defaultInRoots: file.defaultInRoots?.get(name) });
    }
  }
  return membersByRoot([root], candidates).get(root);
}

/** Root-side membership arrays AIR ≥ 0.12 ignores (SPEC §4.4), and the kind of artifact each lists. */
export const LEGACY_MEMBERSHIP_FIELDS = {
  default_mcp_servers: 'server',
  default_skills: 'skill',
  default_hooks: 'hook',
  default_plugins: 'plugin',
  default_subagent_roots: 'root',
} as const;

export type LegacyMembershipField = keyof typeof LEGACY_MEMBERSHIP_FIELDS;

export const LEGACY_MEMBERSHIP_FIELD_NAMES = Object.keys(LEGACY_MEMBERSHIP_FIELDS) as LegacyMembershipField[];
