import {
  getBillingCard,
  setTrafficSwitch,
  getBillingAccount,
  listBillingCards,
  listRecharges,
  listAllocations,
  allocateCard,
  activateBillingCard,
  checkBillingCard,
  createAllocation,
  monthTraffic,
  BillingCardType,
  type CallDef,
} from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { activatedCard, cardBody, GB, issueTestCards } from '../../test/billing';
import { databases } from '../../test/databases';
import { api, type ApiRest } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { ok, seedRegistry } from '../../test/registry';
import { cardAttemptPolicy } from './cards-service';

const CA = BillingCardType.CLOUD_APPLICATION;
const RA = BillingCardType.REMOTE_ACCESS;

describe.each(databases)('billing cards on $name', (database) => {
  let owner: TestAccount;
  let other: TestAccount;

  const h = useHarness(database);
  beforeAll(async () => {
    owner = await createMainAccount(h);
    other = await createMainAccount(h);
  });

  /** The call `def` as `who`; its answer unchecked (the tests assert refusals too). */
  const post = <C extends CallDef>(who: TestAccount, def: C, ...[args]: ApiRest<C>) =>
    api(h.app, def, ...([{ ...args, token: who.token }] as ApiRest<C>));

  it('issue, check, activate: the card fills the pool, templates and traffic of My account', async () => {
    const [cloud] = await issueTestCards(h, { type: CA, tagCount: 50, templateCount: 3 });
    const [remote] = await issueTestCards(h, { type: RA, trafficBytes: 5 * GB });
    if (!cloud || !remote) throw new Error('no cards');
    expect(cloud.number).toMatch(/^CA[A-HJ-NP-Z2-9]{14}$/);
    expect(remote.password).toMatch(/^[A-Za-z0-9]{8}$/);

    const offer = await post(owner, checkBillingCard, { body: cardBody(cloud, CA) });
    expect(offer.body).toMatchObject({
      code: 0,
      data: { number: cloud.number, type: CA, tag_count: 50, template_count: 3, validity_days: 365 },
    });
    const before = await ok(h, owner, getBillingAccount);
    expect(before).toMatchObject({ billing_enabled: true, tags: { pool: 0 }, templates: { allowed: 1 } });

    const card = await post(owner, activateBillingCard, { body: cardBody(cloud, CA) });
    const now = Math.floor(h.clock.now() / 1000);
    expect(card.body).toMatchObject({
      code: 0,
      data: { status: 1, activated_at: now, expires_at: now + 365 * 86400, tag_count: 50 },
    });
    await post(owner, activateBillingCard, { body: cardBody(remote, RA) });
    expect(await ok(h, owner, getBillingAccount)).toEqual({
      billing_enabled: true,
      tags: { pool: 50, allocated: 0, free: 50 },
      templates: { allowed: 4, used: 0 },
      projects: { allowed: 4, used: 0 },
      traffic: { total: 5 * GB, used: 0, remaining: 5 * GB },
    });
    const list = await ok(h, owner, listBillingCards, { query: { type: '2' } });
    expect(list.list.map((c) => c.number)).toEqual([remote.number]);
    const recharges = await ok(h, owner, listRecharges);
    expect(recharges.total).toBe(2);
    expect((await ok(h, other, listBillingCards)).total).toBe(0);
  });

  it('1043 for a wrong number, password or type; 1201 after the limit even with the right password', async () => {
    const [card] = await issueTestCards(h, { type: RA });
    if (!card) throw new Error('no card');
    const team = await createMainAccount(h);
    const ip = '10.9.9.9';
    const wrongPassword = { ...cardBody(card, RA), password: 'wrong123' };
    const wrong = [{ ...cardBody(card, RA), card_no: 'ZZZZZZZZ' }, wrongPassword, cardBody(card, CA)];
    for (const body of wrong)
      expect((await post(team, activateBillingCard, { body, ip })).body.code).toBe(1043);
    for (let i = wrong.length; i < cardAttemptPolicy.perTeam; i += 1)
      expect((await post(team, checkBillingCard, { body: wrongPassword, ip })).body.code).toBe(1043);
    const blocked = await post(team, activateBillingCard, { body: cardBody(card, RA), ip });
    expect(blocked.status).toBe(429);
    expect(blocked.body).toMatchObject({
      code: 1201,
      data: { retry_after: cardAttemptPolicy.windowSeconds },
    });
    // Refused tries are not counted: once the window has passed, the right password works.
    h.clock.advance(cardAttemptPolicy.windowSeconds);
    expect((await post(team, activateBillingCard, { body: cardBody(card, RA), ip })).body.code).toBe(0);
  });

  it('1044 past the activation deadline; 1045 activated by this team, 1050 by another', async () => {
    const now = Math.floor(h.clock.now() / 1000);
    const [late] = await issueTestCards(h, { type: RA, activationDeadline: now + 60 });
    const [taken] = await issueTestCards(h, { type: RA });
    if (!late || !taken) throw new Error('no cards');
    h.clock.advance(61);
    expect((await post(owner, activateBillingCard, { body: cardBody(late, RA) })).body.code).toBe(1044);
    expect((await post(owner, activateBillingCard, { body: cardBody(taken, RA) })).body.code).toBe(0);
    expect((await post(owner, activateBillingCard, { body: cardBody(taken, RA) })).body.code).toBe(1045);
    expect((await post(other, checkBillingCard, { body: cardBody(taken, RA) })).body.code).toBe(1050);
  });

  it('two activations of one card at once: exactly one wins', async () => {
    const [card] = await issueTestCards(h, { type: CA });
    if (!card) throw new Error('no card');
    const answers = await Promise.all([
      post(owner, activateBillingCard, { body: cardBody(card, CA) }),
      post(other, activateBillingCard, { body: cardBody(card, CA) }),
    ]);
    const codes = answers.map((a) => a.body.code).sort();
    expect(codes[0]).toBe(0);
    expect([1045, 1050]).toContain(codes[1]);
    const owners = await h.app.database.db
      .selectFrom('billing_cards')
      .select('team_id')
      .where('number', '=', card.number)
      .execute();
    expect(owners).toHaveLength(1);
  });

  it('activation needs 18 for Cloud Application and 20 for Remote Access', async () => {
    const cloudOnly = await createSubAccount(h, owner.teamId, [17, 18]);
    const remoteOnly = await createSubAccount(h, owner.teamId, [17, 20]);
    const [cloud] = await issueTestCards(h, { type: CA });
    const [remote] = await issueTestCards(h, { type: RA });
    if (!cloud || !remote) throw new Error('no cards');
    expect((await post(cloudOnly, activateBillingCard, { body: cardBody(remote, RA) })).body.code).toBe(1002);
    expect((await post(remoteOnly, activateBillingCard, { body: cardBody(cloud, CA) })).body.code).toBe(1002);
    expect((await post(cloudOnly, activateBillingCard, { body: cardBody(cloud, CA) })).body).toMatchObject({
      code: 0,
      data: { activated_by_name: expect.stringMatching(/^sub/) },
    });
    expect((await post(remoteOnly, activateBillingCard, { body: cardBody(remote, RA) })).body.code).toBe(0);
    const none = await createSubAccount(h, owner.teamId, [17]);
    expect((await post(none, checkBillingCard, { body: cardBody(remote, RA) })).body.code).toBe(1002);
  });

  it("team B can neither see nor allocate team A's cards, nor allocate to team A's devices", async () => {
    const a = await createMainAccount(h);
    const b = await createMainAccount(h);
    const aObjects = await seedRegistry(h, a, 'billA');
    const bObjects = await seedRegistry(h, b, 'billB');
    const aCard = await activatedCard(h, a, { type: RA });
    const bCard = await activatedCard(h, b, { type: RA });
    const refused = { code: 1003, data: null };
    expect((await api(h.app, getBillingCard, { params: { id: aCard }, token: b.token })).body).toMatchObject(
      refused,
    );
    expect(
      (await post(b, allocateCard, { params: { id: aCard }, body: { device_id: bObjects.deviceId } })).body,
    ).toMatchObject(refused);
    expect(
      (await post(b, allocateCard, { params: { id: bCard }, body: { device_id: aObjects.deviceId } })).body,
    ).toMatchObject(refused);
    expect(
      (
        await post(b, createAllocation, {
          body: { device_id: aObjects.deviceId, tag_count: 1, frequency_min: 5 },
        })
      ).body,
    ).toMatchObject(refused);
    const lists = await ok(h, b, listAllocations, { query: { device_id: aObjects.deviceId } });
    expect(lists.total).toBe(0);
    expect(
      (
        await api(h.app, setTrafficSwitch, {
          params: { id: aObjects.deviceId },
          token: b.token,
          body: { on: true },
        })
      ).body,
    ).toMatchObject(refused);
    expect((await post(b, monthTraffic, { body: { device_id: aObjects.deviceId } })).body).toMatchObject(
      refused,
    );
    const card = await ok(h, a, allocateCard, {
      params: { id: aCard },
      body: {
        device_id: aObjects.deviceId,
      },
    });
    expect(card.device_id).toBe(aObjects.deviceId);
  });
});
