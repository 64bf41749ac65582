/**
 * CPU time a process has used (user + system), from /proc on Linux; null elsewhere. Divided by the
 * requests it answered, it tells what a request costs the server even on a machine busy with other
 * work, where requests a second drift with whatever else runs.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks a second of /proc's times (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS = 100;

export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, inside parentheses): utime is the 14th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return null;
  }
}
