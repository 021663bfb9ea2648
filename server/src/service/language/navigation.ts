import { declaredType, declaringKind, directoryFor, LOCAL_SCOPE, parseArtifactId, referenceLists, TYPE_NOUN } from '../artifactIds';
import type { AirArtifactType } from '../facts';
import { field, indexEntries, parseServerReference, ROOT_NAME_PATTERN, SERVER_NAME_PATTERN, stringItems } from '../model';
import type { JsonNode, ParsedJson } from '../parse';
import { nodeAtOffset, roleOf, stringInterior, type FileSpan, type LanguageDocument, type LanguageKind, type Span } from './document';

/**
 * Navigation between indexes (SPEC §4.4, §12): definitions of root, server, skill, hook, plugin
 * and reference IDs, every occurrence of one, and renaming one everywhere. The server gathers the
 * files (open documents win over the disk); everything here works on their text.
 */

/** Arrays of a root entry whose items are names of other roots of the same index. */
const ROOT_REFERENCE_FIELDS_OF_ROOTS = ['default_in_roots', 'default_subagent_roots'] as const;

/** A root name under the cursor. */
export interface RootAt {
  name: string;
  /** The name between the quotes. */
  span: Span;
  /** The cursor is on the root's own key in a roots index. */
  isDeclaration: boolean;
}

