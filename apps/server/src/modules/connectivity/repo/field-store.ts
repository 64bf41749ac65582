import type { Kysely } from 'kysely';
import type { Database, DeviceFieldTable } from '../../../platform/db/schema';

type FieldColumns = Partial<Omit<DeviceFieldTable, 'device_id'>>;

/** SQL of the device_field rows: one per gateway, upserted column by column. */
export class FieldStore {
  constructor(private readonly db: Kysely<Database>) {}

  async put(deviceId: number, columns: FieldColumns): Promise<void> {
    await this.db
      .insertInto('device_field')
      .values({ device_id: deviceId, ...columns })
      .onConflict((oc) => oc.column('device_id').doUpdateSet(columns))
      .execute();
  }

  async get(deviceId: number): Promise<DeviceFieldTable | undefined> {
    return this.db
      .selectFrom('device_field')
      .selectAll()
      .where('device_id', '=', deviceId)
      .executeTakeFirst();
  }
}
