import {
  createGroup,
  createTemplate,
  listLabels,
  deleteLabel,
  setFavourite,
  getDashboard,
  createProject,
  deleteProject,
  bindDevice,
  createLabel,
  updateLabel,
  listDevices,
  updateDevice,
  unbindDevice,
  getDevice,
  type Device,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api, type ApiBody } from '../../test/harness';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';

describe.each(databases)('devices, labels and the dashboard on $name', (database) => {
  let other: TestAccount;
  let groupA: number;
  let groupA1: number;
  let groupB: number;
  let templateX10: number;
  let templateX20: number;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 5);
    groupA = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'A' } })).id;
    groupA1 = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'A1', parent_id: groupA } })).id;
    groupB = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'B' } })).id;
    templateX10 = (await ok(ctx.h, ctx.main, createTemplate, { body: { name: 'T10', hmi_model: 'X10' } })).id;
    templateX20 = (await ok(ctx.h, ctx.main, createTemplate, { body: { name: 'T20', hmi_model: 'X20' } })).id;
  });

  const bind = (account: TestAccount, body: ApiBody<typeof bindDevice>) =>
    api(ctx.h.app, bindDevice, { token: account.token, body });

  it('binds by SN and PIN with the fields of the spec', async () => {
    const hw = await newHardware(ctx.h, 'X10');
    const r = await bind(ctx.main, {
      sn: hw.sn,
      pin: hw.pin,
      name: '泵站Pump_1',
      group_id: groupA1,
      template_id: templateX10,
      address: 'Hall 3',
      remark: 'north wall',
      hmi_sn: 'HMI-9',
      gateway_sn: 'GW-9',
      customer_name: 'ACME',
    });
    expect(r.body.code).toBe(0);
    expect(r.body.data).toMatchObject({
      name: '泵站Pump_1',
      sn: hw.sn,
      model: 'X10',
      group_id: groupA1,
      group_path: ['A', 'A1'],
      template_id: templateX10,
      template_name: 'T10',
      address: 'Hall 3',
      remark: 'north wall',
      hmi_sn: 'HMI-9',
      gateway_sn: 'GW-9',
      customer_name: 'ACME',
      labels: [],
      online: 0,
      sync_status: 0,
      cloud_version: 1,
      hmi_version: null,
      config_created_at: Math.floor(ctx.h.clock.now() / 1000),
      traffic_switch: 0,
      favourite: false,
    });
  });

  it('refuses unknown SN (1028), wrong PIN (1025), already bound here (1086), bound elsewhere (1028)', async () => {
    expect((await bind(ctx.main, { sn: 'NOSUCHSN', pin: '1234', name: 'A1b' })).body).toMatchObject({
      code: 1028,
      data: null,
    });
    const hw = await newHardware(ctx.h);
    expect((await bind(ctx.main, { sn: hw.sn, pin: '9999', name: 'Dev2' })).body.code).toBe(1025);
    expect((await bind(ctx.main, { sn: hw.sn, pin: hw.pin, name: 'Dev2' })).body.code).toBe(0);
    expect((await bind(ctx.main, { sn: hw.sn, pin: hw.pin, name: 'Dev3' })).body.code).toBe(1086);
    const theirs = await bind(other, { sn: hw.sn, pin: hw.pin, name: 'Dev2' });
    expect(theirs.body).toEqual({ code: 1028, data: null, msg: 'illegal HMI SN' });
  });

  it('after 5 wrong PINs for one SN within 15 minutes answers 1201 with Retry-After', async () => {
    const hw = await newHardware(ctx.h);
    for (let i = 0; i < 5; i++)
      expect((await bind(ctx.main, { sn: hw.sn, pin: '0000', name: 'Locked' })).body.code).toBe(1025);
    const locked = await bind(ctx.main, { sn: hw.sn, pin: hw.pin, name: 'Locked' });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(1201);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    ctx.h.clock.advance(15 * 60 + 1);
    expect((await bind(ctx.main, { sn: hw.sn, pin: hw.pin, name: 'Locked' })).body.code).toBe(0);
  });

  it('checks the name (1006 with its key), its uniqueness (1034), group (1027), template (1029, 1042), labels', async () => {
    const hw = await newHardware(ctx.h, 'X10');
    const base = { sn: hw.sn, pin: hw.pin };
    const issue = async (name: string) => (await bind(ctx.main, { ...base, name })).body;
    expect(await issue('_x')).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'deviceNameStart' },
    });
    expect(await issue('1x')).toMatchObject({ data: { issue: 'deviceNameStart' } });
    expect(await issue('a b')).toMatchObject({ data: { issue: 'deviceNameChars' } });
    expect(await issue('VAR')).toMatchObject({ data: { issue: 'deviceNameReserved' } });
    expect(await issue('')).toMatchObject({ data: { issue: 'required' } });
    expect((await bind(ctx.main, { ...base, name: 'Dev2' })).body.code).toBe(1034);
    expect((await bind(ctx.main, { ...base, name: 'N', group_id: 999999 })).body.code).toBe(1027);
    const theirGroup = await ok(ctx.h, other, createGroup, { body: { name: 'Theirs' } });
    expect((await bind(ctx.main, { ...base, name: 'N', group_id: theirGroup.id })).body.code).toBe(1027);
    expect((await bind(ctx.main, { ...base, name: 'N', template_id: 999999 })).body.code).toBe(1029);
    expect((await bind(ctx.main, { ...base, name: 'N', template_id: templateX20 })).body.code).toBe(1042);
    expect((await bind(ctx.main, { ...base, name: 'N', label_ids: [999999] })).body).toMatchObject({
      code: 1006,
      data: { field: 'label_ids', issue: 'unknownId' },
    });
    const eleven = Array.from({ length: 11 }, (_, i) => i + 1);
    expect((await bind(ctx.main, { ...base, name: 'N', label_ids: eleven })).body).toMatchObject({
      code: 1006,
      data: { field: 'label_ids', issue: 'labelsPerDevice' },
    });
    // Nothing was bound by the refusals.
    expect((await bind(ctx.main, { ...base, name: 'N' })).body.code).toBe(0);
  });

  it('labels: unique (1086), 1-50 characters, at most 50 per team, at most 10 per device', async () => {
    const first = await ok(ctx.h, ctx.main, createLabel, { body: { name: 'hot' } });
    expect(
      (await api(ctx.h.app, createLabel, { token: ctx.main.token, body: { name: 'hot' } })).body.code,
    ).toBe(1086);
    expect(
      (await api(ctx.h.app, createLabel, { token: ctx.main.token, body: { name: 'x'.repeat(51) } })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'labelLength' },
    });
    const ids = [first.id];
    for (let i = 2; i <= 50; i++)
      ids.push((await ok(ctx.h, ctx.main, createLabel, { body: { name: `l${i}` } })).id);
    expect(
      (await api(ctx.h.app, createLabel, { token: ctx.main.token, body: { name: 'l51' } })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'name', issue: 'labelLimit' },
    });
    const list = await ok(ctx.h, ctx.main, listLabels);
    expect(list.total).toBe(50);
    // Another team has its own 50.
    await ok(ctx.h, other, createLabel, { body: { name: 'hot' } });

    const devices = await ok(ctx.h, ctx.main, listDevices, { query: { keyword: 'dev2' } });
    const dev = devices.list[0] as Device;
    const ten = await ok(ctx.h, ctx.main, updateDevice, {
      params: { id: dev.id },
      body: { label_ids: ids.slice(0, 10) },
    });
    expect(ten.labels).toHaveLength(10);
    const renamed = await ok(ctx.h, ctx.main, updateLabel, {
      params: { id: first.id },
      body: {
        name: 'warm',
      },
    });
    expect(renamed).toMatchObject({ name: 'warm', device_count: 1 });
    expect(
      (
        await api(ctx.h.app, updateLabel, {
          params: { id: ids[1] as number },
          token: ctx.main.token,
          body: { name: 'warm' },
        })
      ).body.code,
    ).toBe(1086);
    await ok(ctx.h, ctx.main, deleteLabel, { params: { id: ids[9] as number } });
    expect((await ok(ctx.h, ctx.main, getDevice, { params: { id: dev.id } })).labels).toHaveLength(9);
  });

  it('lists with keyword, group (with sub-groups), label, online, model filters and paging', async () => {
    const all = await ok(ctx.h, ctx.main, listDevices);
    expect(all.total).toBe(4);
    const pump = all.list.find((d) => d.name === '泵站Pump_1') as Device;
    await ctx.h.app.database.db.updateTable('devices').set({ online: 1 }).where('id', '=', pump.id).execute();
    const q = async (qs: string) =>
      (await ok(ctx.h, ctx.main, listDevices, { raw: { query: qs } })).list.map((d) => d.name);
    expect(await q('keyword=PUMP')).toEqual(['泵站Pump_1']);
    expect(await q('keyword=north')).toEqual(['泵站Pump_1']);
    expect(await q(`keyword=${pump.sn.toLowerCase()}`)).toEqual(['泵站Pump_1']);
    expect(await q('keyword=%25')).toEqual([]);
    expect(await q(`group_id=${groupA}`)).toEqual(['泵站Pump_1']);
    expect(await q(`group_id=${groupB}`)).toEqual([]);
    expect(await q('online=1')).toEqual(['泵站Pump_1']);
    expect((await q('online=0')).length).toBe(3);
    expect(await q('model=X20')).toEqual([]);
    const labelled = await ok(ctx.h, ctx.main, listLabels);
    const warm = labelled.list.find((l) => l.name === 'warm') as { id: number };
    expect(await q(`label_id=${warm.id}`)).toEqual(['Dev2']);
    const page = await ok(ctx.h, ctx.main, listDevices, { query: { page: 2, pageSize: 3 } });
    expect(page.total).toBe(4);
    expect(page.list).toHaveLength(1);
    expect(
      (await api(ctx.h.app, listDevices, { query: { online: 2 }, token: ctx.main.token })).body,
    ).toMatchObject({
      code: 1006,
      data: { field: 'online' },
    });
    const theirs = await ok(ctx.h, other, listDevices);
    expect(theirs.total).toBe(0);
  });

  it('edits with the same rules and switches templates only within the model (1042)', async () => {
    const pump = (await ok(ctx.h, ctx.main, listDevices, { query: { keyword: 'pump' } })).list[0] as Device;
    const put = (body: ApiBody<typeof updateDevice>) =>
      api(ctx.h.app, updateDevice, { params: { id: pump.id }, token: ctx.main.token, body });
    expect((await put({ name: 'Dev2' })).body.code).toBe(1034);
    expect((await put({ name: 'this' })).body).toMatchObject({
      code: 1006,
      data: { issue: 'deviceNameReserved' },
    });
    expect((await put({ template_id: templateX20 })).body.code).toBe(1042);
    expect((await put({ group_id: 999999 })).body.code).toBe(1027);
    ctx.h.clock.advance(60);
    const edited = await put({ name: 'Pump2', template_id: null, remark: 'moved', group_id: null });
    expect(edited.body.data).toMatchObject({
      name: 'Pump2',
      template_id: null,
      template_name: null,
      group_id: null,
      group_path: [],
      remark: 'moved',
      sync_status: 0,
      config_modified_at: Math.floor(ctx.h.clock.now() / 1000),
    });
    // Keeping its own name is no conflict.
    expect((await put({ name: 'Pump2', template_id: templateX10 })).body.data).toMatchObject({
      template_name: 'T10',
    });
    await ctx.h.app.database.db
      .updateTable('devices')
      .set({ hmi_version: 1 })
      .where('id', '=', pump.id)
      .execute();
    expect((await ok(ctx.h, ctx.main, getDevice, { params: { id: pump.id } })).sync_status).toBe(1);
  });

  it('favourites show on the dashboard with counters; another user does not see them', async () => {
    const list = await ok(ctx.h, ctx.main, listDevices);
    const pump = list.list.find((d) => d.name === 'Pump2') as Device;
    expect(
      await ok(ctx.h, ctx.main, setFavourite, { params: { id: pump.id }, body: { favourite: true } }),
    ).toEqual({
      favourite: true,
    });
    expect((await ok(ctx.h, ctx.main, getDevice, { params: { id: pump.id } })).favourite).toBe(true);
    const dash = await ok(ctx.h, ctx.main, getDashboard);
    expect(dash.counters).toEqual({ devices: 4, online: 1, offline: 3 });
    expect(dash.favourites).toEqual([
      {
        id: pump.id,
        name: 'Pump2',
        sn: pump.sn,
        model: 'X10',
        online: 1,
        group_id: null,
        group_path: [],
        tags: [],
      },
    ]);
    const sub = await createSubAccount(ctx.h, ctx.main.teamId, [1, 2]);
    expect((await ok(ctx.h, sub, getDashboard)).favourites).toEqual([]);
    await ok(ctx.h, ctx.main, setFavourite, { params: { id: pump.id }, body: { favourite: false } });
    expect((await ok(ctx.h, ctx.main, getDashboard)).favourites).toEqual([]);
  });

  it('unbinding is refused while a project uses the device (1091); afterwards the hardware binds again', async () => {
    const list = await ok(ctx.h, ctx.main, listDevices);
    const pump = list.list.find((d) => d.name === 'Pump2') as Device;
    await ok(ctx.h, ctx.main, setFavourite, { params: { id: pump.id }, body: { favourite: true } });
    const project = await ok(ctx.h, ctx.main, createProject, {
      body: {
        name: 'Line',
        device_ids: [pump.id],
      },
    });
    expect(
      (await api(ctx.h.app, unbindDevice, { params: { id: pump.id }, token: ctx.main.token })).body,
    ).toMatchObject({
      code: 1091,
      data: null,
    });
    await ok(ctx.h, ctx.main, deleteProject, { params: { id: project.id } });
    expect(await ok(ctx.h, ctx.main, unbindDevice, { params: { id: pump.id } })).toBeNull();
    expect(
      (await api(ctx.h.app, getDevice, { params: { id: pump.id }, token: ctx.main.token })).body.code,
    ).toBe(1003);
    const favs = await ctx.h.app.database.db
      .selectFrom('favourites')
      .selectAll()
      .where('device_id', '=', pump.id)
      .execute();
    expect(favs).toEqual([]);
    const labels = await ctx.h.app.database.db
      .selectFrom('device_labels')
      .selectAll()
      .where('device_id', '=', pump.id)
      .execute();
    expect(labels).toEqual([]);
    // The hardware is free: another team binds it now.
    const again = await bind(other, { sn: pump.sn, pin: '1234', name: 'Reused' });
    expect(again.body.code).toBe(0);
  });
});
