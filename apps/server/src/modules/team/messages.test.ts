import {
  createRole,
  listMessages,
  createInvitation,
  confirmInvitation,
  cancelInvitation,
  transferMain,
  removeMember,
  getTodayMessages,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('team billing messages carry their params on $name', (database) => {
  let owner: TestAccount;
  let ownerName: string;
  let roleId: number;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    await h.app.database.db
      .updateTable('teams')
      .set({ name: 'Acme' })
      .where('id', '=', owner.teamId)
      .execute();
    ownerName = owner.username.split('@')[0] ?? '';
    // Members see billing messages (23), so they can read what they are sent.
    roleId = (await ok(h, owner, createRole, { body: { name: 'Viewer', permissions: [2, 23] } })).id;
  });

  const billing = async (a: TestAccount) =>
    (await ok(h, a, listMessages, { query: { kind: 'billing' } })).list.reverse();
  const invite = (to: TestAccount) =>
    ok(h, owner, createInvitation, { body: { account: to.username, role_id: roleId } });
  const accept = (a: TestAccount, id: number) => ok(h, a, confirmInvitation, { body: { id, accept: true } });

  it('invitation (6), cancelled (7), offered and completed transfer (9), voided (7), removal (8)', async () => {
    const guest = await createMainAccount(h);
    const guestName = guest.username.split('@')[0] ?? '';
    const first = await invite(guest);
    await ok(h, owner, cancelInvitation, { params: { id: first.id } });
    await accept(guest, (await invite(guest)).id);

    const invited = { inviter: ownerName, inviter_account: owner.username, team: 'Acme', role: 'Viewer' };
    const got = await billing(guest);
    expect(got.map((m) => [m.type, m.params])).toEqual([
      [6, invited],
      [7, { variant: 'cancelled', team: 'Acme' }],
      [6, invited],
    ]);
    // The stored text stays, for readers that word nothing themselves and for the keyword search.
    expect(got[0]?.content).toContain('invites you to join team Acme as Viewer');

    const waiting = await createMainAccount(h);
    await invite(waiting);
    const offer = await ok(h, owner, transferMain, { body: { member_id: guest.userId } });
    expect((await billing(guest)).at(-1)?.params).toEqual({
      variant: 'offered',
      inviter: ownerName,
      inviter_account: owner.username,
      team: 'Acme',
    });
    await accept(guest, offer.id);
    expect((await billing(owner)).map((m) => [m.type, m.params])).toEqual([
      [9, { variant: 'completed', team: 'Acme', new_main: guestName, new_main_account: guest.username }],
    ]);
    expect((await billing(waiting)).map((m) => [m.type, m.params])).toEqual([
      [6, invited],
      [7, { variant: 'voided', team: 'Acme' }],
    ]);

    await ok(h, guest, removeMember, { params: { id: owner.userId } });
    expect((await billing(owner)).at(-1)).toMatchObject({ type: 8, params: { team: 'Acme' } });
  });

  it('messages stored without params, or with unreadable ones, answer params null and keep their text', async () => {
    const reader = await createMainAccount(h);
    const row = {
      team_id: reader.teamId,
      user_id: reader.userId,
      kind: 'billing' as const,
      type: 8,
      title: 'Removed from team',
      content: 'You were removed from team Old',
      is_read: 0,
      created_at: Math.floor(h.clock.now() / 1000),
    };
    await h.app.database.db
      .insertInto('messages')
      .values([
        row,
        { ...row, content: 'broken', params: '{"team":' },
        { ...row, content: 'list', params: '[1]' },
      ])
      .execute();
    const list = await billing(reader);
    expect(list.map((m) => [m.content, m.params])).toEqual([
      ['You were removed from team Old', null],
      ['broken', null],
      ['list', null],
    ]);
    const r = await api(h.app, getTodayMessages, { query: { kind: 'billing' }, token: reader.token });
    expect(r.body.code).toBe(0);
  });
});
