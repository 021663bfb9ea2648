import type { DocumentSymbol, SymbolInformation } from 'vscode-languageserver';
import { SymbolKind } from './protocol';
import type { DocumentSymbolNode } from '../service/language/symbols';
import type * as SymbolsService from '../service/language/symbols';
import type { LineIndex } from '../service/text';
import type { FeatureRegistration } from './features';
import { languageDocument } from '../service/language/document';
import { analysisAt, guarded } from './requests';
import { onFirstUse } from './lazy';

/** Loaded on the first outline request, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const symbolsService = onFirstUse((): typeof SymbolsService => require('../service/language/symbols') as typeof SymbolsService);

/**
 * The outline and breadcrumbs: servers (detail: their `type`) or roots, with their fields below.
 * Clients without hierarchical symbols get a flat list with container names.
 */
export const registerSymbols: FeatureRegistration = (context) => {
  context.connection.onDocumentSymbol((params, token) =>
    guarded(context, 'document symbols', token, async (): Promise<DocumentSymbol[] | SymbolInformation[] | null> => {
      const analysis = await analysisAt(context, params.textDocument.uri, token);
      if (!analysis) return null;
      const document = languageDocument(analysis);
      if (!document) return null;
      const symbols = symbolsService().documentSymbols(document);
      const { lines } = analysis;
      const hierarchical = context.clientCapabilities?.()?.textDocument?.documentSymbol?.hierarchicalDocumentSymbolSupport;
      // Unknown capabilities (no initialize seen): hierarchical, which every current client reads.
      if (hierarchical === false) return flatten(symbols, lines, params.textDocument.uri);
      return symbols.map((symbol) => toDocumentSymbol(symbol, lines));
    }),
  );
  return { documentSymbolProvider: { label: 'MCP catalog' } };
};

function kindOf(symbol: DocumentSymbolNode): SymbolKind {
  switch (symbol.kind) {
    case 'server':
      return SymbolKind.Module;
    case 'root':
      return SymbolKind.Namespace;
    case 'schema':
      return SymbolKind.File;
    case 'key':
      return SymbolKind.Key;
    default:
      return symbol.valueType === 'array' ? SymbolKind.Array : symbol.valueType === 'object' ? SymbolKind.Object : SymbolKind.Property;
  }
}

function toDocumentSymbol(symbol: DocumentSymbolNode, lines: LineIndex): DocumentSymbol {
  const result: DocumentSymbol = {
    // Some clients reject an empty name; `""` is a (broken) server name that still deserves a row.
    name: symbol.name || '""',
    kind: kindOf(symbol),
    range: lines.rangeOf(symbol.range.start, symbol.range.end),
    selectionRange: lines.rangeOf(symbol.selectionRange.start, symbol.selectionRange.end),
  };
  if (symbol.detail !== undefined) result.detail = symbol.detail;
  if (symbol.children) result.children = symbol.children.map((child) => toDocumentSymbol(child, lines));
  return result;
}

function flatten(symbols: DocumentSymbolNode[], lines: LineIndex, uri: string, container?: string): SymbolInformation[] {
  const out: SymbolInformation[] = [];
  for (const symbol of symbols) {
    const name = symbol.name || '""';
    const information: SymbolInformation = { name, kind: kindOf(symbol), location: { uri, range: lines.rangeOf(symbol.range.start, symbol.range.end) } };
    if (container !== undefined) information.containerName = container;
    out.push(information);
    if (symbol.children) out.push(...flatten(symbol.children, lines, uri, container === undefined ? name : `${container}.${name}`));
  }
  return out;
}
