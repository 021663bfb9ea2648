import type { Hover } from 'vscode-languageserver';
import { MarkupKind } from './protocol';
import type * as HoverService from '../service/language/hover';
import type { Readiness } from '../service/readiness';
import { readinessOf } from './analysis';
import type { FeatureRegistration } from './features';
import { documentAt, guarded } from './requests';
import { onFirstUse } from './lazy';

/** Loaded on the first hover, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const hoverService = onFirstUse((): typeof HoverService => require('../service/language/hover') as typeof HoverService);

/**
 * Hovers on catalogs and roots indexes: field documentation, the timeout per runtime, readiness,
 * a root's default servers and where a `${NAME}` is set (its source, never its value).
 */
export const registerHover: FeatureRegistration = (context) => {
  context.connection.onHover((params, token) =>
    guarded(context, 'hover', token, async (): Promise<Hover | null> => {
      const at = await documentAt(context, params.textDocument.uri, token);
      if (!at) return null;
      const { analysis } = at;
      const readiness = (): Readiness | undefined => (analysis.kind === 'catalog' ? readinessOf(analysis) : undefined);
      const result = hoverService().hoverAt(at.document, analysis.lines.offsetAt(params.position), { readiness });
      if (!result) return null;
      return { contents: { kind: MarkupKind.Markdown, value: result.markdown }, range: analysis.lines.rangeOf(result.range.start, result.range.end) };
    }),
  );
  return { hoverProvider: true };
};
