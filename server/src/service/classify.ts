import type { OtherIndexType } from './artifacts';
import type { AirArtifactType } from './facts';

/**
 * Which files are what (SPEC §1, §10, §12): catalogs, roots indexes, air.json files and the
 * skills, hooks, plugins and references indexes.
 * Pure string logic on paths and text; membership in an air.json is decided by the discovery layer.
 */

/**
 * `air`: an air.json, checked for its paths, composition and `exclude` patterns; the four other
 * index types of SPEC §12 are named as AIR's air.json arrays name them (artifacts.ts).
 */
export type IndexKind = 'catalog' | 'roots' | 'air' | OtherIndexType;

/** How messages name an index of each kind ("the skills index"), and one of its entries ("the skill"). */
export const INDEX_NOUN: Record<Exclude<IndexKind, 'air'>, { index: string; entry: string }> = {
  catalog: { index: 'catalog', entry: 'server' },
  roots: { index: 'roots index', entry: 'root' },
  skills: { index: 'skills index', entry: 'skill' },
  hooks: { index: 'hooks index', entry: 'hook' },
  plugins: { index: 'plugins index', entry: 'plugin' },
  references: { index: 'references index', entry: 'reference' },
};

/** Split a path on both separators so Windows-style paths classify the same way. */
function pathSegments(filePath: string): string[] {
  return filePath.split(/[\\/]+/).filter((s) => s.length > 0);
}

export function baseName(filePath: string): string {
  const segments = pathSegments(filePath);
  return segments[segments.length - 1] ?? '';
}

/** Paths that are never catalogs or roots indexes, whatever their name or `$schema` says. */
export function isExcludedPath(filePath: string): boolean {
  const segments = pathSegments(filePath);
  const base = segments[segments.length - 1] ?? '';
  if (base.startsWith('.')) return true; // `.mcp.json` is Claude's runtime file
  if (base.toLowerCase().endsWith('.schema.json')) return true;
  return segments.slice(0, -1).some((segment) => segment === '.vscode' || segment === 'node_modules');
}

/** The tokens of a basename without `.json`, delimited by `.`, `-` and `_`. */
function nameTokens(filePath: string): string[] | undefined {
  const base = baseName(filePath).toLowerCase();
  if (!base.endsWith('.json')) return undefined;
  return base.slice(0, -'.json'.length).split(/[.\-_]/);
}

/**
 * The name token of each index kind, in AIR's order of precedence (`detectSchemaType` in
 * pulsemcp/air packages/core/src/schemas.ts checks `references`, `plugins`, `skills`, `roots`,
 * `hooks`, `mcp` in that order): a name carrying two tokens is the kind listed first, so
 * `roots-mcp.json` is a roots index (SPEC §1) and `mcp-skills.json` a skills index (SPEC §12).
 */
export const NAME_TOKENS: readonly { readonly token: string; readonly kind: Exclude<IndexKind, 'air'> }[] = [
  { token: 'references', kind: 'references' },
  { token: 'plugins', kind: 'plugins' },
  { token: 'skills', kind: 'skills' },
  { token: 'roots', kind: 'roots' },
  { token: 'hooks', kind: 'hooks' },
  { token: 'mcp', kind: 'catalog' },
];

/** The name token of an index kind (`catalog` → `mcp`). */
export function tokenOfKind(kind: Exclude<IndexKind, 'air'>): string {
  return NAME_TOKENS.find((entry) => entry.kind === kind)!.token;
}

/** The air.json array that lists files of an index kind (`catalog` → `mcp`). */
export function airArrayOfKind(kind: Exclude<IndexKind, 'air'>): AirArtifactType {
  return kind === 'catalog' ? 'mcp' : kind;
}

/** Classification by file name alone: the first token of NAME_TOKENS among the name's tokens. */
export function kindFromName(filePath: string): IndexKind | undefined {
  const tokens = nameTokens(filePath);
  if (!tokens) return undefined;
  return NAME_TOKENS.find((entry) => tokens.includes(entry.token))?.kind;
}

/**
 * Classification by a `$schema` value, judged as AIR judges it (SPEC §1): drop any `?query` or
 * `#fragment`, take the last path segment (split on `/` and backslash), compare case-insensitively with
 * the schema file names. So `roots.schema.json`, `ROOTS.SCHEMA.JSON` and
 * `C:\schemas\roots.schema.json` name the roots schema; `my-mcp.schema.json` names none.
 * AIR's own `air.schema.json` names an air.json; `skills.schema.json`, `hooks.schema.json`,
 * `plugins.schema.json` and `references.schema.json` the index types of SPEC §12.
 */
