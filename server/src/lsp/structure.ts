import type { FoldingRange, SelectionRange, TextEdit } from 'vscode-languageserver';
import { FoldingRangeKind } from './protocol';
import type * as StructureService from '../service/language/structure';
import type { Analysis } from './analysis';
import type { FeatureRegistration, ServerContext } from './features';
import { guarded, throwIfCancelled } from './requests';
import { onFirstUse } from './lazy';

/** Folding, selection and formatting: loaded on the first such request, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const structureService = onFirstUse((): typeof StructureService => require('../service/language/structure') as typeof StructureService);

/**
 * Folding, smart selection and formatting: what an editor's JSON mode gave catalogs before they
 * got a language mode of their own. Served for every file the server classifies (catalogs, roots
 * indexes and air.json files); any other JSON an LSP client sends gets null, so it keeps its own
 * formatter.
 */
export const registerStructure: FeatureRegistration = (context) => {
  const { connection } = context;
  connection.onFoldingRanges((params, token) =>
    guarded(context, 'folding ranges', token, async (): Promise<FoldingRange[] | null> => {
      const analysis = await classified(context, params.textDocument.uri);
      throwIfCancelled(token);
      if (!analysis) return null;
      const limit = context.clientCapabilities?.()?.textDocument?.foldingRange?.rangeLimit;
      const outermost =
        limit !== undefined ? structureService().entryFoldingRanges(analysis.check, (offset) => analysis.lines.positionAt(offset).line, limit) : undefined;
      return (outermost ?? structureService().foldingRanges(analysis.text, limit)).map(({ startLine, endLine }) => ({
        startLine,
        endLine,
        kind: FoldingRangeKind.Region,
      }));
    }),
  );
  connection.onSelectionRanges((params, token) =>
    guarded(context, 'selection ranges', token, async (): Promise<SelectionRange[] | null> => {
      const analysis = await classified(context, params.textDocument.uri);
      throwIfCancelled(token);
      if (!analysis) return null;
      const { text, lines } = analysis;
      const root = analysis.parsed?.root;
      return params.positions.map((position) => {
        const offset = lines.offsetAt(position);
        let range: SelectionRange | undefined;
        // Outermost first, so each one becomes the parent of the next.
        for (const span of structureService().selectionSpans(text, root, offset).reverse())
          range = { range: lines.rangeOf(span.start, span.end), parent: range };
        return range ?? { range: { start: position, end: position } };
      });
    }),
  );
  const format = async (
    uri: string,
    options: { tabSize: number; insertSpaces: boolean; insertFinalNewline?: boolean },
    range?: { start: { line: number; character: number }; end: { line: number; character: number } },
  ): Promise<TextEdit[] | null> => {
    const analysis = await classified(context, uri);
    if (!analysis) return null;
    const { text, lines } = analysis;
    const span = range && { start: lines.offsetAt(range.start), end: lines.offsetAt(range.end) };
    return structureService()
      .formatEdits(text, options, span)
      .map((edit) => ({ range: lines.rangeOf(edit.start, edit.end), newText: edit.text }));
  };
  connection.onDocumentFormatting((params, token) => guarded(context, 'formatting', token, () => format(params.textDocument.uri, params.options)));
  connection.onDocumentRangeFormatting((params, token) =>
    guarded(context, 'range formatting', token, () => format(params.textDocument.uri, params.options, params.range)),
  );
  return { foldingRangeProvider: true, selectionRangeProvider: true, documentFormattingProvider: true, documentRangeFormattingProvider: true };
};

/** The analysis of the open document's current version when the server classifies it (SPEC §1). */
async function classified(context: ServerContext, uri: string): Promise<Analysis | undefined> {
  const document = context.documents.get(uri);
  return document ? context.analyseAny(document) : undefined;
}
