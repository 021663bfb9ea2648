import type { CancellationToken } from 'vscode-languageserver';
import { ErrorCodes, ResponseError } from './protocol';
import { TRANSLATE_REQUEST, type ServerChoice, type TranslateParams, type TranslateResult } from '../../../shared/src/protocol';
import { catalogViewOf, type Analysis } from './analysis';
import type * as Translation from '../service/translate';
import type { FeatureRegistration } from './features';
import { analysisAt, guarded } from './requests';
import { onFirstUse } from './lazy';

/** Copy-as (and the TOML writer): loaded on the first translation, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const translateService = onFirstUse((): typeof Translation => require('../service/translate') as typeof Translation);

/**
 * `mcpCatalog/translate`: the copy-as commands' translation, computed by the core from
 * the catalog's current text (unsaved edits count) so the client stays a thin shell.
 */
export const registerTranslateRequest: FeatureRegistration = (context) => {
  context.connection.onRequest(TRANSLATE_REQUEST, (params: TranslateParams, token: CancellationToken) =>
    guarded(context, 'translate', token, async (): Promise<TranslateResult | null> => {
      if (!Object.prototype.hasOwnProperty.call(translateService().TRANSLATION_TARGETS, params.target)) {
        throw new ResponseError(ErrorCodes.InvalidParams, `Unknown translation target "${String(params.target)}".`);
      }
      const analysis = await analysisAt(context, params.uri, token);
      if (!analysis || analysis.kind !== 'catalog') return { ok: false, message: 'This document is not an MCP catalog.' };
      let names = params.servers;
      if (!names && params.pick) return { ok: false, message: 'Pick a server.', choices: serverChoices(analysis) };
      if (!names && params.position) {
        const name = translateService().serverAtOffset(analysis.text, analysis.lines.offsetAt(params.position));
        if (name === undefined) return { ok: false, message: 'The cursor is on no server.', choices: serverChoices(analysis) };
        names = [name];
      }
      const translation = translateService().translateCatalog(analysis.text, params.target, names);
      if (names && translation.servers.length === 0)
        return { ok: false, message: translation.warnings.join(' ') || `${names.map((n) => `"${n}"`).join(', ')}: no such server.` };
      return { ok: true, content: translation.content, servers: translation.servers, warnings: translation.warnings };
    }),
  );
  return {};
};

/** Every server that can be translated, with its `type` and `title` for the picker. */
function serverChoices(analysis: Analysis): ServerChoice[] {
  const entries = new Map(catalogViewOf(analysis).entries.map((entry) => [entry.name, entry.value]));
  return translateService()
    .serverNames(analysis.text)
    .map((name) => {
      const value = entries.get(name);
      const choice: ServerChoice = { name };
      if (typeof value?.type === 'string') choice.type = value.type;
      if (typeof value?.title === 'string' && value.title.trim()) choice.title = value.title;
      return choice;
    });
}
