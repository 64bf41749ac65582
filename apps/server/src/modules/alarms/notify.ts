import { AlarmRecordState, type Locale } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Bus } from '../../platform/bus';
import { epochSeconds, type Clock } from '../../platform/clock';
import type { Database } from '../../platform/db/schema';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import type { MessageService } from '../message';
import type { NotifyChannels } from '../notify-channels';
import { membersSeeing } from './audience';
import { OFFLINE_NAME } from './engine/offline';
import type { Applied } from './engine/store';
import { alarmMessageRow } from './message-row';
import type { AlarmMailFacts } from './mail-text';
import { AlarmOutlets, type WebhookAlarm } from './outlets';

export interface NotifierOptions {
  db: Kysely<Database>;
  /** Where escalation messages are written, in the transaction that records the escalation. */
  messages: Pick<MessageService, 'write'>;
  mailer: Mailer;
  sms: SmsSender;
  channels: NotifyChannels;
  bus: Bus;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** How often due escalations are looked for (the Clock decides what is due). */
export const ESCALATION_CHECK_MS = 30_000;
/** How often ended flood windows are sent as digests (the Clock decides which have ended). */
const DIGEST_CHECK_MS = 1_000;

/**
 * Alarm notification: a raised alarm goes to subscribers of its level or above who may see the device,
 * on each channel they chose (mail, SMS), and to the team's enabled webhooks of its level; an alarm
 * still unacknowledged (state 1) after a subscriber's escalate_after_minutes sends them one escalation
 * mail and an `escalated` alarm message. Sent escalations are rows of alarm_escalations, so a restart
 * (or a second instance) never sends one twice. Every channel is flood controlled per recipient
 * (FloodGate): a few alarms a minute one by one, then one digest a minute saying a flood started.
 * Nothing here waits on a receiver: the engine's call returns at once and webhook deliveries are
 * queued rows sent by the channels' worker.
 */
export class AlarmNotifier {
  private timer: NodeJS.Timeout | null = null;
  private digestTimer: NodeJS.Timeout | null = null;
  private checking: Promise<number> | null = null;
  private readonly out: AlarmOutlets;

  constructor(private readonly o: NotifierOptions) {
    this.out = new AlarmOutlets(o);
  }

  start(): void {
    this.timer = setInterval(
      () => void this.escalate().catch((err: unknown) => this.o.log.error({ err }, 'alarm escalation')),
      ESCALATION_CHECK_MS,
    );
    this.timer.unref();
    this.digestTimer = setInterval(() => this.flushDigests(), DIGEST_CHECK_MS);
    this.digestTimer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.digestTimer) clearInterval(this.digestTimer);
    await this.idle();
    // What a flood held is sent now rather than lost with the process.
    this.flushDigests(true);
    await this.idle();
  }

  /** Sends the digests of flood windows that have ended (`all`: every held one); returns how many. */
  flushDigests(all = false): number {
    return this.out.flush(all);
  }

  /**
   * Resolves once every notification handed over so far has been sent or has failed, webhook
   * attempts under way included (a webhook answering slowly holds this up to its timeout).
   */
  async idle(): Promise<void> {
    while (this.checking) await this.checking;
    await this.out.idle();
    await this.o.channels.worker.idle();
  }

  /** Looks for due webhook deliveries (retries) now and waits for their attempts. */
  async deliverDue(): Promise<void> {
    this.o.channels.worker.kick();
    await this.idle();
  }

  /** Tells the subscribers and webhooks of each alarm a step raised (returns at once). */
  raised(applied: Applied): void {
    const byTeam = new Map<number, WebhookAlarm[]>();
    for (const a of applied.raised) {
      const facts: AlarmMailFacts = {
        kind: a.rule.type === OFFLINE_NAME ? 'offline' : 'rule',
        device: a.device.name,
        sn: a.device.sn,
        rule: a.rule.name,
        level: a.rule.level,
        tag: a.rule.tagName,
        value: a.value,
        content: a.rule.content,
        at: a.at,
      };
      for (const m of a.audience) {
        const s = m.subscription;
        if (!s || a.rule.level < s.min_level) continue;
        if (s.mail && m.email)
          this.out.mail.offer(`${m.id}`, {
            to: m.email,
            locale: s.locale,
            kind: 'raised',
            facts: { ...facts, timeZone: s.time_zone },
          });
        if (s.sms && m.phone)
          this.out.sms.offer(`${m.id}`, {
            to: m.phone,
            locale: s.locale,
            kind: 'raised',
            facts: { ...facts, timeZone: s.time_zone },
          });
      }
      const team = byTeam.get(a.device.team_id) ?? [];
      team.push({
        team_id: a.device.team_id,
        record_id: a.recordId,
        kind: facts.kind ?? 'rule',
        device: { id: a.device.id, name: a.device.name, sn: a.device.sn },
        rule: facts.rule,
        level: facts.level,
        tag: facts.tag,
        value: facts.value,
        content: facts.content,
        at: facts.at,
      });
      byTeam.set(a.device.team_id, team);
    }
    for (const [teamId, alarms] of byTeam) this.out.toWebhooks(teamId, alarms);
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
        'alarm_records.kind',
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
        'alarm_subscriptions.time_zone',
        'alarm_subscriptions.escalate_after_minutes',
      ])
      .where('alarm_records.state', '=', AlarmRecordState.ALARM)
      // A shelved or chattering alarm escalates to nobody (issue 26: not notified while shelved).
      .where('alarm_records.chattering', '=', 0)
      .where((eb) =>
        eb.or([eb('alarm_records.shelved_until', 'is', null), eb('alarm_records.shelved_until', '<=', now)]),
      )
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
          {
            userId: d.user_id,
            teamId: d.team_id,
            recordId: d.record_id,
            event: 'escalated',
            now,
            locale: d.locale as Locale,
          },
          {
            kind: d.kind,
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
        this.out.mail.offer(`${d.user_id}`, {
          to: d.email,
          locale: d.locale as Locale,
          kind: 'escalated',
          facts: {
            kind: d.kind,
            device: d.device_name,
            sn: d.sn,
            rule: d.rule_name,
            level: d.level,
            tag: d.tag_name,
            value: d.value,
            content: d.content,
            at: Number(d.alarm_at),
            timeZone: d.time_zone,
            minutes: d.escalate_after_minutes,
          },
        });
    }
    return sent.length;
  }
}
