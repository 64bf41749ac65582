/**
 * A favourite card's small trend of one numeric TAG: the last hour's averages (30 buckets of the
 * history call) as an inline SVG line, no chart library.
 */
import { useState } from 'react';
import { deviceHistory } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';

const HOUR_MS = 3_600_000;
const BUCKETS = 30;
const W = 96;
const H = 20;

export function TagTrend({ deviceId, tagId, testId }: { deviceId: number; tagId: number; testId: string }) {
  // The hour up to the card's first render: a range moving with every render would be a new call each time.
  const [to] = useState(Date.now);
  const { data } = useCallQuery(
    deviceHistory,
    { params: { id: deviceId }, query: { tag: tagId, from: to - HOUR_MS, to, buckets: BUCKETS } },
    { handleError: true },
  );
  const points = data?.points ?? [];
  if (points.length < 2) return null;
  const values = points.map((p) => p.avg);
  const min = Math.min(...values);
  const span = Math.max(...values) - min || 1;
  const first = points[0]?.t ?? 0;
  const width = (points[points.length - 1]?.t ?? first + 1) - first || 1;
  const line = points
    .map((p) => `${(((p.t - first) / width) * W).toFixed(1)},${(H - ((p.avg - min) / span) * H).toFixed(1)}`)
    .join(' ');
  return (
    <svg width={W} height={H} viewBox={`0 0 ${W} ${H}`} style={{ overflow: 'visible' }} data-testid={testId}>
      <polyline points={line} fill="none" stroke="#1677ff" strokeWidth={1.5} />
    </svg>
  );
}
