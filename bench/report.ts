// What `npm run bench` prints: the table of scenarios, the checks, and the machine's load and memory.
import { loadavg } from 'node:os';
import type { LoadResult } from './load-types.ts';

export interface Row {
  scenario: string;
  connections: number;
  users: number;
  result: LoadResult;
  note?: string;
}

/** One row per timed scenario, in the order they ran. */
export const rows: Row[] = [];
/** Consistency checks; any failure makes the exit code 1 (see printChecks). */
export const checks: { name: string; ok: boolean; detail: string }[] = [];

/** The machine's load, printed with the figures: they mean little without it on a shared machine. */
export function printLoadAverage(when: 'start' | 'end'): void {
  console.log(
    `load average at ${when}: ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

export function residentMiB(): string {
  return (process.memoryUsage().rss / 2 ** 20).toFixed(0);
}

/**
 * Resident memory with the garbage collected first (`npm run bench` runs with --expose-gc), so
 * what is read is what the process holds, not what it has yet to free.
 */
export function collectedResidentMiB(): string {
  globalThis.gc?.();
  return residentMiB();
}

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

export function printTable(): void {
  const header = ['scenario', 'conns', 'users', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'note'];
  const body = rows.map((row) => [
    row.scenario,
    String(row.connections),
    String(row.users),
    row.result.perSecond.toFixed(0),
    String(row.result.p50),
    String(row.result.p99),
    String(row.result.errors),
    row.note ?? '',
  ]);
  const widths = header.map((title, i) => Math.max(title.length, ...body.map((cells) => cells[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => pad(cell, widths[i]!, i >= 1 && i <= 6)).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((width, i) => (i >= 1 && i <= 6 ? `${'-'.repeat(width + 1)}:` : `${'-'.repeat(width + 2)}`)).join('|')}|`);
  for (const cells of body) console.log(line(cells));
}

/** Prints every check; any failure makes the exit code 1. */
export function printChecks(): void {
  for (const check of checks) console.log(`${check.ok ? 'OK  ' : 'FAIL'} ${check.name}: ${check.detail}`);
  if (checks.some((check) => !check.ok)) process.exitCode = 1;
}

/**
 * The end of every run, whole or one scenario alone (BENCH_ONLY): the table of what was timed, the
 * scenario's own figures, the load average and the checks.
 */
export function printReport(printFigures?: () => void): void {
  console.log('');
  if (rows.length > 0) {
    printTable();
    if (printFigures) console.log('');
  }
  printFigures?.();
  printLoadAverage('end');
  if (checks.length > 0) {
    console.log('');
    printChecks();
  }
}
