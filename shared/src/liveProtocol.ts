import type { InstancePath } from '../../server/src/service/live/instanceUrl';
import type { LiveComparison } from '../../server/src/service/live/compare';
import type { HttpOutcome, LiveFailure } from '../../server/src/service/live/readInstance';

export type { Drift } from '../../server/src/service/live/drift';
export type { LiveComparison, LiveServerRow } from '../../server/src/service/live/compare';

/**
 * The live comparison's messages (SPEC §11) between the VS Code client and the language server.
 *
 * Where the API key lives: only in the client. The client holds the connection (URL in a setting,
 * key in SecretStorage) and makes every HTTP request itself with the shared transport; the server
 * drives the SPEC §11 sequence and the drift over `mcpCatalog/liveGet`, which carries a path and
 * returns the answer — never the key. So `mcpCatalog.trace.server: verbose`, which logs every
 * message's contents, shows the instance's answers (server names, titles, descriptions) but can
 * never show the key, and the server process never holds it.
 */

/**
 * Client → server, request: compare a catalog's current text with what the connected instance
 * serves. `reuse`: compare with the answer the server read last from this instance instead of
 * asking again (after an edit; the instance itself re-reads at most every 60 s). Null when the
 * document is not a catalog.
 */
export const LIVE_COMPARE_REQUEST = 'mcpCatalog/liveCompare';
export interface LiveCompareParams {
  uri: string;
  /** The checked base URL, for messages and to key the server's last answer; not secret. */
  instance: string;
  reuse?: boolean;
}
export type LiveCompareResult =
  | { ok: true; version: number; endpoint: InstancePath; comparison: LiveComparison; /** The answer was the one read earlier. */ reused: boolean }
  | { ok: false; failure: LiveFailure };

/**
 * Server → client, request: one GET on the connected instance, made by the client, which adds the
 * key when `withKey` (never for `/up`). Only SPEC §11's paths are served; the client answers
 * `disconnected` when it has no connection (never connected, no key, a restricted workspace).
 */
export const LIVE_GET_REQUEST = 'mcpCatalog/liveGet';
export interface LiveGetParams {
  path: InstancePath;
  withKey: boolean;
}
export type LiveGetResult = HttpOutcome;
