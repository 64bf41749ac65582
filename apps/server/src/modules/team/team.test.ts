import {
  createRole,
  getUserInfo,
  listReceivedInvitations,
  listInvitations,
  listMembers,
  createTemplate,
  deleteTemplate,
  deleteProject,
  unbindDevice,
  createGroup,
  listGroups,
  createInvitation,
  confirmInvitation,
  checkInvitation,
  listMessages,
  cancelInvitation,
  removeMember,
  listDevices,
  getDashboard,
  changeMemberRole,
  transferMain,
  allPermissionIds,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry } from '../../test/registry';

describe.each(databases)('team members and invitations on $name', (database) => {
  let owner: TestAccount;
  let viewerRole: number;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    viewerRole = (await ok(h, owner, createRole, { body: { name: 'Viewer', permissions: [2] } })).id;
  });

  const info = (a: { token: string }) => ok(h, a, getUserInfo);
  const invite = (from: TestAccount, to: TestAccount, roleId = viewerRole) =>
    api(h.app, createInvitation, { token: from.token, body: { account: to.username, role_id: roleId } });
  const confirm = (a: TestAccount, id: number, accept: boolean) =>
    api(h.app, confirmInvitation, { token: a.token, body: { id, accept } });
  const check = (a: TestAccount, id: number) => api(h.app, checkInvitation, { token: a.token, body: { id } });
  const billing = async (userId: number) =>
    h.app.database.db
      .selectFrom('messages')
      .select(['team_id', 'type', 'kind', 'title'])
      .where('user_id', '=', userId)
      .where('kind', '=', 'billing')
      .orderBy('id')
      .execute();

  it('invite, see, check and accept: the invitee joins with the role; its own team is dropped', async () => {
    const guest = await createMainAccount(h);
    const sent = await invite(owner, guest);
    expect(sent.body).toMatchObject({
      code: 0,
      data: { status: 'pending', kind: 'invite', role_name: 'Viewer', invitee_id: guest.userId },
    });
    const id = sent.body.data.id;
    expect(sent.body.data.expires_at - sent.body.data.created_at).toBe(7 * 86400);

    // Billing message 6 for the invitee, visible in its message centre.
    const msgs = await ok(h, guest, listMessages, { query: { kind: 'billing' } });
    expect(msgs.list.map((m) => m.type)).toEqual([6]);

    const received = await ok(h, guest, listReceivedInvitations);
    expect(received.list.map((i) => i.id)).toEqual([id]);
    const listed = await ok(h, owner, listInvitations, { query: { status: 'pending' } });
    expect(listed.list.map((i) => i.id)).toContain(id);

    const checked = await check(guest, id);
    expect(checked.body).toMatchObject({
      code: 0,
      data: { inviter_id: owner.userId, team_id: owner.teamId, role_id: viewerRole },
    });

    // Joined a minute after registering (within the token's life): the list gives the join.
    h.clock.advance(60);
    const joinedAt = Math.floor(h.clock.now() / 1000);
    const accepted = await confirm(guest, id, true);
    expect(accepted.body).toMatchObject({ code: 0, data: { status: 'accepted' } });
    const me = await info(guest);
    expect(me).toMatchObject({ team_id: owner.teamId, is_main: false, permissions: [2] });
    expect(me.member_ext.role_id).toBe(viewerRole);
    const oldTeam = await h.app.database.db
      .selectFrom('teams')
      .select('id')
      .where('id', '=', guest.teamId)
      .executeTakeFirst();
    expect(oldTeam).toBeUndefined();
    // The invitee keeps its messages (moved along), though billing ones now need 23 to be seen.
    expect((await billing(guest.userId)).map((m) => [m.type, m.team_id])).toEqual([[6, owner.teamId]]);
    expect((await ok(h, guest, listMessages)).total).toBe(0);
    expect(
      (await api(h.app, listMessages, { query: { kind: 'billing' }, token: guest.token })).body.code,
    ).toBe(1002);

    const members = await ok(h, owner, listMembers);
    expect(members.list[0]).toMatchObject({ id: owner.userId, is_main: true });
    expect(members.list.find((m) => m.id === guest.userId)).toMatchObject({
      is_main: false,
      role_name: 'Viewer',
      joined_at: joinedAt,
    });
    const registered = members.list.find((m) => m.id === guest.userId)?.created_at ?? joinedAt;
    expect(registered).toBeLessThan(joinedAt);

    // Answered: cancel and answering again are refused.
    const cancel = await api(h.app, cancelInvitation, { params: { id }, token: owner.token });
    expect(cancel.body).toMatchObject({ code: 1003, data: { status: 'accepted' } });
    expect((await confirm(guest, id, true)).body).toMatchObject({ code: 1003, data: { status: 'accepted' } });
    expect((await confirm(guest, id, false)).body).toMatchObject({
      code: 1003,
      data: { status: 'accepted' },
    });
  });

  it('refuses another data centre (1078), team members anywhere (1069), unknown accounts and roles', async () => {
    const eu = await createMainAccount(h);
    await h.app.database.db
      .updateTable('users')
      .set({ data_center: 'eu' })
      .where('id', '=', eu.userId)
      .execute();
    expect((await invite(owner, eu)).body.code).toBe(1078);

    const otherOwner = await createMainAccount(h);
    const otherSub = await createSubAccount(h, otherOwner.teamId, [2]);
    expect((await invite(owner, otherSub)).body).toMatchObject({ code: 1069, data: { reason: 'inTeam' } });
    expect((await invite(owner, otherOwner)).body).toMatchObject({ code: 1069, data: { reason: 'inTeam' } });
    const mySub = await createSubAccount(h, owner.teamId, [2]);
    expect((await invite(owner, mySub)).body).toMatchObject({ code: 1069, data: { reason: 'sameTeam' } });

    const r = await api(h.app, createInvitation, {
      token: owner.token,
      body: { account: 'nobody@test.local', role_id: viewerRole },
    });
    expect(r.body.code).toBe(1010);
    const free = await createMainAccount(h);
    expect((await invite(owner, free, 999999)).body.code).toBe(1003);
    expect(
      (await api(h.app, createInvitation, { token: owner.token, raw: { body: { role_id: 1 } } })).body,
    ).toMatchObject({ code: 1006, data: { field: 'account' } });
  });

  it('an account owning devices or templates must clear them first (1069, ownsResources)', async () => {
    const busy = await createMainAccount(h);
    const objects = await seedRegistry(h, busy, 'busy');
    expect((await invite(owner, busy)).body).toMatchObject({
      code: 1069,
      data: { reason: 'ownsResources', devices: 1, templates: 1 },
    });
    // Invited before acquiring them: accepting is refused too.
    const later = await createMainAccount(h);
    const inv = await invite(owner, later);
    expect(inv.body.code).toBe(0);
    const tpl = await ok(h, later, createTemplate, {
      body: {
        name: 'Tlater',
        hmi_model: 'X10',
      },
    });
    expect((await check(later, inv.body.data.id)).body).toMatchObject({
      code: 1069,
      data: { reason: 'ownsResources' },
    });
    expect((await confirm(later, inv.body.data.id, true)).body.code).toBe(1069);
    await ok(h, later, deleteTemplate, { params: { id: tpl.id } });
    expect((await confirm(later, inv.body.data.id, true)).body).toMatchObject({
      code: 0,
      data: { status: 'accepted' },
    });

    await ok(h, busy, deleteProject, { params: { id: objects.projectId } });
    await ok(h, busy, unbindDevice, { params: { id: objects.deviceId } });
    await ok(h, busy, deleteTemplate, { params: { id: objects.templateId } });
    expect((await invite(owner, busy)).body.code).toBe(0);
  });

  it('only the invitee answers; reject, cancel (message 7), expiry and renewal', async () => {
    const guest = await createMainAccount(h);
    const stranger = await createMainAccount(h);
    const first = await invite(owner, guest);
    const id = first.body.data.id;
    // Renewed, not duplicated.
    const again = await invite(owner, guest);
    expect(again.body.data.id).toBe(id);

    expect((await check(stranger, id)).body).toEqual({ code: 1003, data: null, msg: 'no data' });
    expect((await confirm(stranger, id, true)).body.code).toBe(1003);
    expect((await confirm(stranger, id, false)).body.code).toBe(1003);
    expect((await check(owner, id)).body.code).toBe(1003);

    expect((await confirm(guest, id, false)).body).toMatchObject({ code: 0, data: { status: 'rejected' } });
    expect((await confirm(guest, id, true)).body).toMatchObject({ code: 1003, data: { status: 'rejected' } });
    expect((await info(guest)).is_main).toBe(true);

    const second = (await invite(owner, guest)).body.data.id;
    expect(second).not.toBe(id);
    const cancelled = await ok(h, owner, cancelInvitation, { params: { id: second } });
    expect(cancelled.status).toBe('cancelled');
    expect((await confirm(guest, second, true)).body).toMatchObject({
      code: 1003,
      data: { status: 'cancelled' },
    });
    expect((await billing(guest.userId)).map((m) => m.type)).toEqual([6, 6, 6, 7]);

    const third = (await invite(owner, guest)).body.data.id;
    await h.app.database.db
      .updateTable('invitations')
      .set({ expires_at: Math.floor(h.clock.now() / 1000) })
      .where('id', '=', third)
      .execute();
    expect((await check(guest, third)).body).toMatchObject({ code: 1003, data: { status: 'voided' } });
    const received = await ok(h, guest, listReceivedInvitations);
    expect(received.list.map((i) => [i.id, i.status])).toEqual([
      [third, 'voided'],
      [second, 'cancelled'],
      [id, 'rejected'],
    ]);
    // Another team cannot cancel it.
    const other = await createMainAccount(h);
    const fourth = (await invite(owner, guest)).body.data.id;
    expect((await api(h.app, cancelInvitation, { params: { id: fourth }, token: other.token })).body).toEqual(
      { code: 1003, data: null, msg: 'no data' },
    );
  });

  it('removing a member: own team back as main, message 8, its pending invitations voided (message 7)', async () => {
    const inviterRole = (
      await ok(h, owner, createRole, { body: { name: 'Inviter', permissions: [24, 25, 2] } })
    ).id;
    const member = await createMainAccount(h);
    await confirm(member, (await invite(owner, member, inviterRole)).body.data.id, true);
    const target = await createMainAccount(h);
    const sentByMember = await invite(member, target);
    expect(sentByMember.body).toMatchObject({ code: 0, data: { inviter_id: member.userId } });

    // Refusals first.
    const self = await api(h.app, removeMember, { params: { id: owner.userId }, token: owner.token });
    expect(self.body).toMatchObject({ code: 1006, data: { field: 'id', issue: 'mainAccount' } });
    const remover = await createSubAccount(h, owner.teamId, [24, 27]);
    expect(
      (await api(h.app, removeMember, { params: { id: remover.userId }, token: remover.token })).body,
    ).toMatchObject({
      code: 1002,
    });

    await ok(h, remover, removeMember, { params: { id: member.userId } });
    const me = await info(member);
    expect(me.is_main).toBe(true);
    expect(me.team_id).not.toBe(owner.teamId);
    expect(me.permissions).toEqual([...allPermissionIds]);
    const inv = await ok(h, target, listReceivedInvitations);
    expect(inv.list[0]).toMatchObject({ id: sentByMember.body.data.id, status: 'voided' });
    expect((await billing(target.userId)).map((m) => m.type)).toEqual([6, 7]);
    const removedMsgs = await billing(member.userId);
    expect(removedMsgs.map((m) => m.type)).toEqual([6, 8]);
    expect(removedMsgs.every((m) => m.team_id === me.team_id)).toBe(true);

    const again = await api(h.app, removeMember, { params: { id: member.userId }, token: owner.token });
    expect(again.body).toEqual({ code: 1071, data: null, msg: 'account not in current team' });
    // It sees nothing of the old team any more.
    expect((await ok(h, member, listMembers)).list.map((m) => m.id)).toEqual([member.userId]);
  });

  it('a role change takes effect on the member’s next request; no escalation by sub-accounts', async () => {
    const member = await createSubAccount(h, owner.teamId, [2]);
    const dashboardRole = (await ok(h, owner, createRole, { body: { name: 'Dash', permissions: [1] } })).id;
    expect((await api(h.app, listDevices, { token: member.token })).body.code).toBe(0);
    expect((await api(h.app, getDashboard, { token: member.token })).body.code).toBe(1002);

    const changed = await ok(h, owner, changeMemberRole, {
      params: { id: member.userId },
      body: {
        role_id: dashboardRole,
      },
    });
    expect(changed).toMatchObject({ role_id: dashboardRole, role_name: 'Dash' });
    expect((await api(h.app, listDevices, { token: member.token })).body.code).toBe(1002);
    expect((await api(h.app, getDashboard, { token: member.token })).body.code).toBe(0);
    expect((await info(member)).permissions).toEqual([1]);

    const manager = await createSubAccount(h, owner.teamId, [24, 26]);
    const put = (a: TestAccount, id: number, roleId: number) =>
      api(h.app, changeMemberRole, { params: { id }, token: a.token, body: { role_id: roleId } });
    expect((await put(manager, member.userId, viewerRole)).body).toMatchObject({
      code: 1002,
      data: { reason: 'notHeld', permissions: [2] },
    });
    expect((await put(manager, manager.userId, dashboardRole)).body).toMatchObject({ code: 1002 });
    expect((await put(owner, owner.userId, viewerRole)).body).toMatchObject({ code: 1006 });
    expect((await put(owner, 999999, viewerRole)).body.code).toBe(1071);
    expect((await put(owner, member.userId, 999999)).body.code).toBe(1003);
  });

  it('hands the main account over by invitation (message 9); the former main keeps every permission', async () => {
    const boss = await createMainAccount(h);
    const heir = await createSubAccount(h, boss.teamId, [2]);
    const waiting = await createMainAccount(h);
    const bossRole = (await ok(h, boss, createRole, { body: { name: 'V', permissions: [2] } })).id;
    await invite(boss, waiting, bossRole);
    const grp = await ok(h, boss, createGroup, { body: { name: 'Gboss' } });

    const bySub = await api(h.app, transferMain, { token: heir.token, body: { member_id: heir.userId } });
    expect(bySub.body.code).toBe(1002);
    expect(
      (await api(h.app, transferMain, { token: boss.token, body: { member_id: owner.userId } })).body.code,
    ).toBe(1071);

    const offer = await ok(h, boss, transferMain, { body: { member_id: heir.userId } });
    expect(offer).toMatchObject({ kind: 'transfer', status: 'pending', invitee_id: heir.userId });
    expect((await billing(heir.userId)).map((m) => m.type)).toEqual([9]);
    expect((await check(heir, offer.id)).body.code).toBe(0);
    expect((await confirm(heir, offer.id, true)).body).toMatchObject({
      code: 0,
      data: { status: 'accepted' },
    });

    const heirInfo = await info(heir);
    expect(heirInfo).toMatchObject({ is_main: true, team_id: boss.teamId, leader_id: heir.userId });
    const bossInfo = await info(boss);
    expect(bossInfo.is_main).toBe(false);
    expect(bossInfo.member_ext.role_name).toBe('Admin');
    expect([...bossInfo.permissions].sort((a, b) => a - b)).toEqual(
      [...allPermissionIds].sort((a, b) => a - b),
    );
    // The former main still sees the team's groups.
    expect(JSON.stringify(await ok(h, boss, listGroups))).toContain(`"id":${grp.id}`);
    expect((await billing(boss.userId)).map((m) => m.type)).toEqual([9]);
    // The team's pending invitations were voided with the handover.
    const waitingInv = await ok(h, waiting, listReceivedInvitations);
    expect(waitingInv.list[0]?.status).toBe('voided');
    // The former main can no longer transfer.
    expect(
      (await api(h.app, transferMain, { token: boss.token, body: { member_id: heir.userId } })).body.code,
    ).toBe(1002);
  });
});
