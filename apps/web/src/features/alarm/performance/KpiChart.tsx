/**
 * One ECharts chart of the performance page: alarms per hour or per day as bars. ECharts arrives
 * with the first chart drawn (see ./echarts), not with the page.
 */
import { useEffect, useRef } from 'react';
import dayjs from 'dayjs';

export interface KpiChartProps {
  points: readonly { at: number; n: number }[];
  /** dayjs format of the axis labels. */
  format: string;
  testId: string;
}

export function KpiChart({ points, format, testId }: KpiChartProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let cleanup = () => {};
    let alive = true;
    void import('./echarts').then(({ echarts }) => {
      if (!alive) return;
      const chart = echarts.init(el, undefined, { renderer: 'svg' });
      chart.setOption({
        grid: { left: 8, right: 8, top: 16, bottom: 8, containLabel: true },
        tooltip: { trigger: 'axis' },
        xAxis: { type: 'category', data: points.map((p) => dayjs.unix(p.at).format(format)) },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          { type: 'bar', data: points.map((p) => p.n), itemStyle: { color: '#1677ff' }, barMaxWidth: 24 },
        ],
      });
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(el);
      cleanup = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      alive = false;
      cleanup();
    };
  }, [points, format]);
  return <div ref={ref} style={{ width: '100%', height: 240 }} data-testid={testId} />;
}
