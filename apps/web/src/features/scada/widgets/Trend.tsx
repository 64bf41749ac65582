/** A trend: the bound TAGs' history over the last `minutes` (history API), then their live samples. */
import { useEffect, useState } from 'react';
import { getDeviceHistory } from '../../../api/connectivity';
import { useScada } from '../context';
import { numeric, type WidgetOf } from '../format';
import { valueKey } from '../valueStore';

const COLOURS = ['#1677ff', '#fa8c16', '#52c41a', '#eb2f96', '#722ed1', '#13c2c2', '#fadb14', '#8c8c8c'];
/** Points kept per line: the history's buckets plus the live samples since. */
const POINTS_MAX = 600;
const HISTORY_BUCKETS = 120;

type Point = { t: number; v: number };

export function TrendWidget({ w }: { w: WidgetOf<'trend'> }) {
  const { store, deviceOf, tagId } = useScada();
  const [lines, setLines] = useState<Point[][]>(() => w.props.tags.map(() => []));
  const [now, setNow] = useState(() => Date.now());
  const windowMs = w.props.minutes * 60_000;

  useEffect(() => {
    const abort = new AbortController();
    const stops = w.props.tags.map((b, i) => {
      const device = deviceOf(b);
      if (device === null) return () => undefined;
      const key = valueKey(device, b.tag);
      const append = (p: Point) =>
        setLines((all) => all.map((line, n) => (n === i ? [...line, p].slice(-POINTS_MAX) : line)));
      const to = Date.now();
      void tagId(device, b.tag)
        .then((id) =>
          id === undefined
            ? undefined
            : getDeviceHistory(
                device,
                { tag: id, from: to - windowMs, to, buckets: HISTORY_BUCKETS },
                { handleError: true, signal: abort.signal },
              ),
        )
        .then((h) => {
          if (!h) return;
          const past = h.points.map((p) => ({ t: p.t + h.bucket_ms / 2, v: p.avg }));
          setLines((all) => all.map((line, n) => (n === i ? [...past, ...line].slice(-POINTS_MAX) : line)));
        })
        .catch(() => undefined);
      return store.subscribe(key, () => {
        const s = store.get(key).sample;
        const v = numeric(s?.value);
        if (s && v !== null) append({ t: s.ts, v });
        setNow(Date.now());
      });
    });
    return () => {
      abort.abort();
      stops.forEach((stop) => stop());
    };
  }, [w.props.tags, windowMs, store, deviceOf, tagId]);

  const from = now - windowMs;
  const shown = lines.map((line) => line.filter((p) => p.t >= from));
  const values = shown.flat().map((p) => p.v);
  const lo = w.props.min ?? (values.length ? Math.min(...values) : 0);
  const hi = w.props.max ?? (values.length ? Math.max(...values) : 1);
  const span = hi - lo || 1;
  const x = (t: number) => ((t - from) / windowMs) * w.w;
  const y = (v: number) => w.h - 4 - ((v - lo) / span) * (w.h - 8);
  return (
    <svg
      className="scada-trend"
      data-testid={`scada-trend-${w.id}`}
      viewBox={`0 0 ${w.w} ${w.h}`}
      preserveAspectRatio="none"
      style={{ width: '100%', height: '100%' }}
    >
      {shown.map((line, i) => (
        <polyline
          key={i}
          fill="none"
          stroke={COLOURS[i % COLOURS.length]}
          strokeWidth={1.5}
          vectorEffect="non-scaling-stroke"
          points={line.map((p) => `${x(p.t).toFixed(1)},${y(p.v).toFixed(1)}`).join(' ')}
        />
      ))}
      <text x={4} y={12} fontSize={10} fill="#8c8c8c">
        {hi.toFixed(1)}
      </text>
      <text x={4} y={w.h - 6} fontSize={10} fill="#8c8c8c">
        {lo.toFixed(1)}
      </text>
    </svg>
  );
}
