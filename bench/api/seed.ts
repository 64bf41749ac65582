/**
 * The data of the API bench, written straight into a migrated SQLite database before the server
 * starts: 1,000 devices on one template, 100,000 alarm records spread over them and the last 30
 * days, and 30 days of one TAG's history of the first device (a sample every 10 s, filed in chunks).
 */
import { importHistory } from '@hmi/server/src/modules/connectivity';
import type { Db } from '@hmi/server/src/platform/db';
import { provisionFleet, type Fleet } from '@hmi/server/src/test/fleet';
import { TagDataType } from '@hmi/contract';

export const DEVICES = 1000;
export const ALARMS = 100_000;
export const HISTORY_DAYS = 30;
/** TAGs the steady load sends: benchTags(3) of ingest/fleet.ts. */
export const STEADY_TAGS = ['t1', 't2', 't3'];
const HISTORY_STEP_MS = 10_000;
const DAY_S = 86_400;
/** Alarm rows per insert: 20 columns each, well below SQLite's bound-variable limit. */
const ROWS_PER_INSERT = 500;

async function seedAlarms(database: Db, fleet: Fleet, nowS: number): Promise<void> {
  const devices = fleet.devices;
  await database.db.transaction().execute(async (trx) => {
    for (let start = 0; start < ALARMS; start += ROWS_PER_INSERT) {
      const rows = Array.from({ length: Math.min(ROWS_PER_INSERT, ALARMS - start) }, (_, k) => {
        const i = start + k;
        const alarmAt = nowS - Math.floor((i / ALARMS) * HISTORY_DAYS * DAY_S);
        const recovered = i % 3 === 0;
        return {
          team_id: fleet.teamId,
          device_id: devices[i % devices.length]?.id ?? 0,
          template_id: fleet.templateId,
          rule_id: null,
          rule_name: `rule ${i % 50}`,
          level: (i % 4) + 1,
          type: 'limit',
          condition: 1,
          tag_name: 'temp',
          value: String(80 + (i % 20)),
          recovery_value: recovered ? '70' : null,
          content: `temperature high on line ${i % 12}`,
          state: recovered ? 4 : 1,
          alarm_at: alarmAt,
          raised_at: alarmAt,
          response_at: null,
          recovery_at: recovered ? alarmAt + 60 : null,
          responder_id: null,
          responder_name: null,
        };
      });
      await trx.insertInto('alarm_records').values(rows).execute();
    }
  });
}

export interface Seeded {
  fleet: Fleet;
  historyDeviceId: number;
  historyTagId: number;
  /** Epoch ms range of the history. */
  from: number;
  to: number;
}

export async function seed(database: Db): Promise<Seeded> {
  const fleet = await provisionFleet(database, {
    count: DEVICES,
    prefix: 'APIB',
    // `temp` holds the month; the steady load's simulated HMIs send t1…t3 (ingest/fleet.ts).
    tags: ['temp', ...STEADY_TAGS].map((name) => ({
      name,
      data_type: TagDataType.FLOAT,
      save_history: true,
    })),
  });
  const nowS = Math.floor(Date.now() / 1000);
  await seedAlarms(database, fleet, nowS);

  const device = fleet.devices[0];
  if (!device) throw new Error('no device seeded');
  const to = nowS * 1000;
  const from = to - HISTORY_DAYS * DAY_S * 1000;
  const samples = Array.from({ length: (to - from) / HISTORY_STEP_MS }, (_, i) => {
    const ts = from + i * HISTORY_STEP_MS;
    const num = Math.round(500 + 300 * Math.sin(ts / 3_600_000)) / 10;
    return { device_id: device.id, tag: 'temp', ts, num, value: String(num) };
  });
  await importHistory(database, samples);
  const tag = await database.db
    .selectFrom('template_tags')
    .select('id')
    .where('template_id', '=', fleet.templateId)
    .where('name', '=', 'temp')
    .executeTakeFirstOrThrow();
  return { fleet, historyDeviceId: device.id, historyTagId: tag.id, from, to };
}
