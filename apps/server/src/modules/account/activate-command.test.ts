import { login, register } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { activateAccount } from './activate-command';

const PASSWORD = 'Pending#2026x';

describe.each(databases)('admin user:activate on $name', (database) => {
  const h = useHarness(database);

  it('activates a pending mail account, its unused links count as used; then it is already active', async () => {
    const address = `pending.${Date.now().toString(36)}@example.com`;
    const pending = await api(h.app, register, {
      query: { type: '1' },
      body: {
        username: address,
        passwd: PASSWORD,
        confirm: PASSWORD,
        name: 'Pending',
        data_center: 'eu',
        agree: true,
        locale: 'en-US',
      },
    });
    expect(pending.body).toMatchObject({ code: 1014 });
    const now = Math.floor(h.clock.now() / 1000);

    // The account is found as a login finds it: case and surrounding spaces do not matter.
    expect(await activateAccount(h.app.database.db, ` ${address.toUpperCase()} `, now)).toBe('activated');
    const links = await h.app.database.db
      .selectFrom('activation_tokens')
      .innerJoin('users', 'users.id', 'activation_tokens.user_id')
      .select('activation_tokens.used_at')
      .where('users.username', '=', address)
      .execute();
    expect(links.length).toBeGreaterThan(0);
    expect(links.every((l) => l.used_at === now)).toBe(true);
    const signIn = await api(h.app, login, {
      query: { type: '1' },
      body: { user: address, passwd: PASSWORD },
    });
    expect(signIn.body.code).toBe(0);

    expect(await activateAccount(h.app.database.db, address, now)).toBe('already');
    expect(await activateAccount(h.app.database.db, 'nobody@example.com', now)).toBe('missing');
  });
});
