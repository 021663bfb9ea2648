import type { RootsFacts } from '../facts';
import { membersByRoot, rootNames } from '../membership';
import type { CatalogEntry } from '../catalogView';
import type { ServerReadiness } from './serverReadiness';
import { STATE_COST, type ReadinessState } from './states';
import { joinNames } from './words';

/**
 * Roots and the worst state (SPEC §6.2, §10). A root's default servers are the servers whose
 * `default_in_roots` names it or holds `"*"` (service/membership.ts; root-side
 * `default_mcp_servers` count for nothing); a session on the root is warned about the costliest
 * state among them.
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

/** Root name → its default servers of this catalog, in catalog order (SPEC §6.2: membership from `default_in_roots` only). */
export function defaultServersByRoot(roots: RootsFacts | undefined, entries: readonly CatalogEntry[]): Map<string, string[]> {
  return membersByRoot(
    rootNames(roots),
    entries.map((entry) => ({ name: entry.name, defaultInRoots: entry.value?.default_in_roots })),
  );
}

export { rootNames };

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
