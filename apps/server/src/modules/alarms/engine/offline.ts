import { AlarmRecordState } from '@hmi/contract';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { MessageService, StoredMessage } from '../../message';
import { memberLocale, membersSeeing } from '../audience';
import { alarmMessageRow } from '../message-row';
import type { EngineRule } from './rules';
import type { Applied } from './store';

/**
 * Rule name and content stored in offline records (the web words `kind` per locale, and so do mails,
 * SMS, digests and message titles: offline-text.ts).
 */
export const OFFLINE_NAME = 'offline';

/** Most offline records one sweep raises or recovers (the next sweep takes the rest). */
const SWEEP_MAX = 500;

/** What the notifier reads of an offline record: a rule of its own, never evaluated. */
function offlineRule(level: number): EngineRule {
  return {
    id: 0,
    name: OFFLINE_NAME,
    level,
    type: OFFLINE_NAME,
    condition: 0,
    content: OFFLINE_NAME,
    tagName: '',
    oosUntil: null,
    onDelayMs: 0,
    active: () => false,
    cleared: () => false,
  };
}

/**
 * Device offline alarms, driven by the devices table (so a restart or a second instance neither
 * misses nor doubles one): a device of a template with an offline alarm, offline for at least its
 * minutes and not out of service, gets one active `offline` record (the partial unique index keeps it
 * one across instances), raised at the moment the delay ran out; a device online again recovers it at
 * the time it came back. Both are told like other alarms (messages now, mail by the notifier), unless
 * shelved.
 */
export async function sweepOffline(
  db: Kysely<Database>,
  messages: Pick<MessageService, 'write'>,
  now: number,
): Promise<Applied> {
  return db.transaction().execute(async (trx) => {
    const out: Applied = { recordIds: new Map(), raised: [], teams: new Set() };
    const due = await trx
      .selectFrom('devices')
      .innerJoin('templates', 'templates.id', 'devices.template_id')
      .select([
        'devices.id',
        'devices.team_id',
        'devices.group_id',
        'devices.name',
        'devices.sn',
        'devices.template_id',
        'devices.last_online_change',
        'templates.offline_alarm_minutes',
        'templates.offline_alarm_level',
      ])
      .where('devices.online', '=', 0)
      .where('templates.offline_alarm_minutes', '>', 0)
      .where('devices.last_online_change', 'is not', null)
      .where(sql<boolean>`devices.last_online_change + templates.offline_alarm_minutes * 60 <= ${now}`)
      .where((eb) => eb.or([eb('devices.oos_until', 'is', null), eb('devices.oos_until', '<=', now)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarm_records')
              .select('alarm_records.id')
              .whereRef('alarm_records.device_id', '=', 'devices.id')
              .where('alarm_records.kind', '=', 'offline')
              .where('alarm_records.recovery_at', 'is', null),
          ),
        ),
      )
      .orderBy('devices.id')
      .limit(SWEEP_MAX)
      .execute();
    const back = await trx
      .selectFrom('alarm_records')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .select([
        'alarm_records.id as record_id',
        'alarm_records.level',
        'alarm_records.shelved_until',
        'devices.id',
        'devices.team_id',
        'devices.group_id',
        'devices.name',
        'devices.sn',
        'devices.last_online_change',
      ])
      .where('alarm_records.kind', '=', 'offline')
      .where('alarm_records.recovery_at', 'is', null)
      .where('devices.online', '=', 1)
      .orderBy('alarm_records.id')
      .limit(SWEEP_MAX)
      .execute();
    if (!due.length && !back.length) return out;
    const audiences = await membersSeeing(trx, [...due, ...back]);
    const told: StoredMessage[] = [];
    const tell = (
      d: { id: number; team_id: number; name: string },
      recordId: number,
      level: number,
      event: 'raised' | 'recovered',
      value: string,
    ) => {
      const audience = audiences.get(d.id) ?? [];
      const facts = {
        kind: 'offline' as const,
        device: d.name,
        rule: OFFLINE_NAME,
        level,
        tag: '',
        value,
        content: OFFLINE_NAME,
      };
      for (const m of audience)
        told.push(
          alarmMessageRow(
            { userId: m.id, teamId: d.team_id, recordId, event, now, locale: memberLocale(m) },
            facts,
          ),
        );
      if (audience.length) out.teams.add(d.team_id);
      return audience;
    };
    for (const d of due) {
      const at = Number(d.last_online_change) + d.offline_alarm_minutes * 60;
      const shelf = await trx
        .selectFrom('alarm_records')
        .select(['shelved_until', 'shelve_reason', 'shelved_by'])
        .where('device_id', '=', d.id)
        .where('kind', '=', 'offline')
        .where('shelved_until', '>', now)
        .orderBy('shelved_until', 'desc')
        .executeTakeFirst();
      const inserted = await trx
        .insertInto('alarm_records')
        .values({
          team_id: d.team_id,
          device_id: d.id,
          template_id: Number(d.template_id),
          rule_id: null,
          kind: 'offline',
          rule_name: OFFLINE_NAME,
          level: d.offline_alarm_level,
          type: OFFLINE_NAME,
          condition: 0,
          tag_name: '',
          value: '0',
          content: OFFLINE_NAME,
          state: AlarmRecordState.ALARM,
          alarm_at: at,
          raised_at: now,
          ...(shelf && { ...shelf, shelved_until: Number(shelf.shelved_until) }),
        })
        // The index's own predicate, literally: SQLite matches a partial index's conflict target only so.
        .onConflict((oc) =>
          oc
            .column('device_id')
            .where(sql<boolean>`kind = 'offline' and recovery_at is null`)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!inserted || shelf) continue;
      const audience = tell(d, inserted.id, d.offline_alarm_level, 'raised', '0');
      out.raised.push({
        recordId: inserted.id,
        rule: offlineRule(d.offline_alarm_level),
        device: d,
        value: '0',
        at,
        audience,
      });
    }
    for (const r of back) {
      const done = await trx
        .updateTable('alarm_records')
        .set({
          state: AlarmRecordState.RECOVERY,
          recovery_at: Number(r.last_online_change ?? now),
          recovery_value: '1',
        })
        .where('id', '=', r.record_id)
        .where('recovery_at', 'is', null)
        .executeTakeFirst();
      const shelved = r.shelved_until !== null && Number(r.shelved_until) > now;
      if (Number(done.numUpdatedRows) === 1 && !shelved)
        tell(r, r.record_id, Number(r.level), 'recovered', '1');
    }
    await messages.write(told, trx);
    return out;
  });
}
