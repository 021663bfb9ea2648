import { scanEntrySpans, skipValue, skipWhitespace, KEY_END, KEY_START, SPAN_FIELDS, VALUE_END, VALUE_START } from '../entrySpans';
import { keyName } from '../fastEntries';
import { field, type IndexEntry } from '../model';
import { effectiveProperties, propertyKey, propertyValue, type JsonNode } from '../parse';
import type { TextSource } from '../pieceText';
import { spanOf, type Span } from './document';

/**
 * What the outline (symbols.ts) reads of an entry and its fields, from either source: the tree's
 * nodes, or — on the fast path, for an entry without a tree — the entry's text scanned with the
 * fast path's own scanner, which is many times cheaper than parsing it into a tree (an outline is
 * asked for after every typing pause). Such an entry has no duplicate key anywhere inside (those
 * entries have trees, fastCheck.ts), so what the scanner finds is what the tree's effective
 * properties hold.
 */

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

/**
 * An entry from the scanner's table: its key and value spans at `spans[index]`, its `type` by
 * scanning the value only as far as that member, and its fields only when the outline's budget
 * reaches them (symbols.ts: past 5,000 symbols an entry shows no fields, and at 10,000 servers
 * scanning every value for them was most of an outline request). Undefined when the key does not
 * decode; `fallback` (the tree's outline) serves the fields should the value not scan.
 */
export function scannedOutline(text: TextSource, spans: Int32Array, index: number, fallback: () => EntryOutline): EntryOutline | undefined {
  const at = index * SPAN_FIELDS;
  const valueStart = spans[at + VALUE_START];
  const value = text.slice(valueStart, spans[at + VALUE_END]);
  const entry = member(text.slice(spans[at + KEY_START], spans[at + KEY_END]), spans[at + KEY_START], spans[at + KEY_END], value, valueStart + value.length);
  if (!entry) return undefined;
  const isObject = value.charCodeAt(0) === 0x7b; /* { */
  const type = isObject ? memberText(value, 'type') : undefined;
  return {
    ...entry,
    detail: type?.charCodeAt(0) === 0x22 /* " */ ? JSON.parse(type) : undefined,
    fields: () => {
      const fields = isObject ? members(value, valueStart) : [];
      if (!fields) return fallback().fields();
      return fields.map(({ outline, value: fieldValue, base }) => {
        const result: FieldOutline = outline;
        if (outline.valueType === 'array') result.items = countItems(fieldValue);
        if (outline.valueType === 'object') result.keys = () => (members(fieldValue, base) ?? []).map((key) => key.outline);
        return result;
      });
    },
  };
}

/**
 * The text of the first member named `name` of the object written as `text`, scanning no further
 * than that member; undefined when there is none or the text does not scan. The fast path's entries
 * without a tree have no duplicate key, so the first is the one the tree would keep.
 */
function memberText(text: string, name: string): string | undefined {
  const counter = { keys: 0, depth: 0 };
  let i = skipWhitespace(text, 1);
  while (text.charCodeAt(i) === 0x22 /* " */) {
    const keyEnd = skipValue(text, i, counter);
    if (keyEnd < 0) return undefined;
    const key = text.slice(i, keyEnd);
    i = skipWhitespace(text, keyEnd);
    if (text.charCodeAt(i) !== 0x3a /* : */) return undefined;
    const valueStart = skipWhitespace(text, i + 1);
    const valueEnd = skipValue(text, valueStart, counter);
    if (valueEnd <= valueStart) return undefined;
    if (keyName(key) === name) return text.slice(valueStart, valueEnd);
    i = skipWhitespace(text, valueEnd);
    if (text.charCodeAt(i) !== 0x2c /* , */) return undefined;
    i = skipWhitespace(text, i + 1);
  }
  return undefined;
}

/** The members of an object written as `text` (at `base` in the document), or undefined when it does not scan. */
function members(text: string, base: number): { outline: Outline; value: string; base: number }[] | undefined {
  const object = scanEntrySpans(text);
  if (!object) return undefined;
  const found: { outline: Outline; value: string; base: number }[] = [];
  for (let index = 0; index < object.count; index++) {
    const at = index * SPAN_FIELDS;
    const keyStart = object.spans[at + KEY_START];
    const keyEnd = object.spans[at + KEY_END];
    const valueStart = object.spans[at + VALUE_START];
    const valueEnd = object.spans[at + VALUE_END];
    const value = text.slice(valueStart, valueEnd);
    const outline = member(text.slice(keyStart, keyEnd), base + keyStart, base + keyEnd, value, base + valueEnd);
    if (!outline) return undefined;
    found.push({ outline, value, base: base + valueStart });
  }
  return found;
}

/** A member's outline: its key as written (quotes included) at keyStart–keyEnd, its value's text ending at valueEnd. */
function member(key: string, keyStart: number, keyEnd: number, value: string, valueEnd: number): Outline | undefined {
  const name = keyName(key);
  if (name === undefined) return undefined;
  return { name, range: { start: keyStart, end: valueEnd }, selectionRange: { start: keyStart, end: keyEnd }, valueType: typeOf(value) };
}

function typeOf(value: string): JsonNode['type'] {
  switch (value.charCodeAt(0)) {
    case 0x7b:
      return 'object';
    case 0x5b:
      return 'array';
    case 0x22:
      return 'string';
    case 0x74: // t
    case 0x66: // f
      return 'boolean';
    case 0x6e: // n
      return 'null';
    default:
      return 'number';
  }
}

/** The items of an array written as `text` (strict JSON, as the fast path proved). */
function countItems(text: string): number {
  const counter = { keys: 0, depth: 0 };
  let i = skipWhitespace(text, 1);
  if (text.charCodeAt(i) === 0x5d /* ] */) return 0;
  let items = 0;
  for (;;) {
    const end = skipValue(text, i, counter);
    if (end < 0) return items;
    items++;
    i = skipWhitespace(text, end);
    if (text.charCodeAt(i) !== 0x2c /* , */) return items;
    i = skipWhitespace(text, i + 1);
  }
}
