import { parseServerReference } from '../model';
import { normaliseUnavailableReason } from '../unavailable';
import type { FileServer, FileSide } from './fileSide';
import { liveStateOf } from './liveState';
import type { InstanceAnswer, LiveServer } from './shapes';

/**
 * Drift between the file and what the instance serves (SPEC §11), a pure function. Servers and
 * roots are matched by name (the instance's order means nothing). Each difference names what
 * differs and its possible causes: over REST nobody can tell a failed resolve that keeps serving
 * the last good catalog from a deployment that is behind the file, so both are always said.
 */

export type DriftKind =
  | 'server-only-in-file'
  | 'server-only-on-instance'
  | 'root-only-in-file'
  | 'root-only-on-instance'
  | 'title'
  | 'description'
  | 'root-default-servers'
  | 'unavailable'
  | 'startup-timeout';

export type DriftValue = string | number | boolean | null | string[];

export interface Drift {
  kind: DriftKind;
  server?: string;
  root?: string;
  /** What the file says and what the instance says (absent for "only in one of them"). */
  file?: DriftValue;
  live?: DriftValue;
  /** One plain-text sentence: what differs. */
  message: string;
  /** The possible causes, none of which can be confirmed over REST. */
  causes: string[];
}

export const STALE_CAUSES: readonly string[] = [
  "the instance's catalog failed to resolve and it keeps serving the last good catalog (for example a default_in_roots name that is not a root)",
  'the instance runs a deployment that is behind this file',
];
const OTHER_INDEX = 'the instance composes another index that defines it';

export function computeDrift(file: FileSide, answer: InstanceAnswer): Drift[] {
  const drift: Drift[] = [];
  const live = new Map(answer.servers.map((server) => [server.name, server]));
  const local = new Map(file.servers.map((server) => [server.name, server]));

  for (const server of file.servers) {
    const instance = live.get(server.name);
    if (!instance) {
      drift.push({
        kind: 'server-only-in-file',
        server: server.name,
        message: `Server "${server.name}" is in this file but not on the instance.`,
        causes: [...STALE_CAUSES],
      });
      continue;
    }
    drift.push(...serverDrift(server, instance));
  }
  for (const server of answer.servers) {
    if (local.has(server.name)) continue;
    drift.push({
      kind: 'server-only-on-instance',
      server: server.name,
      message: `Server "${server.name}" is on the instance but not in this file.`,
      causes: [OTHER_INDEX, ...STALE_CAUSES],
    });
  }
  if (file.roots && answer.roots) drift.push(...rootDrift(file.roots, answer));
  return drift;
}

function serverDrift(file: FileServer, instance: LiveServer): Drift[] {
  const drift: Drift[] = [];
  const name = file.name;
  const differs = (kind: DriftKind, message: string, fileValue: DriftValue, liveValue: DriftValue): void => {
    drift.push({ kind, server: name, file: fileValue, live: liveValue, message, causes: [...STALE_CAUSES] });
  };
  if (file.title !== instance.title)
    differs('title', `Server "${name}": the title differs (file ${quote(file.title)}, instance ${quote(instance.title)}).`, file.title, instance.title);
  if (file.description !== instance.description) {
    differs(
      'description',
      `Server "${name}": the description differs (file ${quote(file.description)}, instance ${quote(instance.description)}).`,
      file.description,
      instance.description,
    );
  }
  const state = liveStateOf(instance, file.declaredReason);
  if (state) {
    const liveDeclared = state.state === 'declared_unavailable' ? (normaliseUnavailableReason(state.reason) ?? '') : undefined;
    if (file.declaredReason !== undefined && state.startable) {
      differs('unavailable', `Server "${name}" is declared unavailable in this file, but the instance offers it.`, file.declaredReason, false);
    } else if (file.declaredReason !== undefined && liveDeclared !== file.declaredReason) {
      differs(
        'unavailable',
        `Server "${name}": the file declares it unavailable (${quote(file.declaredReason)}), the instance says ${quote(state.reason ?? 'unavailable')}.`,
        file.declaredReason,
        state.reason ?? true,
      );
    } else if (file.declaredReason === undefined && liveDeclared !== undefined) {
      differs(
        'unavailable',
        `Server "${name}" is unavailable on the instance (${quote(state.reason ?? '')}) but this file declares no unavailable reason.`,
        null,
        state.reason ?? true,
      );
    }
  }
  if (instance.startupTimeoutSec !== undefined && instance.startupTimeoutSec !== file.startupTimeoutSec) {
    const fileText = file.startupTimeoutSec === null ? 'none valid' : `${file.startupTimeoutSec} s`;
    const liveText = instance.startupTimeoutSec === null ? 'no valid value (it ignored or never saw the declared one)' : `${instance.startupTimeoutSec} s`;
    differs(
      'startup-timeout',
      `Server "${name}": startup_timeout_sec differs (file ${fileText}, instance ${liveText}).`,
      file.startupTimeoutSec,
      instance.startupTimeoutSec,
    );
  }
  return drift;
}

function rootDrift(fileRoots: ReadonlyMap<string, readonly string[]>, answer: InstanceAnswer): Drift[] {
  const drift: Drift[] = [];
  const liveRoots = new Map((answer.roots ?? []).map((root) => [root.name, root]));
  for (const [name, servers] of fileRoots) {
    const instance = liveRoots.get(name);
    if (!instance) {
      drift.push({
        kind: 'root-only-in-file',
        root: name,
        message: `Root "${name}" is in the roots index but not on the instance.`,
        causes: [...STALE_CAUSES],
      });
      continue;
    }
    const fileSet = new Set(servers);
    const liveSet = new Set(instance.defaultServers.map(bareName));
    const onlyFile = [...fileSet].filter((server) => !liveSet.has(server)).sort();
    const onlyLive = [...liveSet].filter((server) => !fileSet.has(server)).sort();
    if (onlyFile.length === 0 && onlyLive.length === 0) continue;
    const parts = [
      onlyFile.length ? `only in the file: ${onlyFile.join(', ')}` : '',
      onlyLive.length ? `only on the instance: ${onlyLive.join(', ')}` : '',
    ].filter(Boolean);
    drift.push({
      kind: 'root-default-servers',
      root: name,
      file: [...fileSet].sort(),
      live: [...liveSet].sort(),
      message: `Root "${name}": the default servers differ (${parts.join('; ')}).`,
      causes: onlyLive.length ? [...STALE_CAUSES, OTHER_INDEX] : [...STALE_CAUSES],
    });
  }
  for (const root of answer.roots ?? []) {
    if (fileRoots.has(root.name)) continue;
    drift.push({
      kind: 'root-only-on-instance',
      root: root.name,
      message: `Root "${root.name}" is on the instance but not in the roots index.`,
      causes: ['the instance composes another roots index that defines it', ...STALE_CAUSES],
    });
  }
  return drift;
}

/** The instance lists names; an `@local/` qualified one is the same server. */
function bareName(reference: string): string {
  const parsed = parseServerReference(reference);
  return parsed.kind === 'local' ? parsed.name : reference;
}

function quote(text: string | null): string {
  if (text === null) return 'none';
  const short = [...text].length > 80 ? `${[...text].slice(0, 77).join('')}...` : text;
  return JSON.stringify(short);
}
