import { effectiveProperties, propertyKey, type JsonNode } from '../parse';
import type { LanguageDocument, Span } from './document';
import { outlineOf, treeOutline, type EntryOutline, type Outline } from './outline';

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
 * At most this many symbols in all, as VS Code's own JSON outline (`json.maxItemsComputed`, 5,000):
 * every field and key of a 10,000-server catalog was ~85,000 symbols, a 17 MB answer that kept
 * the server busy for seconds after every typing pause (breadcrumbs ask for it; bench/NOTES.md
 * "Readiness"). Every entry is listed, even past the limit (the outline is how one finds a
 * server); its fields, then the keys below those, fill what is left, in document order.
 */
export const MAX_SYMBOLS = 5000;

export function documentSymbols(document: LanguageDocument, maxSymbols = MAX_SYMBOLS): DocumentSymbolNode[] {
  const root = document.parsed.root;
  if (!root || root.type !== 'object') return [];
  const schema = effectiveProperties(root).filter((property) => propertyKey(property) === '$schema');
  const { entries } = document;
  const detailField = document.kind === 'catalog' ? 'type' : 'display_name';
  return collect(
    schema.map((property) => symbolOf(outlineOf(property), 'schema')),
    entries.length,
    (index) => treeOutline(entries[index], detailField),
    document.kind === 'catalog' ? 'server' : 'root',
    maxSymbols,
  );
}

/**
 * Every entry's symbol, its fields in document order while the budget lasts, then the keys of
 * its map fields (breadth first).
 */
function collect(
  first: DocumentSymbolNode[],
  count: number,
  entry: (index: number) => EntryOutline,
  kind: 'server' | 'root',
  maxSymbols: number,
): DocumentSymbolNode[] {
  const symbols = first;
  let budget = Math.max(0, maxSymbols - first.length - count);
  /** Fields whose object value lists its keys once every entry's fields are in (breadth first). */
  const maps: { symbol: DocumentSymbolNode; keys: () => Outline[] }[] = [];
  for (let index = 0; index < count; index++) {
    const outline = entry(index);
    const children: DocumentSymbolNode[] = [];
    if (budget > 0) {
      for (const fieldOutline of outline.fields()) {
        if (budget === 0) break;
        budget--;
        const symbol = symbolOf(fieldOutline, 'field');
        if (fieldOutline.items !== undefined) symbol.detail = `${fieldOutline.items} item${fieldOutline.items === 1 ? '' : 's'}`;
        if (fieldOutline.keys) maps.push({ symbol, keys: fieldOutline.keys });
        children.push(symbol);
      }
    }
    const symbol = symbolOf(outline, kind);
    symbol.children = children;
    if (typeof outline.detail === 'string') symbol.detail = outline.detail;
    symbols.push(symbol);
  }
  for (const { symbol, keys } of maps) {
    const children: DocumentSymbolNode[] = [];
    for (const key of keys()) {
      if (budget === 0) break;
      budget--;
      children.push(symbolOf(key, 'key'));
    }
    symbol.children = children;
  }
  return symbols.sort((a, b) => a.range.start - b.range.start);
}

function symbolOf(outline: Outline, kind: SymbolKind): DocumentSymbolNode {
  return { name: outline.name, kind, range: outline.range, selectionRange: outline.selectionRange, valueType: outline.valueType };
}
