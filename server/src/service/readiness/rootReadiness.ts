import type { RootsFacts } from '../facts';
import { parseServerReference } from '../model';
import type { CatalogEntry } from '../catalogView';
import type { ServerReadiness } from './serverReadiness';
import { STATE_COST, type ReadinessState } from './states';
import { joinNames } from './words';

/**
 * Roots and the worst state (SPEC §6.2, §10). A root's default servers are the union of the
 * inverted `default_in_roots` (`"*"` meaning every root) and the root's own explicit
 * `default_mcp_servers`; a session on the root is warned about the costliest state among them.
 */

export interface RootReadiness {
  name: string;
  /** Default servers of this root that are in this catalog, in catalog order. */
  servers: string[];
  /** The costliest state among them, when any cannot start. */
  worstState?: ReadinessState;
  /** The sentence a session on this root is warned with. */
  warning?: string;
}

/** Every root name of the roots index, in file and key order, without repeats. */
export function rootNames(roots: RootsFacts | undefined): string[] {
  const names: string[] = [];
  for (const file of roots?.files ?? []) for (const name of file.roots.keys()) if (!names.includes(name)) names.push(name);
  return names;
}

/** Root name → its default servers of this catalog, in catalog order. Roots of the index only. */
export function defaultServersByRoot(roots: RootsFacts | undefined, entries: readonly CatalogEntry[]): Map<string, string[]> {
  const names = rootNames(roots);
  const chosen = new Map<string, Set<string>>(names.map((name) => [name, new Set<string>()]));
  const position = new Map(entries.map((entry, index) => [entry.name, index]));

  for (const entry of entries) {
    const items = entry.value?.default_in_roots;
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      if (typeof item !== 'string') continue;
      if (item === '*') {
        for (const set of chosen.values()) set.add(entry.name);
        continue;
      }
      const reference = parseServerReference(item);
      if (reference.kind === 'local') chosen.get(reference.name)?.add(entry.name);
    }
  }
  for (const file of roots?.files ?? []) {
    for (const [root, references] of file.defaultServers ?? []) {
      for (const item of references) {
        const reference = parseServerReference(item);
        // Remote scopes cannot be resolved offline; unknown names are `undefined-server` diagnostics.
        if (reference.kind === 'local' && position.has(reference.name)) chosen.get(root)?.add(reference.name);
      }
    }
  }

  // Catalog order by sorting each root's own servers: filtering every entry per root cost roots ×
  // entries (most of a readiness at 10,000 servers, which the editor asks for on every version).
  const unique = position.size === entries.length;
  const ordered = new Map<string, string[]>();
  for (const name of names) {
    const set = chosen.get(name)!;
    ordered.set(
      name,
      unique
        ? [...set].sort((a, b) => position.get(a)! - position.get(b)!)
        : // A name written twice lists each of its entries, as a filter of the entries does.
          entries.filter((entry) => set.has(entry.name)).map((entry) => entry.name),
    );
  }
  return ordered;
}

export function rootReadiness(name: string, servers: readonly string[], readinessByName: ReadonlyMap<string, ServerReadiness>): RootReadiness {
  const states = servers.map((server) => readinessByName.get(server)).filter((r): r is ServerReadiness => r !== undefined);
  let worst: ReadinessState | undefined;
  for (const readiness of states) {
    if (STATE_COST[readiness.state] === 0) continue;
    if (worst === undefined || STATE_COST[readiness.state] > STATE_COST[worst]) worst = readiness.state;
  }
  const root: RootReadiness = { name, servers: [...servers] };
  if (worst === undefined) return root;
  root.worstState = worst;
  root.warning = warningFor(
    worst,
    states.filter((r) => STATE_COST[r.state] === STATE_COST[worst]),
  );
  return root;
}

/** The exact sentences of SPEC §6.2. */
function warningFor(worst: ReadinessState, culprits: readonly ServerReadiness[]): string {
  switch (worst) {
    case 'missing_configuration': {
      const names: string[] = [];
      for (const culprit of culprits) for (const variable of culprit.variables ?? []) if (!names.includes(variable)) names.push(variable);
      return `preparing the session is expected to fail until ${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} set`;
    }
    case 'needs_authorization':
    case 'needs_reauth':
      return 'the session will pause for OAuth authorization before the agent runs';
    case 'declared_unavailable':
      return 'the session will run without those tools';
    case 'invalid': {
      const servers = culprits.map((culprit) => culprit.name);
      return `AIR rejects the catalog until ${joinNames(servers)} ${servers.length === 1 ? 'is' : 'are'} fixed, so Zimmer keeps serving a stale catalog`;
    }
    default:
      return '';
  }
}
