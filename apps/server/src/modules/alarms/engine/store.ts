import { AlarmRecordState, type AlarmMessage } from '@hmi/contract';
import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../../platform/db/schema';
import type { StoredMessage, MessageService } from '../../message';
import { memberLocale, membersSeeing, type Member } from '../audience';
import { alarmMessageRow } from '../message-row';
import type { ChatterVerdict } from './chatter';
import type { EngineRule } from './rules';

type Trx = Transaction<Database>;

/** The device a batch came from, as ingest knows it. */
export interface DeviceRef {
  id: number;
  team_id: number;
  template_id: number;
}

interface ChangeBase {
  /** `${ruleId}:${deviceId}` */
  key: string;
  rule: EngineRule;
  device: DeviceRef;
  value: string;
  /** Sample time, epoch ms. */
  ts: number;
  /** Implied by late samples (a gateway's replay): recorded as such and nobody is told. */
  late?: boolean;
}

export type Change =
  /** chatter: how the chatter detector judged this raise (absent: not chattering). */
  | (ChangeBase & { kind: 'raise'; chatter?: ChatterVerdict })
  /** recordId null: the pair was raised earlier in the same step. */
  | (ChangeBase & { kind: 'recover'; recordId: number | null });

/** A record this step raised (not one found already raised), with who may hear of it. */
export interface RaisedAlarm {
  recordId: number;
  rule: EngineRule;
  device: { id: number; team_id: number; name: string; sn: string };
  value: string;
  at: number;
  audience: Member[];
}

