import { idsOrNone } from '../../platform/db';
import {
  AlarmRecordState,
  BillingCardType,
  DASHBOARD_LOW_TRAFFIC_PERCENT,
  DASHBOARD_WARNINGS_MAX,
} from '@hmi/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** One TAG of a favourite card: its latest value, or nulls while the device has sent none. */
export interface CardTagRow {
  device_id: number;
  id: number;
  name: string;
  value: string | null;
  ts: number | null;
}

/** SQL of the dashboard: counters, favourite devices and their cards. */
export class DashboardRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** Devices and online devices of the team (within `groupIds` when given). */
  async counters(teamId: number, groupIds: readonly number[] | null) {
    let q = this.db
      .selectFrom('devices')
      .select((eb) => [
        eb.fn.countAll<number>().as('devices'),
        eb.fn.sum<number>(sql`case when online = 1 then 1 else 0 end`).as('online'),
      ])
      .where('team_id', '=', teamId);
    if (groupIds !== null) q = q.where('group_id', 'in', idsOrNone(groupIds));
    const r = await q.executeTakeFirstOrThrow();
    return { devices: Number(r.devices), online: Number(r.online ?? 0) };
  }

  /** The user's favourite devices of the team, oldest star first. */
  favourites(userId: number, teamId: number) {
    return this.db
      .selectFrom('favourites')
      .innerJoin('devices', 'devices.id', 'favourites.device_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.name',
        'devices.sn',
        'devices.model',
        'devices.online',
        'devices.group_id',
      ])
      .where('favourites.user_id', '=', userId)
      .where('devices.team_id', '=', teamId)
      .orderBy('favourites.created_at')
      .orderBy('devices.id')
      .execute();
  }

  /**
   * The first `perDevice` TAGs of each device's template (template order) with their latest
   * values, in one query whatever the number of devices; devices without a template have none.
   */
  async cardTags(deviceIds: readonly number[], perDevice: number): Promise<CardTagRow[]> {
    if (!deviceIds.length) return [];
    const ids = [...deviceIds];
    const ranked = this.db
      .selectFrom('template_tags')
      .select([
        'template_id',
        'id',
        'name',
        sql<number>`row_number() over (partition by template_id order by sort, id)`.as('n'),
      ])
      .where('template_id', 'in', (eb) =>
        eb.selectFrom('devices').select('template_id').where('id', 'in', ids),
      )
      .as('t');
    const rows = await this.db
      .selectFrom('devices as d')
      .innerJoin(ranked, 't.template_id', 'd.template_id')
      .leftJoin('tag_latest as l', (join) =>
        join.onRef('l.device_id', '=', 'd.id').onRef('l.tag', '=', 't.name'),
      )
      .select(['d.id as device_id', 't.id', 't.name', 'l.value', 'l.ts'])
      .where('d.id', 'in', ids)
      .where('t.n', '<=', perDevice)
      .orderBy('d.id')
      .orderBy('t.n')
      .execute();
    // PostgreSQL returns bigint columns as text.
    return rows.map((r) => ({ ...r, ts: r.ts === null ? null : Number(r.ts) }));
  }

  /**
   * Active alarms of the team's devices (within `groupIds` when given) by level, with how many of
   * them nobody acknowledged: read from the few unrecovered records (index of migration 0027).
   * Alarms shelved at `now` are left out, as the records page's active view (`shelved=0`) does.
   */
  async activeAlarms(teamId: number, groupIds: readonly number[] | null, now: number) {
    let q = this.db
      .selectFrom('alarm_records')
      .select((eb) => [
        'alarm_records.level',
        eb.fn.countAll<number>().as('n'),
        eb.fn
          .sum<number>(sql`case when alarm_records.state = ${AlarmRecordState.ALARM} then 1 else 0 end`)
          .as('unacked'),
      ])
      .where('alarm_records.team_id', '=', teamId)
      .where('alarm_records.recovery_at', 'is', null)
      .where((eb) =>
        eb.or([eb('alarm_records.shelved_until', 'is', null), eb('alarm_records.shelved_until', '<=', now)]),
      )
      .groupBy('alarm_records.level');
    if (groupIds !== null)
      q = q.where('alarm_records.device_id', 'in', (eb) =>
        eb
          .selectFrom('devices')
          .select('devices.id')
          .where('devices.team_id', '=', teamId)
          .where('devices.group_id', 'in', idsOrNone(groupIds)),
      );
    const rows = await q.execute();
    return rows.map((r) => ({ level: Number(r.level), n: Number(r.n), unacked: Number(r.unacked ?? 0) }));
  }

  /** The team's activated cards expiring in (now, until], soonest first. */
  expiringCards(teamId: number, now: number, until: number) {
    return this.db
      .selectFrom('billing_cards')
      .leftJoin('devices', 'devices.id', 'billing_cards.device_id')
      .select([
        'billing_cards.id',
        'billing_cards.number_tail',
        'billing_cards.type',
        'billing_cards.expires_at',
        'devices.name as device_name',
      ])
      .where('billing_cards.team_id', '=', teamId)
      .where('billing_cards.activated_at', 'is not', null)
      .where('billing_cards.expires_at', '>', now)
      .where('billing_cards.expires_at', '<=', until)
      .orderBy('billing_cards.expires_at')
      .orderBy('billing_cards.id')
      .limit(DASHBOARD_WARNINGS_MAX)
      .execute();
  }

  /**
   * Devices (within `groupIds` when given) whose valid Remote Access cards allocated to them are
   * DASHBOARD_LOW_TRAFFIC_PERCENT used or more, most used first.
   */
  async lowTraffic(teamId: number, groupIds: readonly number[] | null, now: number) {
    let q = this.db
      .selectFrom('billing_cards')
      .innerJoin('devices', 'devices.id', 'billing_cards.device_id')
      .select((eb) => [
        'devices.id as device_id',
        'devices.name as device_name',
        eb.fn.sum<number>('billing_cards.traffic_bytes').as('traffic'),
        eb.fn.sum<number>('billing_cards.used_bytes').as('used'),
      ])
      .where('billing_cards.team_id', '=', teamId)
      .where('devices.team_id', '=', teamId)
      .where('billing_cards.type', '=', BillingCardType.REMOTE_ACCESS)
      .where('billing_cards.expires_at', '>', now)
      .groupBy(['devices.id', 'devices.name'])
      .having(
        sql<boolean>`sum(billing_cards.used_bytes) * 100 >= sum(billing_cards.traffic_bytes) * ${DASHBOARD_LOW_TRAFFIC_PERCENT}`,
      );
    if (groupIds !== null) q = q.where('devices.group_id', 'in', idsOrNone(groupIds));
    const rows = await q.execute();
    return rows
      .map((r) => ({
        device_id: r.device_id,
        device_name: r.device_name,
        used_bytes: Number(r.used),
        traffic_bytes: Number(r.traffic),
      }))
      .sort(
        (a, b) =>
          b.used_bytes / (b.traffic_bytes || 1) - a.used_bytes / (a.traffic_bytes || 1) ||
          a.device_id - b.device_id,
      )
      .slice(0, DASHBOARD_WARNINGS_MAX);
  }
}
