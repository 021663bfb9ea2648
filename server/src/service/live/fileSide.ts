import { defaultServersByRoot, type MembershipFacts } from '../readiness';
import { validTimeout } from '../rules/timeout';
import type { CatalogView } from '../catalogView';
import { normaliseUnavailableReason } from '../unavailable';

/**
 * What the file says, in the terms the instance answers in (SPEC §11): per server its title (or
 * name), description, declared `unavailable` reason and valid `startup_timeout_sec`; per root its
 * default servers as a set (SPEC §6.2, with those its plugins bring, §12). Read from the same catalog view as readiness.
 */

export interface FileServer {
  name: string;
  title: string;
  description: string | null;
  /** The normalised declared `unavailable` reason (SPEC §4.2). */
  declaredReason?: string;
  /** The valid declared `startup_timeout_sec` (SPEC §4.1), or null when absent or ignored. */
  startupTimeoutSec: number | null;
}

export interface FileSide {
  servers: FileServer[];
  /** Root name → its default server names; undefined when no roots index was found. */
  roots?: Map<string, string[]>;
}

export function fileSideOf(catalog: CatalogView, facts: MembershipFacts): FileSide {
  const servers = catalog.entries.map((entry): FileServer => {
    const value = entry.value ?? {};
    const server: FileServer = {
      name: entry.name,
      title: typeof value.title === 'string' ? value.title : entry.name,
      description: typeof value.description === 'string' ? value.description : null,
      startupTimeoutSec: validTimeout(value.startup_timeout_sec) ?? null,
    };
    const declared = normaliseUnavailableReason(value.unavailable);
    if (declared !== undefined) server.declaredReason = declared;
    return server;
  });
  if (!facts.roots) return { servers };
  // Membership from `default_in_roots` and the root's plugins (SPEC §6.2, §12): the instance computes it the same way.
  return { servers, roots: defaultServersByRoot(facts, catalog.entries) };
}
