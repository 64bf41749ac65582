import type { Kysely } from 'kysely';
import { CompiledQueries } from '../../../platform/db/compiled-queries';
import type { Database } from '../../../platform/db/schema';

/** A device as ingest sees it, found by the SN it connects with. */
export interface DeviceBySn {
  id: number;
  team_id: number;
  sn: string;
  group_id: number | null;
  template_id: number | null;
  template_version: number | null;
  online: number;
  hmi_version: number | null;
}

export interface TagDef {
  id: number;
  name: string;
  data_type: number;
  access: number;
  save_history: number;
  address_type: string;
  address: string;
  scan_time_ms: number;
  default_value: string;
  description: string;
}

/** SQL of the devices' registry view, online and sync state, and latest values. */
export class StateStore {
  /** The reads of every request on a device's TAGs and history, compiled once. */
  private readonly compiled = new CompiledQueries();

  constructor(private readonly db: Kysely<Database>) {}

  /** The devices bound to these SNs (at most PART_SIZE at a time: parts.ts); an unbound SN has no row. */
  devicesBySn(sns: readonly string[]): Promise<DeviceBySn[]> {
    return this.db
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.sn',
        'devices.group_id',
        'devices.template_id',
        'templates.version as template_version',
        'devices.online',
        'devices.hmi_version',
      ])
      .where('devices.sn', 'in', sns)
      .execute();
  }

  templateTags(templateId: number): Promise<TagDef[]> {
    return this.compiled.rows(this.db, 'templateTags', { templateId }, (i) =>
      this.db
        .selectFrom('template_tags')
        .select([
          'id',
          'name',
          'data_type',
          'access',
          'save_history',
          'address_type',
          'address',
          'scan_time_ms',
          'default_value',
          'description',
        ])
        .where('template_id', '=', i.templateId)
        .orderBy('sort')
        .orderBy('id'),
    );
  }

  latest(deviceId: number) {
    return this.compiled.rows(this.db, 'latest', { deviceId }, (i) =>
      this.db.selectFrom('tag_latest').select(['tag', 'value', 'ts']).where('device_id', '=', i.deviceId),
    );
  }

  /** The newest bad sample of each of the device's TAGs that ever had one (see migration 0023). */
  quality(deviceId: number) {
    return this.compiled.rows(this.db, 'quality', { deviceId }, (i) =>
      this.db.selectFrom('tag_quality').select(['tag', 'reason', 'ts']).where('device_id', '=', i.deviceId),
    );
  }

  /** Online and sync state of devices (websocket snapshots). */
  deviceStates(deviceIds: readonly number[]) {
    return this.db
      .selectFrom('devices')
      .leftJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.online',
        'devices.last_online_change',
        'devices.created_at',
        'devices.template_id',
        'templates.version as template_version',
        'devices.hmi_version',
      ])
      .where('devices.id', 'in', [...deviceIds])
      .execute();
  }

  /** Sets online when it differs; true when this call changed it. */
  async setOnline(deviceId: number, online: 0 | 1, at: number): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({ online, last_online_change: at })
      .where('id', '=', deviceId)
      .where('online', '!=', online)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async setHmiVersion(deviceId: number, version: number): Promise<boolean> {
    const r = await this.db
      .updateTable('devices')
      .set({ hmi_version: version })
      .where('id', '=', deviceId)
      .where((eb) => eb.or([eb('hmi_version', 'is', null), eb('hmi_version', '!=', version)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async isRevoked(sns: readonly string[]): Promise<string[]> {
    if (!sns.length) return [];
    const rows = await this.db
      .selectFrom('hardware')
      .select('sn')
      .where('sn', 'in', [...sns])
      .where('revoked_at', 'is not', null)
      .execute();
    return rows.map((r) => r.sn);
  }
}
