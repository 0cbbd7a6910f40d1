import type { LoadResult } from './load-types.ts';

/** Throughput and percentiles of a run's request latencies (milliseconds), as every scenario reports them. */
export function latencyFigures(latencies: number[], seconds: number): Pick<LoadResult, 'requests' | 'seconds' | 'perSecond' | 'p50' | 'p99'> {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0);
  return { requests: sorted.length, seconds, perSecond: sorted.length / seconds, p50: at(0.5), p99: at(0.99) };
}
