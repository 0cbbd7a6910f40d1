import { readdirSync, readFileSync } from 'node:fs';

/**
 * Resident memory of a process and all its descendants, read from /proc (Linux): what `npm start`
 * really holds, wrappers included, and the CPU time they used so far. A process that ended between
 * the listing and the read counts 0.
 */
export function processTree(root: number): { pids: number[]; rssMiB: number; cpuSeconds: number } {
  const parentOf = new Map<number, number>();
  const cpuTicks = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name (2nd field) is in parentheses and may hold spaces: read after the last ')'.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      parentOf.set(Number(entry), Number(fields[1]));
      // utime, stime, and those of its children that ended (the new database's child process).
      cpuTicks.set(
        Number(entry),
        [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0),
      );
    } catch {
      // gone already
    }
  }
  const pids = [root];
  for (let i = 0; i < pids.length; i += 1) {
    for (const [pid, parent] of parentOf) if (parent === pids[i]) pids.push(pid);
  }
  let kib = 0;
  for (const pid of pids) kib += residentKiB(pid);
  // Linux counts CPU time in clock ticks of 1/100 s (USER_HZ) on every common architecture.
  const cpuSeconds = pids.reduce((sum, pid) => sum + (cpuTicks.get(pid) ?? 0), 0) / 100;
  return { pids, rssMiB: kib / 1024, cpuSeconds };
}

/** VmRSS of one process in KiB (0 when it is gone). */
export function residentKiB(pid: number): number {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}