export function kindFromSchemaUrl(schemaUrl: unknown): IndexKind | undefined {
  if (typeof schemaUrl !== 'string') return undefined;
  const bare = schemaUrl.replace(/[?#].*$/s, '');
  const segments = bare.split(/[\\/]/);
  switch (segments[segments.length - 1].toLowerCase()) {
    case 'mcp.schema.json':
      return 'catalog';
    case 'roots.schema.json':
      return 'roots';
    case 'air.schema.json':
      return 'air';
    case 'skills.schema.json':
      return 'skills';
    case 'hooks.schema.json':
      return 'hooks';
    case 'plugins.schema.json':
      return 'plugins';
    case 'references.schema.json':
      return 'references';
    default:
      return undefined;
  }
}

/** True for `air.json` and `air.*.json`. */
export function isAirJsonName(filePath: string): boolean {
  const base = baseName(filePath).toLowerCase();
  return base === 'air.json' || /^air\..+\.json$/.test(base);
}

/**
 * Classify a file by its path and `$schema` alone. `$schema` wins over the name when they disagree
 * (§10); `airMembership` is what the discovery layer found in an air.json's arrays or `catalogs`
 * folders. node/workspace.ts `Workspace.classify` adds other tools' files (otherTools.ts) and reads
 * the membership; the editor and the command line both ask it.
 */
export function classifyFile(filePath: string, schemaUrl: string | undefined, airMembership?: IndexKind): IndexKind | undefined {
  if (isExcludedPath(filePath)) return undefined;
  if (!baseName(filePath).toLowerCase().endsWith('.json')) return undefined;
  if (isAirJsonName(filePath)) return 'air';
  return kindFromSchemaUrl(schemaUrl) ?? airMembership ?? kindFromName(filePath);
}

/** AIR walks each `catalogs` folder this many levels of folders deep (the folder itself is level 0). */
export const CATALOG_DEPTH = 3;

/** Folders AIR never descends into inside a `catalogs` folder (beside every hidden one); the CLI's walk skips them everywhere. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', '.next', '.turbo', 'target', 'vendor']);

/** Whether AIR's discovery of a `catalogs` folder reads the JSON file at `relative` (its path from the folder): see kindInCatalogFolder. */
export function airLooksAt(relative: string): boolean {
  const segments = pathSegments(relative);
  const base = segments.pop() ?? '';
  if (segments.length > CATALOG_DEPTH || !base.toLowerCase().endsWith('.json') || base.startsWith('.')) return false;
  return !segments.some((segment) => segment.startsWith('.') || SKIPPED_FOLDERS.has(segment));
}

/**
 * What AIR's discovery makes of a file inside a `catalogs` folder (SPEC §12; `discoverCatalogIndexes`
 * and `detectIndexType` in pulsemcp/air packages/core/src/config.ts at 03981b74): `relative` is its
 * path from the catalog folder. Hidden entries and SKIPPED_FOLDERS are never entered, nor more than
 * CATALOG_DEPTH folders down. A `$schema` string decides alone — one naming no index schema makes
 * the file nothing, even when its name matches; without one, the name decides by **substring**, in
 * NAME_TOKENS order (AIR's rule here is not the token rule: `myskills.json` is a skills index, and a
 * name holding only `air` is an air.json, never an index). `schemaUrl`: the file's `$schema` when
 * it is a string (schemaUrl.ts), as AIR reads only a string one.
 */
export function kindInCatalogFolder(relative: string, schemaUrl: string | undefined): IndexKind | undefined {
  if (!airLooksAt(relative)) return undefined;
  const base = baseName(relative).toLowerCase();
  if (schemaUrl !== undefined) {
    const bySchema = kindFromSchemaUrl(schemaUrl);
    return bySchema === 'air' ? undefined : bySchema;
  }
  return NAME_TOKENS.find((entry) => base.includes(entry.token))?.kind;
}

/**
 * The sibling file name with the token swapped (`team-mcp.json` → `team-roots.json`,
 * `skills.json` → `hooks.json`), keeping the original spelling of everything else. Undefined when
 * the name has no such token.
 */
export function swapNameToken(fileName: string, from: string, to: string): string | undefined {
  if (!fileName.toLowerCase().endsWith('.json')) return undefined;
  const stem = fileName.slice(0, -'.json'.length);
  const parts = stem.split(/([.\-_])/);
  let swapped = false;
  const out = parts.map((part, index) => {
    if (index % 2 === 0 && part.toLowerCase() === from && !swapped) {
      swapped = true;
      return to;
    }
    return part;
  });
  return swapped ? `${out.join('')}.json` : undefined;
}
