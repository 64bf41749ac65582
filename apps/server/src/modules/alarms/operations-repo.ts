import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** What the audit log names of a record. */
export interface RecordNames {
  id: number;
  team_id: number;
  rule_name: string;
  tag_name: string;
  device_name: string;
}

/** SQL of shelves, out-of-service periods and templates' offline alarm settings. */
export class AlarmOperationsRepo {
  constructor(readonly db: Kysely<Database>) {}

  private names(ids: readonly number[]): Promise<RecordNames[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.db
      .selectFrom('alarm_records')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .select([
        'alarm_records.id',
        'alarm_records.team_id',
        'alarm_records.rule_name',
        'alarm_records.tag_name',
        'devices.name as device_name',
      ])
      .where('alarm_records.id', 'in', [...ids])
      .orderBy('alarm_records.id')
      .execute();
  }

  /** Shelves the active records among `ids` until `until`; returns those it shelved. */
  async shelve(ids: readonly number[], until: number, reason: string, by: string): Promise<RecordNames[]> {
    const rows = await this.db
      .updateTable('alarm_records')
      .set({ shelved_until: until, shelve_reason: reason, shelved_by: by })
      .where('id', 'in', [...ids])
      .where('recovery_at', 'is', null)
      .returning('id')
      .execute();
    return this.names(rows.map((r) => r.id));
  }

  /** Ends the running shelves among `ids` (now); returns the records whose shelf it ended. */
  async unshelve(ids: readonly number[], now: number): Promise<RecordNames[]> {
    const rows = await this.db
      .updateTable('alarm_records')
      .set({ shelved_until: now })
      .where('id', 'in', [...ids])
      .where('shelved_until', '>', now)
      .returning('id')
      .execute();
    return this.names(rows.map((r) => r.id));
  }

  rule(teamId: number, id: number) {
    return this.db
      .selectFrom('alarm_rules')
      .select(['id', 'name', 'template_id'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  device(teamId: number, id: number) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'name', 'group_id'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async setRuleOos(id: number, until: number | null, reason: string | null): Promise<void> {
    await this.db
      .updateTable('alarm_rules')
      .set({ oos_until: until, oos_reason: reason })
      .where('id', '=', id)
      .execute();
  }

  async setDeviceOos(id: number, until: number | null, reason: string | null): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ oos_until: until, oos_reason: reason })
      .where('id', '=', id)
      .execute();
  }

  templateSettings(teamId: number, id: number) {
    return this.db
      .selectFrom('templates')
      .select(['id', 'name', 'offline_alarm_minutes', 'offline_alarm_level'])
      .where('team_id', '=', teamId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async putTemplateSettings(id: number, minutes: number, level: number): Promise<void> {
    await this.db
      .updateTable('templates')
      .set({ offline_alarm_minutes: minutes, offline_alarm_level: level })
      .where('id', '=', id)
      .execute();
  }
}
