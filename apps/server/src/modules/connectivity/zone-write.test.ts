import { createGroup, createZone, updateRole, writeTag, Permission, type CallResponse } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, grant, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, startHarness, type CallResult, type Harness } from '../../test/harness';
import { boundDevice } from '../../test/mqtt';
import { ok } from '../../test/registry';

/**
 * TAG writes operate the machine, so the security zones of the member's role apply: the device must
 * be in one of the role's zones and the request must come from one of that zone's networks.
 */
describe.each(databases)('TAG writes through security zones on $name', (database) => {
  let h: Harness;
  let main: TestAccount;
  let member: TestAccount;
  let roleId: number;
  let write: (as: TestAccount, ip: string) => Promise<CallResult<CallResponse<typeof writeTag>>>;
  let zoneId: number;

  beforeAll(async () => {
    h = await startHarness(database);
    main = await createMainAccount(h, 5);
    const d = await boundDevice(h, main, `${database.name}zone`);
    const group = await ok(h, main, createGroup, { body: { name: 'Line1' } });
    await h.app.database.db
      .updateTable('devices')
      .set({ group_id: group.id })
      .where('id', '=', d.deviceId)
      .execute();
    member = await createSubAccount(h, main.teamId, [Permission.DEVICE_VIEW, Permission.DEVICE_HMI]);
    await grant(h, member.userId, 'group', [group.id]);
    const user = await h.app.database.db
      .selectFrom('users')
      .select('role_id')
      .where('id', '=', member.userId)
      .executeTakeFirstOrThrow();
    roleId = user.role_id ?? 0;
    const zone = await ok(h, main, createZone, {
      body: {
        name: 'Plant1',
        group_ids: [group.id],
        networks: ['10.20.0.0/16'],
      },
    });
    zoneId = zone.id;
    const params = { id: d.deviceId, tagId: d.tagId('speed') };
    write = (as, ip) => api(h.app, writeTag, { params, token: as.token, ip, body: { value: 7 } });
  });
  afterAll(async () => {
    await h?.close();
  });

  // The device is offline, so a write that passes the guard ends as failed/offline at once.
  const passed = { code: 0, data: { status: 'failed', error: 'offline' } };

  it('refuses a member whose role has no zone covering the device (1002)', async () => {
    expect((await write(member, '10.20.1.5')).body).toMatchObject({ code: 1002 });
  });

  it('lets the member write from a network of a zone of their role, and refuses other networks', async () => {
    await ok(h, main, updateRole, { params: { id: roleId }, body: { zone_ids: [zoneId] } });
    expect((await write(member, '10.20.1.5')).body).toMatchObject(passed);
    expect((await write(member, '192.168.1.5')).body).toMatchObject({ code: 1002 });
  });

  it('never restricts the main account', async () => {
    expect((await write(main, '192.168.1.5')).body).toMatchObject(passed);
  });
});
