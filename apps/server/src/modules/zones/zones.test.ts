import {
  listRoles,
  createInvitation,
  updateZone,
  listZones,
  createGroup,
  updateDevice,
  updateRole,
  deleteRole,
  deleteZone,
  createRole,
  createZone,
  defineCall,
  HAS_PERMISSION,
  idParams,
  type Zone,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type ApiBody } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry, type RegistryObjects } from '../../test/registry';
import { sessionUser } from '../../platform/http/session';
import { networkAllows, ZoneGuard } from './enforce';

/** A probe route standing in for a remote operation (TAG write): it only runs the zone guard. */
const operate = defineCall({
  auth: 'session',
  permission: HAS_PERMISSION,
  id: 'probeOperate',
  method: 'POST',
  path: '/test/operate/:id',
  summary: 'test probe of the zone guard',
  params: idParams,
  response: z.null(),
});

describe('networkAllows', () => {
  it('matches IPv4, IPv6 and IPv4-mapped addresses; empty means any network', () => {
    expect(networkAllows([], '203.0.113.9')).toBe(true);
    expect(networkAllows(['10.1.0.0/16'], '10.1.200.3')).toBe(true);
    expect(networkAllows(['10.1.0.0/16'], '10.2.0.1')).toBe(false);
    expect(networkAllows(['10.1.0.0/16'], '::ffff:10.1.0.7')).toBe(true);
    expect(networkAllows(['2001:db8::/32'], '2001:db8:1::5')).toBe(true);
    expect(networkAllows(['2001:db8::/32'], '2001:db9::5')).toBe(false);
    expect(networkAllows(['2001:db8::/32'], '10.1.0.1')).toBe(false);
    expect(networkAllows(['10.0.0.0/8'], 'garbage')).toBe(false);
  });
});

