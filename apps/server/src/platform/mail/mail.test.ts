import { register, activate, login as loginCall } from '@hmi/contract';
import { createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { api, activationCodeIn, startHarness, type ApiBody } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { startSmtp, type SmtpPeer } from '../../test/smtp';

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as AddressInfo).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

/** Decodes quoted-printable soft breaks and escapes enough to find the link. */
function unfold(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}

const body = (username: string): ApiBody<typeof register> => ({
  username,
  passwd: 'Secret#2026',
  confirm: 'Secret#2026',
  name: 'Mail',
  data_center: 'cn',
  agree: true,
  locale: 'en-US',
});

describe.each(databases)('mail over SMTP on $name', (database) => {
  let smtp: SmtpPeer;
  beforeAll(async () => {
    smtp = await startSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });
  const h = useHarness(database, { env: () => ({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }) });

  it('sends the activation mail to a real SMTP server; its link activates the account', async () => {
    const username = `smtp.${Date.now()}@example.com`;
    const r = await api(h.app, register, { query: { type: '1' }, body: body(username) });
    expect(r.body.code).toBe(1014);
    const mail = smtp.inbox.find((m) => m.to.includes(username));
    expect(mail).toBeDefined();
    const text = unfold(mail?.raw ?? '');
    expect(text).toContain('Subject: Activate your HMI Cloud account');
    expect(text).toContain('http://console.test/#/activeresult?code=');
    const code = activationCodeIn(text);
    expect((await api(h.app, activate, { query: { code } })).body.code).toBe(0);
    const login = await api(h.app, loginCall, {
      query: { type: '1' },
      body: { user: username, passwd: 'Secret#2026' },
    });
    expect(login.body.code).toBe(0);
  });

  it('answers 1013 when the SMTP server cannot be reached, and creates no account', async () => {
    const broken = await startHarness(database, { SMTP_URL: `smtp://127.0.0.1:${await closedPort()}` });
    try {
      const username = `down.${Date.now()}@example.com`;
      const r = await api(broken.app, register, { query: { type: '1' }, body: body(username) });
      expect(r.status).toBe(502);
      expect(r.body.code).toBe(1013);
      const login = await api(broken.app, loginCall, {
        query: { type: '1' },
        body: { user: username, passwd: 'Secret#2026' },
      });
      expect(login.body.code).toBe(1010);
    } finally {
      await broken.close();
    }
  });
});
