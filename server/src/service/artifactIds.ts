import { REFERENCE_FIELDS } from './artifacts';
import type { IndexKind } from './classify';
import type { AirArtifactType, NamedSpan, WorkspaceFacts } from './facts';
import { LEGACY_MEMBERSHIP_FIELD_NAMES, LEGACY_MEMBERSHIP_FIELDS } from './membership';
import { field, type IndexEntry } from './model';

/**
 * Artifact IDs as AIR resolves them (SPEC §12; AIR `packages/core/src/scope.ts` at 4df26e8f):
 * an ID is short (`github`) or qualified (`@scope/github`, the scope being everything between
 * `@` and the last `/`, so `@acme/tools/github` is scope `acme/tools`); `local` is the scope of the
 * repository's own indexes. A short ID written in a local index resolves in the local scope first
 * (AIR's intra-catalog rule), then in the one other scope that defines it; two such scopes make it
 * ambiguous. What each ID names is read from the facts (a catalog's servers, a roots index's roots,
 * artifacts.ts's indexes) plus the document itself, so unsaved edits count. Plain data: the
 * cross-reference rule, navigation, hover and completion read it.
 */

export const LOCAL_SCOPE = 'local';

export type ArtifactId = { readonly qualified: false; readonly name: string } | { readonly qualified: true; readonly scope: string; readonly name: string };

/** The ID as written, or undefined for a malformed qualified one (`@x`, `@/x`, `@x/`). */
export function parseArtifactId(written: string): ArtifactId | undefined {
  if (!written.startsWith('@')) return { qualified: false, name: written };
  const slash = written.lastIndexOf('/');
  if (slash <= 1 || slash === written.length - 1) return undefined;
  return { qualified: true, scope: written.slice(1, slash), name: written.slice(slash + 1) };
}

/** The index kind whose keys are the IDs of an artifact type. */
export function declaringKind(type: AirArtifactType): IndexKind {
  return type === 'mcp' ? 'catalog' : type;
}

/** The artifact type an index kind declares (undefined for an air.json). */
export function declaredType(kind: IndexKind): AirArtifactType | undefined {
  return kind === 'catalog' ? 'mcp' : kind === 'air' ? undefined : kind;
}

/** What one ID names: where its key is (`path` undefined: the document itself), its title and description. */
export interface Definition {
  readonly id: string;
  readonly path?: string;
  readonly span: NamedSpan;
  readonly title?: string;
  readonly description?: string;
}

/** The IDs of one artifact type a document can see. */
export interface Directory {
  readonly type: AirArtifactType;
  /** Short IDs of the local scope → their first definition. */
  readonly local: ReadonlyMap<string, Definition>;
  /** Other scopes that could be read → their short IDs. */
  readonly scoped: ReadonlyMap<string, ReadonlySet<string>>;
  /** A short ID defined nowhere here may still exist (a remote source or an unreadable index contributes). */
  readonly incomplete: boolean;
  /** The index files (`path` undefined: the document), for messages and related information. */
  readonly files: readonly { readonly path?: string; readonly anchor: NamedSpan }[];
}

/** The document's own entries, when it is an index of the type asked for. */
export interface OwnIndex {
  readonly kind: IndexKind;
  readonly entries: readonly IndexEntry[];
  readonly anchor: NamedSpan;
}

function text(entry: IndexEntry, name: string): string | undefined {
  const value = field(entry, name)?.valueNode?.value;
  return typeof value === 'string' ? value : undefined;
}

/**
 * The IDs of `type` the document sees; undefined when nothing about that type is known (no index
 * of it was found and the document is not one).
 */