describe.each(databases)('security zones and roles on $name', (database) => {
  let main: TestAccount;
  let objects: RegistryObjects;

  const h = useHarness(database);
  beforeAll(async () => {
    const guard = new ZoneGuard(h.app.database.db);
    h.app.registerCall(operate, async (ctx) => {
      await guard.assertMayOperateDevice({
        user: sessionUser(ctx),
        deviceId: ctx.params.id,
        clientIp: ctx.req.ip,
      });
      return null;
    });
    main = await createMainAccount(h, 5);
    objects = await seedRegistry(h, main, 'zn');
  });

  const postRole = (a: TestAccount, body: ApiBody<typeof createRole>) =>
    api(h.app, createRole, { token: a.token, body });
  const postZone = (a: TestAccount, body: ApiBody<typeof createZone>) =>
    api(h.app, createZone, { token: a.token, body });
  const operateAs = (a: TestAccount, deviceId: number, ip: string) =>
    api(h.app, operate, { params: { id: deviceId }, token: a.token, ip });

  describe('roles', () => {
    it('normalises permissions view first; name required, at most 10, unique (1063); permissions picked', async () => {
      const r = await ok(h, main, createRole, { body: { name: 'Operator', permissions: [4, 12, 3] } });
      expect(r.permissions).toEqual([2, 3, 4, 8, 12]);
      expect(r).toMatchObject({ name: 'Operator', zone_ids: [], member_count: 0 });

      expect((await postRole(main, { name: 'Operator', permissions: [1] })).body.code).toBe(1063);
      expect((await postRole(main, { name: 'ElevenChars', permissions: [1] })).body).toMatchObject({
        code: 1006,
        data: { field: 'name', issue: 'roleNameLength' },
      });
      expect((await postRole(main, { name: '   ', permissions: [1] })).body).toMatchObject({
        code: 1006,
        data: { field: 'name', issue: 'whitespace' },
      });
      expect(
        (await api(h.app, createRole, { token: main.token, raw: { body: { permissions: [1] } } })).body,
      ).toMatchObject({
        code: 1006,
        data: { field: 'name', issue: 'required' },
      });
      expect((await postRole(main, { name: 'Empty', permissions: [] })).body).toMatchObject({
        code: 1006,
        data: { field: 'permissions', issue: 'required' },
      });
      expect((await postRole(main, { name: 'Odd', permissions: [2, 44] })).body).toMatchObject({
        code: 1006,
        data: { field: 'permissions.1', issue: 'unknownId' },
      });
      expect((await postRole(main, { name: 'Z', permissions: [2], zone_ids: [999999] })).body.code).toBe(
        1003,
      );

      const renamed = await ok(h, main, updateRole, {
        params: { id: r.id },
        body: { permissions: [35] },
      });
      expect(renamed.permissions).toEqual([33, 35]);
      const second = await ok(h, main, createRole, { body: { name: 'Other', permissions: [1] } });
      expect(
        (
          await api(h.app, updateRole, {
            params: { id: second.id },
            token: main.token,
            body: { name: 'Operator' },
          })
        ).body.code,
      ).toBe(1063);
      const list = await ok(h, main, listRoles);
      expect(list.list.map((x) => x.name)).toEqual(['Operator', 'Other']);
    });

    it('a role with members cannot be deleted (1002 roleInUse); without, it can', async () => {
      const sub = await createSubAccount(h, main.teamId, [2]);
      const u = await h.app.database.db
        .selectFrom('users')
        .select('role_id')
        .where('id', '=', sub.userId)
        .executeTakeFirstOrThrow();
      const r = await api(h.app, deleteRole, { params: { id: u.role_id as number }, token: main.token });
      expect(r.body).toMatchObject({ code: 1002, data: { reason: 'roleInUse', members: 1, invitations: 0 } });
      const listed = await ok(h, main, listRoles);
      expect(listed.list.find((x) => x.id === u.role_id)).toMatchObject({
        member_count: 1,
        invitation_count: 0,
      });

      const lone = await ok(h, main, createRole, { body: { name: 'Lone', permissions: [1] } });
      const guest = await createMainAccount(h);
      await ok(h, main, createInvitation, { body: { account: guest.username, role_id: lone.id } });
      expect(
        (await api(h.app, deleteRole, { params: { id: lone.id }, token: main.token })).body,
      ).toMatchObject({
        code: 1002,
        data: { reason: 'roleInUse', members: 0, invitations: 1 },
      });
      // The list says so beforehand, so the screen can keep the delete action off.
      const offered = await ok(h, main, listRoles);
      expect(offered.list.find((x) => x.id === lone.id)).toMatchObject({
        member_count: 0,
        invitation_count: 1,
      });
      const unused = await ok(h, main, createRole, { body: { name: 'Unused', permissions: [1] } });
      await ok(h, main, deleteRole, { params: { id: unused.id } });
      expect((await api(h.app, deleteRole, { params: { id: unused.id }, token: main.token })).body.code).toBe(
        1003,
      );
    });

    it('a sub-account grants only ids it holds and cannot edit its own role', async () => {
      const admin = await createSubAccount(h, main.teamId, [28, 29, 31, 2]);
      expect((await postRole(admin, { name: 'Big', permissions: [2, 5] })).body).toMatchObject({
        code: 1002,
        data: { reason: 'notHeld', permissions: [5] },
      });
      const small = await ok(h, admin, createRole, { body: { name: 'Small', permissions: [2] } });
      expect(small.permissions).toEqual([2]);
      const own = await h.app.database.db
        .selectFrom('users')
        .select('role_id')
        .where('id', '=', admin.userId)
        .executeTakeFirstOrThrow();
      const r = await api(h.app, updateRole, {
        params: { id: own.role_id as number },
        token: admin.token,
        body: { permissions: [2] },
      });
      expect(r.body).toMatchObject({ code: 1002, data: { reason: 'ownRole' } });
    });
  });

  describe('zones', () => {
    it('name letters and digits, unique (1066), bad CIDR refused, networks canonical, at most 20 (1065)', async () => {
      const zone = await ok(h, main, createZone, {
        body: {
          name: 'Plant1',
          device_ids: [objects.deviceId],
          group_ids: [objects.groupId],
          networks: ['10.1.2.3/16', '2001:DB8:0:0::1/32', '192.168.1.7'],
        },
      });
      expect(zone).toMatchObject({
        name: 'Plant1',
        device_ids: [objects.deviceId],
        group_ids: [objects.groupId],
        networks: ['10.1.0.0/16', '2001:db8::/32', '192.168.1.7/32'],
        roles: [],
      });
      expect((await postZone(main, { name: 'Plant1' })).body.code).toBe(1066);
      expect((await postZone(main, { name: 'Plant 2' })).body).toMatchObject({
        code: 1006,
        data: { field: 'name', issue: 'zoneNameChars' },
      });
      for (const bad of ['10.0.0.0/33', '300.1.1.1/8', 'fe80::1::2/64', 'example.com', '10.0.0.0/'])
        expect((await postZone(main, { name: 'Bad', networks: [bad] })).body, bad).toMatchObject({
          code: 1006,
          data: { field: 'networks.0', issue: 'cidr' },
        });
      expect((await postZone(main, { name: 'Dev', device_ids: [999999] })).body.code).toBe(1003);
      expect((await postZone(main, { name: 'Grp', group_ids: [999999] })).body.code).toBe(1027);

      const updated = await ok(h, main, updateZone, { params: { id: zone.id }, body: { networks: [] } });
      expect(updated.networks).toEqual([]);
      expect(updated.device_ids).toEqual([objects.deviceId]);

      for (let i = 2; i <= 20; i += 1) await ok(h, main, createZone, { body: { name: `Zone${i}` } });
      expect((await postZone(main, { name: 'Zone21' })).body.code).toBe(1065);
      const list = await ok(h, main, listZones, { query: { pageSize: 50 } });
      expect(list.total).toBe(20);
      // Free room again, then a zone used by a role cannot be deleted.
      const spare = list.list.find((z) => z.name === 'Zone20') as Zone;
      await ok(h, main, deleteZone, { params: { id: spare.id } });
      const used = list.list.find((z) => z.name === 'Zone19') as Zone;
      const role = await ok(h, main, createRole, {
        body: {
          name: 'Zoned',
          permissions: [2],
          zone_ids: [used.id],
        },
      });
      expect(role.zones).toEqual([{ id: used.id, name: 'Zone19' }]);
      expect(
        (await api(h.app, deleteZone, { params: { id: used.id }, token: main.token })).body,
      ).toMatchObject({
        code: 1002,
        data: { reason: 'zoneInUse', roles: [{ id: role.id, name: 'Zoned' }] },
      });
      await ok(h, main, updateRole, { params: { id: role.id }, body: { zone_ids: [] } });
      await ok(h, main, deleteZone, { params: { id: used.id } });
      // Clean up so the enforcement tests have room.
      for (const z of list.list.filter(
        (x) => /^Zone\d+$/.test(x.name) && x.id !== used.id && x.id !== spare.id,
      ))
        await ok(h, main, deleteZone, { params: { id: z.id } });
    });

    it('enforcement: main unrestricted; a sub-account only on covered devices from allowed networks', async () => {
      const other = await seedRegistry(h, main, 'zother');
      // A device in a sub-group of a group the zone covers.
      const parent = await ok(h, main, createGroup, { body: { name: 'Zparent' } });
      const child = await ok(h, main, createGroup, {
        body: {
          name: 'Zchild',
          parent_id: parent.id,
        },
      });
      await ok(h, main, updateDevice, { params: { id: other.deviceId }, body: { group_id: child.id } });

      const v4 = await ok(h, main, createZone, {
        body: {
          name: 'Lan4',
          device_ids: [objects.deviceId],
          networks: ['10.1.0.0/16'],
        },
      });
      const v6 = await ok(h, main, createZone, {
        body: {
          name: 'Lan6',
          group_ids: [parent.id],
          networks: ['2001:db8::/32'],
        },
      });
      const sub = await createSubAccount(h, main.teamId, [2, 6], { group: [objects.groupId, parent.id] });
      const roleId = (
        await h.app.database.db
          .selectFrom('users')
          .select('role_id')
          .where('id', '=', sub.userId)
          .executeTakeFirstOrThrow()
      ).role_id as number;

      // Main account: any device of the team, any network.
      expect((await operateAs(main, objects.deviceId, '203.0.113.5')).body.code).toBe(0);
      expect((await operateAs(main, other.deviceId, '203.0.113.5')).body.code).toBe(0);

      // No zones on the role: refused.
      expect((await operateAs(sub, objects.deviceId, '10.1.0.5')).body).toMatchObject({ code: 1002 });

      await ok(h, main, updateRole, { params: { id: roleId }, body: { zone_ids: [v4.id, v6.id] } });
      // Inside the zone, right network.
      expect((await operateAs(sub, objects.deviceId, '10.1.0.5')).body.code).toBe(0);
      expect((await operateAs(sub, objects.deviceId, '::ffff:10.1.9.9')).body.code).toBe(0);
      // Inside the zone, wrong network.
      expect((await operateAs(sub, objects.deviceId, '10.2.0.5')).body.code).toBe(1002);
      expect((await operateAs(sub, objects.deviceId, '2001:db8::5')).body.code).toBe(1002);
      // Covered through a sub-group, IPv6 network.
      expect((await operateAs(sub, other.deviceId, '2001:db8:5::1')).body.code).toBe(0);
      expect((await operateAs(sub, other.deviceId, '2001:db9::1')).body.code).toBe(1002);
      expect((await operateAs(sub, other.deviceId, '10.1.0.5')).body.code).toBe(1002);

      // A device outside every zone (visible through the grant): refused from anywhere.
      const outside = await seedRegistry(h, main, 'zout');
      await ok(h, main, updateDevice, {
        params: { id: outside.deviceId },
        body: { group_id: objects.groupId },
      });
      expect((await operateAs(sub, outside.deviceId, '10.1.0.5')).body.code).toBe(1002);

      // Empty network list = any network.
      await ok(h, main, updateZone, { params: { id: v4.id }, body: { networks: [] } });
      expect((await operateAs(sub, objects.deviceId, '198.51.100.1')).body.code).toBe(0);

      // A role change applies on the next request.
      await ok(h, main, updateRole, { params: { id: roleId }, body: { zone_ids: [] } });
      expect((await operateAs(sub, objects.deviceId, '198.51.100.1')).body.code).toBe(1002);

      // Another team's device, or one outside the sub-account's data permissions: 1003.
      const stranger = await createMainAccount(h, 5);
      const theirs = await seedRegistry(h, stranger, 'ztheirs');
      expect((await operateAs(main, theirs.deviceId, '10.1.0.5')).body.code).toBe(1003);
      const ungranted = await seedRegistry(h, main, 'zhidden');
      expect((await operateAs(sub, ungranted.deviceId, '10.1.0.5')).body.code).toBe(1003);
    });
  });
});
