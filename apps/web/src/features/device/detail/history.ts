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

/** Time-axis line chart: an invisible min line, the max − min band stacked on it, and the average. */
export function historyOption(h: History, names: SeriesNames, formatTime: (ms: number) => string) {
  const byTime = new Map(h.points.map((p) => [p.t, p]));
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
    xAxis: { type: 'time' as const, min: h.from, max: h.to },
    yAxis: { type: 'value' as const, scale: true },
    series: [
      {
        name: names.min,
        type: 'line' as const,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        data: h.points.map((p) => [p.t, p.min]),
      },
      {
        name: names.band,
        type: 'line' as const,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        color: 'rgba(22, 119, 255, 0.4)',
        areaStyle: { color: 'rgba(22, 119, 255, 0.18)' },
        data: h.points.map((p) => [p.t, p.max - p.min]),
      },
      {
        name: names.avg,
        type: 'line' as const,
        symbol: h.points.length > 60 ? 'none' : 'circle',
        color: '#1677ff',
        data: h.points.map((p) => [p.t, p.avg]),
      },
    ],
  };
}
