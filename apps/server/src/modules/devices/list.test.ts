import {
  bindDevice,
  createGroup,
  createLabel,
  createTemplate,
  getDevice,
  listDevices,
  Permission,
  setFavourite,
  type Device,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createSubAccount, grant, newHardware, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { ok } from '../../test/registry';

/**
 * The list reads only the columns an answer is made of, marks favourites in its page's statement and
 * keeps each filter shape's statement compiled: every page must still answer what the detail call
 * answers, for each caller, whatever values and list lengths come in which order.
 */
describe.each(databases)('device list on $name', (database) => {
  let sub: TestAccount;
  let groupA: number;
  let groupB: number;
  let alpha: number;
  let other: number;
  /** Device ids by name. */
  const ids = new Map<string, number>();
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    groupA = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'A' } })).id;
    const groupA1 = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'A1', parent_id: groupA } })).id;
    groupB = (await ok(ctx.h, ctx.main, createGroup, { body: { name: 'B' } })).id;
    const template = (await ok(ctx.h, ctx.main, createTemplate, { body: { name: 'T10', hmi_model: 'X10' } }))
      .id;
    const label = async (name: string) => (await ok(ctx.h, ctx.main, createLabel, { body: { name } })).id;
    const zeta = await label('zeta');
    alpha = await label('alpha');
    const mid = await label('mid');
    other = await label('other');
    const devices = [
      { name: 'Dev1', group_id: groupA, label_ids: [zeta, alpha, mid], template_id: template },
      { name: 'Dev2', group_id: groupA1, label_ids: [], template_id: null },
      { name: 'Dev3', group_id: groupB, label_ids: [], template_id: template },
      { name: 'Dev4', group_id: null, label_ids: [], template_id: null },
      { name: 'Dev5', group_id: groupB, label_ids: [other], template_id: null },
    ];
    for (const d of devices) {
      const hw = await newHardware(ctx.h, 'X10');
      const bound = await ok(ctx.h, ctx.main, bindDevice, {
        body: { sn: hw.sn, pin: hw.pin, remark: `remark of ${d.name}`, ...d },
      });
      ids.set(d.name, bound.id);
    }
    const rights = [Permission.DASHBOARD_VIEW, Permission.DEVICE_VIEW];
    sub = await createSubAccount(ctx.h, ctx.main.teamId, rights, { group: [groupA] });
  });

  const id = (name: string) => ids.get(name) as number;
  const names = async (account: TestAccount, query: string) =>
    (await ok(ctx.h, account, listDevices, { raw: { query } })).list.map((d) => d.name);
  const favourite = (account: TestAccount, name: string, on: boolean) =>
    ok(ctx.h, account, setFavourite, { params: { id: id(name) }, body: { favourite: on } });

  /** Each listed device equals its detail for `account`. */
  async function listedAsDetailed(account: TestAccount): Promise<Device[]> {
    const { list } = await ok(ctx.h, account, listDevices);
    for (const d of list) expect(d).toEqual(await ok(ctx.h, account, getDevice, { params: { id: d.id } }));
    return list;
  }

  it('answers each device as its detail does, with the caller’s favourites and labels by name', async () => {
    await favourite(ctx.main, 'Dev2', true);
    await favourite(ctx.main, 'Dev3', true);
    await favourite(sub, 'Dev1', true);
    const mine = await listedAsDetailed(ctx.main);
    expect(mine.map((d) => d.name)).toEqual(['Dev5', 'Dev4', 'Dev3', 'Dev2', 'Dev1']);
    expect(mine.filter((d) => d.favourite).map((d) => d.name)).toEqual(['Dev3', 'Dev2']);
    const dev1 = mine.find((d) => d.name === 'Dev1') as Device;
    expect(dev1.labels.map((l) => l.name)).toEqual(['alpha', 'mid', 'zeta']);
    expect(dev1).toMatchObject({ template_name: 'T10', group_path: ['A'], remark: 'remark of Dev1' });

    const theirs = await listedAsDetailed(sub);
    expect(theirs.map((d) => [d.name, d.favourite])).toEqual([
      ['Dev2', false],
      ['Dev1', true],
    ]);
  });

  it('answers other values and list lengths of one filter shape with their own rows', async () => {
    expect(await names(ctx.main, 'keyword=dev1')).toEqual(['Dev1']);
    expect(await names(ctx.main, 'keyword=DEV3')).toEqual(['Dev3']);
    expect(await names(ctx.main, 'keyword=of%20dev5')).toEqual(['Dev5']);
    expect(await names(ctx.main, `group_id=${groupA}`)).toEqual(['Dev2', 'Dev1']);
    expect(await names(ctx.main, `group_id=${groupB}`)).toEqual(['Dev5', 'Dev3']);
    expect(await names(ctx.main, `label_id=${alpha}`)).toEqual(['Dev1']);
    expect(await names(ctx.main, `label_id=${other}`)).toEqual(['Dev5']);
    expect(await names(ctx.main, 'model=X10&keyword=dev')).toHaveLength(5);
    expect(await names(ctx.main, 'model=X20&keyword=dev')).toEqual([]);
    expect(await names(ctx.main, 'page=1&pageSize=2')).toEqual(['Dev5', 'Dev4']);
    expect(await names(ctx.main, 'page=3&pageSize=2')).toEqual(['Dev1']);
    expect((await ok(ctx.h, ctx.main, listDevices, { query: { page: 9, pageSize: 2 } })).total).toBe(5);

    // The sub-account's groups: A with A1 (2 ids), then B as well (3), then one of them asked for.
    expect(await names(sub, '')).toEqual(['Dev2', 'Dev1']);
    await grant(ctx.h, sub.userId, 'group', [groupB]);
    const wider = await ok(ctx.h, sub, listDevices);
    expect(wider.list.map((d) => d.name)).toEqual(['Dev5', 'Dev3', 'Dev2', 'Dev1']);
    expect(wider.total).toBe(4);
    expect(await names(sub, `group_id=${groupB}`)).toEqual(['Dev5', 'Dev3']);
    // A team without devices in view: none, however many the team has.
    const none = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW]);
    expect(await ok(ctx.h, none, listDevices)).toEqual({ list: [], total: 0 });
  });
});