export function directoryFor(type: AirArtifactType, facts: WorkspaceFacts, own?: OwnIndex): Directory | undefined {
  const local = new Map<string, Definition>();
  const scoped = new Map<string, Set<string>>();
  const files: { path?: string; anchor: NamedSpan }[] = [];
  const isOwn = own !== undefined && own.kind === declaringKind(type);
  const here = facts.documentPath;
  const add = (definition: Definition): void => {
    if (!local.has(definition.id)) local.set(definition.id, definition);
  };
  if (isOwn) {
    files.push({ anchor: own.anchor });
    for (const entry of own.entries) {
      add({
        id: entry.name,
        span: { start: entry.keyNode.offset, end: entry.keyNode.offset + entry.keyNode.length },
        title: text(entry, 'title'),
        description: text(entry, 'description'),
      });
    }
  }
  const elsewhere = (path: string): boolean => !(isOwn && here !== undefined && path === here);
  let incomplete = facts.artifacts?.incomplete.has(type) ?? false;
  let known = isOwn;
  if (type === 'mcp') {
    if (facts.catalogs) {
      known = true;
      incomplete ||= facts.catalogs.remoteSources.length > 0;
      for (const file of facts.catalogs.files) {
        if (!elsewhere(file.path)) continue;
        const first = file.servers.values().next().value;
        files.push({ path: file.path, anchor: first ? first.span : { start: 0, end: 0 } });
        for (const [id, server] of file.servers) add({ id, path: file.path, span: server.span });
      }
    }
  } else if (type === 'roots') {
    if (facts.roots) {
      known = true;
      incomplete ||= facts.roots.remoteSources.length > 0;
      for (const file of facts.roots.files) {
        if (!elsewhere(file.path)) continue;
        files.push({ path: file.path, anchor: file.anchor });
        for (const [id, span] of file.roots) add({ id, path: file.path, span, description: file.descriptions?.get(id) });
      }
    }
  } else if (facts.artifacts) {
    known = true;
    for (const file of facts.artifacts.files) {
      if (file.type !== type || !elsewhere(file.path)) continue;
      const scope = file.scope ?? LOCAL_SCOPE;
      if (scope !== LOCAL_SCOPE) {
        const names = scoped.get(scope) ?? new Set<string>();
        for (const id of file.artifacts.keys()) names.add(id);
        scoped.set(scope, names);
        continue;
      }
      files.push({ path: file.path, anchor: file.anchor });
      for (const artifact of file.artifacts.values()) {
        add({ id: artifact.id, path: file.path, span: artifact.keySpan, title: artifact.title, description: artifact.description });
      }
    }
  }
  return known ? { type, local, scoped, incomplete, files } : undefined;
}

export type Resolution =
  | { readonly status: 'found'; readonly definition?: Definition }
  /** A qualified ID of a scope that cannot be read offline. */
  | { readonly status: 'remote' }
  /** A short ID two other scopes define. */
  | { readonly status: 'ambiguous'; readonly scopes: readonly string[] }
  /** Not here, but the directory is incomplete. */
  | { readonly status: 'unknown' }
  | { readonly status: 'missing'; readonly name: string }
  | { readonly status: 'malformed' };

/** What a written ID names in `directory` (SPEC §12). */
export function resolveId(directory: Directory, written: string): Resolution {
  const id = parseArtifactId(written);
  if (!id) return { status: 'malformed' };
  if (id.qualified && id.scope !== LOCAL_SCOPE) {
    const names = directory.scoped.get(id.scope);
    if (!names) return { status: 'remote' };
    return names.has(id.name) ? { status: 'found' } : { status: 'missing', name: id.name };
  }
  const definition = directory.local.get(id.name);
  if (definition) return { status: 'found', definition };
  if (!id.qualified) {
    const scopes = [...directory.scoped].filter(([, names]) => names.has(id.name)).map(([scope]) => scope);
    if (scopes.length === 1) return { status: 'found' };
    if (scopes.length > 1) return { status: 'ambiguous', scopes };
  }
  return directory.incomplete ? { status: 'unknown' } : { status: 'missing', name: id.name };
}

/** An array field whose string items are IDs of one type. */
export interface ReferenceList {
  readonly field: string;
  readonly to: AirArtifactType;
}

const LEGACY_TYPES: Record<(typeof LEGACY_MEMBERSHIP_FIELDS)[keyof typeof LEGACY_MEMBERSHIP_FIELDS], AirArtifactType> = {
  server: 'mcp',
  skill: 'skills',
  hook: 'hooks',
  plugin: 'plugins',
  root: 'roots',
};

/**
 * Every array of an entry of `kind` that names IDs (SPEC §4.4, §12): REFERENCE_FIELDS,
 * `default_in_roots` on every index, and a roots index's legacy `default_*` arrays.
 */
export function referenceLists(kind: IndexKind): readonly ReferenceList[] {
  if (kind === 'air') return [];
  const lists: ReferenceList[] = REFERENCE_FIELDS.filter((reference) => reference.from === kind).map(({ field, to }) => ({ field, to }));
  lists.push({ field: 'default_in_roots', to: 'roots' });
  if (kind === 'roots') for (const name of LEGACY_MEMBERSHIP_FIELD_NAMES) lists.push({ field: name, to: LEGACY_TYPES[LEGACY_MEMBERSHIP_FIELDS[name]] });
  return lists;
}

/** How a message names one artifact of a type. */
export const TYPE_NOUN: Record<AirArtifactType, string> = {
  mcp: 'server',
  skills: 'skill',
  hooks: 'hook',
  plugins: 'plugin',
  references: 'reference',
  roots: 'root',
};
