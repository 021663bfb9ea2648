import { normaliseUnavailableReason } from '../unavailable';
import type { LiveServer } from './shapes';

/**
 * A server's live state as read from the instance's `unavailable_reason` (SPEC §11). Only the
 * newer ("seed") instances send it; an older one leaves the state unknown. Startable servers all
 * look alike over REST (ready, a token that will be refreshed and a failed probe), so the live
 * side has one `startable` state where the offline view has two.
 */

export type LiveStateName = 'startable' | 'needs_authorization' | 'needs_reauth' | 'missing_configuration' | 'declared_unavailable';

export interface LiveState {
  state: LiveStateName;
  startable: boolean;
  /** The instance's reason, as it sent it. */
  reason?: string;
  /** missing_configuration: the names the instance could not resolve. */
  variables?: string[];
  /** declared_unavailable: the local entry declares `unavailable` with this same reason. */
  declaredInFile?: boolean;
}

export const LIVE_BADGES: Readonly<Record<LiveStateName, string>> = {
  startable: 'startable',
  needs_authorization: 'needs auth',
  needs_reauth: 'needs reauth',
  missing_configuration: 'missing config',
  declared_unavailable: 'unavailable',
};

const NEEDS_AUTHORIZATION = 'OAuth authorization not completed';
const NEEDS_REAUTH = 'OAuth token expired and cannot be refreshed';
/**
 * `` `A`, `B` unresolved `` or `A, B unresolved`: upper-case names, comma-separated, each with or
 * without backticks (SPEC §11: newer instances' REST API renders the reason without Markdown).
 */
const NAME = '(?:`[A-Z_][A-Z0-9_]*`|[A-Z_][A-Z0-9_]*)';
const UNRESOLVED = new RegExp(`^${NAME}(?:, ${NAME})* unresolved$`);

/**
 * Undefined when the instance does not say (an older instance). `localReason` is the file's
 * normalised `unavailable` reason (SPEC §4.2), to tell its own declaration from another text.
 */
export function liveStateOf(server: LiveServer, localReason?: string): LiveState | undefined {
  const reason = server.unavailableReason;
  if (server.unavailable === undefined && reason === undefined) return undefined;
  if (server.unavailable === false || reason === null || (reason === undefined && server.unavailable !== true)) return { state: 'startable', startable: true };
  if (reason === undefined) return { state: 'declared_unavailable', startable: false };
  if (reason === NEEDS_AUTHORIZATION) return { state: 'needs_authorization', startable: false, reason };
  if (reason === NEEDS_REAUTH) return { state: 'needs_reauth', startable: false, reason };
  // Zimmer's probe answers a declaration before it looks at variables, with the catalog's own text
  // (zimmer app/services/connector_status_probe.rb, `call`): the file's declaration of this very
  // text is that declaration, even when it reads like "A unresolved".
  const declaredInFile = localReason !== undefined && localReason === normaliseUnavailableReason(reason);
  if (UNRESOLVED.test(reason) && !declaredInFile) {
    const variables = reason
      .slice(0, -' unresolved'.length)
      .split(', ')
      .map((item) => item.replace(/`/g, ''));
    return { state: 'missing_configuration', startable: false, reason, variables };
  }
  const state: LiveState = { state: 'declared_unavailable', startable: false, reason };
  if (declaredInFile) state.declaredInFile = true;
  return state;
}
