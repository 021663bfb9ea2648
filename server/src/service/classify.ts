import type { OtherIndexType } from './artifacts';

/**
 * Which files are what (SPEC §1, §10): catalogs, roots indexes and air.json files.
 * Pure string logic on paths and text; membership in an air.json is decided by the discovery layer.
 */

/**
 * `air`: an air.json, checked for its paths, composition and `exclude` patterns; the four other
 * index types of SPEC §12 are named as AIR's air.json arrays name them (artifacts.ts).
 */
export type IndexKind = 'catalog' | 'roots' | 'air' | OtherIndexType;

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

/** Classification by file name alone; a name matching both tokens is a roots index. */
export function kindFromName(filePath: string): IndexKind | undefined {
  const tokens = nameTokens(filePath);
  if (!tokens) return undefined;
  if (tokens.includes('roots')) return 'roots';
  if (tokens.includes('mcp')) return 'catalog';
  return undefined;
}

/**
 * Classification by a `$schema` value, judged as AIR judges it (SPEC §1): drop any `?query` or
 * `#fragment`, take the last path segment (split on `/` and backslash), compare case-insensitively with
 * the schema file names. So `roots.schema.json`, `ROOTS.SCHEMA.JSON` and
 * `C:\schemas\roots.schema.json` name the roots schema; `my-mcp.schema.json` names none.
 * AIR's own `air.schema.json` names an air.json.
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
 * Classify a file for the editor and the CLI. `$schema` wins over the name when they disagree (§10);
 * `airMembership` is what the discovery layer found in an air.json's `mcp` / `roots` arrays.
 */
export function classifyFile(filePath: string, schemaUrl: string | undefined, airMembership?: IndexKind): IndexKind | undefined {
  if (isExcludedPath(filePath)) return undefined;
  if (!baseName(filePath).toLowerCase().endsWith('.json')) return undefined;
  if (isAirJsonName(filePath)) return 'air';
  return kindFromSchemaUrl(schemaUrl) ?? airMembership ?? kindFromName(filePath);
}

/**
 * The sibling file name with the token swapped (`team-mcp.json` → `team-roots.json`), keeping the
 * original spelling of everything else. Undefined when the name has no such token.
 */
export function swapNameToken(fileName: string, from: 'mcp' | 'roots', to: 'mcp' | 'roots'): string | undefined {
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
