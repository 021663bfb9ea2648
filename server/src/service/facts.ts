import type { ArtifactsFacts } from './artifacts';
import { EDITOR_SURFACE, type Surface } from './surface';
import type { VariableIndex } from './variables';

/**
 * What the discovery layer (server or CLI) tells the core about the world outside the document.
 * Plain data: the core never reads files itself.
 */

export interface NamedSpan {
  start: number;
  end: number;
}

/** A roots index as a catalog sees it. */
export interface RootsFile {
  path: string;
  /** Root names → the span of their key in that file (for related information and navigation). */
  roots: Map<string, NamedSpan>;
  /** Span of the top-level object (the roots), for related information when no root is close. */
  anchor: NamedSpan;
  /** Root names → their `description`, for a root's hover in a catalog. */
  descriptions?: Map<string, string>;
  /**
   * Root names → the string items of their own `default_in_roots` (the roots they are a subagent
   * of, service/membership.ts). Root-side `default_*` arrays are not carried: they count for
   * nothing (SPEC §4.4).
   */
  defaultInRoots?: Map<string, string[]>;
}

export interface RootsFacts {
  /** How the roots were found, for messages: 'setting' | 'air.json' | 'sibling'. */
  via: 'explicit' | 'air.json' | 'sibling';
  files: RootsFile[];
  /** Roots sources that live elsewhere (`github://…`) and cannot be checked offline. */
  remoteSources: string[];
  /** Named files that were not read, each as a sentence end: "roots.json is a FIFO (named pipe)". */
  unread?: string[];
}

/** A server of a catalog, as a roots index sees it. */
export interface CatalogServer {
  span: NamedSpan;
  /** The normalised `unavailable` reason, when one is declared. */
  unavailableReason?: string;
  /** Roots this server names in `default_in_roots`. */
  defaultInRoots: string[];
  /** Its `default_in_roots` is there but not an array: no root can be added to it (the legacy migration, SPEC §4.4). */
  defaultInRootsNotArray?: true;
}

export interface CatalogFile {
  path: string;
  servers: Map<string, CatalogServer>;
}

export interface CatalogsFacts {
  via: 'explicit' | 'air.json' | 'sibling';
  files: CatalogFile[];
  remoteSources: string[];
  /** Named files that were not read, each as a sentence end: "mcp.json is outside the workspace". */
  unread?: string[];
}

/**
 * For a catalog (`duplicate-server`): the air.json that composes it and the other catalogs
 * its `mcp` array composes. AIR qualifies every server of a local catalog as `@local/<name>`, so
 * one name in two of them makes the whole air.json fail to load.
 */
export interface CompositionFacts {
  /** The composing air.json. */
  airPath: string;
  /** The other local, readable catalogs of its `mcp` array (this catalog left out), in order. */
  catalogs: ComposedCatalog[];
}

export interface ComposedCatalog extends CatalogFile {
  /** The span of this catalog's item in the air.json's `mcp` array. */
  listing: NamedSpan;
}

/** The artifact types an air.json composes (AIR's per-type arrays and `exclude` keys). */
export const AIR_ARTIFACT_TYPES = ['skills', 'references', 'mcp', 'plugins', 'roots', 'hooks'] as const;
export type AirArtifactType = (typeof AIR_ARTIFACT_TYPES)[number];

/** Where a path listed in an air.json points. */
export interface AirPath {
  /** Absolute path. */
  path: string;
  /** What is there: AIR silently reads a missing file as empty and fails on a folder; 'refused': not read, see `reason`. */
  found: 'file' | 'folder' | 'missing' | 'refused';
  /** Why a 'refused' path was not read ("is a FIFO (named pipe)", "is outside the workspace"). */
  reason?: string;
}

/** The artifacts of one type as AIR would resolve them, as far as they can be known offline. */
export interface AirArtifacts {
  /** Short names from the local index files (scope `local`). */
  names: Set<string>;
  /**
   * False when the set cannot be known offline: a remote source (`github://…`) or a `catalogs`
   * entry contributes to it, or a local index could not be parsed.
   */
  complete: boolean;
}

/**
 * For an air.json: what its local paths point at and the artifacts it resolves to.
 * Plain data built by the discovery layer; the check itself is pure.
 */
export interface AirFacts {
  /** Every local path string of the per-type arrays, as written, resolved against the air.json's folder. */
  paths: Map<string, AirPath>;
  /** Resolved artifacts per type. */
  artifacts: Partial<Record<AirArtifactType, AirArtifacts>>;
  /** The readable local catalogs of the `mcp` array, keyed by the item as written, for `duplicate-server`. */
  catalogs: Map<string, CatalogFile>;
}

/**
 * What an artifact's `path` points at (SPEC §12), relative to its index file. Filled by the
 * discovery layer, never in a restricted workspace and never outside the workspace ('refused').
 */
export interface ArtifactPathTarget {
  found: 'file' | 'folder' | 'missing' | 'refused';
  /** Why a 'refused' path was not followed ("is outside the workspace"). */
  reason?: string;
  /** For a folder that must hold a file (rules/artifactPaths.ts `PATH_SHAPES`): whether it is a readable file there, and its text when the rule reads it. */
  marker?: { found: boolean; text?: string };
}

export interface WorkspaceFacts {
  /** Absolute path of the document being checked, when it has one. */
  documentPath?: string;
  /** Where the messages are read (settings or flags); the editor's when absent. */
  surface?: Surface;
  variables: VariableIndex;
  /** For a catalog: its roots index, or undefined when none was found. */
  roots?: RootsFacts;
  /** For a catalog: what was looked for when no roots index was found, for the message. */
  rootsSearch?: string;
  /** For a roots index: its catalogs, or undefined when none was found. */
  catalogs?: CatalogsFacts;
  /** For a catalog: the air.json composing it and its other catalogs (`duplicate-server`). */
  composition?: CompositionFacts;
  /** For an air.json: its paths and resolved artifacts. */
  air?: AirFacts;
  /**
   * For any index: the repository's skills, hooks, plugins and references indexes (artifacts.ts,
   * SPEC §12), found the way its roots index is found.
   */
  artifacts?: ArtifactsFacts;
  /**
   * For a skills, hooks or references index: each `path` as written → what is there. A Map in
   * tests; the discovery layer's probe (node/artifactPaths.ts) looks when asked, so a path typed
   * after the facts were found is still answered.
   */
  artifactPaths?: { get(written: string): ArtifactPathTarget | undefined };
}

/** The surface messages are phrased for. */
export function surfaceOf(facts: WorkspaceFacts | undefined): Surface {
  return facts?.surface ?? EDITOR_SURFACE;
}
