// CPU time used by a process's descendants (Linux /proc), for benchmarks on a machine shared with
// other work: requests per CPU-second compare code fairly when how much CPU it got varies.
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** Milliseconds of CPU (user + system) used so far by every living descendant of `root`. */
export function descendantsCpuMs(root: number = process.pid): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'latin1');
      // Fields after the command name (which may hold spaces) start past the last ')'.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parents.set(Number(name), Number(fields[1]));
      ticks.set(Number(name), Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended meanwhile.
    }
  }
  let total = 0;
  for (const [pid, used] of ticks) {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) {
        total += used;
        break;
      }
    }
  }
  return (total * 1000) / TICKS_PER_SECOND;
}
