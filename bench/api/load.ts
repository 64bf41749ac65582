/**
 * A closed-loop load generator: `workers` concurrent clients, each sending its next request as soon
 * as the previous answer is read, for `seconds`. fetch (undici) with keep-alive, accepting the
 * encodings a browser accepts.
 */
import { performance } from 'node:perf_hooks';

export interface LoadResult {
  requests: number;
  errors: number;
  rate: number;
  p50Ms: number;
  p99Ms: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Whether an answer counts as a success: HTTP 200 and, for the API, envelope code 0. */
export type Check = (status: number, body: string) => boolean;

export async function runLoad(
  url: string,
  o: { workers: number; seconds: number; headers?: Record<string, string>; check: Check },
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const deadline = started + o.seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      try {
        const res = await fetch(url, { headers: o.headers });
        const body = await res.text();
        if (!o.check(res.status, body)) errors += 1;
      } catch {
        errors += 1;
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: o.workers }, worker));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    requests: latencies.length,
    errors,
    rate: latencies.length / elapsed,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
  };
}
