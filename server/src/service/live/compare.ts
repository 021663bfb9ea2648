import { STATE_INFO, type MembershipFacts, type Readiness, type ReadinessState } from '../readiness';
import type { CatalogView } from '../catalogView';
import { computeDrift, type Drift } from './drift';
import { fileSideOf } from './fileSide';
import { LIVE_BADGES, liveStateOf, type LiveStateName } from './liveState';
import type { InstanceAnswer } from './shapes';

/**
 * The file beside the instance (SPEC §11): per server its offline readiness (SPEC §6.1) next to
 * the live state the instance reports, then the drift. One shape for the command line's text and
 * JSON and for the editor's view.
 */

export interface LiveServerRow {
  name: string;
  /** Absent when the server is only on the instance. */
  offline?: { state: ReadinessState; badge: string; startable: boolean; reason?: string };
  /** Absent when the server is only in the file. */
  live?: LiveSide;
}

export interface LiveSide {
  /** `unknown`: an older instance that does not report it. */
  state: LiveStateName | 'unknown';
  badge: string;
  startable?: boolean;
  reason?: string;
  variables?: string[];
  /** The instance's startup_timeout_sec, when it reports one (null: no valid value). */
  startupTimeoutSec?: number | null;
  /** declared_unavailable with the file's own reason. */
  declaredInFile?: boolean;
}

export interface LiveComparison {
  /** File servers in catalog order, then servers only on the instance in its order. */
  servers: LiveServerRow[];
  drift: Drift[];
  /** What could not be compared, once each (an older instance, empty lists, no roots index). */
  notes: string[];
}

export function compareWithInstance(
  catalog: CatalogView,
  facts: MembershipFacts,
  readiness: Readiness,
  answer: InstanceAnswer,
  notes: readonly string[] = [],
): LiveComparison {
  const file = fileSideOf(catalog, facts);
  const offline = new Map(readiness.servers.map((server) => [server.name, server]));
  const live = new Map(answer.servers.map((server) => [server.name, server]));
  const declared = new Map(file.servers.map((server) => [server.name, server.declaredReason]));

  const liveSide = (name: string): LiveSide | undefined => {
    const server = live.get(name);
    if (!server) return undefined;
    const state = liveStateOf(server, declared.get(name));
    const side: LiveSide = state ? { ...state, badge: LIVE_BADGES[state.state] } : { state: 'unknown', badge: 'state not reported' };
    if (server.startupTimeoutSec !== undefined) side.startupTimeoutSec = server.startupTimeoutSec;
    return side;
  };
  const rows: LiveServerRow[] = file.servers.map((server) => {
    const row: LiveServerRow = { name: server.name };
    const readinessOfServer = offline.get(server.name);
    if (readinessOfServer) {
      row.offline = { state: readinessOfServer.state, badge: STATE_INFO[readinessOfServer.state].badge, startable: readinessOfServer.startable };
      if (readinessOfServer.reason !== undefined) row.offline.reason = readinessOfServer.reason;
    }
    const side = liveSide(server.name);
    if (side) row.live = side;
    return row;
  });
  const inFile = new Set(file.servers.map((server) => server.name));
  for (const server of answer.servers) if (!inFile.has(server.name)) rows.push({ name: server.name, live: liveSide(server.name) });

  const allNotes = [...notes];
  if (!file.roots && answer.roots) allNotes.push('No roots index was found for this file: roots are not compared.');
  return { servers: rows, drift: computeDrift(file, answer), notes: allNotes };
}
