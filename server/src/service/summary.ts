import type { CatalogFile, RootsFile } from './facts';
import { field, indexEntries, stringItems } from './model';
import { parseJson, type ParsedJson } from './parse';
import { nodeSpan } from './rules/rule';
import { normaliseUnavailableReason } from './unavailable';

/**
 * What one index file tells the other: a roots index's root names for a catalog, a catalog's
 * servers for a roots index. Built from the same strict parse as everything else.
 */

export function summariseRootsIndex(path: string, text: string, parsed: ParsedJson = parseJson(text)): RootsFile {
  const roots = new Map<string, { start: number; end: number }>();
  const descriptions = new Map<string, string>();
  const defaultInRoots = new Map<string, string[]>();
  for (const entry of indexEntries(parsed.root)) {
    roots.set(entry.name, nodeSpan(entry.keyNode));
    const description = field(entry, 'description')?.valueNode?.value;
    if (typeof description === 'string' && description.trim()) descriptions.set(entry.name, description);
    defaultInRoots.set(
      entry.name,
      stringItems(field(entry, 'default_in_roots')?.valueNode).map((item) => item.value),
    );
  }
  const anchor = parsed.root?.type === 'object' ? { start: parsed.root.offset, end: parsed.root.offset + parsed.root.length } : { start: 0, end: 0 };
  return { path, roots, anchor, descriptions, defaultInRoots };
}

export function summariseCatalog(path: string, text: string, parsed: ParsedJson = parseJson(text)): CatalogFile {
  const servers: CatalogFile['servers'] = new Map();
  for (const entry of indexEntries(parsed.root)) {
    const unavailable = field(entry, 'unavailable')?.valueNode?.value;
    const defaultInRoots = field(entry, 'default_in_roots')?.valueNode;
    servers.set(entry.name, {
      span: nodeSpan(entry.keyNode),
      unavailableReason: normaliseUnavailableReason(unavailable),
      defaultInRoots: stringItems(defaultInRoots).map((item) => item.value),
      ...(defaultInRoots && defaultInRoots.type !== 'array' ? { defaultInRootsNotArray: true as const } : {}),
    });
  }
  return { path, servers };
}
