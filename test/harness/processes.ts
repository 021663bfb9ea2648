/**
 * Process-group bookkeeping for the real-VS Code tiers. The VS Code server forks extension hosts,
 * which start our language server, file watchers and pty hosts; a plain kill of the server
 * leaves them running. So every server starts in its own process group (session), carries a
 * marker in its environment, and is torn down by group — and then by marker, for anything that
 * left the group (a pty host calls setsid). Cleanup also runs on exit and on SIGINT/SIGTERM/SIGHUP.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Live process groups of this run: group id → marker. */
const groups = new Map<number, string>();
let handlersInstalled = false;

/** The environment variable whose value marks every process one harness run started. */
export const MARKER_VARIABLE = 'MCP_CATALOG_HARNESS_RUN';

export function trackGroup(pgid: number, marker: string): void {
  installHandlers();
  groups.set(pgid, marker);
}

export function untrackGroup(pgid: number): void {
  groups.delete(pgid);
}

interface ProcessInfo {
  pid: number;
  pgid: number;
}

function listProcesses(): ProcessInfo[] {
  const result: ProcessInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // Fields after the parenthesised command name: state ppid pgrp …
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      result.push({ pid: Number(entry), pgid: Number(fields[2]) });
    } catch {
      // The process ended while we looked.
    }
  }
  return result;
}

function hasMarker(pid: number, marker: string): boolean {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1').split('\0').includes(`${MARKER_VARIABLE}=${marker}`);
  } catch {
    return false;
  }
}

/** Processes still alive in the group or carrying the marker (never this process). */
export function survivors(pgid: number, marker: string): number[] {
  return listProcesses()
    .filter((p) => p.pid !== process.pid && (p.pgid === pgid || hasMarker(p.pid, marker)))
    .map((p) => p.pid);
}

function signal(pid: number, sig: NodeJS.Signals, group: boolean): void {
  try {
    process.kill(group ? -pid : pid, sig);
  } catch {
    // ESRCH: already gone.
  }
}

/** Synchronous last resort: SIGKILL the group and every marked process. */
export function killNow(pgid: number, marker: string): void {
  signal(pgid, 'SIGKILL', true);
  for (const pid of survivors(pgid, marker)) signal(pid, 'SIGKILL', false);
}

/**
 * SIGTERM the group, wait (on a condition, bounded) for it to empty, then SIGKILL whatever is
 * left, in the group or carrying the marker. Resolves when nothing of the run is alive.
 */
export async function killGroup(pgid: number, marker: string, graceMs = 3000): Promise<void> {
  signal(pgid, 'SIGTERM', true);
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline && survivors(pgid, marker).length > 0) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  for (let attempt = 0; attempt < 20; attempt++) {
    const left = survivors(pgid, marker);
    if (left.length === 0) break;
    signal(pgid, 'SIGKILL', true);
    for (const pid of left) signal(pid, 'SIGKILL', false);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  untrackGroup(pgid);
}

function killAllNow(): void {
  for (const [pgid, marker] of groups) killNow(pgid, marker);
  groups.clear();
}

const cleanups = new Set<() => void>();

/** Synchronous work to do on exit or on a fatal signal (e.g. removing a scratch folder). */
export function onExit(cleanup: () => void): () => void {
  installHandlers();
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}

function runExitWork(): void {
  killAllNow();
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch {
      // Best effort during exit.
    }
  }
  cleanups.clear();
}

function installHandlers(): void {
  if (handlersInstalled) return;
  handlersInstalled = true;
  process.on('exit', runExitWork);
  const codes: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143, SIGHUP: 129 };
  for (const [sig, code] of Object.entries(codes) as [NodeJS.Signals, number][]) {
    process.on(sig, () => {
      console.error(`received ${sig}: stopping the VS Code server and the browser`);
      runExitWork();
      process.exit(code);
    });
  }
}
