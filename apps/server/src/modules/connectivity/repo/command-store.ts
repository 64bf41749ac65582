import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { Queryable } from '../../../platform/db/sql';

/** SQL of device commands (writes, syncs) and their outcome. */
export class CommandStore {
  constructor(private readonly db: Kysely<Database>) {}

  insertCommand(row: Database['device_commands'], q: Queryable = this.db) {
    return q.insertInto('device_commands').values(row).execute();
  }

  command(deviceId: number, id: string) {
    return this.db
      .selectFrom('device_commands')
      .selectAll()
      .where('device_id', '=', deviceId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Finishes a pending command of the device with this SN; the row when this call finished it. */
  async finishCommand(sn: string, id: string, status: 'done' | 'failed', error: string | null, at: number) {
    const cmd = await this.db
      .selectFrom('device_commands')
      .innerJoin('devices', 'devices.id', 'device_commands.device_id')
      .selectAll('device_commands')
      .select(['devices.team_id', 'devices.sn', 'devices.name as device_name'])
      .where('device_commands.id', '=', id)
      .executeTakeFirst();
    if (!cmd || cmd.sn !== sn || cmd.status !== 'pending') return null;
    const r = await this.db
      .updateTable('device_commands')
      .set({ status, error, updated_at: at })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0 ? { ...cmd, status, error, updated_at: at } : null;
  }

  /** Pending commands created before `before` (ms), to be failed with `timeout`. */
  async expireCommands(before: number) {
    const rows = await this.db
      .selectFrom('device_commands')
      .innerJoin('devices', 'devices.id', 'device_commands.device_id')
      .select(['device_commands.id', 'devices.sn'])
      .where('device_commands.status', '=', 'pending')
      .where('device_commands.created_at', '<', before)
      .execute();
    return rows;
  }

  pruneCommands(before: number) {
    return this.db.deleteFrom('device_commands').where('created_at', '<', before).execute();
  }
}
