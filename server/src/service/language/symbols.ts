import { spanAt } from '../entrySpans';
import { readEntry, type FastState } from '../fastCheck';
import { entryTree } from '../fastEntries';
import { effectiveProperties, propertyKey, propertyValue, type JsonNode } from '../parse';
import { indexEntries, field, type IndexEntry } from '../model';
import { spanOf, type LanguageDocument, type Span } from './document';

/**
 * The outline and breadcrumbs: servers (with their `type`) or roots (with their
 * display name), each with its fields as children, and the keys of map-valued fields (`env`,
 * `headers`, `oauth`) below those. Names only: no value of `env` or `headers` is ever a detail.
 */

export type SymbolKind = 'server' | 'root' | 'schema' | 'field' | 'key';

export interface DocumentSymbolNode {
  name: string;
  detail?: string;
  kind: SymbolKind;
  /** The whole property. */
  range: Span;
  /** The key. */
  selectionRange: Span;
  /** The JSON type of the value, for the symbol icon. */
  valueType?: JsonNode['type'];
  children?: DocumentSymbolNode[];
}

/**
 * At most this many symbols below the servers or roots. VS Code's own JSON outline stops at 5,000
 * items (`json.maxItemsComputed`); every field and key of a 10,000-server catalog was ~85,000
 * symbols, a 17 MB answer that kept the server busy for seconds after every typing pause
 * (breadcrumbs ask for it; bench/NOTES.md "Readiness"). Every entry is listed; its fields, then the
 * keys below those, are added in document order while the budget lasts.
 */
export const MAX_NESTED_SYMBOLS = 5000;

export function documentSymbols(document: LanguageDocument, maxNested = MAX_NESTED_SYMBOLS): DocumentSymbolNode[] {
  const root = document.parsed.root;
  if (!root || root.type !== 'object') return [];
  const schema = effectiveProperties(root).filter((property) => propertyKey(property) === '$schema');
  const entries = indexEntries(root);
  return collect(
    schema.map((property) => leaf(property, 'schema')),
    entries.length,
    (index) => entries[index],
    document.kind === 'catalog' ? 'server' : 'root',
    maxNested,
  );
}

/**
 * The same symbols from a catalog checked on the fast path (fastCheck.ts), without the whole
 * document's tree (a big catalog's outline, asked for after every typing pause): an entry gets its
 * own tree only while the budget lasts for its fields; the others are listed from the scanner's
 * table and their `type` read with JSON.parse. Undefined when the state no longer describes its text.
 */
export function fastDocumentSymbols(state: FastState, maxNested = MAX_NESTED_SYMBOLS): DocumentSymbolNode[] | undefined {
  if (state.consumed) return undefined;
  const { object, schemaIndex, text } = state;
  const indices: number[] = [];
  for (let index = 0; index < object.count; index++) if (index !== schemaIndex) indices.push(index);
  const tree = (index: number): IndexEntry => state.trees.get(index)?.entry ?? entryTree(text, spanAt(object.spans, index), 0).entry;
  const schema = schemaIndex < 0 ? [] : [leaf(tree(schemaIndex).property, 'schema')];
  return collect(
    schema,
    indices.length,
    (i) => tree(indices[i]),
    'server',
    maxNested,
    (i) => plainSymbol(state, indices[i]),
  );
}

/** An entry's symbol without its fields, from the scanner's table (no duplicate key inside: such entries have trees). */
function plainSymbol(state: FastState, index: number): DocumentSymbolNode {
  const span = spanAt(state.object.spans, index);
  const read = readEntry(state.text, state.object.spans, index)!;
  const type = (read.value as { type?: unknown } | null)?.type;
  const symbol: DocumentSymbolNode = {
    name: read.name,
    kind: 'server',
    range: { start: span.keyStart, end: span.valueEnd },
    selectionRange: { start: span.keyStart, end: span.keyEnd },
    valueType: jsonType(read.value),
    children: [],
  };
  if (typeof type === 'string') symbol.detail = type;
  return symbol;
}

function jsonType(value: unknown): JsonNode['type'] {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value as JsonNode['type'];
}

/**
 * Every entry's symbol, its fields in document order while the budget lasts, then the keys of
 * its map fields (breadth first). `entry(i)` gives the i-th entry's tree; `plain(i)`, when given,
 * an entry's symbol without fields once the budget is spent (so no tree is built for it).
 */
function collect(
  first: DocumentSymbolNode[],
  count: number,
  entry: (index: number) => IndexEntry,
  kind: 'server' | 'root',
  maxNested: number,
  plain?: (index: number) => DocumentSymbolNode,
): DocumentSymbolNode[] {
  const symbols = first;
  let budget = maxNested;
  /** Fields whose object value lists its keys once every entry's fields are in (breadth first). */
  const maps: { symbol: DocumentSymbolNode; value: JsonNode }[] = [];
  for (let index = 0; index < count; index++) {
    if (budget === 0 && plain) {
      symbols.push(plain(index));
      continue;
    }
    const indexEntry = entry(index);
    const { name, property, keyNode, valueNode } = indexEntry;
    const children: DocumentSymbolNode[] = [];
    for (const child of effectiveProperties(valueNode)) {
      if (budget === 0) break;
      budget--;
      const symbol = fieldSymbol(child);
      const value = propertyValue(child);
      if (value?.type === 'object') maps.push({ symbol, value });
      children.push(symbol);
    }
    const detail = field(indexEntry, kind === 'server' ? 'type' : 'display_name')?.valueNode?.value;
    const symbol: DocumentSymbolNode = { name, kind, range: spanOf(property), selectionRange: spanOf(keyNode), valueType: valueNode?.type, children };
    if (typeof detail === 'string') symbol.detail = detail;
    symbols.push(symbol);
  }
  for (const { symbol, value } of maps) {
    const keys: DocumentSymbolNode[] = [];
    for (const child of effectiveProperties(value)) {
      if (budget === 0) break;
      budget--;
      keys.push(leaf(child, 'key'));
    }
    symbol.children = keys;
  }
  return symbols.sort((a, b) => a.range.start - b.range.start);
}

function fieldSymbol(property: JsonNode): DocumentSymbolNode {
  const symbol = leaf(property, 'field');
  const value = propertyValue(property);
  if (value?.type === 'array') symbol.detail = `${value.children?.length ?? 0} item${value.children?.length === 1 ? '' : 's'}`;
  return symbol;
}

function leaf(property: JsonNode, kind: SymbolKind): DocumentSymbolNode {
  const key = property.children![0];
  return { name: propertyKey(property), kind, range: spanOf(property), selectionRange: spanOf(key), valueType: propertyValue(property)?.type };
}
