import type { AlarmRecordKind, Locale } from '@hmi/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../platform/clock';
import type { Mailer } from '../../platform/mail';
import type { SmsSender } from '../../platform/sms';
import { FloodGate, type Digest, type NotifyChannels } from '../notify-channels';
import { alarmSms, digestMail, digestSms } from './digest-text';
import { alarmMail, type AlarmMailFacts } from './mail-text';

/** One alarm on its way to one recipient of a channel. */
export interface Outgoing {
  to: string;
  locale: Locale;
  kind: 'raised' | 'escalated';
  facts: AlarmMailFacts;
}

/** The JSON a webhook receives of one alarm. */
export interface WebhookAlarm {
  team_id: number;
  record_id: number;
  /** 'offline': a device offline alarm, whose rule and content are the word `offline` (no TAG). */
  kind: AlarmRecordKind;
  device: { id: number; name: string; sn: string };
  rule: string;
  level: number;
  tag: string;
  value: string;
  content: string;
  /** Alarm time, epoch seconds. */
  at: number;
}

export interface OutletOptions {
  mailer: Mailer;
  sms: SmsSender;
  channels: NotifyChannels;
  clock: Clock;
  log: FastifyBaseLogger;
}

/**
 * Where alarm notifications leave: one flood gate per channel (mail and SMS per member, webhooks per
 * endpoint) in front of the mailer, the SMS sender and the webhook queue. Nothing here waits on a
 * receiver: sends are tracked so `idle()` can wait for them, and their failures are logged.
 */
export class AlarmOutlets {
  private readonly sending = new Set<Promise<void>>();
  readonly mail: FloodGate<Outgoing>;
  readonly sms: FloodGate<Outgoing>;
  private readonly hooks: FloodGate<WebhookAlarm>;

  constructor(private readonly o: OutletOptions) {
    this.mail = new FloodGate(
      o.clock,
      (_, m) => this.sendMail(m.to, m.kind, alarmMail(m.locale, m.kind, m.facts)),
      (_, d) => this.digestTo(d, (m, facts) => this.sendMail(m.to, 'digest', digestMail(m.locale, facts))),
    );
    this.sms = new FloodGate(
      o.clock,
      (_, m) => this.sendText(m.to, alarmSms(m.locale, m.facts)),
      (_, d) => this.digestTo(d, (m, facts) => this.sendText(m.to, digestSms(m.locale, facts))),
    );
    this.hooks = new FloodGate(
      o.clock,
      (key, a) => this.track(o.channels.webhooks.enqueue(Number(key), 'alarm', { alarm: a })),
      (key, d) =>
        this.track(
          o.channels.webhooks.enqueue(Number(key), 'digest', {
            flood_started: d.started,
            window_seconds: d.windowSeconds,
            total: d.total,
            alarms: d.listed,
          }),
        ),
    );
  }

  /** Sends the digests of ended flood windows (`all`: every held one); returns how many. */
  flush(all = false): number {
    return this.mail.flushDue(all) + this.sms.flushDue(all) + this.hooks.flushDue(all);
  }

  /** Resolves once every send handed over so far has settled. */
  async idle(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  /** Offers each alarm to the team's enabled webhooks of its level (looked up off the caller's path). */
  toWebhooks(teamId: number, alarms: readonly WebhookAlarm[]): void {
    this.track(this.offerToWebhooks(teamId, alarms));
  }

  private async offerToWebhooks(teamId: number, alarms: readonly WebhookAlarm[]): Promise<void> {
    const hooks = await this.o.channels.webhooks.enabled(teamId);
    for (const a of alarms) for (const h of hooks) if (a.level >= h.minLevel) this.hooks.offer(`${h.id}`, a);
  }

  /** Keeps `work` until it settles (idle() waits for it); its failure is logged, never thrown. */
  private track(work: Promise<unknown>): void {
    const p = work
      .then(() => undefined)
      .catch((err: unknown) => this.o.log.error({ err }, 'alarm notification not sent'))
      .finally(() => this.sending.delete(p));
    this.sending.add(p);
  }

  private sendMail(to: string, kind: string, m: { subject: string; text: string; html: string }): void {
    this.track(this.o.mailer.send({ to, ...m, kind: `alarm-${kind}` }));
  }

  private sendText(to: string, text: string): void {
    this.track(this.o.sms.send({ to, text, kind: 'alarm' }));
  }

  /** A digest goes to the recipient and in the language of its first held alarm. */
  private digestTo(
    d: Digest<Outgoing>,
    send: (m: Outgoing, facts: Parameters<typeof digestMail>[1]) => void,
  ): void {
    const first = d.listed[0];
    if (first) send(first, { ...d, listed: d.listed.map((m) => m.facts) });
  }
}
