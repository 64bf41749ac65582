import { AlarmRecordState, type AlarmRecoveryReason } from '@hmi/contract';
import type { Expression, ExpressionBuilder, Kysely, SqlBool } from 'kysely';
import type { RulesEnded } from '../../../platform/bus';
import type { Database } from '../../../platform/db/schema';

/**
 * What ends active alarm records without their condition clearing (the alarm lifecycle, documented in
 * apps/server/README.md): rules disabled, changed or deleted, or a device's template changed.
 */
export type Closing =
  | ({ kind: 'rules' } & RulesEnded)
  | { kind: 'template'; deviceId: number }
  /** The device was taken out of service: every active record of it ends (offline ones too). */
  | { kind: 'device'; deviceId: number };

type Where = (eb: ExpressionBuilder<Database, 'alarm_records'>) => Expression<SqlBool>;

/** The device's template is no longer the one the record was raised under. */
const templateChanged: Where = (eb) =>
  eb.exists(
    eb
      .selectFrom('devices')
      .select('devices.id')
      .whereRef('devices.id', '=', 'alarm_records.device_id')
      .where((d) =>
        d.or([
          d('devices.template_id', 'is', null),
          d('devices.template_id', '!=', d.ref('alarm_records.template_id')),
        ]),
      ),
  );

/** Recovers the active records matching `where` at `now`, saying why. */
async function recover(db: Kysely<Database>, now: number, reason: AlarmRecoveryReason, where: Where) {
  await db
    .updateTable('alarm_records')
    .set({ state: AlarmRecordState.RECOVERY, recovery_at: now, recovery_reason: reason })
    .where('recovery_at', 'is', null)
    .where(where)
    .execute();
}

/** Ends the records one closing concerns. */
export async function closeRecords(db: Kysely<Database>, now: number, c: Closing): Promise<void> {
  // A deleted rule's records lost its id (foreign key, set null): every such record still active.
  if (c.kind === 'rules' && c.reason === 'ruleDeleted')
    await recover(db, now, c.reason, (eb) => eb.and([eb('rule_id', 'is', null), eb('kind', '=', 'rule')]));
  else if (c.kind === 'device')
    await recover(db, now, 'outOfService', (eb) => eb('alarm_records.device_id', '=', c.deviceId));
  else if (c.kind === 'rules')
    await recover(db, now, c.reason, (eb) => eb('alarm_records.rule_id', 'in', [...c.ruleIds]));
  else
    await recover(db, now, 'templateChanged', (eb) =>
      eb.and([eb('alarm_records.device_id', '=', c.deviceId), templateChanged(eb)]),
    );
}

/**
 * At start: ends the records a change made while the engine was not running left active (a deleted or
 * disabled rule, another template), so no record stays active for good.
 */
export async function closeStaleRecords(db: Kysely<Database>, now: number): Promise<void> {
  // An offline record has no rule: only a rule record without one lost it.
  await recover(db, now, 'ruleDeleted', (eb) => eb.and([eb('rule_id', 'is', null), eb('kind', '=', 'rule')]));
  await recover(db, now, 'outOfService', (eb) =>
    eb.or([
      eb(
        'alarm_records.rule_id',
        'in',
        eb.selectFrom('alarm_rules').select('alarm_rules.id').where('alarm_rules.oos_until', '>', now),
      ),
      eb(
        'alarm_records.device_id',
        'in',
        eb.selectFrom('devices').select('devices.id').where('devices.oos_until', '>', now),
      ),
    ]),
  );
  await recover(db, now, 'ruleDisabled', (eb) =>
    eb(
      'alarm_records.rule_id',
      'in',
      eb.selectFrom('alarm_rules').select('alarm_rules.id').where('alarm_rules.enabled', '=', 0),
    ),
  );
  await recover(db, now, 'templateChanged', templateChanged);
}
