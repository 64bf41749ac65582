import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TagDataType } from '@hmi/contract';
import { migrate, openDatabase, type Db } from '../platform/db';
import type { TestDatabase } from './databases';
import { provisionFleet, type Fleet } from './fleet';

/**
 * A migration's test ground: a fresh database of `database` migrated up to `before` (the migration
 * under test not yet applied); the database and its folder are removed after `run`.
 */
export async function withStoreAt(
  database: TestDatabase,
  before: string,
  run: (store: Db) => Promise<void>,
): Promise<void> {
  const target = await database.create();
  const dataDir = mkdtempSync(join(tmpdir(), 'hmi-migration-'));
  const store = openDatabase({ databaseUrl: target.env.DATABASE_URL ?? null, dataDir });
  try {
    await migrate(store, before);
    await run(store);
  } finally {
    await store.close();
    await target.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `withStoreAt` with a team of `devices` devices on one template of a FLOAT TAG `temp`. */
export function atMigration(
  database: TestDatabase,
  before: string,
  devices: number,
  run: (store: Db, fleet: Fleet) => Promise<void>,
): Promise<void> {
  return withStoreAt(database, before, async (store) => {
    const fleet = await provisionFleet(store, {
      count: devices,
      prefix: `M${before.slice(0, 4)}`,
      tags: [{ name: 'temp', data_type: TagDataType.FLOAT, save_history: false }],
    });
    await run(store, fleet);
  });
}

/** An alarm record of the fleet's template as the engine writes one (active, unacknowledged). */
export function alarmRecordRow(fleet: Fleet, deviceId: number, at: number) {
  return {
    team_id: fleet.teamId,
    device_id: deviceId,
    template_id: fleet.templateId,
    rule_id: null as number | null,
    rule_name: 'gone',
    level: 8,
    type: 'limit',
    condition: 2,
    tag_name: 'temp',
    value: '90',
    content: '',
    state: 1,
    alarm_at: at,
    raised_at: at,
    response_at: null as number | null,
    recovery_at: null as number | null,
    chattering: 0,
  };
}
