import type { WorkspaceFacts } from '../facts';
import { rootNames } from '../membership';
import type { CatalogEntry } from '../catalogView';
import { whatRootsGet, type RootContents, type RootMember } from '../whatRootsGet';
import type { ServerReadiness } from './serverReadiness';
import { STATE_COST, type ReadinessState } from './states';
import { joinNames } from './words';

/**
 * Roots and the worst state (SPEC §6.2, §10, §12). A root's default servers are the servers whose
 * `default_in_roots` names it or holds `"*"` and those its plugins bring (service/whatRootsGet.ts;
 * root-side `default_mcp_servers` count for nothing); a session on the root is warned about the
 * costliest state among them.
 */

export interface RootReadiness {
  name: string;
  /** Default servers of this root that are in this catalog, in catalog order. */
  servers: string[];
  /** The costliest state among them, when any cannot start. */
  worstState?: ReadinessState;
  /** The sentence a session on this root is warned with. */
  warning?: string;
  /** Servers of `servers` that a plugin brought → that plugin (SPEC §12); absent when none did. */
  broughtBy?: Record<string, string>;
  /** The root's plugins, skills and hooks (SPEC §12); each absent when it has none. */
  plugins?: string[];
  skills?: RootMember[];
  hooks?: RootMember[];
}

/** The facts what a root gets depends on: the roots index and the other indexes. */
export type MembershipFacts = Pick<WorkspaceFacts, 'roots' | 'artifacts'>;

/** Root name → what it gets, its servers from this catalog, in catalog order (SPEC §6.2, §12). */
export function rootContentsByRoot(facts: MembershipFacts, entries: readonly CatalogEntry[]): Map<string, RootContents> {
  return whatRootsGet(
    rootNames(facts.roots),
    entries.map((entry) => ({ name: entry.name, defaultInRoots: entry.value?.default_in_roots })),
    facts.artifacts,
  );
}

/** Root name → its default servers of this catalog, in catalog order (SPEC §6.2, §12). */
export function defaultServersByRoot(facts: MembershipFacts, entries: readonly CatalogEntry[]): Map<string, string[]> {
  return new Map([...rootContentsByRoot(facts, entries)].map(([root, contents]) => [root, contents.servers.map((server) => server.id)]));
}

export { rootNames };

/** A root's readiness from what it gets (rootContentsByRoot) and each server's readiness. */
export function rootReadiness(name: string, contents: RootContents, readinessByName: ReadonlyMap<string, ServerReadiness>): RootReadiness {
  const root = worstOf(
    name,
    contents.servers.map((server) => server.id),
    readinessByName,
  );
  const brought = contents.servers.filter((server) => server.plugin !== undefined);
  if (brought.length > 0) root.broughtBy = Object.fromEntries(brought.map((server) => [server.id, server.plugin!]));
  if (contents.plugins.length > 0) root.plugins = [...contents.plugins];
  if (contents.skills.length > 0) root.skills = [...contents.skills];
  if (contents.hooks.length > 0) root.hooks = [...contents.hooks];
  return root;
}

function worstOf(name: string, servers: readonly string[], readinessByName: ReadonlyMap<string, ServerReadiness>): RootReadiness {
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