export interface Applied {
  /** Record of every pair this step left in alarm. */
  recordIds: Map<string, number>;
  raised: RaisedAlarm[];
  /** Teams whose members got messages. */
  teams: Set<number>;
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** Rows per multi-row statement. */
const ROWS_PER_STATEMENT = 200;

function chunks<T>(rows: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/**
 * Splits a step into rounds holding at most one change per pair, each pair's changes in order, so a
 * round can be written with one statement per kind.
 */
function rounds(changes: readonly Change[]): Change[][] {
  const out: Change[][] = [];
  const seen = new Map<string, number>();
  for (const c of changes) {
    const n = seen.get(c.key) ?? 0;
    seen.set(c.key, n + 1);
    (out[n] ??= []).push(c);
  }
  return out;
}

/** A shelf an operator put on a pair's record, carried to its next records until it ends. */
interface Shelf {
  shelved_until: number;
  shelve_reason: string | null;
  shelved_by: string | null;
}

/** The shelves still running on the pairs of `raises` (the latest record of each pair says). */
async function shelvesOf(trx: Trx, raises: readonly ChangeBase[], now: number): Promise<Map<string, Shelf>> {
  const out = new Map<string, Shelf>();
  if (!raises.length) return out;
  const rows = await trx
    .selectFrom('alarm_records')
    .select(['rule_id', 'device_id', 'shelved_until', 'shelve_reason', 'shelved_by'])
    .where('rule_id', 'in', [...new Set(raises.map((c) => c.rule.id))])
    .where('device_id', 'in', [...new Set(raises.map((c) => c.device.id))])
    .where('shelved_until', '>', now)
    .execute();
  for (const r of rows) {
    const key = `${r.rule_id}:${r.device_id}`;
    const until = Number(r.shelved_until);
    if ((out.get(key)?.shelved_until ?? 0) < until)
      out.set(key, { shelved_until: until, shelve_reason: r.shelve_reason, shelved_by: r.shelved_by });
  }
  return out;
}

/**
 * Inserts the raised records; a pair already raised (by another instance, say) keeps its record and
 * is reported not fresh. Returns the record id of every change's pair.
 */
async function insertRecords(
  trx: Trx,
  raises: readonly (ChangeBase & { chatter?: ChatterVerdict })[],
  now: number,
  shelves: ReadonlyMap<string, Shelf>,
): Promise<Map<string, { id: number; fresh: boolean }>> {
  const out = new Map<string, { id: number; fresh: boolean }>();
  for (const part of chunks(raises, ROWS_PER_STATEMENT)) {
    const inserted = await trx
      .insertInto('alarm_records')
      .values(
        part.map((c) => ({
          team_id: c.device.team_id,
          device_id: c.device.id,
          template_id: c.device.template_id,
          rule_id: c.rule.id,
          rule_name: c.rule.name,
          level: c.rule.level,
          type: c.rule.type,
          condition: c.rule.condition,
          tag_name: c.rule.tagName,
          value: c.value,
          content: c.rule.content,
          state: AlarmRecordState.ALARM,
          alarm_at: seconds(c.ts),
          raised_at: now,
          late: c.late ? 1 : 0,
          chattering: c.chatter?.chattering ? 1 : 0,
          ...shelves.get(c.key),
        })),
      )
      .onConflict((oc) => oc.columns(['rule_id', 'device_id']).where('recovery_at', 'is', null).doNothing())
      .returning(['id', 'rule_id', 'device_id'])
      .execute();
    for (const r of inserted) out.set(`${r.rule_id}:${r.device_id}`, { id: r.id, fresh: true });
    const missing = part.filter((c) => !out.has(c.key));
    if (!missing.length) continue;
    const existing = await trx
      .selectFrom('alarm_records')
      .select(['id', 'rule_id', 'device_id'])
      .where('rule_id', 'in', [...new Set(missing.map((c) => c.rule.id))])
      .where('device_id', 'in', [...new Set(missing.map((c) => c.device.id))])
      .where('recovery_at', 'is', null)
      .execute();
    for (const r of existing) {
      const key = `${r.rule_id}:${r.device_id}`;
      if (!out.has(key)) out.set(key, { id: r.id, fresh: false });
    }
  }
  return out;
}

/** Recovers the records not recovered yet; returns the ids it changed. */
async function recoverRecords(
  trx: Trx,
  recoveries: readonly { id: number; at: number; value: string }[],
  now: number,
): Promise<Map<number, { quiet: boolean }>> {
  const changed = new Map<number, { quiet: boolean }>();
  for (const part of chunks(recoveries, ROWS_PER_STATEMENT)) {
    const byId = <T>(pick: (r: (typeof part)[number]) => RawBuilder<T>) =>
      sql<T>`case ${sql.ref('id')} ${sql.join(
        part.map((r) => sql`when ${r.id} then ${pick(r)}`),
        sql` `,
      )} end`;
    const rows = await trx
      .updateTable('alarm_records')
      .set({
        state: AlarmRecordState.RECOVERY,
        recovery_at: byId((r) => sql<number>`cast(${r.at} as bigint)`),
        recovery_value: byId((r) => sql<string>`cast(${r.value} as text)`),
      })
      .where(
        'id',
        'in',
        part.map((r) => r.id),
      )
      .where('recovery_at', 'is', null)
      .returning(['id', 'chattering', 'shelved_until'])
      .execute();
    // A chattering or shelved alarm's recovery is not told either.
    for (const r of rows)
      changed.set(r.id, {
        quiet: Number(r.chattering) === 1 || (r.shelved_until !== null && Number(r.shelved_until) > now),
      });
  }
  return changed;
}

/**
 * Writes one evaluation step in one transaction: raised records, recoveries, and the alarm messages
 * of both (through the message module) to every member who may see the device. A device unbound
 * meanwhile is skipped. Late changes are recorded (marked late, with their sample times) and not told;
 * nor are raises of a shelved alarm (the new record keeps the shelf) or of one still chattering.
 */
export async function applyChanges(
  db: Kysely<Database>,
  messages: Pick<MessageService, 'write'>,
  changes: readonly Change[],
  now: number,
): Promise<Applied> {
  return db.transaction().execute(async (trx) => {
    const ids = [...new Set(changes.map((c) => c.device.id))];
    const devices = new Map(
      (
        await trx
          .selectFrom('devices')
          .select(['id', 'team_id', 'group_id', 'name', 'sn'])
          .where('id', 'in', ids)
          .execute()
      ).map((d) => [d.id, d]),
    );
    const audiences = await membersSeeing(trx, [...devices.values()]);
    const out: Applied = { recordIds: new Map(), raised: [], teams: new Set() };
    const told: StoredMessage[] = [];
    const tell = (c: ChangeBase, recordId: number, event: AlarmMessage['event']) => {
      const audience = audiences.get(c.device.id) ?? [];
      const facts = {
        device: devices.get(c.device.id)?.name ?? '',
        rule: c.rule.name,
        level: c.rule.level,
        tag: c.rule.tagName,
        value: c.value,
        content: c.rule.content,
      };
      for (const m of audience)
        told.push(
          alarmMessageRow(
            { userId: m.id, teamId: c.device.team_id, recordId, event, now, locale: memberLocale(m) },
            facts,
          ),
        );
      if (audience.length) out.teams.add(c.device.team_id);
      return audience;
    };
    for (const round of rounds(changes.filter((c) => devices.has(c.device.id)))) {
      const raises = round.filter((c) => c.kind === 'raise');
      const shelves = await shelvesOf(trx, raises, now);
      const recordOf = await insertRecords(trx, raises, now, shelves);
      for (const c of raises) {
        const r = recordOf.get(c.key);
        if (!r) continue;
        out.recordIds.set(c.key, r.id);
        // Not told: late, shelved, or a chattering alarm that told already.
        if (!r.fresh || c.late || shelves.has(c.key) || c.chatter?.notify === false) continue;
        const device = devices.get(c.device.id);
        const audience = tell(c, r.id, 'raised');
        if (device)
          out.raised.push({
            recordId: r.id,
            rule: c.rule,
            device,
            value: c.value,
            at: seconds(c.ts),
            audience,
          });
      }
      const recovers: { c: Change; id: number }[] = [];
      for (const c of round) {
        if (c.kind !== 'recover') continue;
        const id = c.recordId ?? out.recordIds.get(c.key);
        out.recordIds.delete(c.key);
        if (id !== undefined) recovers.push({ c, id });
      }
      const recovered = await recoverRecords(
        trx,
        recovers.map(({ c, id }) => ({ id, at: seconds(c.ts), value: c.value })),
        now,
      );
      for (const { c, id } of recovers) {
        const r = recovered.get(id);
        if (r && !r.quiet && !c.late) tell(c, id, 'recovered');
      }
    }
    await messages.write(told, trx);
    return out;
  });
}
