import { AIR_MCP_SCHEMA_URL } from '../../../../shared/src/airSchemas';
import { indexEntries } from '../model';
import { parseJson, propertyKey } from '../parse';
import type { TextEdit } from '../fixes/types';

/**
 * A new entry written into a catalog's text as the file is written (SPEC §13): its indentation
 * (the first member's, two spaces when it has none on a line of its own), its line ends, arrays of
 * plain values on one line as the snippets write them; at the end, or before the first entry whose
 * name sorts after it. An empty file becomes a catalog with `$schema` and the entry.
 */

export type Placement = 'end' | 'sorted';

export type Insertion = { ok: true; edit: TextEdit; text: string } | { ok: false; message: string };

export function insertEntry(catalog: string, name: string, entry: Record<string, unknown>, placement: Placement): Insertion {
  const eol = catalog.includes('\r\n') ? '\r\n' : '\n';
  if (catalog.trim() === '') {
    const body = `{${eol}  "$schema": ${JSON.stringify(AIR_MCP_SCHEMA_URL)},${eol}  ${member(name, entry, '  ', '  ', eol)}${eol}}${eol}`;
    return done(catalog, { start: 0, end: catalog.length, newText: body });
  }
  const root = parseJson(catalog).root;
  if (root?.type !== 'object') return { ok: false, message: 'The catalog is not a JSON object, so there is nowhere to add a server; fix its syntax first.' };
  const members = (root.children ?? []).filter((property) => property.children && property.children.length > 0);
  const closing = root.offset + root.length - 1;
  if (catalog[closing] !== '}') return { ok: false, message: "The catalog's object is not closed, so there is nowhere to add a server; fix its syntax first." };
  const indent = memberIndent(catalog, members[0]?.offset) ?? '  ';
  const unit = indent.startsWith('\t') ? '\t' : indent.length > 0 ? indent : '  ';
  const written = member(name, entry, indent, unit, eol);
  if (members.length === 0) return done(catalog, { start: root.offset + 1, end: closing, newText: `${eol}${indent}${written}${eol}` });
  if (placement === 'sorted') {
    const next = indexEntries(root).find((candidate) => compareNames(candidate.name, name) > 0);
    if (next) return done(catalog, { start: next.property.offset, end: next.property.offset, newText: `${written},${eol}${indent}` });
  }
  const last = members[members.length - 1];
  const lastEnd = last.offset + last.length;
  // A member on the line of `{` (a one-line object): the new one still goes on its own line.
  return done(catalog, { start: lastEnd, end: lastEnd, newText: `,${eol}${indent}${written}` });
}

/** Case-insensitive, then by code unit, so `Alpha` and `alpha` have one order. */
function compareNames(a: string, b: string): number {
  const lower = a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
  return lower !== 0 ? lower : a < b ? -1 : a > b ? 1 : 0;
}

function done(catalog: string, edit: TextEdit): Insertion {
  return { ok: true, edit, text: catalog.slice(0, edit.start) + edit.newText + catalog.slice(edit.end) };
}

/** The blanks before `offset` when only blanks stand between it and its line's start. */
function memberIndent(text: string, offset: number | undefined): string | undefined {
  if (offset === undefined) return undefined;
  const lineStart = Math.max(text.lastIndexOf('\n', offset - 1) + 1, 0);
  const before = text.slice(lineStart, offset);
  return /^[ \t]+$/.test(before) ? before : undefined;
}

function member(name: string, entry: Record<string, unknown>, indent: string, unit: string, eol: string): string {
  return `${JSON.stringify(name)}: ${render(entry, indent, unit, eol)}`;
}

/** JSON text of a value whose first line starts at `indent`: objects one member a line, arrays of scalars on one line. */
function render(value: unknown, indent: string, unit: string, eol: string): string {
  if (Array.isArray(value)) {
    if (value.every((item) => item === null || typeof item !== 'object')) return `[${value.map((item) => JSON.stringify(item)).join(', ')}]`;
    if (value.length === 0) return '[]';
    const inner = indent + unit;
    return `[${eol}${value.map((item) => inner + render(item, inner, unit, eol)).join(`,${eol}`)}${eol}${indent}]`;
  }
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    if (keys.length === 0) return '{}';
    const inner = indent + unit;
    const lines = keys.map((key) => `${inner}${JSON.stringify(key)}: ${render((value as Record<string, unknown>)[key], inner, unit, eol)}`);
    return `{${eol}${lines.join(`,${eol}`)}${eol}${indent}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The names already in the catalog (every key, `$schema` and shadowed duplicates too). */
export function takenNames(catalog: string): Set<string> {
  const root = parseJson(catalog).root;
  return new Set((root?.type === 'object' ? (root.children ?? []) : []).filter((p) => p.children && p.children.length > 0).map(propertyKey));
}
