import * as fs from 'node:fs';
import * as path from 'node:path';
import { CATALOG_DEPTH, SKIPPED_FOLDERS, type IndexKind } from '../service/classify';
import { AIR_ARTIFACT_TYPES } from '../service/facts';
import { ignoreVerdict, parseIgnoreFile, type IgnorePattern } from '../service/ignorePatterns';
import { nodeValue, parseJson } from '../service/parse';
import type { FileReader } from './files';
import { isExcludedByConfig, type ProjectConfig } from './projectConfig';

/**
 * What the command line checks in a directory (docs/files.md): every file the
 * editor would check — catalogs, roots indexes and air.json files of SPEC §1, the skills, hooks,
 * plugins and references indexes of SPEC §12, and the files an air.json names in any of its
 * per-type arrays — found by walking the tree. Skipped: the usual build, dependency and VCS
 * folders (`.git` is never listed), what `.gitignore` files ignore, and what the configuration's
 * `exclude` leaves out. Dot-folders are entered: a file there is another tool's unless its
 * `$schema` names AIR's or an air.json lists it (SPEC §1), which only the classifier judges — the
 * walk yields every JSON file and asks it, and it reads one through the bounded reader (a dot-file
 * or a `.vscode/` file not even that: never ours, by its path). Under an air.json `catalogs` folder
 * only 3 levels are searched (AIR's own rule, air.schema.json), elsewhere any depth.
 */

/** Folders never searched (dependencies, build output, VCS data) and how deep AIR walks a `catalogs` folder: classify.ts. */
export { CATALOG_DEPTH, SKIPPED_FOLDERS };

export interface TreeEntry {
  name: string;
  directory: boolean;
  /** A symbolic link (to a file: links to folders are not listed). */
  link?: boolean;
}

/** A file system (the disk, or a git revision) as discovery reads it. */
export interface TreeReader extends FileReader {
  /** A directory's entries, or undefined when it is no directory. */
  entries(dir: string): TreeEntry[] | undefined;
  /**
   * Why this file or folder must not be read — its real path leaves the folder being checked
   * (SPEC §8: a link in a repository may point at the runner's credentials) — or undefined.
   * Discovery asks it of links, of the folder it starts in and of every path an air.json names.
   * Absent: nothing is contained (a git revision holds no links).
   */
  outside?(filePath: string): string | undefined;
}

export interface DiscoveryOptions {
  /** SPEC §1 with air.json membership: undefined for files that are nothing of ours. */
  classify(filePath: string): IndexKind | undefined;
  config?: ProjectConfig;
  /** Where the search for ancestors' `.gitignore` files stops; otherwise at the nearest folder holding `.git`. */
  repositoryRoot?: string;
}

interface IgnoreLayer {
  base: string;
  patterns: IgnorePattern[];
}

const REMOTE_SOURCE = /^[a-z][a-z0-9+.-]*:\/\//i;

/** Every index file and air.json to check under `dir`, sorted, each once. */
export function discoverIndexFiles(dir: string, tree: TreeReader, options: DiscoveryOptions): string[] {
  const start = path.resolve(dir);
  const found = new Set<string>();
  const named = new Set<string>();
  const airFiles: string[] = [];
  const add = (file: string): void => {
    if (found.has(file)) return;
    const kind = options.classify(file);
    if (!kind) return;
    found.add(file);
    if (kind === 'air') airFiles.push(file);
  };
  if (tree.outside?.(start) !== undefined) return [];
  for (const file of walk(tree, start, ancestorLayers(tree, start, options.repositoryRoot), undefined, options.config)) add(file);

  const catalogRoots: string[] = [];
  for (let i = 0; i < airFiles.length; i++) {
    const air = readAirLists(tree, airFiles[i]);
    const airDir = path.dirname(airFiles[i]);
    for (const written of air.indexes) {
      const file = path.resolve(airDir, written);
      if (isExcludedByConfig(options.config, file) || tree.outside?.(file) !== undefined || tree.read(file) === undefined) continue;
      named.add(file);
      add(file);
    }
    for (const written of air.catalogs) {
      const root = path.resolve(airDir, written);
      if (catalogRoots.includes(root) || tree.outside?.(root) !== undefined || tree.entries(root) === undefined) continue;
      catalogRoots.push(root);
      for (const file of walk(tree, root, ancestorLayers(tree, root, options.repositoryRoot), CATALOG_DEPTH, options.config)) add(file);
    }
  }
  const tooDeep = (file: string): boolean =>
    !named.has(file) &&
    catalogRoots.some((root) => {
      const relative = path.relative(root, path.dirname(file));
      if (relative.startsWith('..') || path.isAbsolute(relative)) return false;
      return (relative === '' ? 0 : relative.split(path.sep).length) > CATALOG_DEPTH;
    });
  return [...found].filter((file) => !tooDeep(file)).sort();
}

