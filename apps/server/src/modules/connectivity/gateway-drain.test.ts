import { Outbox } from '@hmi/agent/outbox';
import { TagDataType } from '@hmi/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db';
import { databases, type TestDatabase } from '../../test/databases';
import type { FleetDevice } from '../../test/fleet';
import { gatewayStage } from '../../test/gateway-stage';
import { gatewayConfig, outboxContent, spawnGateway, until } from '../../test/gateway-process';
import { spawnServer } from '../../test/server-process';
import { storedHistory } from './index';

/** An hour offline at one batch a second. */
const HOUR_BATCHES = 3600;

/** History sample times of TAG `a` (one per batch). */
async function times(store: Db, deviceId: number): Promise<number[]> {
  return (await storedHistory(store, deviceId, 'a')).map((s) => s.ts);
}

/**
 * The outbox as a gateway leaves it after an hour offline, restarted once meanwhile: two runs of
 * batches, each numbered one up from the gateway's clock in microseconds when it started. Returns the
 * batches' sample times.
 */
function hourOffline(path: string): number[] {
  const box = Outbox.open({ path, maxBytes: 2 ** 30, maxAgeMs: 86_400_000 });
  const start = Date.now() - HOUR_BATCHES * 1000;
  const ts = Array.from({ length: HOUR_BATCHES }, (_, i) => start + i * 1000);
  ts.forEach((t, i) => {
    const restarted = i >= HOUR_BATCHES / 2;
    const seq = (restarted ? start + 1_800_500 : start) * 1000 + (restarted ? i - HOUR_BATCHES / 2 : i);
    const values = ['a', 'b', 'c'].map((tag, k) => ({ tag, value: k + 1, ts: t }));
    box.add(
      { seq, ts: t, body: JSON.stringify({ v: 1, seq, ts: t, values, confirm: true }), sent: false },
      t,
    );
  });
  box.close();
  return ts;
}

describe.each(databases)('an hour replayed from a gateway outbox on $name', (database: TestDatabase) => {
  const stage = gatewayStage(database, {
    prefix: 'DRAIN',
    tags: ['a', 'b', 'c'].map((name) => ({ name, data_type: TagDataType.UINT32, save_history: true })),
  });
  let store: Db;
  let device: FleetDevice;
  beforeEach(() => ({ store, device } = stage));

  it(
    'beside live values, through a server killed (-9) mid-drain: every sample stored exactly once',
    { timeout: 180_000 },
    async () => {
      const files = gatewayConfig(stage.dir, {
        mqttPort: stage.mqttPort,
        sn: device.sn,
        secret: device.secret,
        rateMs: 100,
      });
      const hour = hourOffline(files.outbox);
      const hourEnd = hour[hour.length - 1] ?? 0;
      let server = await stage.start(spawnServer(stage.env));
      await stage.start(spawnGateway(files.config));
      // Mid-drain: live batches (numbered above the hour) stored, and part of the hour.
      await until(async () => {
        const all = await times(store, device.id);
        return all.some((t) => t > hourEnd) && all.filter((t) => t <= hourEnd).length >= 600;
      }, 60_000);
      await server.kill('SIGKILL');
      const stoppedWith = outboxContent(files.outbox).filter((b) => b.ts <= hourEnd).length;
      expect(stoppedWith).toBeGreaterThan(0);
      server = await stage.start(spawnServer(stage.env));
      await until(() => outboxContent(files.outbox).every((b) => b.ts > hourEnd), 120_000);
      const all = await times(store, device.id);
      expect(new Set(all).size).toBe(all.length);
      const stored = new Set(all);
      expect(hour.filter((t) => !stored.has(t))).toEqual([]);
      // The hour's batches each stored whole (live ones keep coming: compared up to the hour's end).
      const b = (await storedHistory(store, device.id, 'b')).map((s) => s.ts).filter((t) => t <= hourEnd);
      expect(b).toEqual(all.filter((t) => t <= hourEnd));
    },
  );
});
