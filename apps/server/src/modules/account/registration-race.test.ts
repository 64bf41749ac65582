import { activate, getUserInfo, login, register } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { activationCodeIn, api, lastOutbox, type ApiBody } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { readOutbox } from '../../platform/outbox';

const OWNER_PASSWORD = 'Owner#2026x';
const OTHER_PASSWORD = 'Other#2026x';
let seq = 0;
const uniqueMail = (tag: string) => `${tag}.${++seq}.${Date.now().toString(36)}@example.com`;

const body = (username: string, passwd: string, name: string): ApiBody<typeof register> => ({
  username,
  passwd,
  confirm: passwd,
  name,
  data_center: 'eu',
  agree: true,
  locale: 'en-US',
});

/** A pending registration belongs to whoever registered first: a second one only resends its mail. */
describe.each(databases)('registering a pending address on $name', (database) => {
  const h = useHarness(database);

  const signIn = (user: string, passwd: string) =>
    api(h.app, login, { query: { type: '1' }, body: { user, passwd }, ip: '10.8.0.1' });

  it("another registrant's password never replaces the pending one; the newest mail activates the first", async () => {
    const address = uniqueMail('pending');
    const first = await api(h.app, register, {
      query: { type: '1' },
      body: body(address, OWNER_PASSWORD, 'Owner'),
    });
    expect(first.body).toMatchObject({ code: 1014, data: { activated: false } });
    const second = await api(h.app, register, {
      query: { type: '1' },
      body: { ...body(address, OTHER_PASSWORD, 'Stranger'), data_center: 'in' },
    });
    // The same answer as for a new registration: nothing tells the second registrant it was pending.
    expect(second.status).toBe(first.status);
    expect(second.body).toMatchObject({ code: 1014, data: { activated: false } });

    const newest = lastOutbox(h.dataDir, address);
    expect(newest.text).toContain('Owner');
    expect(newest.text).not.toContain('Stranger');
    expect((await api(h.app, activate, { query: { code: activationCodeIn(newest.text) } })).body.code).toBe(
      0,
    );

    expect((await signIn(address, OTHER_PASSWORD)).body.code).toBe(1004);
    const owner = await signIn(address, OWNER_PASSWORD);
    expect(owner.body.code).toBe(0);
    const token = owner.body.code === 0 ? owner.body.data.token : '';
    const info = await api(h.app, getUserInfo, { token });
    expect(info.body.data).toMatchObject({ name: 'Owner', data_center: 'eu', team_name: 'Owner' });
  });

  it('two registrations of a new address at once make one pending account, both answered 1014', async () => {
    const address = uniqueMail('race');
    const answers = await Promise.all([
      api(h.app, register, { query: { type: '1' }, body: body(address, OWNER_PASSWORD, 'One') }),
      api(h.app, register, { query: { type: '1' }, body: body(address, OTHER_PASSWORD, 'Two') }),
    ]);
    for (const r of answers) expect(r.body).toMatchObject({ code: 1014, data: { activated: false } });
    const users = await h.app.database.db
      .selectFrom('users')
      .select('id')
      .where('username_key', '=', address)
      .execute();
    expect(users).toHaveLength(1);
    const mails = readOutbox(h.dataDir).filter((m) => m.to === address);
    const code = activationCodeIn(mails[0]?.text ?? '');
    expect((await api(h.app, activate, { query: { code } })).body.code).toBe(0);
  });
});
