import { field, type IndexEntry } from '../model';
import { effectiveProperties, propertyKey, propertyValue, type JsonNode } from '../parse';
import { spanOf, type Span } from './document';

/** What the outline (symbols.ts) reads of an entry and its fields: the entry's nodes. */

export interface Outline {
  name: string;
  /** The whole property. */
  range: Span;
  /** The key. */
  selectionRange: Span;
  valueType: JsonNode['type'] | undefined;
}

export interface FieldOutline extends Outline {
  /** An array's number of items. */
  items?: number;
  /** An object's keys. */
  keys?: () => Outline[];
}

export interface EntryOutline extends Outline {
  /** The `type` (catalog) or `display_name` (roots) value, when it is written. */
  detail: unknown;
  fields: () => FieldOutline[];
}

export function treeOutline(entry: IndexEntry, detailField: string): EntryOutline {
  return {
    ...outlineOf(entry.property),
    detail: field(entry, detailField)?.valueNode?.value,
    fields: () => effectiveProperties(entry.valueNode).map(fieldOf),
  };
}

function fieldOf(property: JsonNode): FieldOutline {
  const outline: FieldOutline = outlineOf(property);
  const value = propertyValue(property);
  if (value?.type === 'array') outline.items = value.children?.length ?? 0;
  if (value?.type === 'object') outline.keys = () => effectiveProperties(value).map(outlineOf);
  return outline;
}

export function outlineOf(property: JsonNode): Outline {
  return { name: propertyKey(property), range: spanOf(property), selectionRange: spanOf(property.children![0]), valueType: propertyValue(property)?.type };
}
