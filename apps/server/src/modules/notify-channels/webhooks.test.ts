import {
  createWebhook,
  deleteWebhook,
  listWebhookDeliveries,
  listAudit,
  listWebhooks,
  renewWebhookSecret,
  testWebhook,
  updateWebhook,
  WEBHOOKS_PER_TEAM_MAX,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { addRule, HOT_RULE, publisher } from '../../test/alarms';
import { databases } from '../../test/databases';
import { api, restartApp } from '../../test/harness';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { startReceiver, type Receiver } from '../../test/webhook-receiver';
import { RETRY_BACKOFF_SECONDS } from './worker';

describe.each(databases)('alarm webhooks to a real receiver on $name', (database) => {
  let rx: Receiver;
  let a: TestAccount;
  let b: TestAccount;
  const clients: MqttClient[] = [];
  let pubA: ReturnType<typeof publisher>;
  let pubB: ReturnType<typeof publisher>;
  let hookA: number;

  const hook = (account: TestAccount, path: string, min_level = 1) =>
    ok(h, account, createWebhook, { body: { name: path, url: rx.url(path), min_level, enabled: true } });
  const log = async (id: number) => (await ok(h, a, listWebhookDeliveries, { params: { id } })).list;
  const settle = () => h.app.alarms.notifier.idle();
  /**
   * Raises HOT_RULE again (down below the deadband, then over the limit) at sample time `step` × 5 min:
   * far enough apart that the raises are never a chattering alarm (notified once; engine/chatter.ts).
   */
  const raise = async (pub: ReturnType<typeof publisher>, step: number) => {
    await pub.send('temp', 0, step * 300);
    await pub.send('temp', 95, step * 300 + 1);
  };
  const device = async (account: TestAccount, sn: string) => {
    const d = await boundDevice(h, account, sn);
    await addRule(h, account, d.templateId, { ...HOT_RULE, tag_id: d.tagId('temp') });
    const client = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    clients.push(client);
    return publisher(h, client, d.sn, d.deviceId);
  };

  beforeAll(async () => {
    rx = await startReceiver();
  });
  afterAll(async () => {
    await rx?.close();
  });
  const h = useHarness(database, { env: { WEBHOOK_TARGETS: 'loopback' } });
  beforeAll(async () => {
    a = await createMainAccount(h, 5);
    b = await createMainAccount(h, 5);
    pubA = await device(a, `whA${database.name}`);
    pubB = await device(b, `whB${database.name}`);
    const created = await hook(a, '/a');
    hookA = created.id;
    rx.trust('/a', created.secret);
  });
  afterAll(async () => {
    for (const c of clients) await c.endAsync();
  });

  it('refuses URLs outside the rules, other teams and sub-accounts, and shows the secret once', async () => {
    const refused = async (url: string) => {
      const r = await api(h.app, createWebhook, {
        token: a.token,
        body: { name: 'x', url, min_level: 1, enabled: true },
      });
      return [r.body.code, (r.body.data as { field?: string } | null)?.field];
    };
    expect(await refused('http://example.com/hook')).toEqual([1006, 'url']);
    expect(await refused('https://10.0.0.5/hook')).toEqual([1006, 'url']);
    expect(await refused('https://169.254.169.254/latest')).toEqual([1006, 'url']);
    expect(await refused('https://user:pw@example.com/')).toEqual([1006, 'url']);
    expect(await refused('ftp://example.com/')).toEqual([1006, 'url']);

    const sub = await createSubAccount(h, a.teamId, [1, 2, 24, 28]);
    expect((await api(h.app, listWebhooks, { token: sub.token })).body.code).toBe(1002);
    expect(
      (await api(h.app, testWebhook, { token: b.token, params: { id: hookA }, body: {} })).body.code,
    ).toBe(1003);
    const other = await api(h.app, updateWebhook, {
      token: b.token,
      params: { id: hookA },
      body: { name: 'mine', url: rx.url('/b'), min_level: 1, enabled: true },
    });
    expect(other.body.code).toBe(1003);
    expect((await ok(h, b, listWebhooks)).list).toEqual([]);

    const listed = (await ok(h, a, listWebhooks)).list;
    expect(listed.map((w) => w.url)).toEqual([rx.url('/a')]);
    expect(JSON.stringify(listed)).not.toContain('whsec_');

    const extra: number[] = [];
    for (let i = 0; i < WEBHOOKS_PER_TEAM_MAX; i++) extra.push((await hook(b, `/b${i}`)).id);
    const over = await api(h.app, createWebhook, {
      token: b.token,
      body: { name: 'over', url: rx.url('/over'), min_level: 1, enabled: true },
    });
    expect(over.body.code).toBe(1208);
    for (const id of extra) await ok(h, b, deleteWebhook, { params: { id } });
    const audited = async (action: 'webhookAdded' | 'webhookDeleted') =>
      (await ok(h, b, listAudit, { query: { action, pageSize: 50 } })).list;
    expect(await audited('webhookAdded')).toHaveLength(WEBHOOKS_PER_TEAM_MAX);
    expect((await audited('webhookDeleted'))[0]).toMatchObject({ detail: { url: rx.url('/b9') } });
  });

  it('delivers a raised alarm as signed JSON the receiver verifies', async () => {
    await pubA.send('temp', 95, 0);
    await settle();
    const got = rx.received.filter((r) => r.path === '/a');
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ event: 'alarm', signed: true, body: { event: 'alarm' } });
    expect(got[0]?.body.alarm).toMatchObject({
      team_id: a.teamId,
      kind: 'rule',
      rule: 'hot',
      level: 16,
      value: '95',
    });
    expect((await log(hookA))[0]).toMatchObject({
      status: 'ok',
      attempts: 1,
      http_status: 200,
      answer: 'ok',
    });
  });

  it('retries after a 500 with back-off and logs the last answers', async () => {
    let calls = 0;
    rx.answer(() => (++calls === 1 ? { status: 500, body: 'boom' } : { status: 204 }));
    await raise(pubA, 100);
    await settle();
    const first = (await log(hookA))[0];
    expect(first).toMatchObject({ status: 'pending', attempts: 1, http_status: 500, answer: 'boom' });
    expect(first?.next_at).toBe((first?.attempted_at ?? 0) + 10);

    h.clock.advance(9);
    await h.app.alarms.notifier.deliverDue();
    expect(calls).toBe(1);
    h.clock.advance(1);
    await h.app.alarms.notifier.deliverDue();
    expect(calls).toBe(2);
    expect((await log(hookA))[0]).toMatchObject({
      status: 'ok',
      attempts: 2,
      http_status: 204,
      next_at: null,
    });
    expect(rx.received.filter((r) => r.path === '/a').every((r) => r.signed)).toBe(true);
  });

  it('never follows a redirect', async () => {
    rx.answer((path) =>
      path === '/a' ? { status: 302, headers: { location: rx.url('/elsewhere') } } : { status: 200 },
    );
    await raise(pubA, 200);
    await settle();
    expect((await log(hookA))[0]).toMatchObject({ status: 'pending', http_status: 302 });
    expect((await log(hookA))[0]?.answer).toMatch(/^redirect not followed/);
    expect(rx.received.some((r) => r.path === '/elsewhere')).toBe(false);
  });

  it('a receiver that does not answer blocks neither the engine nor another team', async () => {
    const created = await hook(b, '/b');
    rx.trust('/b', created.secret);
    rx.answer((path) => (path === '/a' ? { status: 200, hold: true } : { status: 200 }));
    h.clock.advance(120);
    const before = rx.received.length;
    await raise(pubA, 300);
    await rx.count(before + 1);
    // A's request hangs; B's alarm is evaluated (send resolves after engine.idle) and delivered.
    await raise(pubB, 301);
    await rx.count(before + 2);
    // …while A's request is still open: B did not wait for A to answer or time out.
    expect(rx.openHeld()).toBe(1);
    expect(rx.received.slice(before).map((r) => [r.path, r.signed])).toEqual([
      ['/a', true],
      ['/b', true],
    ]);
    rx.release();
    rx.answer(() => ({ status: 200, body: 'ok' }));
    await settle();
  });

  it('gives up after the last back-off and says so in the log', async () => {
    rx.answer(() => ({ status: 500, body: 'down' }));
    h.clock.advance(120);
    await raise(pubA, 500);
    await settle();
    const id = (await log(hookA))[0]?.id;
    for (const wait of RETRY_BACKOFF_SECONDS) {
      h.clock.advance(wait);
      await h.app.alarms.notifier.deliverDue();
    }
    expect((await log(hookA)).find((d) => d.id === id)).toMatchObject({
      status: 'failed',
      attempts: RETRY_BACKOFF_SECONDS.length + 1,
      http_status: 500,
      next_at: null,
    });
    h.clock.advance(3600);
    const before = rx.received.length;
    await h.app.alarms.notifier.deliverDue();
    expect(rx.received.length).toBe(before);
    rx.answer(() => ({ status: 200, body: 'ok' }));
  });

  it('keeps a pending retry across a restart and bounds the answer it logs', async () => {
    rx.answer(() => ({ status: 503, body: 'x'.repeat(100_000) }));
    h.clock.advance(120);
    await raise(pubA, 600);
    await settle();
    const pending = (await log(hookA))[0];
    expect(pending).toMatchObject({ status: 'pending', attempts: 1, http_status: 503 });
    expect(pending?.answer.length).toBe(512);

    rx.answer(() => ({ status: 200, body: 'ok' }));
    await restartApp(h);
    h.clock.advance(10);
    await h.app.alarms.notifier.deliverDue();
    expect((await log(hookA)).find((d) => d.id === pending?.id)).toMatchObject({ status: 'ok', attempts: 2 });
  });

  it('sends a test delivery on demand and logs it', async () => {
    const d = await ok(h, a, testWebhook, { params: { id: hookA }, body: {} });
    expect(d).toMatchObject({ event: 'test', status: 'ok', attempts: 1, http_status: 200 });
    expect(rx.received.at(-1)).toMatchObject({ path: '/a', event: 'test', signed: true });
    expect((await log(hookA))[0]?.id).toBe(d.id);

    // A renewed secret signs from then on; the old one no longer verifies; the renewal is audited.
    const { secret } = await ok(h, a, renewWebhookSecret, { params: { id: hookA }, body: {} });
    await ok(h, a, testWebhook, { params: { id: hookA }, body: {} });
    expect(rx.received.at(-1)?.signed).toBe(false);
    rx.trust('/a', secret);
    await ok(h, a, testWebhook, { params: { id: hookA }, body: {} });
    expect(rx.received.at(-1)?.signed).toBe(true);
    const renewed = await ok(h, a, listAudit, { query: { action: 'webhookSecretRenewed' } });
    expect(renewed.list[0]).toMatchObject({ target: '/a', detail: { url: rx.url('/a') } });
    expect(JSON.stringify(renewed.list)).not.toContain(secret);
  });
});
