import {
  BillingCardType,
  bindDevice,
  copyTemplate,
  createProject,
  createTemplate,
  deleteTemplate,
  deviceTags,
  getProject,
  getTemplate,
  getUserInfo,
  listProjects,
  listTemplates,
  putTemplateTags,
  topics,
  updateProject,
  updateTemplate,
} from '@hmi/contract';
import { describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { activatedCard, relogin } from '../../test/billing';
import { databases, sqliteDatabase } from '../../test/databases';
import { api } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect, newDevice } from '../../test/mqtt';

const CA = BillingCardType.CLOUD_APPLICATION;
const DAY = 86400;

describe.each(databases)('template and project allowance, expiry and return on $name', (database) => {
  const h = useHarness(database);

  const template = async (who: TestAccount, name: string) =>
    (await api(h.app, createTemplate, { token: who.token, body: { name, hmi_model: 'X10' } })).body;
  const project = async (who: TestAccount, name: string) =>
    (await api(h.app, createProject, { token: who.token, body: { name } })).body;
  const expiredNames = async (who: TestAccount) => {
    const t = await api(h.app, listTemplates, { token: who.token, query: { pageSize: 50 } });
    const p = await api(h.app, listProjects, { token: who.token, query: { pageSize: 50 } });
    return {
      templates: (t.body.data?.list ?? []).filter((x) => x.expired).map((x) => x.name),
      projects: (p.body.data?.list ?? []).filter((x) => x.expired).map((x) => x.name),
    };
  };
  const maxNum = async (who: TestAccount) =>
    (await api(h.app, getUserInfo, { token: who.token })).body.data?.template_max_num;

  it('with no cards the spec default 1 holds; a card adds its templates (user info, 1033 on create and copy)', async () => {
    const owner = await createMainAccount(h);
    expect(await maxNum(owner)).toBe(1);
    const first = await template(owner, 'a1');
    expect(first.code).toBe(0);
    expect((await template(owner, 'a2')).code).toBe(1033);
    const id = first.data?.id ?? 0;
    expect((await api(h.app, copyTemplate, { token: owner.token, params: { id }, body: {} })).body.code).toBe(
      1033,
    );
    expect((await project(owner, 'p1')).code).toBe(0);
    expect((await project(owner, 'p2')).code).toBe(1033);

    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 2 });
    expect(await maxNum(owner)).toBe(3);
    expect((await api(h.app, copyTemplate, { token: owner.token, params: { id }, body: {} })).body.code).toBe(
      0,
    );
    expect((await template(owner, 'a3')).code).toBe(0);
    expect((await template(owner, 'a4')).code).toBe(1033);
    expect((await project(owner, 'p2')).code).toBe(0);
  });

  it('cards lapse: the newest expire (marked, read-only, not bindable); an activation returns the newest first', async () => {
    const owner = await createMainAccount(h);
    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 2 });
    const ids: number[] = [];
    for (const name of ['t1', 't2', 't3']) {
      ids.push((await template(owner, name)).data?.id ?? 0);
      h.clock.advance(1);
    }
    for (const name of ['p1', 'p2', 'p3']) {
      expect((await project(owner, name)).code).toBe(0);
      h.clock.advance(1);
    }
    h.clock.advance(366 * DAY);
    await relogin(h, owner);
    await h.app.billing.runHousekeeping();
    expect(await maxNum(owner)).toBe(1);
    expect(await expiredNames(owner)).toEqual({ templates: ['t3', 't2'], projects: ['p3', 'p2'] });

    const [t1, t2, t3] = ids as [number, number, number];
    const detail = await api(h.app, getTemplate, { token: owner.token, params: { id: t3 } });
    expect(detail.body.data).toMatchObject({ name: 't3', expired: true });
    expect(
      (await api(h.app, getTemplate, { token: owner.token, params: { id: t1 } })).body.data?.expired,
    ).toBe(false);
    const refused = { code: 1033, data: { reason: 'expired' } };
    expect(
      (await api(h.app, updateTemplate, { token: owner.token, params: { id: t3 }, body: { firmware: 'x' } }))
        .body,
    ).toMatchObject(refused);
    expect(
      (await api(h.app, putTemplateTags, { token: owner.token, params: { id: t2 }, body: { tags: [] } }))
        .body,
    ).toMatchObject(refused);
    expect(
      (await api(h.app, copyTemplate, { token: owner.token, params: { id: t2 }, body: { name: 'c' } })).body
        .code,
    ).toBe(1033);
    const hw2 = await newDevice(h);
    expect(
      (
        await api(h.app, bindDevice, {
          token: owner.token,
          body: { sn: hw2.sn, pin: hw2.pin, name: 'late', template_id: t3 },
        })
      ).body,
    ).toMatchObject(refused);
    const p3 = (await api(h.app, listProjects, { token: owner.token })).body.data?.list.find(
      (p) => p.name === 'p3',
    );
    expect(
      (
        await api(h.app, updateProject, {
          token: owner.token,
          params: { id: p3?.id ?? 0 },
          body: { name: 'q' },
        })
      ).body.code,
    ).toBe(1033);
    expect(
      (await api(h.app, getProject, { token: owner.token, params: { id: p3?.id ?? 0 } })).body.data,
    ).toMatchObject({ expired: true });

    // A new card for one more template: the most recently created expired one returns.
    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 1 });
    expect(await expiredNames(owner)).toEqual({ templates: ['t2'], projects: ['p2'] });
    // Deleting an expired template is allowed (it makes room).
    expect((await api(h.app, deleteTemplate, { token: owner.token, params: { id: t2 } })).body.code).toBe(0);
  });

  it('a device bound to a template that then expires keeps its live values', async () => {
    const owner = await createMainAccount(h);
    await activatedCard(h, owner, { type: CA, tagCount: 1, templateCount: 1 });
    await template(owner, 'older');
    h.clock.advance(1);
    // The device's template is the newest: the first to expire when the card lapses.
    const d = await boundDevice(h, owner, `lv${database.name}`);
    h.clock.advance(366 * DAY);
    await relogin(h, owner);
    await h.app.billing.runHousekeeping();
    expect(
      (await api(h.app, getTemplate, { token: owner.token, params: { id: d.templateId } })).body.data
        ?.expired,
    ).toBe(true);
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await c.publishAsync(
      topics.tags(d.sn),
      JSON.stringify({ v: 1, seq: 1, values: [{ tag: 'temp', value: 7, ts: h.clock.now() }] }),
      { qos: 1 },
    );
    await c.endAsync();
    const tags = await api(h.app, deviceTags, { token: owner.token, params: { id: d.deviceId } });
    expect(tags.body.data?.list.find((t) => t.name === 'temp')?.value).toBe('7');
  });
});

describe('allowance with BILLING=off', () => {
  const h = useHarness(sqliteDatabase, { env: { BILLING: 'off' } });

  it('is unlimited: template_max_num null, no 1033 for templates or projects', async () => {
    const owner = await createMainAccount(h);
    expect((await api(h.app, getUserInfo, { token: owner.token })).body.data?.template_max_num).toBeNull();
    for (const name of ['o1', 'o2', 'o3']) {
      const t = await api(h.app, createTemplate, { token: owner.token, body: { name, hmi_model: 'X10' } });
      expect(t.body).toMatchObject({ code: 0, data: { expired: false } });
      expect((await api(h.app, createProject, { token: owner.token, body: { name } })).body.code).toBe(0);
    }
  });
});
