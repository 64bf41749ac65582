import { AlarmRecordState, type Locale } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail';
import type { MessageService } from '../message';
import { membersSeeing } from './audience';
import type { Applied } from './engine/store';
import { alarmMessageRow } from './message-row';
import { alarmMail, type AlarmMailFacts } from './mail-text';

export interface NotifierOptions {
  db: Kysely<Database>;
  /** Where escalation messages are written, in the transaction that records the escalation. */
  messages: Pick<MessageService, 'write'>;
  mailer: Mailer;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** How often due escalations are looked for (the Clock decides what is due). */
export const ESCALATION_CHECK_MS = 30_000;

/**
 * Alarm mail: a raised alarm goes to subscribers with mail on, of its level or above, who may see the
 * device; an alarm still unacknowledged (state 1) after a subscriber's escalate_after_minutes sends
 * them one escalation mail and an `escalated` alarm message. Sent escalations are rows of
 * alarm_escalations, so a restart (or a second instance) never sends one twice.
 */
export class AlarmNotifier {
  private readonly sending = new Set<Promise<void>>();
  private timer: NodeJS.Timeout | null = null;
  private checking: Promise<number> | null = null;

  constructor(private readonly o: NotifierOptions) {}

  start(): void {
    this.timer = setInterval(
      () => void this.escalate().catch((err: unknown) => this.o.log.error({ err }, 'alarm escalation')),
      ESCALATION_CHECK_MS,
    );
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  /** Resolves once every mail handed over so far has been sent or has failed. */
  async idle(): Promise<void> {
    while (this.checking) await this.checking;
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  private send(to: string, locale: Locale, kind: 'raised' | 'escalated', facts: AlarmMailFacts): void {
    const p = this.o.mailer
      .send({ to, ...alarmMail(locale, kind, facts), kind: `alarm-${kind}` })
      .catch((err: unknown) => this.o.log.error({ err, to }, 'alarm mail not sent'))
      .finally(() => this.sending.delete(p));
    this.sending.add(p);
  }

  /** Mails the subscribers of each alarm a step raised. */
  raised(applied: Applied): void {
    for (const a of applied.raised)
      for (const m of a.audience) {
        const s = m.subscription;
        if (!s?.mail || a.rule.level < s.min_level || !m.email) continue;
        this.send(m.email, s.locale, 'raised', {
          device: a.device.name,
          sn: a.device.sn,
          rule: a.rule.name,
          level: a.rule.level,
          tag: a.rule.tagName,
          value: a.value,
          content: a.rule.content,
          at: a.at,
        });
      }
  }

  /** Sends the escalations due now; returns how many. */
  escalate(): Promise<number> {
    this.checking ??= this.escalateDue().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private async escalateDue(): Promise<number> {
    const now = epochSeconds(this.o.clock);
    const due = await this.o.db
      .selectFrom('alarm_records')
      .innerJoin('devices', 'devices.id', 'alarm_records.device_id')
      .innerJoin('users', 'users.team_id', 'alarm_records.team_id')
      .innerJoin('alarm_subscriptions', 'alarm_subscriptions.user_id', 'users.id')
      .select([
        'alarm_records.id as record_id',
        'alarm_records.team_id',
        'alarm_records.rule_name',
        'alarm_records.level',
        'alarm_records.tag_name',
        'alarm_records.value',
        'alarm_records.content',
        'alarm_records.alarm_at',
        'devices.id as device_id',
        'devices.group_id',
        'devices.name as device_name',
        'devices.sn',
        'users.id as user_id',
        'users.email',
        'alarm_subscriptions.locale',
        'alarm_subscriptions.escalate_after_minutes',
      ])
      .where('alarm_records.state', '=', AlarmRecordState.ALARM)
      .where('alarm_subscriptions.escalation', '=', 1)
      .where('alarm_subscriptions.escalate_after_minutes', '>', 0)
      .whereRef('alarm_records.level', '>=', 'alarm_subscriptions.min_level')
      .where(
        sql<boolean>`alarm_records.raised_at + alarm_subscriptions.escalate_after_minutes * 60 <= ${now}`,
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('alarm_escalations')
              .select('alarm_escalations.record_id')
              .whereRef('alarm_escalations.record_id', '=', 'alarm_records.id')
              .whereRef('alarm_escalations.user_id', '=', 'users.id'),
          ),
        ),
      )
      .orderBy('alarm_records.id')
      .limit(1000)
      .execute();
    if (!due.length) return 0;
    const seeing = await membersSeeing(
      this.o.db,
      due.map((d) => ({ id: d.device_id, team_id: d.team_id, group_id: d.group_id })),
    );
    const allowed = due.filter((d) => seeing.get(d.device_id)?.some((m) => m.id === d.user_id));
    const sent = await this.o.db.transaction().execute(async (trx) => {
      const won: typeof allowed = [];
      for (const d of allowed) {
        const r = await trx
          .insertInto('alarm_escalations')
          .values({ record_id: d.record_id, user_id: d.user_id, sent_at: now })
          .onConflict((oc) => oc.columns(['record_id', 'user_id']).doNothing())
          .executeTakeFirst();
        if (Number(r.numInsertedOrUpdatedRows ?? 0) !== 1) continue;
        won.push(d);
        const row = alarmMessageRow(
          { userId: d.user_id, teamId: d.team_id, recordId: d.record_id, event: 'escalated', now },
          {
            device: d.device_name,
            rule: d.rule_name,
            level: d.level,
            tag: d.tag_name,
            value: d.value,
            content: d.content,
          },
        );
        await this.o.messages.write([row], trx);
      }
      return won;
    });
    for (const d of sent) {
      this.o.bus.emit('messages', { teamId: d.team_id, userId: d.user_id });
      if (d.email)
        this.send(d.email, d.locale as Locale, 'escalated', {
          device: d.device_name,
          sn: d.sn,
          rule: d.rule_name,
          level: d.level,
          tag: d.tag_name,
          value: d.value,
          content: d.content,
          at: Number(d.alarm_at),
          minutes: d.escalate_after_minutes,
        });
    }
    return sent.length;
  }
}
