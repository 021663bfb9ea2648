import { onFirstUse } from './lazy';
import type { CancellationToken } from 'vscode-languageserver';
import {
  LIVE_COMPARE_REQUEST,
  LIVE_GET_REQUEST,
  type LiveCompareParams,
  type LiveCompareResult,
  type LiveGetParams,
  type LiveGetResult,
} from '../../../shared/src/liveProtocol';
import type { InstanceRead } from '../service/live';
import type * as Live from '../service/live';
import { catalogViewOf, readinessOf } from './analysis';
import type { FeatureRegistration } from './features';
import { analysisAt, guarded, throwIfCancelled } from './requests';

/** The live comparison: loaded on the first comparison, not at start-up (bench/NOTES.md "Start-up"). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const live = onFirstUse((): typeof Live => require('../service/live') as typeof Live);

/**
 * The live comparison (SPEC §11) for the editor: the client lends its connection over
 * `mcpCatalog/liveGet` (it holds the key; see shared/src/liveProtocol.ts), this side runs the
 * core's read and compares the answer with the catalog's current analysis. The last successful
 * answer per instance is kept so an edit re-compares without asking the instance again.
 */
export const registerLiveRequest: FeatureRegistration = (context) => {
  let last: { instance: string; read: Extract<InstanceRead, { ok: true }> } | undefined;

  context.connection.onRequest(LIVE_COMPARE_REQUEST, (params: LiveCompareParams, token: CancellationToken) =>
    guarded(context, 'live comparison', token, async (): Promise<LiveCompareResult | null> => {
      const analysis = await analysisAt(context, params.uri, token);
      if (!analysis || analysis.kind !== 'catalog') return null;
      const instance = live().checkInstanceUrl(String(params.instance ?? ''));
      if (!instance.ok) return { ok: false, failure: { kind: 'unavailable', message: instance.message } };

      const reused = params.reuse === true && last?.instance === instance.base;
      let read: InstanceRead;
      if (reused && last) {
        read = last.read;
      } else {
        read = await live().readInstance(instance.base, async (path, withKey) => {
          const request: LiveGetParams = { path, withKey };
          return context.connection.sendRequest<LiveGetResult>(LIVE_GET_REQUEST, request);
        });
        if (read.ok) last = { instance: instance.base, read };
      }
      throwIfCancelled(token);
      if (!read.ok) return { ok: false, failure: read.failure };
      const comparison = live().compareWithInstance(catalogViewOf(analysis), analysis.facts, readinessOf(analysis), read.answer, read.notes);
      return { ok: true, version: analysis.version, endpoint: read.endpoint, comparison, reused };
    }),
  );
  return {};
};
