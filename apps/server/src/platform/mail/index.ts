import nodemailer from 'nodemailer';
import { OutboxSender } from '../outbox';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the message is (activation, recovery…); names the dev outbox file. */
  kind?: string;
}

export interface Mailer {
  /** Rejects when the message could not be handed over. */
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

/** Sends over SMTP_URL with nodemailer. */
export class SmtpMailer implements Mailer {
  private readonly transport;
  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }
  async send(m: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
    });
  }
  close(): void {
    this.transport.close();
  }
}

/** Development: keeps every message in DATA_DIR/outbox and logs it (link and code included). */
export class OutboxMailer extends OutboxSender implements Mailer {
  async send(m: MailMessage): Promise<void> {
    const { to, subject, text, html } = m;
    this.keep(
      { channel: 'mail', kind: m.kind ?? 'mail', to, subject, text, html },
      { to, subject, text },
      `dev outbox: mail "${subject}"`,
    );
  }
}
