import {
  bindDevice,
  setFavourite,
  createTemplate,
  putTemplateTags,
  createGroup,
  getDashboard,
  topics,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { AccountSuite, withAccountSuite } from '../../test/suite';
import { brokerUrl, connect, newDevice, nextLive } from '../../test/mqtt';
import { ok } from '../../test/registry';

/** Eight TAGs in an order that is neither alphabetical nor by type: the card keeps this order. */
const tags = [
  { name: 'speed', data_type: 5, access: 0, save_history: false },
  { name: 'alpha', data_type: 7, access: 0, save_history: false },
  { name: 'running', data_type: 0, access: 0, save_history: false },
  { name: 'label', data_type: 9, access: 0, save_history: false },
  { name: 'count', data_type: 3, access: 0, save_history: false },
  { name: 'beta', data_type: 8, access: 0, save_history: false },
  { name: 'seventh', data_type: 1, access: 0, save_history: false },
  { name: 'eighth', data_type: 1, access: 0, save_history: false },
];
const T0 = 1772352000000;

describe.each(databases)('dashboard favourites on $name', (database) => {
  let other: TestAccount;
  const ctx = withAccountSuite(new AccountSuite(), database, 5, async () => {
    other = await createMainAccount(ctx.h, 5);
  });

  /** A device of `account` in `groupId`, using `templateId` when given, starred by `account`. */
  async function starred(account: TestAccount, name: string, templateId: number | null, groupId?: number) {
    const hw = await newDevice(ctx.h);
    const device = await ok(ctx.h, account, bindDevice, {
      body: {
        sn: hw.sn,
        pin: hw.pin,
        name,
        ...(templateId !== null ? { template_id: templateId } : {}),
        ...(groupId !== undefined ? { group_id: groupId } : {}),
      },
    });
    await ok(ctx.h, account, setFavourite, { params: { id: device.id }, body: { favourite: true } });
    return { ...hw, id: device.id };
  }

  async function template(account: TestAccount, name: string) {
    const t = await ok(ctx.h, account, createTemplate, { body: { name, hmi_model: 'X10' } });
    await ok(ctx.h, account, putTemplateTags, { params: { id: t.id }, body: { tags } });
    return t.id;
  }

  /** Publishes batch `seq` as the device (sample times T0 + seq, + 1 per value); resolves once stored. */
  async function publish(
    d: { id: number; sn: string; secret: string },
    seq: number,
    values: Record<string, unknown>,
  ) {
    const client = await connect(brokerUrl(ctx.h), { username: d.sn, password: d.secret });
    const stored = nextLive(ctx.h, (e) => e.type === 'values' && e.device_id === d.id);
    const batch = Object.entries(values).map(([tag, value], i) => ({ tag, value, ts: T0 + seq + i }));
    await client.publishAsync(topics.tags(d.sn), JSON.stringify({ v: 1, seq, values: batch }), { qos: 1 });
    await stored;
    await client.endAsync();
  }

  it('fills each card with the first six TAGs in template order, latest value and sample time', async () => {
    const group = await ok(ctx.h, ctx.main, createGroup, { body: { name: `G${database.name}` } });
    const tpl = await template(ctx.main, `Card${database.name}`);
    const tagIds = new Map(
      (
        await ctx.h.app.database.db
          .selectFrom('template_tags')
          .select(['id', 'name'])
          .where('template_id', '=', tpl)
          .execute()
      ).map((t) => [t.name, t.id]),
    );
    const reporting = await starred(ctx.main, 'Reporting', tpl, group.id);
    const silent = await starred(ctx.main, 'Silent', tpl);
    const bare = await starred(ctx.main, 'Bare', null);
    // Values of the other team's device under the same TAG names must not leak into these cards.
    const foreign = await starred(other, 'Foreign', await template(other, `Foreign${database.name}`));
    await publish(foreign, 1, { speed: -1, alpha: 9.5 });
    await publish(reporting, 1, { alpha: 21.5, label: 'ok', eighth: 7, speed: -300 });

    const dash = await ok(ctx.h, ctx.main, getDashboard);
    // When the counters were read, for the page to tell which live online changes they miss.
    expect(dash.at).toBe(Math.floor(ctx.h.clock.now() / 1000));
    const cards = new Map(dash.favourites.map((f) => [f.id, f.tags]));
    expect(cards.get(reporting.id)).toEqual([
      { id: tagIds.get('speed'), name: 'speed', value: '-300', time: T0 + 4 },
      { id: tagIds.get('alpha'), name: 'alpha', value: '21.5', time: T0 + 1 },
      { id: tagIds.get('running'), name: 'running', value: null, time: null },
      { id: tagIds.get('label'), name: 'label', value: 'ok', time: T0 + 2 },
      { id: tagIds.get('count'), name: 'count', value: null, time: null },
      { id: tagIds.get('beta'), name: 'beta', value: null, time: null },
    ]);
    // Before its first value the card already lists its TAGs, waiting.
    expect(cards.get(silent.id)).toEqual(
      tags.slice(0, 6).map((t) => ({ id: tagIds.get(t.name), name: t.name, value: null, time: null })),
    );
    expect(cards.get(bare.id)).toEqual([]);
    expect(dash.favourites.map((f) => f.id)).toEqual([reporting.id, silent.id, bare.id]);
    // Each names its group by id (the page resolves the levels a shortened path hides from it).
    expect(dash.favourites.map((f) => f.group_id)).toEqual([group.id, null, null]);

    // A later sample replaces the value.
    await publish(reporting, 10, { alpha: 22.25 });
    const again = await ok(ctx.h, ctx.main, getDashboard);
    expect(again.favourites.find((f) => f.id === reporting.id)?.tags[1]).toEqual({
      id: tagIds.get('alpha'),
      name: 'alpha',
      value: '22.25',
      time: T0 + 10,
    });

    // A sub-account gets cards only for the starred devices its groups hold.
    const sub = await createSubAccount(ctx.h, ctx.main.teamId, [1, 2], { group: [group.id] });
    await ok(ctx.h, sub, setFavourite, { params: { id: reporting.id }, body: { favourite: true } });
    // Starred before the sub-account lost sight of it (no group it holds).
    await ctx.h.app.database.db
      .insertInto('favourites')
      .values({ user_id: sub.userId, device_id: silent.id, created_at: 0 })
      .execute();
    const subDash = await ok(ctx.h, sub, getDashboard);
    expect(subDash.favourites.map((f) => [f.id, f.tags.length])).toEqual([[reporting.id, 6]]);
  });
});
