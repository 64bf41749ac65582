import { syncDevice, unbindDevice, topics } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { historyOf } from '../../test/history';
import { startMosquitto, type TestMosquitto } from '../../test/mosquitto';
import { boundDevice, connect, nextLive, nextMessage } from '../../test/mqtt';
import { ok } from '../../test/registry';
import type { ExternalBroker } from './external';

// External-broker mode is the production mode; it runs on every database of the list (SQLite, and
// PostgreSQL when reachable). Ingest waits for the console's own events (values, online, command)
// rather than for the broker's PUBACK to the device, which comes before the console has stored it.
describe.each(databases)('external broker (Mosquitto + dynamic security) on $name', (database) => {
  let mosquitto: TestMosquitto;
  let main: TestAccount;
  let url: string;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
    url = mosquitto.url;
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });
  const h = useHarness(database, { env: () => ({ MQTT_URL: mosquitto.consoleUrl, BILLING: 'off' }) });
  beforeAll(async () => {
    main = await createMainAccount(h, 20);
  });

  const provisioned = async (name: string) => {
    const d = await boundDevice(h, main, `${database.name}${name}`);
    await (h.app.connectivity.broker as ExternalBroker).security().provisionDevice(d.sn, d.secret);
    return d;
  };

  it('per-device authentication and ACL on Mosquitto', async () => {
    const a = await provisioned('x1');
    const b = await provisioned('x2');
    await expect(connect(url, { protocolVersion: 5 })).rejects.toThrow();
    await expect(connect(url, { username: a.sn, password: 'wrong', protocolVersion: 5 })).rejects.toThrow();
    await expect(
      connect(url, { username: 'UNKNOWN', password: a.secret, protocolVersion: 5 }),
    ).rejects.toThrow();
    const dev = await connect(url, { username: a.sn, password: a.secret, protocolVersion: 5 });
    for (const refused of ['#', 'hmi/+/tags', topics.cmd(b.sn), topics.tags(a.sn)])
      await expect(dev.subscribeAsync(refused, { qos: 1 }), refused).rejects.toThrow();
    expect((await dev.subscribeAsync(topics.cmd(a.sn), { qos: 1 }))[0]?.qos).toBe(1);
    for (const topic of [topics.tags(b.sn), topics.cmd(a.sn), topics.cmd(b.sn)])
      await expect(
        dev.publishAsync(topic, '{"v":1,"seq":1,"values":[{"tag":"temp","value":1,"ts":1}]}', { qos: 1 }),
        topic,
      ).rejects.toThrow(/not authori[sz]ed/i);
    await dev.endAsync();
  });

  it('ingests QoS 1 batches through the broker, syncs, and unbinding kicks the device', async () => {
    const d = await provisioned('s1');
    let seen = 0;
    let off = () => {};
    const all = new Promise<void>((resolve) => {
      off = h.app.connectivity.bus.on('live', ({ event }) => {
        if (event.type === 'values' && event.device_id === d.deviceId && ++seen === 20) resolve();
      });
    });
    const dev = await connect(url, { username: d.sn, password: d.secret, protocolVersion: 5 });
    for (let seq = 1; seq <= 20; seq += 1)
      await dev.publishAsync(
        topics.tags(d.sn),
        JSON.stringify({ v: 1, seq, values: [{ tag: 'temp', value: seq, ts: 1000 + seq }] }),
        { qos: 1 },
      );
    await all;
    off();
    const rows = await historyOf(h, d.deviceId);
    expect(rows.map((r) => Number(r.value)).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    // Commands go out through the broker: sync round trip. With an external broker the device is
    // online once the console has stored its state message; publishAsync resolves on the broker's
    // PUBACK, before that, and a command to a device still offline fails at once (never sent). So
    // wait for the online event (armed before publishing) before asking for the sync.
    await dev.subscribeAsync(topics.cmd(d.sn), { qos: 1 });
    const online = nextLive(h, (e) => e.type === 'online' && e.device_id === d.deviceId && e.online === 1);
    await dev.publishAsync(topics.state(d.sn), JSON.stringify({ v: 1, online: true }), { qos: 1 });
    await online;
    const got = nextMessage(dev, topics.cmd(d.sn));
    const cmd = await ok(h, main, syncDevice, { params: { id: d.deviceId } });
    expect(cmd.status).toBe('pending');
    const c = (await got) as { id: string; config_version: number };
    expect(c.id).toBe(cmd.id);
    const finished = nextLive(h, (e) => e.type === 'command' && e.command_id === cmd.id);
    await dev.publishAsync(
      topics.ack(d.sn),
      JSON.stringify({ v: 1, id: c.id, ok: true, config_version: c.config_version }),
      { qos: 1 },
    );
    expect(await finished).toMatchObject({ status: 'done' });
    // Unbinding kicks the device off the broker (dynamic-security disable + enable); MQTT 5 sends
    // DISCONNECT (administrative action) before closing the socket.
    const closed = new Promise<void>((resolve) => {
      dev.once('disconnect', () => resolve());
      dev.once('close', () => resolve());
    });
    await ok(h, main, unbindDevice, { params: { id: d.deviceId } });
    await closed;
    dev.end(true);
  });
});
