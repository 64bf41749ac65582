import { OutboxSender } from '../outbox';

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
export class OutboxSms extends OutboxSender implements SmsSender {
  async send(m: SmsMessage): Promise<void> {
    const { to, text } = m;
    this.keep(
      { channel: 'sms', kind: m.kind ?? 'sms', to, subject: '', text },
      { to, text },
      'dev outbox: SMS',
    );
  }
}
