/** The live comparison with a running Zimmer instance (SPEC §11): pure parsing, states and drift. */
export { compareWithInstance, type LiveComparison, type LiveServerRow, type LiveSide } from './compare';
export { computeDrift, STALE_CAUSES, type Drift, type DriftKind, type DriftValue } from './drift';
export { fileSideOf, type FileServer, type FileSide } from './fileSide';
export { checkInstanceUrl, INSTANCE_PATHS, instanceRequestUrl, isInstancePath, isLoopbackHost, type InstancePath, type InstanceUrl } from './instanceUrl';
export { LIVE_BADGES, liveStateOf, type LiveState, type LiveStateName } from './liveState';
export {
  readInstance,
  type HttpOutcome,
  type InstanceGet,
  type InstanceRead,
  type LiveFailure,
  type LiveFailureKind,
  type TransportError,
} from './readInstance';
export { parseConfigsAnswer, parseServersAnswer, type InstanceAnswer, type LiveRoot, type LiveServer, type ParsedAnswer } from './shapes';
