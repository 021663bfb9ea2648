import * as path from 'node:path';
import {
  airArrayOfKind,
  airLooksAt,
  baseName,
  CATALOG_DEPTH,
  isAirJsonName,
  isExcludedPath,
  kindFromName,
  kindInCatalogFolder,
  NAME_TOKENS,
  SKIPPED_FOLDERS,
  swapNameToken,
  tokenOfKind,
  type IndexKind,
} from '../service/classify';
import { AIR_ARTIFACT_TYPES, type AirArtifactType } from '../service/facts';
import { ignoreVerdict, parseIgnoreFile } from '../service/ignorePatterns';
import { nodeValue, parseJson } from '../service/parse';
import { schemaUrlOf } from '../service/schemaUrl';
import type { FileReader } from './files';
import { isInside } from './sideFiles';

/**
 * The air.json files above a file and what they compose (SPEC §10, §12): which one lists a file in
 * which per-type array, which `catalogs` folder AIR's own discovery finds it in, and everything the
 * composing one brings in; without one, the siblings named with another kind's token (SPEC §10).
 * node/workspace.ts asks it; the reads go through the workspace's policy.
 */

export interface AirJson {
  path: string;
  /** The string items of each per-type array, as written; a type is absent when its array is. */
  arrays: Partial<Record<AirArtifactType, string[]>>;
  /** The string items of `catalogs`, as written. */
  catalogs: string[];
}

/** What an air.json composes of one artifact type: local index files (absolute) and remote sources as written. */
export interface ComposedType {
  local: string[];
  remote: string[];
}

/** The air.json that composes a document, and everything it composes (its arrays and its `catalogs` folders). */
export interface Composition {
  air: AirJson;
  types: Record<AirArtifactType, ComposedType>;
}

/** An index kind other than an air.json. */
export type IndexFileKind = Exclude<IndexKind, 'air'>;

export const REMOTE_SOURCE = /^[a-z][a-z0-9+.-]*:\/\//i;

/**
 * The scope AIR gives a remote source's artifacts: `owner/repo` for `github://owner/repo@ref/path`
 * (`getScope` of pulsemcp/air's GitHub provider); undefined for a scheme without a provider scope.
 */
export function remoteScope(source: string): string | undefined {
  const match = /^github:\/\/([^/@]+)\/([^/@]+)/i.exec(source);
  return match ? `${match[1]}/${match[2]}` : undefined;
}

export interface AirJsonsOptions {
  /** The upward search stops here (the workspace folder); undefined → the filesystem root. */
  searchBoundary?: string;
  /** An air.json's text: found by the upward search, not named by another file (only the restricted-workspace rule applies). */
  airText(airPath: string): string | undefined;
  /** A discovered side file's text, contained in the workspace. */
  sideText(filePath: string): string | undefined;
  /** Why a file or folder must not be read at all (SideFiles.outside). */
  outside(filePath: string): string | undefined;
}

export class AirJsons {
  constructor(
    private readonly files: FileReader,
    private readonly options: AirJsonsOptions,
  ) {}

  /**
   * The kind an air.json gives `filePath`: the nearest air.json one of whose per-type arrays lists
   * it (in NAME_TOKENS order when several do) or, with `inCatalogs` (its `$schema`), one of whose
   * `catalogs` folders AIR's discovery finds it in (classify.ts `kindInCatalogFolder`).
   */
  membership(filePath: string, inCatalogs?: { schemaUrl: string | undefined }): IndexKind | undefined {
    const target = path.resolve(filePath);
    return this.search(filePath, [], (air) => {
      const listed = NAME_TOKENS.find(({ kind }) => this.lists(air, airArrayOfKind(kind), target))?.kind;
      if (listed || !inCatalogs) return listed;
      for (const folder of this.localCatalogFolders(air)) {
        const relative = relativeInside(folder, target);
        const kind = relative === undefined ? undefined : kindInCatalogFolder(relative, inCatalogs.schemaUrl);
        if (kind) return kind;
      }
      return undefined;
    });
  }

  /** Nearest air.json / air.*.json upward whose `array` lists `filePath`; stops at the search boundary. */
  nearestListing(filePath: string, array: AirArtifactType, dependencies: string[]): AirJson | undefined {
    const target = path.resolve(filePath);
    return this.search(filePath, dependencies, (air) => (this.lists(air, array, target) ? air : undefined));
  }

  /** The first answer of `visit` for the air.json files upward from `filePath` (sorted per folder); stops at the search boundary. */
  search<T>(filePath: string, dependencies: string[], visit: (air: AirJson) => T | undefined): T | undefined {
    let dir = path.dirname(path.resolve(filePath));
    const boundary = this.options.searchBoundary ? path.resolve(this.options.searchBoundary) : undefined;
    for (;;) {
      for (const name of (this.files.list(dir) ?? []).filter(isAirJsonName).sort()) {
        const airPath = path.join(dir, name);
        dependencies.push(airPath);
        const air = this.read(airPath);
        const found = air ? visit(air) : undefined;
        if (found !== undefined) return found;
      }
      if (boundary && (dir === boundary || !isInside(dir, boundary))) return undefined;
      const parent = path.dirname(dir);
      if (parent === dir) return undefined;
      dir = parent;
    }
  }

  /** Whether an air.json's `array` lists `target` (a local item resolved against its folder). */
  private lists(air: AirJson, array: AirArtifactType, target: string): boolean {
    const dir = path.dirname(air.path);
    return (air.arrays[array] ?? []).some((entry) => !REMOTE_SOURCE.test(entry) && path.resolve(dir, entry) === target);
  }

