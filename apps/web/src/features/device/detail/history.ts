/** History ranges and the chart option of a numeric TAG (min/max band and average line). */
import type { deviceHistory } from '@hmi/contract';
import type { z } from 'zod';

export const presetRanges = {
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
};
export type RangeKey = keyof typeof presetRanges | 'custom';
export const rangeKeys: RangeKey[] = ['hour', 'day', 'week', 'month', 'custom'];
/** The server answers at most 400 days at once. */
export const MAX_RANGE_MS = 400 * 86_400_000;

/** `[from, to]` in epoch ms of a preset ending now. */
export function presetWindow(key: keyof typeof presetRanges, now: number): [number, number] {
  return [now - presetRanges[key], now];
}

export type History = z.output<(typeof deviceHistory)['response']>;

export interface SeriesNames {
  min: string;
  max: string;
  avg: string;
  /** Legend entry of the band between min and max. */
  band: string;
}

/** A span of time in its largest whole unit (one decimal at most): what one point covers. */
export function pointSpan(ms: number): { unit: 'seconds' | 'minutes' | 'hours' | 'days'; count: number } {
  const round = (v: number) => Math.round(v * 10) / 10;
  if (ms < 60_000) return { unit: 'seconds', count: round(ms / 1000) };
  if (ms < 7_200_000) return { unit: 'minutes', count: round(ms / 60_000) };
  if (ms < 172_800_000) return { unit: 'hours', count: round(ms / 3_600_000) };
  return { unit: 'days', count: round(ms / 86_400_000) };
}

/** The chart's caption: what one point stands for (`t` of the live namespace). */
export function pointMeaning(
  t: (key: string, options?: Record<string, unknown>) => string,
  bucketMs: number,
) {
  const span = pointSpan(bucketMs);
  return t('history.eachPoint', { span: t(`history.span.${span.unit}`, { count: span.count }) });
}

type Point = History['points'][number];

/**
 * Each series' data with a break wherever a bucket has no point (nothing arrived, or only bad
 * samples): the lines stop there instead of joining across the gap as if values had been seen.
 */
function withGaps(points: readonly Point[], bucketMs: number, value: (p: Point) => number) {
  const out: [number, number | null][] = [];
  points.forEach((p, i) => {
    const prev = points[i - 1];
    if (prev && p.t - prev.t > bucketMs) out.push([prev.t + bucketMs, null]);
    out.push([p.t, value(p)]);
  });
  return out;
}

/** Width in pixels one time label needs ("04:35" to "11-28 04:35") with room either side. */
const TIME_LABEL_PX = 96;

/**
 * How many time labels the axis may ask for in a chart this wide: ECharts' default (about five
 * intervals whatever the width) wrote the labels over each other on a phone (issue 25).
 */
export const timeLabelCount = (widthPx: number) => Math.max(2, Math.floor(widthPx / TIME_LABEL_PX));

/** Time-axis line chart: an invisible min line, the max − min band stacked on it, and the average. */
export function historyOption(h: History, names: SeriesNames, formatTime: (ms: number) => string) {
  const byTime = new Map(h.points.map((p) => [p.t, p]));
  const data = (value: (p: Point) => number) => withGaps(h.points, h.bucket_ms, value);
  const round = (v: number) => Number(v.toPrecision(6));
  return {
    animation: false,
    grid: { left: 56, right: 24, top: 40, bottom: 40 },
    legend: { data: [names.avg, names.band], top: 0 },
    tooltip: {
      trigger: 'axis' as const,
      formatter: (params: { axisValue: number }[]) => {
        const p = byTime.get(Number(params[0]?.axisValue));
        if (!p) return '';
        return [
          formatTime(p.t),
          `${names.max}: ${round(p.max)}`,
          `${names.avg}: ${round(p.avg)}`,
          `${names.min}: ${round(p.min)}`,
        ].join('<br/>');
      },
    },
    // hideOverlap: a label that would still touch its neighbour is dropped rather than drawn over it.
    xAxis: { type: 'time' as const, min: h.from, max: h.to, axisLabel: { hideOverlap: true } },
    yAxis: { type: 'value' as const, scale: true },
    series: [
      {
        name: names.min,
        type: 'line' as const,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        data: data((p) => p.min),
      },
      {
        name: names.band,
        type: 'line' as const,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        color: 'rgba(22, 119, 255, 0.4)',
        areaStyle: { color: 'rgba(22, 119, 255, 0.18)' },
        data: data((p) => p.max - p.min),
      },
      {
        name: names.avg,
        type: 'line' as const,
        symbol: h.points.length > 60 ? 'none' : 'circle',
        color: '#1677ff',
        data: data((p) => p.avg),
      },
    ],
  };
}
