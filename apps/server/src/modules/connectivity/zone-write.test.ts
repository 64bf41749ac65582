import { createGroup, createZone, updateRole, writeTag, Permission, type CallResponse } from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type CallResult } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';

/**
 * TAG writes operate the machine, so the security zones of the member's role apply: the device must
 * be in one of the role's zones and the request must come from one of that zone's networks.
 */
describe.each(databases)('TAG writes through security zones on $name', (database) => {
  let member: TestAccount;
  let roleId: number;
  let write: (as: TestAccount, ip: string) => Promise<CallResult<CallResponse<typeof writeTag>>>;
  let zoneId: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    const d = await boundDevice(ctx.h, ctx.main, `${database.name}zone`);
    const group = await ok(ctx.h, ctx.main, createGroup, { body: { name: 'Line1' } });
    await ctx.h.app.database.db
      .updateTable('devices')
      .set({ group_id: group.id })
      .where('id', '=', d.deviceId)
      .execute();
    member = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW, Permission.DEVICE_HMI], {
      group: [group.id],
    });
    const user = await ctx.h.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    roleId = user.role_id ?? 0;
    const zone = await ok(ctx.h, ctx.main, createZone, {
      body: {
        name: 'Plant1',
        group_ids: [group.id],
        networks: ['10.20.0.0/16'],
      },
    });
    zoneId = zone.id;
    const params = { id: d.deviceId, tagId: d.tagId('speed') };
    write = (as, ip) => api(ctx.h.app, writeTag, { params, token: as.token, ip, body: { value: 7 } });
  });

  // The device is offline, so a write that passes the guard ends as failed/offline at once.
  const passed = { code: 0, data: { status: 'failed', error: 'offline' } };

  it('refuses a member whose role has no zone covering the device (1002)', async () => {
    expect((await write(member, '10.20.1.5')).body).toMatchObject({ code: 1002 });
  });

  it('lets the member write from a network of a zone of their role, and refuses other networks', async () => {
    await ok(ctx.h, ctx.main, updateRole, { params: { id: roleId }, body: { zone_ids: [zoneId] } });
    expect((await write(member, '10.20.1.5')).body).toMatchObject(passed);
    expect((await write(member, '192.168.1.5')).body).toMatchObject({ code: 1002 });
  });

  it('never restricts the main account', async () => {
    expect((await write(ctx.main, '192.168.1.5')).body).toMatchObject(passed);
  });
});
