import type { AirArtifactType, NamedSpan } from './facts';
import { field, indexEntries, stringItems } from './model';
import { parseJson, type ParsedJson } from './parse';
import { nodeSpan } from './rules/rule';

/**
 * The rest of the catalog (SPEC §12): skills, hooks, plugins and references indexes as the other
 * files see them. Catalogs and roots indexes keep their own facts (facts.ts `CatalogsFacts`,
 * `RootsFacts`); this module holds what is common to the four other index types: each artifact's
 * ID, where its key is, what it is called, the roots it joins and the IDs it names.
 * Built from the same strict parse as everything else; plain data, read by the cross-reference
 * rules, root membership (plugin-brought servers), navigation and the readiness view.
 */

/** The four index types of SPEC §12 (catalogs and roots indexes are facts.ts's own). */
export const OTHER_INDEX_TYPES = ['skills', 'hooks', 'plugins', 'references'] as const;
export type OtherIndexType = (typeof OTHER_INDEX_TYPES)[number];

/**
 * Which field of which index names artifacts of which type (AIR's schemas in corpus/): the one
 * table the cross-reference rule, navigation, rename and completion read.
 */
export const REFERENCE_FIELDS: readonly { readonly from: OtherIndexType; readonly field: string; readonly to: AirArtifactType }[] = [
  { from: 'skills', field: 'references', to: 'references' },
  { from: 'hooks', field: 'references', to: 'references' },
  { from: 'plugins', field: 'skills', to: 'skills' },
  { from: 'plugins', field: 'mcp_servers', to: 'mcp' },
  { from: 'plugins', field: 'hooks', to: 'hooks' },
  { from: 'plugins', field: 'plugins', to: 'plugins' },
];

/** One artifact of a skills, hooks, plugins or references index. */
export interface ArtifactSummary {
  readonly id: string;
  /** The span of its key, for related information and navigation. */
  readonly keySpan: NamedSpan;
  readonly title?: string;
  readonly description?: string;
  /** The string items of its `default_in_roots`, as written. */
  readonly defaultInRoots: readonly string[];
  /** Its `default_in_roots` is there but not an array: no root can be added to it (the legacy migration, SPEC §4.4). */
  readonly defaultInRootsNotArray?: true;
  /** For each field of REFERENCE_FIELDS its type has: the string items, as written. */
  readonly lists: Readonly<Record<string, readonly string[]>>;
  /** Its `path` (skills, hooks, references), as written, relative to the index file. */
  readonly path?: string;
}

export interface ArtifactIndexFile {
  readonly type: OtherIndexType;
  /** Absolute path of the index file. */
  readonly path: string;
  /** Artifacts in file order (JSON.parse's entries: a repeated ID once, last value). */
  readonly artifacts: ReadonlyMap<string, ArtifactSummary>;
  /** The top-level object, for related information when no ID is close. */
  readonly anchor: NamedSpan;
  /** The scope its IDs are qualified with (AIR `scope.ts`): `local` when absent. */
  readonly scope?: string;
}

/** Every local skills, hooks, plugins and references index a document's repository composes. */
export interface ArtifactsFacts {
  readonly files: readonly ArtifactIndexFile[];
  /**
   * Types whose IDs cannot all be known offline (a remote source in the air.json, a `catalogs`
   * provider, an index that could not be read or parsed): an unknown ID of such a type is not an error.
   */
  readonly incomplete: ReadonlySet<AirArtifactType>;
  /** Scopes that exist but cannot be read offline (`owner/repo` of a `github://` source): a qualified ID in one is information. */
  readonly remoteScopes: readonly string[];
}

/** Summarise one skills, hooks, plugins or references index file. */
export function summariseArtifactIndex(type: OtherIndexType, path: string, text: string, parsed: ParsedJson = parseJson(text)): ArtifactIndexFile {
  const fields = REFERENCE_FIELDS.filter((reference) => reference.from === type).map((reference) => reference.field);
  const artifacts = new Map<string, ArtifactSummary>();
  for (const entry of indexEntries(parsed.root)) {
    const text = (name: string): string | undefined => {
      const value = field(entry, name)?.valueNode?.value;
      return typeof value === 'string' ? value : undefined;
    };
    const items = (name: string): string[] => stringItems(field(entry, name)?.valueNode).map((item) => item.value);
    const notArray = (name: string): boolean => {
      const value = field(entry, name)?.valueNode;
      return value !== undefined && value.type !== 'array';
    };
    artifacts.set(entry.name, {
      id: entry.name,
      keySpan: nodeSpan(entry.keyNode),
      title: text('title'),
      description: text('description'),
      defaultInRoots: items('default_in_roots'),
      ...(notArray('default_in_roots') ? { defaultInRootsNotArray: true as const } : {}),
      lists: Object.fromEntries(fields.map((name) => [name, items(name)])),
      path: type === 'plugins' ? undefined : text('path'),
    });
  }
  const anchor = parsed.root?.type === 'object' ? { start: parsed.root.offset, end: parsed.root.offset + parsed.root.length } : { start: 0, end: 0 };
  return { type, path, artifacts, anchor };
}
