import { field, indexEntries, parseServerReference, stringItems } from '../model';
import { normaliseUnavailableReason } from '../unavailable';
import { fileName, wholeDocument, type LanguageDocument } from './document';

/**
 * The servers a root gets by default (SPEC §4.4, §6.2): the inverted `default_in_roots` (`"*"`
 * meaning every root) united with the root's explicit `default_mcp_servers`. Seen from a catalog
 * (its own entries + the roots index's explicit lists) or from a roots index (its own explicit
 * lists + its catalogs' `default_in_roots`).
 */

export interface RootDefault {
  server: string;
  /** Why the root gets it. */
  via: ('default_in_roots' | 'default_mcp_servers')[];
  /** The catalog that defines it, when known. */
  file?: string;
  /** The normalised `unavailable` reason, when declared. */
  unavailableReason?: string;
  /** Named in `default_mcp_servers` but defined in no known catalog. */
  missing?: boolean;
  /** A remote-scope reference (`@owner/repo/name`), not checkable offline. */
  remote?: boolean;
}

/** Every root name the document can see: the roots index's keys (catalog) or its own keys (roots index). */
export function knownRootNames(document: LanguageDocument): string[] {
  if (document.kind === 'roots') document = wholeDocument(document);
  if (document.kind === 'roots') return indexEntries(document.parsed.root).map((entry) => entry.name);
  const names: string[] = [];
  for (const file of document.facts.roots?.files ?? []) for (const name of file.roots.keys()) if (!names.includes(name)) names.push(name);
  return names;
}

export function rootDefaults(document: LanguageDocument, root: string): RootDefault[] {
  document = wholeDocument(document);
  return document.kind === 'catalog' ? fromCatalog(document, root) : fromRootsIndex(document, root);
}

function add(list: RootDefault[], item: RootDefault): void {
  const existing = list.find((d) => d.server === item.server && !d.remote);
  if (existing && !item.remote) {
    for (const via of item.via) if (!existing.via.includes(via)) existing.via.push(via);
    existing.missing = existing.missing && item.missing;
    return;
  }
  list.push(item);
}

function fromCatalog(document: LanguageDocument, root: string): RootDefault[] {
  const list: RootDefault[] = [];
  const entries = indexEntries(document.parsed.root);
  const here = document.path ? fileName(document.path) : undefined;
  const isRoot = knownRootNames(document).includes(root);
  for (const entry of entries) {
    const items = stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value);
    if (items.includes(root) || (isRoot && items.includes('*'))) {
      add(list, {
        server: entry.name,
        via: ['default_in_roots'],
        file: here,
        unavailableReason: normaliseUnavailableReason(field(entry, 'unavailable')?.valueNode?.value),
      });
    }
  }
  for (const file of document.facts.roots?.files ?? []) {
    for (const reference of file.defaultServers?.get(root) ?? []) {
      const parsed = parseServerReference(reference);
      if (parsed.kind === 'remote') {
        add(list, { server: reference, via: ['default_mcp_servers'], remote: true });
        continue;
      }
      const entry = entries.find((e) => e.name === parsed.name);
      add(list, {
        server: parsed.name,
        via: ['default_mcp_servers'],
        file: entry ? here : undefined,
        unavailableReason: entry ? normaliseUnavailableReason(field(entry, 'unavailable')?.valueNode?.value) : undefined,
        missing: !entry,
      });
    }
  }
  return list;
}

function fromRootsIndex(document: LanguageDocument, root: string): RootDefault[] {
  const list: RootDefault[] = [];
  const catalogs = document.facts.catalogs?.files ?? [];
  const entry = indexEntries(document.parsed.root).find((e) => e.name === root);
  for (const item of stringItems(entry ? field(entry, 'default_mcp_servers')?.valueNode : undefined)) {
    const parsed = parseServerReference(item.value);
    if (parsed.kind === 'remote') {
      add(list, { server: item.value, via: ['default_mcp_servers'], remote: true });
      continue;
    }
    const catalog = catalogs.find((file) => file.servers.has(parsed.name));
    add(list, {
      server: parsed.name,
      via: ['default_mcp_servers'],
      file: catalog ? fileName(catalog.path) : undefined,
      unavailableReason: catalog?.servers.get(parsed.name)?.unavailableReason,
      missing: !catalog,
    });
  }
  if (entry) {
    for (const catalog of catalogs) {
      for (const [name, server] of catalog.servers) {
        if (server.defaultInRoots.includes(root) || server.defaultInRoots.includes('*')) {
          add(list, { server: name, via: ['default_in_roots'], file: fileName(catalog.path), unavailableReason: server.unavailableReason });
        }
      }
    }
  }
  return list;
}
