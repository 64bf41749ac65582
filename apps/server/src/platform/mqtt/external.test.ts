import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { topics } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMainAccount, type TestAccount } from '../../test/accounts';
import { databases } from '../../test/databases';
import { startHarness, type Harness } from '../../test/harness';
import { boundDevice, connect, nextLive, nextMessage } from '../../test/mqtt';
import { ok } from '../../test/registry';
import { DynsecClient } from './dynsec';
import type { ExternalBroker } from './external';

const run = promisify(execFile);
const PLUGIN = '/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const addr = s.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** A Mosquitto of this test's own: free port, dynamic-security plugin, generated configuration. */
async function startMosquitto(dir: string): Promise<{ port: number; proc: ChildProcess }> {
  const port = await freePort();
  await run('mosquitto_ctrl', ['dynsec', 'init', join(dir, 'dynsec.json'), 'admin', 'admin-pw']);
  const conf = join(dir, 'mosquitto.conf');
  writeFileSync(
    conf,
    [
      `listener ${port} 127.0.0.1`,
      // Started as root, Mosquitto would switch to the mosquitto user, who cannot read our temp dir.
      `user ${userInfo().username}`,
      'allow_anonymous false',
      `plugin ${PLUGIN}`,
      `plugin_opt_config_file ${join(dir, 'dynsec.json')}`,
      'persistence false',
      'log_dest stderr',
      'log_type all',
      '',
    ].join('\n'),
  );
  const proc = spawn('/usr/sbin/mosquitto', ['-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    proc.stderr?.on('data', (d: Buffer) => {
      log += d.toString();
      if (log.includes(`listen socket on port ${port}`) && log.includes(' running')) resolve();
      if (process.env.DEBUG_MOSQUITTO) process.stderr.write(d);
    });
    proc.once('exit', (code) => reject(new Error(`mosquitto exited (${code}): ${log}`)));
  });
  return { port, proc };
}

// The machine kind ships Mosquitto with its dynamic-security plugin; without it this suite must fail,
// not vanish.
if (!existsSync(PLUGIN)) throw new Error(`Mosquitto's dynamic-security plugin is missing: ${PLUGIN}`);

// External-broker mode is the production mode; it runs on every database of the list (SQLite, and
// PostgreSQL when reachable). Ingest waits for the console's own events (values, online, command)
// rather than for the broker's PUBACK to the device, which comes before the console has stored it.
describe.each(databases)('external broker (Mosquitto + dynamic security) on $name', (database) => {
  let dir: string;
  let mosquitto: { port: number; proc: ChildProcess };
  let h: Harness;
  let main: TestAccount;
  let url: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hmi-mosq-'));
    mosquitto = await startMosquitto(dir);
    url = `mqtt://127.0.0.1:${mosquitto.port}`;
    // One-time set-up with the plugin's admin: the console role and login.
    const admin = await connect(url, { username: 'admin', password: 'admin-pw', protocolVersion: 5 });
    await new DynsecClient(admin).setupConsole('console', 'console-pw');
    await admin.endAsync();
    const env = { MQTT_URL: `mqtt://console:console-pw@127.0.0.1:${mosquitto.port}` };
    h = await startHarness(database, env);
    main = await createMainAccount(h, 20);
  });
  afterAll(async () => {
    await h?.close();
    mosquitto?.proc.kill('SIGTERM');
    if (dir) rmSync(dir, { recursive: true, force: true });
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
    const rows = await h.app.database.db
      .selectFrom('tag_history')
      .select('value')
      .where('device_id', '=', d.deviceId)
      .execute();
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
    const cmd = await ok<{ id: string; status: string }>(h, main, 'POST', `/v1/devices/${d.deviceId}/sync`);
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
    await ok(h, main, 'DELETE', `/v1/devices/${d.deviceId}`);
    await closed;
    dev.end(true);
  });
});
