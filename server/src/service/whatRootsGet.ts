import type { ArtifactsFacts, ArtifactSummary, OtherIndexType } from './artifacts';
import type { CatalogsFacts } from './facts';
import { membersByRoot, type MemberCandidate } from './membership';
import { parseServerReference } from './model';

/**
 * What a root gets (SPEC §6.2, §12): its MCP servers, skills and hooks are the artifacts whose own
 * `default_in_roots` names it, plus every one its plugins bring. A plugin joins a root through its
 * own `default_in_roots` (AIR ≥ 0.12 computes the root's `default_plugins` from it), and a Zimmer
 * session's `catalog_plugins` default to those.
 *
 * - Nested `plugins` are followed: AIR's `expandPlugins` (pulsemcp/air
 *   `packages/core/src/config.ts` @ 03981b74) flattens every plugin at resolve time — children
 *   depth-first in declaration order, then the plugin's own IDs — so the `mcp_servers` Zimmer reads
 *   of a plugin already hold its children's.
 * - Credit: Zimmer's `derive_from_plugins` (tadasant/zimmer `app/models/session.rb` @ dc5e454e, the
 *   same as 3701b184 for this method) walks the selected plugins in order and records, per item not
 *   already selected directly, the first (selected, top-level) plugin that contributes it.
 * - Shortname collisions: AIR's Claude adapter (`resolveActivations` in
 *   `packages/extensions/adapter-claude/src/claude-adapter.ts` @ 1c270cc7) refuses to prepare a
 *   session when two activated qualified IDs of one kind share a short name.
 *
 * Readiness per root, the session warning, root previews, hovers, the language status, the live
 * drift, the readiness view and the roots index's `shortname-collision` all read this one function.
 */

/** An artifact a root gets, and the plugin that brought it (absent: its own `default_in_roots` names the root). */
export interface RootMember {
  readonly id: string;
  readonly plugin?: string;
}

export type MemberKind = 'servers' | 'skills' | 'hooks';

/** Two activated IDs of one kind with one short name: AIR refuses the session. */
export interface ShortnameCollision {
  readonly kind: MemberKind;
  readonly shortname: string;
  /** The qualified IDs (`@local/x`, `@owner/repo/x`), each with the plugin that activated it (absent: the root's own members). */
  readonly ids: readonly { readonly id: string; readonly plugin?: string }[];
}

export interface RootContents {
  /** The root's computed `default_plugins` (local plugins whose `default_in_roots` names it), in index order. */
  readonly plugins: readonly string[];
  /** Servers of the given pool, in pool order; a plugin-brought one names its plugin. */
  readonly servers: readonly RootMember[];
  /** Local skills and hooks, in index order; a plugin-brought one names its plugin. */
  readonly skills: readonly RootMember[];
  readonly hooks: readonly RootMember[];
  readonly collisions: readonly ShortnameCollision[];
}

/** A plugin's list field for each member kind (AIR's plugins schema). */
const PLUGIN_FIELD: Record<MemberKind, string> = { servers: 'mcp_servers', skills: 'skills', hooks: 'hooks' };
const MEMBER_KINDS = ['servers', 'skills', 'hooks'] as const;

/**
 * Root → what it gets. `servers` is the pool of servers that can be named (a catalog's own entries,
 * or every catalog of a roots index), with their `default_in_roots`; `artifacts` the repository's
 * skills, hooks and plugins indexes (facts.artifacts), when known.
 */
export function whatRootsGet(roots: readonly string[], servers: readonly MemberCandidate[], artifacts: ArtifactsFacts | undefined): Map<string, RootContents> {
  const plugins = firstOfEach(artifacts, 'plugins');
  const pools: Record<MemberKind, MemberCandidate[]> = {
    servers: [...servers],
    skills: candidates(firstOfEach(artifacts, 'skills')),
    hooks: candidates(firstOfEach(artifacts, 'hooks')),
  };
  const direct: Record<MemberKind, Map<string, string[]>> = {
    servers: membersByRoot(roots, pools.servers),
    skills: membersByRoot(roots, pools.skills),
    hooks: membersByRoot(roots, pools.hooks),
  };
  const positions = {} as Record<MemberKind, Map<string, number>>;
  for (const kind of MEMBER_KINDS) {
    positions[kind] = new Map();
    pools[kind].forEach((candidate, index) => {
      if (!positions[kind].has(candidate.name)) positions[kind].set(candidate.name, index);
    });
  }
  const pluginsByRoot = membersByRoot(roots, candidates(plugins));

  const out = new Map<string, RootContents>();
  for (const root of roots) {
    const selected = pluginsByRoot.get(root) ?? [];
    const brought = broughtBy(selected, plugins);
    const members: Partial<Record<MemberKind, RootMember[]>> = {};
    const collisions: ShortnameCollision[] = [];
    for (const kind of MEMBER_KINDS) {
      const own = direct[kind].get(root) ?? [];
      const ownSet = new Set(own);
      // Zimmer's derive_from_plugins: the first selected plugin that brings an item not selected directly.
      const credited = new Map<string, string>();
      const activated: { id: string; plugin?: string }[] = own.map((id) => ({ id: qualified(id) }));
      for (const { plugin, members: bringing } of brought) {
        for (const item of bringing[kind]) {
          const local = localName(item);
          if (local !== undefined && ownSet.has(local)) continue;
          if (local !== undefined && !credited.has(local)) credited.set(local, plugin);
          activated.push({ id: qualified(item), plugin });
        }
      }
      // In pool order, without walking the pool per root (roots × servers is most of a readiness at 10,000 servers).
      const list: RootMember[] = [...ownSet].map((id) => ({ id }));
      for (const [id, plugin] of credited) if (positions[kind].has(id)) list.push({ id, plugin });
      members[kind] = list.sort((a, b) => positions[kind].get(a.id)! - positions[kind].get(b.id)!);
      collisions.push(...collisionsOf(kind, activated));
    }
    out.set(root, { plugins: selected, servers: members.servers!, skills: members.skills!, hooks: members.hooks!, collisions });
  }
  return out;
}