  /** The local folders of an air.json's `catalogs`, absolute. */
  private localCatalogFolders(air: AirJson): string[] {
    return air.catalogs.filter((entry) => !REMOTE_SOURCE.test(entry)).map((entry) => path.resolve(path.dirname(air.path), entry));
  }

  /**
   * The nearest air.json that composes `filePath` as a `kind` index — its array for that kind lists
   * it, or one of its `catalogs` folders holds it where AIR's discovery looks — and what it
   * composes. Undefined when none does.
   */
  composition(filePath: string, kind: IndexFileKind, dependencies: string[]): Composition | undefined {
    const target = path.resolve(filePath);
    const air = this.search(filePath, dependencies, (candidate) => {
      if (this.lists(candidate, airArrayOfKind(kind), target)) return candidate;
      const inFolder = this.localCatalogFolders(candidate).some((folder) => {
        const relative = relativeInside(folder, target);
        return relative !== undefined && airLooksAt(relative);
      });
      return inFolder ? candidate : undefined;
    });
    if (!air) return undefined;
    const types = Object.fromEntries(AIR_ARTIFACT_TYPES.map((type) => [type, { local: [], remote: [] }])) as unknown as Record<AirArtifactType, ComposedType>;
    const add = (type: AirArtifactType, file: string): void => {
      if (!types[type].local.includes(file)) types[type].local.push(file);
    };
    // AIR's order: every `catalogs` folder's indexes, then the per-type arrays (resolveArtifacts).
    for (const entry of air.catalogs) {
      if (REMOTE_SOURCE.test(entry)) for (const type of AIR_ARTIFACT_TYPES) types[type].remote.push(entry);
      else for (const found of this.catalogFolderIndexes(path.resolve(path.dirname(air.path), entry))) add(found.type, found.file);
    }
    for (const type of AIR_ARTIFACT_TYPES) {
      for (const entry of air.arrays[type] ?? []) {
        if (REMOTE_SOURCE.test(entry)) types[type].remote.push(entry);
        else add(type, path.resolve(path.dirname(air.path), entry));
      }
    }
    return { air, types };
  }

  /**
   * The index files AIR's discovery finds in a local `catalogs` folder (SPEC §12; `discoverCatalogIndexes`
   * in pulsemcp/air packages/core/src/config.ts): CATALOG_DEPTH levels of folders, hidden entries and
   * skipped folders left out, the folder's own `.gitignore` applied, each file judged by
   * `kindInCatalogFolder`. A folder outside the containment is not walked.
   */
  private catalogFolderIndexes(folder: string): { type: AirArtifactType; file: string }[] {
    if (this.options.outside(folder) !== undefined) return [];
    const ignore = parseIgnoreFile(this.options.sideText(path.join(folder, '.gitignore')) ?? '');
    const found: { type: AirArtifactType; file: string }[] = [];
    const walk = (dir: string, relative: string, depth: number): void => {
      for (const name of [...(this.files.list(dir) ?? [])].sort()) {
        if (name.startsWith('.')) continue;
        const full = path.join(dir, name);
        const rel = relative === '' ? name : `${relative}/${name}`;
        if (this.files.list(full) !== undefined) {
          if (depth < CATALOG_DEPTH && !SKIPPED_FOLDERS.has(name) && ignoreVerdict(ignore, rel, true) !== true) walk(full, rel, depth + 1);
          continue;
        }
        if (!name.toLowerCase().endsWith('.json') || ignoreVerdict(ignore, rel, false) === true) continue;
        const text = this.options.sideText(full);
        const kind = text === undefined ? undefined : kindInCatalogFolder(rel, schemaUrlOf(text));
        if (kind && kind !== 'air') found.push({ type: airArrayOfKind(kind), file: full });
      }
    };
    walk(folder, '', 0);
    return found;
  }

  /** An air.json is found by the upward search, not named by another file: only the restricted-workspace rule applies. */
  read(airPath: string): AirJson | undefined {
    const text = this.options.airText(airPath);
    if (text === undefined) return undefined;
    const value = nodeValue(parseJson(text).root);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
    const record = value as Record<string, unknown>;
    const strings = (v: unknown): string[] | undefined => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : undefined);
    const arrays: AirJson['arrays'] = {};
    for (const type of AIR_ARTIFACT_TYPES) arrays[type] = strings(record[type]);
    return { path: airPath, arrays, catalogs: strings(record.catalogs) ?? [] };
  }
}

/** `target`'s path below `folder` with forward slashes, or undefined when it is not below it. */
function relativeInside(folder: string, target: string): string | undefined {
  const relative = path.relative(folder, target);
  if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  return relative.split(path.sep).join('/');
}

/** The sibling named with the token swapped; otherwise the only file of the other kind (by name) in the folder. */
export function siblingIndex(files: FileReader, filePath: string, from: IndexFileKind, to: IndexFileKind): string | undefined {
  const dir = path.dirname(filePath);
  const entries = files.list(dir) ?? [];
  const swapped = swapNameToken(baseName(filePath), tokenOfKind(from), tokenOfKind(to));
  if (swapped && entries.includes(swapped)) return path.join(dir, swapped);
  const others = entries.filter((name) => name !== baseName(filePath) && !isExcludedPath(path.join(dir, name)) && kindFromName(name) === to);
  return others.length === 1 ? path.join(dir, others[0]) : undefined;
}

/** The name a sibling of kind `to` would have (`team-mcp.json` → `team-roots.json`), for messages and watching. */
export function siblingName(filePath: string, from: IndexFileKind, to: IndexFileKind): string {
  return swapNameToken(baseName(filePath), tokenOfKind(from), tokenOfKind(to)) ?? `${tokenOfKind(to)}.json`;
}
