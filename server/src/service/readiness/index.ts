import type { WorkspaceFacts } from '../facts';
import { readCatalog, type CatalogEntry, type CatalogView } from '../catalogView';
import { maskCredentials } from '../masking';
import { rootContentsByRoot, rootReadiness, type RootReadiness } from './rootReadiness';
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

export function computeReadiness(source: string | CatalogView, facts: WorkspaceFacts, options: ReadinessOptions = {}, memo?: ReadinessMemo): Readiness {
  const catalog = typeof source === 'string' ? readCatalog(source, facts) : source;
  const kept = memo?.holds(facts.variables, options) ? memo : undefined;
  const inOrder = catalog.entries.map((entry) => {
    const known = kept?.get(entry);
    if (known) return known;
    const readiness = readinessOf(entry, facts, options);
    kept?.set(entry, readiness);
    return readiness;
  });
  const servers = [...inOrder.filter((r) => r.startable), ...inOrder.filter((r) => !r.startable)];
  const byName = new Map(inOrder.map((r) => [r.name, r]));
  const roots = [...rootContentsByRoot(facts, catalog.entries)].map(([name, contents]) => rootReadiness(name, contents, byName));
  return { servers, roots };
}

function readinessOf(entry: CatalogEntry, facts: WorkspaceFacts, options: ReadinessOptions): ServerReadiness {
  return masked(serverReadiness(entry, facts.variables, options));
}

/**
 * Each server's readiness, kept from one version of a catalog to the next (the readiness view
 * asks for every version): it depends on the entry's name, its JSON.parse value and its problems
 * alone under the same variables and options, and catalogViewAfterCheck keeps the same value
 * object for an entry written as before. Held per document's facts (lsp/analysis.ts).
 */
export class ReadinessMemo {
  private readonly byValue = new WeakMap<object, { name: string; problems: readonly string[]; readiness: ServerReadiness }>();

  constructor(
    private readonly variables: WorkspaceFacts['variables'],
    private readonly options: ReadinessOptions,
  ) {}

  holds(variables: WorkspaceFacts['variables'], options: ReadinessOptions): boolean {
    return variables === this.variables && options.declareKnownHint === this.options.declareKnownHint;
  }

  get(entry: CatalogEntry): ServerReadiness | undefined {
    const kept = entry.value && this.byValue.get(entry.value);
    return kept && kept.name === entry.name && sameList(kept.problems, entry.problems) ? kept.readiness : undefined;
  }

  set(entry: CatalogEntry, readiness: ServerReadiness): void {
    if (entry.value) this.byValue.set(entry.value, { name: entry.name, problems: entry.problems, readiness });
  }
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

/** Reasons quote the catalog (a declared `unavailable`, a structural problem): credentials masked (SPEC §5). */
function masked(readiness: ServerReadiness): ServerReadiness {
  return readiness.reason === undefined ? readiness : { ...readiness, reason: maskCredentials(readiness.reason) };
}

export { isCredentialHeaderName, sendsCredential } from './credentialHeaders';
export { requiredVariables } from './requiredVariables';
export { defaultServersByRoot, rootContentsByRoot, rootNames, type MembershipFacts, type RootReadiness } from './rootReadiness';
export { DEFAULT_DECLARE_KNOWN_HINT, isOAuthCapable, serverReadiness, type ReadinessOptions, type ServerReadiness } from './serverReadiness';
export { cannotStart, isStartable, STATE_COST, STATE_INFO, type ReadinessState, type StateInfo } from './states';
