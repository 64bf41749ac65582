import { createGroup, deviceField, ingestStats, Permission, topics } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, describe, expect, it } from 'vitest';
import { createMainAccount, createSubAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { api } from '../../test/harness';
import { boundDevice, brokerUrl, connect } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { AccountSuite, withAccountSuite } from '../../test/suite';

const report = {
  v: 1,
  ts: 1772352000000,
  connections: [
    {
      name: 'plc1',
      protocol: 'modbus-tcp',
      state: 'error',
      last_error: 'timeout',
      last_error_at: 1772351999000,
      requests: 120,
      errors: 7,
      p50_ms: 12,
      p99_ms: 950,
      tags: 14,
    },
  ],
  outbox: { depth: 3600, bytes: 1_200_000, oldest_ts: 1772348400000, dropped: 12 },
};

describe.each(databases)('field diagnostics of a gateway on $name', (database) => {
  let device: Awaited<ReturnType<typeof boundDevice>>;
  let client: MqttClient;
  let viewer: TestAccount;
  let blind: TestAccount;
  let stranger: TestAccount;
  const ctx = withAccountSuite(new AccountSuite(), database, 50, async () => {
    device = await boundDevice(ctx.h, ctx.main, `field${database.name}`);
    const group = await ok(ctx.h, ctx.main, createGroup, { body: { name: 'Line1' } });
    await ctx.h.app.database.db
      .updateTable('devices')
      .set({ group_id: group.id })
      .where('id', '=', device.deviceId)
      .execute();
    viewer = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW], { group: [group.id] });
    // Device view, but not this device's group.
    blind = await createSubAccount(ctx.h, ctx.main.teamId, [Permission.DEVICE_VIEW]);
    stranger = await createMainAccount(ctx.h);
    client = await connect(brokerUrl(ctx.h), { username: device.sn, password: device.secret });
  });

  afterAll(async () => {
    await client?.endAsync();
  });

  const fieldOf = (account: TestAccount) =>
    api(ctx.h.app, deviceField, { params: { id: device.deviceId }, token: account.token });

  it('serves the latest field report and the agent version to who may see the device, no one else', async () => {
    expect((await fieldOf(ctx.main)).body.data).toEqual({
      agent_version: null,
      reported_at: null,
      report: null,
      refused_protocol: null,
    });
    await client.publishAsync(topics.field(device.sn), JSON.stringify(report), { qos: 1 });
    await client.publishAsync(
      topics.state(device.sn),
      JSON.stringify({ v: 1, online: true, agent: '0.2.0' }),
      { qos: 1, retain: true },
    );
    const { v: _v, ...stored } = report;
    for (const account of [ctx.main, viewer])
      expect((await fieldOf(account)).body.data).toMatchObject({
        agent_version: '0.2.0',
        reported_at: Math.floor(ctx.h.clock.now() / 1000),
        report: stored,
        refused_protocol: null,
      });
    for (const account of [blind, stranger]) {
      const refused = await fieldOf(account);
      expect(refused.body.code).toBe(1003);
      expect(refused.body.data).toBeNull();
    }
  });

  it('a protocol version the server does not accept is refused visibly: counted and kept with its time', async () => {
    const newer = { v: 2, seq: 1, values: [{ tag: 'temp', value: 1, ts: 1772352000000 }] };
    await client.publishAsync(topics.tags(device.sn), JSON.stringify(newer), { qos: 1 });
    await client.publishAsync(topics.state(device.sn), JSON.stringify({ v: 2, online: true }), { qos: 1 });
    const stats = await ok(ctx.h, ctx.main, ingestStats, { params: { id: device.deviceId } });
    expect(stats.rejected).toMatchObject({ protocolVersion: 2 });
    expect(stats.rejected.schema).toBeUndefined();
    expect((await fieldOf(ctx.main)).body.data?.refused_protocol).toEqual({
      version: 2,
      at: Math.floor(ctx.h.clock.now() / 1000),
    });
  });
});
