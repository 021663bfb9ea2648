import { effectiveProperties, propertyKey, propertyValue, type JsonNode } from '../parse';
import { indexEntries, field } from '../model';
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

export function documentSymbols(document: LanguageDocument): DocumentSymbolNode[] {
  const root = document.parsed.root;
  if (!root || root.type !== 'object') return [];
  const symbols: DocumentSymbolNode[] = [];
  for (const property of effectiveProperties(root)) {
    if (propertyKey(property) !== '$schema') continue;
    symbols.push(leaf(property, 'schema'));
  }
  for (const entry of indexEntries(root)) {
    const detailValue = document.kind === 'catalog' ? field(entry, 'type')?.valueNode?.value : field(entry, 'display_name')?.valueNode?.value;
    const symbol: DocumentSymbolNode = {
      name: entry.name,
      kind: document.kind === 'catalog' ? 'server' : 'root',
      range: spanOf(entry.property),
      selectionRange: spanOf(entry.keyNode),
      valueType: entry.valueNode?.type,
      children: effectiveProperties(entry.valueNode).map((property) => fieldSymbol(property)),
    };
    if (typeof detailValue === 'string') symbol.detail = detailValue;
    symbols.push(symbol);
  }
  return symbols.sort((a, b) => a.range.start - b.range.start);
}

function fieldSymbol(property: JsonNode): DocumentSymbolNode {
  const symbol = leaf(property, 'field');
  const value = propertyValue(property);
  if (value?.type === 'object') {
    symbol.children = effectiveProperties(value).map((child) => leaf(child, 'key'));
  } else if (value?.type === 'array') {
    symbol.detail = `${value.children?.length ?? 0} item${value.children?.length === 1 ? '' : 's'}`;
  }
  return symbol;
}

function leaf(property: JsonNode, kind: SymbolKind): DocumentSymbolNode {
  const key = property.children![0];
  return { name: propertyKey(property), kind, range: spanOf(property), selectionRange: spanOf(key), valueType: propertyValue(property)?.type };
}