/** JSON files under `dir`, `depth` levels of folders deep at most (undefined: any depth). */
function* walk(tree: TreeReader, dir: string, layers: IgnoreLayer[], depth: number | undefined, config: ProjectConfig | undefined): Generator<string> {
  const entries = tree.entries(dir);
  if (!entries) return;
  const here = entries.some((entry) => entry.name === '.gitignore' && !entry.directory) ? [...layers, readLayer(tree, dir)] : layers;
  for (const entry of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const full = path.join(dir, entry.name);
    if (entry.directory) {
      if (SKIPPED_FOLDERS.has(entry.name) || depth === 0) continue;
      if (isIgnored(here, full, true) || isExcludedByConfig(config, full, true)) continue;
      yield* walk(tree, full, here, depth === undefined ? undefined : depth - 1, config);
    } else if (entry.name.toLowerCase().endsWith('.json') && !isIgnored(here, full, false) && !isExcludedByConfig(config, full)) {
      if (entry.link && tree.outside?.(full) !== undefined) continue;
      yield full;
    }
  }
}

/** The deepest `.gitignore` with a verdict decides (gitignore(5)). */
function isIgnored(layers: readonly IgnoreLayer[], full: string, directory: boolean): boolean {
  for (let i = layers.length - 1; i >= 0; i--) {
    const relative = path.relative(layers[i].base, full).split(path.sep).join('/');
    const verdict = ignoreVerdict(layers[i].patterns, relative, directory);
    if (verdict !== undefined) return verdict;
  }
  return false;
}

function readLayer(tree: TreeReader, dir: string): IgnoreLayer {
  return { base: dir, patterns: parseIgnoreFile(tree.read(path.join(dir, '.gitignore')) ?? '') };
}

/**
 * The `.gitignore` files above `dir` that apply to it: from the repository root (the nearest
 * folder above holding `.git`) down to `dir`'s parent. None outside a repository.
 */
function ancestorLayers(tree: TreeReader, dir: string, repositoryRoot: string | undefined): IgnoreLayer[] {
  let root = repositoryRoot ? path.resolve(repositoryRoot) : undefined;
  for (let current = dir; !root;) {
    if (tree.entries(current)?.some((entry) => entry.name === '.git')) root = current;
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
  const relative = root === undefined ? '' : path.relative(root, dir);
  if (root === undefined || relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return [];
  const chain: string[] = [];
  for (let current = path.dirname(dir); ; current = path.dirname(current)) {
    chain.unshift(current);
    if (current === root || path.dirname(current) === current) break;
  }
  return chain
    .filter((folder) => tree.entries(folder)?.some((entry) => entry.name === '.gitignore' && !entry.directory))
    .map((folder) => readLayer(tree, folder));
}

/** The local items of an air.json's per-type arrays (all six, AIR_ARTIFACT_TYPES) and of its `catalogs`. */
function readAirLists(tree: TreeReader, airPath: string): { indexes: string[]; catalogs: string[] } {
  const text = tree.read(airPath);
  const value = text === undefined ? undefined : nodeValue(parseJson(text).root);
  const record = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const local = (v: unknown): string[] => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string' && !REMOTE_SOURCE.test(s)) : []);
  return { indexes: AIR_ARTIFACT_TYPES.flatMap((type) => local(record[type])), catalogs: local(record.catalogs) };
}

/**
 * The disk as a TreeReader, over a FileReader for the texts. Symbolic links to folders are not
 * followed (no cycles); `outside` (the command line's containment, `SideFiles.outside`) says which
 * paths must not be read.
 */
export function diskTree(files: FileReader, outside?: (filePath: string) => string | undefined): TreeReader {
  return {
    outside,
    read: (filePath) => files.read(filePath),
    list: (dir) => files.list(dir),
    realPath: (filePath) => files.realPath(filePath),
    entries(dir) {
      let dirents: fs.Dirent[];
      try {
        dirents = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return undefined;
      }
      return dirents.flatMap((entry): TreeEntry[] => {
        if (entry.isDirectory()) return [{ name: entry.name, directory: true }];
        if (entry.isFile()) return [{ name: entry.name, directory: false }];
        if (entry.isSymbolicLink()) {
          try {
            return fs.statSync(path.join(dir, entry.name)).isFile() ? [{ name: entry.name, directory: false, link: true }] : [];
          } catch {
            return [];
          }
        }
        return [];
      });
    },
  };
}
