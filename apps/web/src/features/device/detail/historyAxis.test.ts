import * as echarts from 'echarts/core';
import { LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent } from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';
import { describe, expect, it } from 'vitest';
import { historyOption, timeLabelCount, type History } from './history';

echarts.use([LineChart, GridComponent, LegendComponent, SVGRenderer]);

const HOUR = 3_600_000;
/** The last hour as the page asks for it: ending now, not on a round minute. */
const T0 = Date.UTC(2026, 10, 28, 3, 50, 17);
const hour: History = {
  tag: 'temperature',
  data_type: 7,
  from: T0,
  to: T0 + HOUR,
  bucket_ms: 60_000,
  points: Array.from({ length: 60 }, (_, i) => ({
    t: T0 + i * 60_000,
    min: 18,
    max: 32,
    avg: 25,
    count: 60,
  })),
  samples: [],
};
const names = { min: 'Min', max: 'Max', avg: 'Avg', band: 'Range' };

/** The time axis's labels as drawn (SVG, server-side): their text and left and right edges. */
function timeLabels(width: number): { text: string; left: number; right: number }[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height: 320 });
  chart.setOption(historyOption(hour, names, String));
  chart.setOption({ xAxis: { splitNumber: timeLabelCount(width) } });
  const svg = chart.renderToSVGString();
  chart.dispose();
  // Time labels are centred under the grid (bottom 40): centred text elements with y past 320 - 40.
  return [
    ...svg.matchAll(
      /<text[^>]*text-anchor="middle"[^>]*transform="translate\(([\d.]+) ([\d.]+)\)"[^>]*>([^<]*)<\/text>/g,
    ),
  ]
    .filter((m) => Number(m[2]) > 280)
    .map((m) => {
      const centre = Number(m[1]);
      const text = m[3] ?? '';
      const half = (text.length * 7) / 2; // 12 px sans-serif digits are about 7 px wide
      return { text, left: centre - half, right: centre + half };
    })
    .sort((a, b) => a.left - b.left);
}

describe('history time axis', () => {
  it.each([300, 326, 358, 1100])('writes no time label over another in a chart %i px wide', (width) => {
    const labels = timeLabels(width);
    expect(labels.length).toBeGreaterThanOrEqual(2);
    const touching = labels.slice(1).filter((l, i) => l.left < (labels[i]?.right ?? 0) + 4);
    expect(touching.map((l) => l.text)).toEqual([]);
  });
});
