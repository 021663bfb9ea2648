import type { CancellationToken } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { CLASSIFY_REQUEST, type ClassifyParams, type ClassifyResult } from '../../../shared/src/protocol';
import type { FeatureRegistration } from './features';
import { guarded } from './requests';

/**
 * `mcpCatalog/classify`: the server owns SPEC §1 (names, `$schema`, air.json listings, the paths
 * that are never ours), so a client asks it before giving a JSON document its own language mode.
 * Nothing is analysed or published: the text is only read for `$schema`.
 */
export const registerClassifyRequest: FeatureRegistration = (context) => {
  context.connection.onRequest(CLASSIFY_REQUEST, (params: ClassifyParams, token: CancellationToken) =>
    guarded(context, 'classify', token, async (): Promise<ClassifyResult> => {
      const document = TextDocument.create(params.uri, 'json', 0, typeof params.text === 'string' ? params.text : '');
      return { kind: (await context.analyzer.settle(() => context.analyzer.classify(document))) ?? null };
    }),
  );
  return {};
};
