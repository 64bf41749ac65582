import type { FastifyBaseLogger } from 'fastify';
import { writeOutbox } from '../outbox';

export interface SmsMessage {
  /** Phone number with its country code, e.g. +8613800000000. */
  to: string;
  text: string;
  kind?: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

/** The only SMS sender for now: the dev outbox. */
export class OutboxSms implements SmsSender {
  constructor(
    private readonly dataDir: string,
    private readonly log: FastifyBaseLogger,
  ) {}
  async send(m: SmsMessage): Promise<void> {
    const kind = m.kind ?? 'sms';
    const file = writeOutbox(this.dataDir, { channel: 'sms', kind, to: m.to, subject: '', text: m.text });
    this.log.info({ outbox: file, to: m.to, text: m.text }, 'dev outbox: SMS');
  }
}
