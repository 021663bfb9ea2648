import type { WorkspaceFacts } from '../../../server/src/service/facts';
import type { LanguageDocument, LanguageKind as IndexKind } from '../../../server/src/service/language/document';
import { indexEntries } from '../../../server/src/service/model';
import { parseJson } from '../../../server/src/service/parse';
import { summariseCatalog, summariseRootsIndex } from '../../../server/src/service/summary';
import { VariableIndex, type VariableSource } from '../../../server/src/service/variables';

/** The cursor in test texts. */
export const CURSOR = '|';

/** A document from text with one `|` marking the cursor; returns the document and the cursor offset. */
export function at(
  marked: string,
  kind: IndexKind = 'catalog',
  facts: WorkspaceFacts = { variables: VariableIndex.empty() },
  path?: string,
): { document: LanguageDocument; offset: number } {
  const offset = marked.indexOf(CURSOR);
  if (offset < 0 || marked.indexOf(CURSOR, offset + 1) >= 0) throw new Error(`mark exactly one cursor in ${JSON.stringify(marked)}`);
  const text = marked.slice(0, offset) + marked.slice(offset + 1);
  return { document: languageDocument(text, kind, facts, path), offset };
}

export function languageDocument(
  text: string,
  kind: IndexKind = 'catalog',
  facts: WorkspaceFacts = { variables: VariableIndex.empty() },
  path?: string,
): LanguageDocument {
  const parsed = parseJson(text);
  return { kind, text, parsed, entries: indexEntries(parsed.root), facts, path };
}

export function variables(...sources: { kind: VariableSource['kind']; label: string; names: string[] }[]): VariableIndex {
  return new VariableIndex(sources.map((source) => ({ ...source, exists: true, names: new Set(source.names) })));
}

/** Facts of a catalog whose sibling roots index has this text. */
export function catalogFacts(rootsText: string, rootsPath = '/ws/roots.json', vars: VariableIndex = VariableIndex.empty()): WorkspaceFacts {
  return { documentPath: '/ws/mcp.json', variables: vars, roots: { via: 'sibling', files: [summariseRootsIndex(rootsPath, rootsText)], remoteSources: [] } };
}

/** Facts of a roots index whose sibling catalog has this text. */
export function rootsFacts(catalogText: string, catalogPath = '/ws/mcp.json'): WorkspaceFacts {
  return {
    documentPath: '/ws/roots.json',
    variables: VariableIndex.empty(),
    catalogs: { via: 'sibling', files: [summariseCatalog(catalogPath, catalogText)], remoteSources: [] },
  };
}

/** Apply one edit to a text. */
export function applyEdit(text: string, start: number, end: number, newText: string): string {
  return text.slice(0, start) + newText + text.slice(end);
}
