import { effectiveProperties, getProperty, propertyKey, propertyValue, type JsonNode, type ParsedJson } from './parse';

/**
 * Entries of an index file: the top-level properties other than `$schema`, as the object
 * JSON.parse builds (SPEC §10): a name written twice appears once, at the position of its
 * **first** occurrence, with the **last** value (its property node is the effective one). Shared
 * by catalogs (server entries) and roots indexes (root entries), so diagnostics, readiness,
 * previews and copy-as all see the same list.
 */

export interface IndexEntry {
  name: string;
  /** The property node `"name": {…}`. */
  property: JsonNode;
  keyNode: JsonNode;
  valueNode: JsonNode | undefined;
}

/**
 * A checked document as the editor features read it — outline, folding, selection, readiness,
 * previews and the catalog view (engine.ts's `CheckResult` is one; the server's analysis carries
 * it): the strict parse, whose nodes give every key, value and range, and the entries.
 */
export interface DocumentModel {
  /** Every node with its offsets; undefined only when the text was too large to check. */
  readonly parsed: ParsedJson | undefined;
  /** The entries JSON.parse would build (no `$schema`), in its order: `indexEntries` of the root. */
  readonly entries: readonly IndexEntry[];
}

export const SERVER_NAME_PATTERN = /^[$a-zA-Z0-9_[\]-]+$/;
export const ROOT_NAME_PATTERN = /^[$a-zA-Z0-9_-]+$/;

export function indexEntries(root: JsonNode | undefined): IndexEntry[] {
  if (!root || root.type !== 'object') return [];
  const effective = effectiveProperties(root);
  const entries: IndexEntry[] = [];
  // Without a repeated name (the usual case) document order is JSON.parse's order.
  const order = root.children?.some((property) => property.shadowed) ? firstPositions(root) : undefined;
  for (const property of effective) {
    const name = propertyKey(property);
    if (name === '$schema') continue;
    entries.push({ name, property, keyNode: property.children![0], valueNode: propertyValue(property) });
  }
  if (order) entries.sort((a, b) => order.get(a.name)! - order.get(b.name)!);
  return entries;
}

/** Name → index of its first occurrence among the object's properties. */
function firstPositions(root: JsonNode): Map<string, number> {
  const first = new Map<string, number>();
  (root.children ?? []).forEach((property, index) => {
    if (!property.children || property.children.length === 0) return;
    const name = propertyKey(property);
    if (!first.has(name)) first.set(name, index);
  });
  return first;
}

/** An entry's field: the property node and its value node (last duplicate wins). */
export interface Field {
  property: JsonNode;
  keyNode: JsonNode;
  valueNode: JsonNode | undefined;
}

export function field(entry: IndexEntry, key: string): Field | undefined {
  const property = getProperty(entry.valueNode, key);
  if (!property) return undefined;
  return { property, keyNode: property.children![0], valueNode: propertyValue(property) };
}

/** The `type` string of a catalog entry, when it is one. */
export function entryType(entry: IndexEntry): string | undefined {
  const value = field(entry, 'type')?.valueNode?.value;
  return typeof value === 'string' ? value : undefined;
}

export function isRemoteType(type: string | undefined): boolean {
  return type === 'sse' || type === 'streamable-http';
}

/** String items of an array node, with their nodes. */
export function stringItems(arrayNode: JsonNode | undefined): { value: string; node: JsonNode; index: number }[] {
  if (!arrayNode || arrayNode.type !== 'array') return [];
  const items: { value: string; node: JsonNode; index: number }[] = [];
  arrayNode.children!.forEach((node, index) => {
    if (node.type === 'string') items.push({ value: node.value as string, node, index });
  });
  return items;
}

/** Server references in a roots index: bare, `@local/name`, or a remote scope `@owner/repo/name`. */
export type ServerReference = { kind: 'local'; name: string } | { kind: 'remote' };

export function parseServerReference(reference: string): ServerReference {
  if (!reference.startsWith('@')) return { kind: 'local', name: reference };
  const parts = reference.slice(1).split('/');
  if (parts.length === 2 && parts[0] === 'local') return { kind: 'local', name: parts[1] };
  return { kind: 'remote' };
}