/** A roots index's servers as candidates: every catalog's (facts.catalogs), the first definition of a name winning. */
export function catalogServers(catalogs: CatalogsFacts | undefined): MemberCandidate[] {
  const seen = new Set<string>();
  const servers: MemberCandidate[] = [];
  for (const file of catalogs?.files ?? [])
    for (const [name, server] of file.servers) {
      if (seen.has(name)) continue;
      seen.add(name);
      servers.push({ name, defaultInRoots: server.defaultInRoots });
    }
  return servers;
}

/** One kind's collisions: distinct qualified IDs with one short name, each with its first activator. */
function collisionsOf(kind: MemberKind, activated: readonly { id: string; plugin?: string }[]): ShortnameCollision[] {
  const byShort = new Map<string, { id: string; plugin?: string }[]>();
  for (const item of activated) {
    const short = item.id.slice(item.id.lastIndexOf('/') + 1);
    const list = byShort.get(short) ?? [];
    if (!list.some((known) => known.id === item.id)) list.push(item);
    byShort.set(short, list);
  }
  return [...byShort].filter(([, ids]) => ids.length > 1).map(([shortname, ids]) => ({ kind, shortname, ids }));
}

/**
 * What each selected plugin brings, in selection order, nested plugins flattened as AIR's
 * `expandPlugins` does (children depth first in declaration order, then the plugin's own IDs, as
 * written). A plugin already walked for an earlier selected plugin adds nothing again: what it
 * brings is credited to that earlier one (derive_from_plugins' first plugin), so each plugin is
 * walked once per root, in linear time and with an explicit stack, whatever the nesting. A cycle
 * (an error of its own; AIR refuses the catalog) ends the walk; a remote scope's plugin cannot be
 * read offline and is skipped.
 */
function broughtBy(selected: readonly string[], plugins: ReadonlyMap<string, ArtifactSummary>): { plugin: string; members: Record<MemberKind, string[]> }[] {
  const visited = new Set<string>();
  const childrenOf = (id: string): string[] =>
    (plugins.get(id)!.lists.plugins ?? []).map(localName).filter((child): child is string => child !== undefined && plugins.has(child));
  return selected.map((top) => {
    const members: Record<MemberKind, string[]> = { servers: [], skills: [], hooks: [] };
    if (!plugins.has(top) || visited.has(top)) return { plugin: top, members };
    visited.add(top);
    const stack = [{ id: top, children: childrenOf(top), next: 0 }];
    while (stack.length > 0) {
      const frame = stack[stack.length - 1];
      if (frame.next < frame.children.length) {
        const child = frame.children[frame.next++];
        if (!visited.has(child)) {
          visited.add(child);
          stack.push({ id: child, children: childrenOf(child), next: 0 });
        }
        continue;
      }
      stack.pop();
      const plugin = plugins.get(frame.id)!;
      for (const kind of MEMBER_KINDS) members[kind].push(...(plugin.lists[PLUGIN_FIELD[kind]] ?? []));
    }
    for (const kind of MEMBER_KINDS) members[kind] = [...new Set(members[kind])];
    return { plugin: top, members };
  });
}

/** ID → artifact over every index of a type, the first definition of an ID winning (as AIR's merge refuses a second). */
function firstOfEach(artifacts: ArtifactsFacts | undefined, type: OtherIndexType): Map<string, ArtifactSummary> {
  const out = new Map<string, ArtifactSummary>();
  for (const file of artifacts?.files ?? []) {
    if (file.type !== type) continue;
    for (const [id, artifact] of file.artifacts) if (!out.has(id)) out.set(id, artifact);
  }
  return out;
}

function candidates(artifacts: ReadonlyMap<string, ArtifactSummary>): MemberCandidate[] {
  return [...artifacts.values()].map((artifact) => ({ name: artifact.id, defaultInRoots: artifact.defaultInRoots }));
}

/** The local name an ID names (bare or `@local/x`), or undefined for a remote scope. */
function localName(id: string): string | undefined {
  const reference = parseServerReference(id);
  return reference.kind === 'local' ? reference.name : undefined;
}

/** The qualified form AIR canonicalises to: a local ID is `@local/x`; a remote one is as written. */
function qualified(id: string): string {
  const local = localName(id);
  return local === undefined ? id : `@local/${local}`;
}
