/**
 * Samples a process's resident memory at a fixed interval, to tell a leak (a steady climb) from the
 * heap's saw-tooth: first, last and highest sample, and the slope of the least-squares line through all
 * samples in kB per minute (a saw-tooth averages out; a leak does not).
 */
import { rssMb } from '@hmi/server/src/test/server-process';

export interface RssSummary {
  samples: number;
  firstMb: number;
  lastMb: number;
  maxMb: number;
  /** Slope of the least-squares line through the samples, kB per minute. */
  slopeKbPerMin: number;
  /** The same through the second half only (after the heap has grown to its working size). */
  lateSlopeKbPerMin: number;
  /** Every sample, MB. */
  mb: number[];
  minutes: number;
}

type Point = { min: number; mb: number };

export interface RssSampler {
  stop(): RssSummary;
}

export function sampleRss(pid: number, everyMs: number): RssSampler {
  const points: Point[] = [];
  const start = performance.now();
  const take = () => points.push({ min: (performance.now() - start) / 60_000, mb: rssMb(pid) });
  take();
  const timer = setInterval(take, everyMs);
  return {
    stop() {
      clearInterval(timer);
      take();
      return summarise(points);
    },
  };
}

/** kB per minute of the least-squares line through `points` (NaN for fewer than two). */
function slope(points: readonly Point[]): number {
  const n = points.length;
  if (n < 2) return NaN;
  const meanX = points.reduce((s, p) => s + p.min, 0) / n;
  const meanY = points.reduce((s, p) => s + p.mb, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.min - meanX) * (p.mb - meanY), 0);
  const sxx = points.reduce((s, p) => s + (p.min - meanX) ** 2, 0);
  return sxx > 0 ? (sxy / sxx) * 1024 : NaN;
}

export function summarise(points: readonly Point[]): RssSummary {
  const n = points.length;
  return {
    samples: n,
    firstMb: points[0]?.mb ?? NaN,
    lastMb: points[n - 1]?.mb ?? NaN,
    maxMb: Math.max(...points.map((p) => p.mb)),
    slopeKbPerMin: slope(points),
    lateSlopeKbPerMin: slope(points.slice(Math.floor(n / 2))),
    mb: points.map((p) => p.mb),
    minutes: points[n - 1]?.min ?? 0,
  };
}
