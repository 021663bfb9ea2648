import { MarkupKind, type Hover } from 'vscode-languageserver';
import { hoverAt } from '../service/language/hover';
import { computeReadiness, type Readiness } from '../service/readiness';
import { readCatalog } from '../service/runtime/catalogEntries';
import type { Analysis } from './analysis';
import type { FeatureRegistration } from './features';
import { documentAt, guarded } from './navigation';

/**
 * Hovers on catalogs and roots indexes: field documentation, the timeout per runtime, readiness,
 * a root's default servers and where a `${NAME}` is set (its source, never its value).
 */
export const registerHover: FeatureRegistration = (context) => {
  // Readiness re-runs the rules over the whole catalog: once per analysed version, not per hover.
  const readinessByAnalysis = new WeakMap<Analysis, Readiness>();
  context.connection.onHover((params) =>
    guarded(context, 'hover', async (): Promise<Hover | null> => {
      const at = await documentAt(context, params.textDocument.uri);
      if (!at) return null;
      const { analysis } = at;
      const readiness = (): Readiness | undefined => {
        if (analysis.kind !== 'catalog') return undefined;
        let cached = readinessByAnalysis.get(analysis);
        if (!cached) {
          cached = computeReadiness(readCatalog(analysis.text, analysis.facts, analysis.parsed), analysis.facts, {
            declareKnownHint: 'declare it known in `mcpCatalog.knownVariables` if the runtime reads it from a store the editor cannot see',
          });
          readinessByAnalysis.set(analysis, cached);
        }
        return cached;
      };
      const result = hoverAt(at.document, analysis.lines.offsetAt(params.position), { readiness });
      if (!result) return null;
      return { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: analysis.lines.rangeOf(result.range.start, result.range.end) };
    }),
  );
  return { hoverProvider: true };
};