/** The root name at `offset`: a roots-index key, or an item of `default_in_roots` (or a root's `default_subagent_roots`). */
export function rootAt(document: LanguageDocument, offset: number): RootAt | undefined {
  const node = nodeAtOffset(document.parsed.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  const role = roleOf(node);
  const name = node.value as string;
  const span = stringInterior(document.text, node);
  if (document.kind === 'roots' && role.role === 'key' && role.path.length === 1) {
    return name === '$schema' ? undefined : { name, span, isDeclaration: true };
  }
  const reference = parseServerReference(name);
  if (role.role !== 'item' || role.path.length !== 3 || name === '*' || reference.kind === 'remote') return undefined;
  const fieldName = role.path[1];
  const isRootList = fieldName === 'default_in_roots' || (document.kind === 'roots' && fieldName === 'default_subagent_roots');
  return isRootList ? { name: reference.name, span: localNameSpan(document.text, node, reference.name), isDeclaration: false } : undefined;
}

/**
 * Where the local name of an item (`web` or `@local/web`) is written: the end of the string's
 * interior when it is written plainly, so a rename keeps the `@local/` scope; the whole interior
 * otherwise (an escape in it).
 */
export function localNameSpan(text: string, node: JsonNode, name: string): Span {
  const interior = stringInterior(text, node);
  return text.slice(interior.start, interior.end).endsWith(name) && node.value !== name ? { start: interior.end - name.length, end: interior.end } : interior;
}

/** Go to definition: a root reference → the root's key; any other ID (artifactAt) → its key in its index. */
export function definitionAt(document: LanguageDocument, offset: number): FileSpan[] {
  const root = rootAt(document, offset);
  if (root) {
    if (document.kind === 'roots') {
      const entry = indexEntries(document.parsed.root).find((e) => e.name === root.name);
      return entry ? [{ path: document.path, start: entry.keyNode.offset, end: entry.keyNode.offset + entry.keyNode.length }] : [];
    }
    return (document.facts.roots?.files ?? []).flatMap((file) => {
      const span = file.roots.get(root.name);
      return span ? [{ path: file.path, ...span }] : [];
    });
  }
  const artifact = artifactAt(document, offset);
  return artifact && !artifact.isDeclaration ? artifactDefinition(document, artifact) : [];
}

/** An index file as navigation reads it. */
export interface IndexText {
  path: string;
  kind: LanguageKind;
  text: string;
  parsed: ParsedJson;
}

export interface RootOccurrence {
  path: string;
  /** The name between the quotes. */
  start: number;
  end: number;
  /** The root's key in a roots index. */
  isDeclaration: boolean;
}

/** Every occurrence of a root name: roots-index keys, catalog `default_in_roots` items, and other roots' references to it. */
export function rootOccurrences(name: string, files: readonly IndexText[]): RootOccurrence[] {
  const found: RootOccurrence[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    for (const entry of indexEntries(file.parsed.root)) {
      if (file.kind === 'roots' && entry.name === name) {
        found.push({ path: file.path, ...stringInterior(file.text, entry.keyNode), isDeclaration: true });
      }
      const lists = file.kind === 'roots' ? ROOT_REFERENCE_FIELDS_OF_ROOTS : (['default_in_roots'] as const);
      for (const list of lists) {
        for (const item of stringItems(field(entry, list)?.valueNode)) {
          // Bare or `@local/…` (SPEC §4.4): a legacy `default_subagent_roots` item is renamed too.
          const reference = parseServerReference(item.value);
          if (reference.kind === 'local' && reference.name === name)
            found.push({ path: file.path, ...localNameSpan(file.text, item.node, name), isDeclaration: false });
        }
      }
    }
  }
  return found;
}

export interface TextEditSpan extends Span {
  newText: string;
}

/** Why `newName` cannot be a new name for `oldName`, or undefined when it can. */
export function invalidRootName(oldName: string, newName: string, existing: readonly string[]): string | undefined {
  if (!ROOT_NAME_PATTERN.test(newName)) return `"${newName}" is not a valid root name: use letters, digits, _, - and $ only (${ROOT_NAME_PATTERN.source}).`;
  if (newName !== oldName && existing.includes(newName)) return `A root named "${newName}" already exists.`;
  return undefined;
}

/**
 * The edits renaming a root everywhere, per file: its key, every reference, and the root's own
 * `name` field when it repeats the key (as Zimmer's roots do) — nothing but names. The new name
 * needs no JSON escaping (it matches the pattern).
 */
export function renameRootEdits(name: string, newName: string, files: readonly IndexText[]): Map<string, TextEditSpan[]> {
  const edits = new Map<string, TextEditSpan[]>();
  const add = (path: string, span: Span): void => {
    const list = edits.get(path) ?? [];
    list.push({ ...span, newText: newName });
    edits.set(path, list);
  };
  for (const occurrence of rootOccurrences(name, files)) add(occurrence.path, occurrence);
  const seen = new Set<string>();
  for (const file of files) {
    if (file.kind !== 'roots' || seen.has(file.path)) continue;
    seen.add(file.path);
    const entry = indexEntries(file.parsed.root).find((candidate) => candidate.name === name);
    const own = entry && field(entry, 'name')?.valueNode;
    if (own?.type === 'string' && own.value === name) add(file.path, stringInterior(file.text, own));
  }
  return edits;
}

// ---- artifact IDs of every other type (SPEC §12) ----------------------------------------------

/** An ID of a server, skill, hook, plugin or reference under the cursor (roots: `rootAt`). */
export interface ArtifactAt {
  type: Exclude<AirArtifactType, 'roots'>;
  /** The short name (an `@local/` prefix left out). */
  name: string;
  /** The name between the quotes, after any `@local/` prefix. */
  span: Span;
  /** The cursor is on the artifact's own key in its index. */
  isDeclaration: boolean;
}

/** The local part of a written ID and where it starts in the string, or undefined for another scope's. */
function localPart(written: string): { name: string; prefix: number } | undefined {
  const id = parseArtifactId(written);
  if (!id || (id.qualified && id.scope !== LOCAL_SCOPE)) return undefined;
  return { name: id.name, prefix: written.length - id.name.length };
}

/** The artifact ID at `offset`: a key of its index, or an item of a list that names that type (artifactIds.ts `referenceLists`). */
export function artifactAt(document: LanguageDocument, offset: number): ArtifactAt | undefined {
  const node = nodeAtOffset(document.parsed.root, offset, true);
  if (!node || node.type !== 'string') return undefined;
  const role = roleOf(node);
  const written = node.value as string;
  const interior = stringInterior(document.text, node);
  if (role.role === 'key' && role.path.length === 1) {
    const type = declaredType(document.kind);
    if (!type || type === 'roots' || written === '$schema') return undefined;
    return { type, name: written, span: interior, isDeclaration: true };
  }
  if (role.role !== 'item' || role.path.length !== 3) return undefined;
  const list = referenceLists(document.kind).find((candidate) => candidate.field === role.path[1]);
  const local = localPart(written);
  if (!list || list.to === 'roots' || !local) return undefined;
  return { type: list.to, name: local.name, span: { start: interior.start + local.prefix, end: interior.end }, isDeclaration: false };
}

/** Where an artifact ID is defined, from the document's own entries or the facts. */
export function artifactDefinition(document: LanguageDocument, at: ArtifactAt): FileSpan[] {
  const own = { kind: document.kind, entries: document.entries, anchor: { start: 0, end: document.text.length } };
  const definition = directoryFor(at.type, document.facts, own)?.local.get(at.name);
  return definition ? [{ path: definition.path ?? document.path, ...definition.span }] : [];
}

/** Every occurrence of an artifact ID in `files`: its key in the index that declares it and every item that names it. */
export function artifactOccurrences(type: AirArtifactType, name: string, files: readonly IndexText[]): RootOccurrence[] {
  const found: RootOccurrence[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (seen.has(file.path)) continue;
    seen.add(file.path);
    const lists = referenceLists(file.kind).filter((list) => list.to === type);
    for (const entry of indexEntries(file.parsed.root)) {
      if (file.kind === declaringKind(type) && entry.name === name)
        found.push({ path: file.path, ...stringInterior(file.text, entry.keyNode), isDeclaration: true });
      for (const list of lists) {
        for (const item of stringItems(field(entry, list.field)?.valueNode)) {
          const local = localPart(item.value);
          if (local?.name !== name) continue;
          const interior = stringInterior(file.text, item.node);
          found.push({ path: file.path, start: interior.start + local.prefix, end: interior.end, isDeclaration: false });
        }
      }
    }
  }
  return found;
}

/** Why `newName` cannot rename an artifact ID (its index's `propertyNames` pattern, an existing ID), or undefined. */
export function invalidArtifactName(type: AirArtifactType, oldName: string, newName: string, existing: readonly string[]): string | undefined {
  const pattern = type === 'mcp' ? SERVER_NAME_PATTERN : ROOT_NAME_PATTERN;
  if (!pattern.test(newName)) return `"${newName}" is not a valid ${TYPE_NOUN[type]} ID: use letters, digits, _, - and $ only (${pattern.source}).`;
  if (newName !== oldName && existing.includes(newName)) return `A ${TYPE_NOUN[type]} named "${newName}" already exists.`;
  return undefined;
}

/** The edits renaming an artifact ID everywhere, per file; an `@local/` prefix stays as written. */
export function renameArtifactEdits(type: AirArtifactType, name: string, newName: string, files: readonly IndexText[]): Map<string, TextEditSpan[]> {
  const edits = new Map<string, TextEditSpan[]>();
  for (const occurrence of artifactOccurrences(type, name, files)) {
    const list = edits.get(occurrence.path) ?? [];
    list.push({ start: occurrence.start, end: occurrence.end, newText: newName });
    edits.set(occurrence.path, list);
  }
  return edits;
}
