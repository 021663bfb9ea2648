import * as fs from 'node:fs';

/**
 * CPU time, not wall time, decides "slow" and "hang": CI machines and shared workstations run
 * other jobs, and a case that waited for a core is not a slow case. Linux exposes another
 * process's CPU time in /proc/<pid>/stat; elsewhere callers fall back to wall time.
 */

/** User + system CPU milliseconds of this process so far. */
export function ownCpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Clock ticks per second of /proc's utime/stime (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds of another process, or undefined where /proc cannot tell. */
export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may contain spaces and parentheses: count fields after the last `)`.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    if (!Number.isFinite(utime) || !Number.isFinite(stime)) return undefined;
    return ((utime + stime) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}
