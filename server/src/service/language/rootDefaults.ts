import { isMemberOf } from '../membership';
import { field, indexEntries, stringItems } from '../model';
import { normaliseUnavailableReason } from '../unavailable';
import { fileName, type LanguageDocument } from './document';

/**
 * The servers a root gets by default (SPEC §4.4, §6.2): those whose `default_in_roots` names it
 * (`"*"` meaning every root; service/membership.ts). Root-side `default_mcp_servers` count for
 * nothing. Seen from a catalog (its own entries) or from a roots index (its catalogs' entries).
 */

export interface RootDefault {
  server: string;
  /** The catalog that defines it, when known. */
  file?: string;
  /** The normalised `unavailable` reason, when declared. */
  unavailableReason?: string;
}

/** Every root name the document can see: the roots index's keys (catalog) or its own keys (roots index). */
export function knownRootNames(document: LanguageDocument): string[] {
  if (document.kind === 'roots') return indexEntries(document.parsed.root).map((entry) => entry.name);
  const names: string[] = [];
  for (const file of document.facts.roots?.files ?? []) for (const name of file.roots.keys()) if (!names.includes(name)) names.push(name);
  return names;
}

export function rootDefaults(document: LanguageDocument, root: string): RootDefault[] {
  if (!knownRootNames(document).includes(root)) return [];
  return document.kind === 'catalog' ? fromCatalog(document, root) : fromRootsIndex(document, root);
}

function fromCatalog(document: LanguageDocument, root: string): RootDefault[] {
  const list: RootDefault[] = [];
  const here = document.path ? fileName(document.path) : undefined;
  for (const entry of indexEntries(document.parsed.root)) {
    if (
      list.some((d) => d.server === entry.name) ||
      !isMemberOf(
        stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value),
        root,
      )
    )
      continue;
    list.push({ server: entry.name, file: here, unavailableReason: normaliseUnavailableReason(field(entry, 'unavailable')?.valueNode?.value) });
  }
  return list;
}

function fromRootsIndex(document: LanguageDocument, root: string): RootDefault[] {
  const list: RootDefault[] = [];
  for (const catalog of document.facts.catalogs?.files ?? []) {
    for (const [name, server] of catalog.servers) {
      if (list.some((d) => d.server === name) || !isMemberOf(server.defaultInRoots, root)) continue;
      list.push({ server: name, file: fileName(catalog.path), unavailableReason: server.unavailableReason });
    }
  }
  return list;
}
