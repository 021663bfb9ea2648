import type { CatalogServer } from '../facts';
import type { MemberCandidate } from '../membership';
import { field, indexEntries, stringItems } from '../model';
import { normaliseUnavailableReason } from '../unavailable';
import { whatRootsGet, type RootMember } from '../whatRootsGet';
import type { LanguageDocument } from './document';
import { fileName } from '../text';

/**
 * The servers a root gets by default (SPEC §4.4, §6.2, §12): those whose `default_in_roots` names it
 * (`"*"` meaning every root) and those its plugins bring (service/whatRootsGet.ts). Root-side
 * `default_mcp_servers` count for nothing. Seen from a catalog (its own entries) or from a roots
 * index (its catalogs' entries).
 */

export interface RootDefault {
  server: string;
  /** The catalog that defines it, when known. */
  file?: string;
  /** The plugin that brought it (SPEC §12); absent when its own `default_in_roots` names the root. */
  plugin?: string;
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
  const here = document.path ? fileName(document.path) : undefined;
  const entries = indexEntries(document.parsed.root);
  const servers = entries.map((entry) => ({
    name: entry.name,
    defaultInRoots: stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value),
  }));
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const unavailable = (name: string) => {
    const entry = byName.get(name);
    return entry && normaliseUnavailableReason(field(entry, 'unavailable')?.valueNode?.value);
  };
  return membersOf(document, root, servers).map((member) => ({
    server: member.id,
    file: here,
    plugin: member.plugin,
    unavailableReason: unavailable(member.id),
  }));
}

function fromRootsIndex(document: LanguageDocument, root: string): RootDefault[] {
  const where = new Map<string, { file: string; server: CatalogServer }>();
  for (const catalog of document.facts.catalogs?.files ?? [])
    for (const [name, server] of catalog.servers) if (!where.has(name)) where.set(name, { file: fileName(catalog.path), server });
  const servers = [...where].map(([name, { server }]) => ({ name, defaultInRoots: server.defaultInRoots }));
  return membersOf(document, root, servers).map((member) => {
    const found = where.get(member.id)!;
    return { server: member.id, file: found.file, plugin: member.plugin, unavailableReason: found.server.unavailableReason };
  });
}

/** The servers of the pool the root gets (service/whatRootsGet.ts: with those its plugins bring). */
function membersOf(document: LanguageDocument, root: string, servers: MemberCandidate[]): readonly RootMember[] {
  return whatRootsGet([root], servers, document.facts.artifacts).get(root)?.servers ?? [];
}
