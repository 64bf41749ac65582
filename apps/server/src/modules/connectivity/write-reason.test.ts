import { getCommand, listAudit, topics, writeTag } from '@hmi/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { boundDevice, brokerUrl, connect, nextLive, nextMessage } from '../../test/mqtt';
import { ok } from '../../test/registry';

describe.each(databases)('a field write refused by the PLC on $name', (database) => {
  let main: TestAccount;

  const h = useHarness(database, { env: { COMMAND_TIMEOUT_SECONDS: '1' } });
  beforeAll(async () => {
    main = await createMainAccount(h, 20);
  });

  const failedWrites = async () =>
    (await ok(h, main, listAudit, { query: { action: 'tagWriteFailed', pageSize: 50 } })).list;

  it("fails the command with the ack's reason and audits the failure with it; a timeout too", async () => {
    const d = await boundDevice(h, main, `w${database.name}`);
    const c = await connect(brokerUrl(h), { username: d.sn, password: d.secret });
    await c.subscribeAsync(topics.cmd(d.sn), { qos: 1 });
    await c.publishAsync(topics.state(d.sn), JSON.stringify({ v: 1, online: true }), {
      qos: 1,
      retain: true,
    });

    const cmd = nextMessage(c, topics.cmd(d.sn));
    const w = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('speed') },
      body: { value: '42' },
    });
    expect(await cmd).toMatchObject({ id: w.id, type: 'write' });
    const failed = nextLive(h, (e) => e.type === 'command' && e.command_id === w.id);
    const ack = { v: 1, id: w.id, ok: false, reason: 'exception:2', error: 'Illegal data address' };
    await c.publishAsync(topics.ack(d.sn), JSON.stringify(ack), { qos: 1 });
    // The machine-readable reason, which the console translates.
    expect(await failed).toMatchObject({ status: 'failed', error: 'exception:2' });
    expect(await ok(h, main, getCommand, { params: { id: d.deviceId, cmdId: w.id } })).toMatchObject({
      status: 'failed',
      error: 'exception:2',
    });

    // A write that succeeds adds no failure entry; one never confirmed does, with `timeout`.
    const sent = nextMessage(c, topics.cmd(d.sn));
    const okWrite = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('label') },
      body: { value: 'fine' },
    });
    await sent;
    const done = nextLive(h, (e) => e.type === 'command' && e.command_id === okWrite.id);
    await c.publishAsync(topics.ack(d.sn), JSON.stringify({ v: 1, id: okWrite.id, ok: true }), { qos: 1 });
    await done;
    const unanswered = await ok(h, main, writeTag, {
      params: { id: d.deviceId, tagId: d.tagId('running') },
      body: { value: true },
    });
    await nextLive(h, (e) => e.type === 'command' && e.command_id === unanswered.id);
    await h.app.audit.settled();
    const entries = await failedWrites();
    expect(entries.map((e) => ({ user_id: e.user_id, target: e.target, detail: e.detail }))).toEqual([
      {
        user_id: main.userId,
        target: `Dw${database.name}`,
        detail: { tag: 'running', new: '1', error: 'timeout' },
      },
      {
        user_id: main.userId,
        target: `Dw${database.name}`,
        detail: { tag: 'speed', new: '42', error: 'exception:2' },
      },
    ]);
    await c.endAsync();
  });
});
