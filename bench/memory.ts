import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs';

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

const PAGE = 4096;
/** Page-map entries read at once: 8 bytes each, 4 MiB of entries cover 2 GiB of address space. */
const ENTRIES_AT_ONCE = 512 * 1024;

/**
 * The memory the processes hold together, each physical page counted once: what the sum of their
 * VmRSS overstates when they share pages (npm and the server it starts both map node's own
 * binary, about 40 MiB of it resident in each). Read from /proc/<pid>/pagemap, which gives the
 * physical page behind every resident virtual page only to a privileged reader: null otherwise
 * (the page numbers then read as 0), or when a process went away meanwhile.
 */
export function distinctResidentMiB(pids: number[]): number | null {
  const pages = new Set<number>();
  const entries = Buffer.alloc(ENTRIES_AT_ONCE * 8);
  try {
    for (const pid of pids) {
      const pagemap = openSync(`/proc/${pid}/pagemap`, 'r');
      try {
        for (const [start, end] of residentAreas(pid)) {
          for (let page = start / PAGE; page < end / PAGE; page += ENTRIES_AT_ONCE) {
            const count = Math.min(ENTRIES_AT_ONCE, end / PAGE - page);
            const bytes = readSync(pagemap, entries, 0, count * 8, page * 8);
            for (let offset = 0; offset < bytes; offset += 8) {
              // Bit 63: present in memory; bits 0–54: the physical page number.
              if ((entries[offset + 7]! & 0x80) === 0) continue;
              const frame = entries.readUInt32LE(offset) + (entries.readUInt32LE(offset + 4) & 0x7f_ffff) * 2 ** 32;
              if (frame === 0) return null;
              pages.add(frame);
            }
          }
        }
      } finally {
        closeSync(pagemap);
      }
    }
  } catch {
    return null;
  }
  return (pages.size * PAGE) / 2 ** 20;
}

/** The address ranges of a process's mappings that hold any resident page, from /proc/<pid>/smaps. */
function residentAreas(pid: number): [number, number][] {
  const areas: [number, number][] = [];
  let area: [number, number] | null = null;
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const range = /^([0-9a-f]+)-([0-9a-f]+) /.exec(line);
    if (range) area = [parseInt(range[1]!, 16), parseInt(range[2]!, 16)];
    else if (area && /^Rss:\s+[1-9]/.test(line)) areas.push(area);
  }
  return areas;
}
