import { describe, expect, it } from 'vitest';
import { historyOption, pointSpan, presetWindow, type History } from './history';

const names = { min: 'Min', max: 'Max', avg: 'Avg', band: 'Range' };
const history: History = {
  tag: 'temperature',
  data_type: 7,
  from: 0,
  to: 3_600_000,
  bucket_ms: 60_000,
  points: [
    { t: 0, min: -2, max: 3, avg: 1, count: 4 },
    { t: 60_000, min: 1, max: 1.5, avg: 1.25, count: 2 },
  ],
  samples: [],
};

describe('history', () => {
  it('ends a preset range now', () => {
    expect(presetWindow('hour', 10_000_000)).toEqual([6_400_000, 10_000_000]);
    expect(presetWindow('month', 3_000_000_000)).toEqual([408_000_000, 3_000_000_000]);
  });

  it('breaks every line where a bucket has no point instead of joining across the gap', () => {
    const gappy: History = {
      ...history,
      points: [...history.points, { t: 240_000, min: 5, max: 7, avg: 6, count: 3 }],
    };
    const [min, band, avg] = historyOption(gappy, names, String).series;
    expect(avg?.data).toEqual([
      [0, 1],
      [60_000, 1.25],
      [120_000, null],
      [240_000, 6],
    ]);
    expect(min?.data[2]).toEqual([120_000, null]);
    expect(band?.data[2]).toEqual([120_000, null]);
  });

  it('names what one point covers in its largest unit', () => {
    expect(pointSpan(1_800)).toEqual({ unit: 'seconds', count: 1.8 });
    expect(pointSpan(60_000)).toEqual({ unit: 'minutes', count: 1 });
    expect(pointSpan(300_000)).toEqual({ unit: 'minutes', count: 5 });
    expect(pointSpan(1_296_000)).toEqual({ unit: 'minutes', count: 21.6 });
    expect(pointSpan(86_400_000)).toEqual({ unit: 'hours', count: 24 });
    expect(pointSpan(3 * 86_400_000)).toEqual({ unit: 'days', count: 3 });
  });

  it('draws the min/max band stacked on the min line, and the average', () => {
    const option = historyOption(history, names, (ms) => `t${ms}`);
    const [min, band, avg] = option.series;
    expect(min?.data).toEqual([
      [0, -2],
      [60_000, 1],
    ]);
    // Stacked on the min line, the band's height is max − min: its top is the max.
    expect(band?.data).toEqual([
      [0, 5],
      [60_000, 0.5],
    ]);
    expect(min?.stack).toBe(band?.stack);
    expect(avg?.stack).toBeUndefined();
    expect(avg?.data).toEqual([
      [0, 1],
      [60_000, 1.25],
    ]);
    expect(option.xAxis).toMatchObject({ type: 'time', min: 0, max: 3_600_000 });
    // The tooltip reads the bucket itself rather than the stacked values.
    expect(option.tooltip.formatter([{ axisValue: 0 }])).toBe('t0<br/>Max: 3<br/>Avg: 1<br/>Min: -2');
  });
});
