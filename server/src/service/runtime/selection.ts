import { defaultServersByRoot, rootNames, type MembershipFacts } from '../readiness/rootReadiness';
import { closestNames } from '../suggestions';
import type { CatalogView } from '../catalogView';
import type { Selection } from './types';

/**
 * Which servers a preview covers (SPEC §6.3): all of them, a root's defaults (the
 * servers whose `default_in_roots` names it and those its plugins bring, service/whatRootsGet.ts), or named servers — always in catalog order.
 * An unknown root or server is the caller's mistake, reported as such (exit 2 on the command line).
 */

export type SelectionOutcome = { ok: true; names: string[] } | { ok: false; problem: 'unknown-root' | 'unknown-server'; message: string };

export function resolveSelection(catalog: CatalogView, selection: Selection, facts: MembershipFacts | undefined): SelectionOutcome {
  const roots = facts?.roots;
  const inCatalog = catalog.entries.map((entry) => entry.name);
  switch (selection.kind) {
    case 'all':
      return { ok: true, names: inCatalog };
    case 'root': {
      const known = rootNames(roots);
      if (!known.includes(selection.root)) {
        const message = roots
          ? `"${selection.root}" is not a root of ${roots.files.map((file) => file.path).join(', ') || 'the roots index'}${didYouMean(selection.root, known)}`
          : `no roots index was found for this catalog, so the root "${selection.root}" cannot be resolved (pass --roots FILE)`;
        return { ok: false, problem: 'unknown-root', message };
      }
      return { ok: true, names: defaultServersByRoot(facts ?? {}, catalog.entries).get(selection.root) ?? [] };
    }
    case 'servers': {
      const unknown = selection.names.filter((name) => !inCatalog.includes(name));
      if (unknown.length > 0) {
        const [first] = unknown;
        return {
          ok: false,
          problem: 'unknown-server',
          message: `${unknown.map((name) => `"${name}"`).join(', ')} ${unknown.length === 1 ? 'is not a server' : 'are not servers'} of this catalog${unknown.length === 1 ? didYouMean(first, inCatalog) : ''}`,
        };
      }
      const wanted = new Set(selection.names);
      return { ok: true, names: inCatalog.filter((name) => wanted.has(name)) };
    }
  }
}

function didYouMean(name: string, candidates: readonly string[]): string {
  const close = closestNames(name, candidates, 3);
  return close.length > 0 ? ` (did you mean ${close.map((c) => `"${c}"`).join(' or ')}?)` : '';
}
