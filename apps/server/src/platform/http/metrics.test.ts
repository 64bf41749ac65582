import { describe, expect, it } from 'vitest';
import { sqliteDatabase } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { INTERNAL_METRICS_PATH, type InternalMetrics } from './metrics';

describe('internal metrics', () => {
  const on = useHarness(sqliteDatabase, { env: { INTERNAL_METRICS: '1' } });
  const off = useHarness(sqliteDatabase);

  it('answers memory and event-loop delay to a peer on this host only, and only when enabled', async () => {
    const local = await on.app.inject({
      url: `${INTERNAL_METRICS_PATH}?reset=1`,
      remoteAddress: '127.0.0.1',
    });
    expect(local.statusCode).toBe(200);
    const m = local.json<InternalMetrics>();
    expect(m.rss_mb).toBeGreaterThan(0);
    expect(m.event_loop_delay_ms.p99).toBeGreaterThanOrEqual(0);
    const remote = await on.app.inject({
      url: INTERNAL_METRICS_PATH,
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(remote.statusCode).toBe(404);
    expect(
      (await off.app.inject({ url: INTERNAL_METRICS_PATH, remoteAddress: '127.0.0.1' })).statusCode,
    ).toBe(404);
  });
});
