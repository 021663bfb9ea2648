import type { WorkspaceFacts } from '../facts';
import { readCatalog, type CatalogView } from '../catalogView';
import { maskCredentials } from '../masking';
import { defaultServersByRoot, rootReadiness, type RootReadiness } from './rootReadiness';
import { serverReadiness, type ReadinessOptions, type ServerReadiness } from './serverReadiness';

/**
 * Readiness of a catalog (SPEC §6.1, §6.2, §7, §10): per server and per root of its roots index.
 * Pure: the editor's tree view, the language status and `mcp-catalog readiness` call this.
 */

export interface Readiness {
  /** Startable servers first, then the others; each group in catalog order. */
  servers: ServerReadiness[];
  /** Every root of the roots index, `[]` without one. */
  roots: RootReadiness[];
}

export function computeReadiness(source: string | CatalogView, facts: WorkspaceFacts, options: ReadinessOptions = {}): Readiness {
  const catalog = typeof source === 'string' ? readCatalog(source, facts) : source;
  const inOrder = catalog.entries.map((entry) => masked(serverReadiness(entry, facts.variables, options)));
  const servers = [...inOrder.filter((r) => r.startable), ...inOrder.filter((r) => !r.startable)];
  const byName = new Map(inOrder.map((r) => [r.name, r]));
  const roots = [...defaultServersByRoot(facts.roots, catalog.entries)].map(([name, names]) => rootReadiness(name, names, byName));
  return { servers, roots };
}

/** Reasons quote the catalog (a declared `unavailable`, a structural problem): credentials masked (SPEC §5). */
function masked(readiness: ServerReadiness): ServerReadiness {
  return readiness.reason === undefined ? readiness : { ...readiness, reason: maskCredentials(readiness.reason) };
}

export { isCredentialHeaderName, sendsCredential } from './credentialHeaders';
export { requiredVariables } from './requiredVariables';
export { defaultServersByRoot, rootNames, type RootReadiness } from './rootReadiness';
export { DEFAULT_DECLARE_KNOWN_HINT, isOAuthCapable, serverReadiness, type ReadinessOptions, type ServerReadiness } from './serverReadiness';
export { isStartable, STATE_COST, STATE_INFO, type ReadinessState, type StateInfo } from './states';
