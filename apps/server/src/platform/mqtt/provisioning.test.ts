import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { topics } from '@hmi/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { databases } from '../../test/databases';
import { useHarness } from '../../test/suite';
import { startMosquitto, type TestMosquitto } from '../../test/mosquitto';
import { connect } from '../../test/mqtt';
import { repoRoot } from '../../test/server-process';
import type { ExternalBroker } from './external';

const run = promisify(execFile);

let counter = 0;
const newSn = (name: string) => `P${name}${Date.now().toString(36)}${(counter += 1)}`.toUpperCase();

// The operator's commands run as the real CLI (`npm run admin -- …` runs this file), against the
// database of a running server and the test's own Mosquitto.
describe.each(databases)('broker provisioning on an external Mosquitto, $name', (database) => {
  let mosquitto: TestMosquitto;

  beforeAll(async () => {
    mosquitto = await startMosquitto();
  });
  afterAll(async () => {
    await mosquitto?.stop();
  });
  const h = useHarness(database, { env: () => ({ MQTT_URL: mosquitto.consoleUrl }) });

  /** Runs an admin command; `mqttUrl` null runs it without MQTT_URL (embedded-broker set-up). */
  async function admin(args: string[], mqttUrl: string | null = mosquitto.consoleUrl) {
    const env = {
      ...process.env,
      DATA_DIR: h.dataDir,
      DATABASE_URL: h.config.databaseUrl ?? '',
      MQTT_URL: mqttUrl ?? '',
      REDIS_URL: '',
    };
    try {
      const r = await run(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', ...args], {
        cwd: repoRoot,
        env,
      });
      return { code: 0, out: r.stdout, err: r.stderr };
    } catch (e) {
      const f = e as { code?: number; stdout?: string; stderr?: string };
      return { code: f.code ?? -1, out: f.stdout ?? '', err: f.stderr ?? '' };
    }
  }

  async function register(sn: string, mqttUrl?: string | null): Promise<string> {
    const r = await admin(['device:register', '--sn', sn, '--pin', '1234', '--model', 'X10'], mqttUrl);
    expect(r, r.err).toMatchObject({ code: 0 });
    const secret = /Device secret: (\S+)/.exec(r.out)?.[1];
    if (!secret) throw new Error(`no secret in: ${r.out}`);
    return secret;
  }

  const login = (sn: string, password: string) =>
    connect(mosquitto.url, { username: sn, password, protocolVersion: 5 });

  const hardware = (sn: string) =>
    h.app.database.db
      .selectFrom('hardware')
      .select(['sn', 'revoked_at'])
      .where('sn', '=', sn)
      .executeTakeFirst();

  it('device:register creates the login and the ACL: the new device connects, under its own prefix only', async () => {
    const sn = newSn('reg');
    const other = newSn('other');
    const secret = await register(sn);
    expect(await hardware(sn)).toMatchObject({ sn, revoked_at: null });
    await expect(login(sn, 'wrong-secret')).rejects.toThrow();
    const dev = await login(sn, secret);
    await dev.publishAsync(topics.tags(sn), JSON.stringify({ v: 1, seq: 1, values: [] }), { qos: 1 });
    await expect(
      dev.publishAsync(topics.tags(other), JSON.stringify({ v: 1, seq: 1, values: [] }), { qos: 1 }),
    ).rejects.toThrow(/not authori[sz]ed/i);
    await expect(dev.subscribeAsync('#', { qos: 1 })).rejects.toThrow();
    await dev.endAsync();
  });

  it('device:register changes nothing when the broker refuses the login', async () => {
    const sn = newSn('refused');
    // A login the broker knows but that holds no right on the dynamic-security API.
    const a = await mosquitto.admin();
    await a.dynsec.run(
      [{ command: 'createClient', username: 'powerless', password: 'pw' }],
      ['already exists'],
    );
    await a.close();
    const r = await admin(
      ['device:register', '--sn', sn, '--pin', '1234', '--model', 'X10'],
      `mqtt://powerless:pw@127.0.0.1:${mosquitto.port}`,
    );
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/device:register failed.*\n.*Nothing was changed/);
    expect(await hardware(sn)).toBeUndefined();
    // The SN is free: registering it again works.
    await register(sn);
  });

  it('device:revoke removes the login: the live connection closes and the device is refused', async () => {
    const sn = newSn('rev');
    const secret = await register(sn);
    const dev = await login(sn, secret);
    const closed = new Promise<void>((resolve) => dev.once('close', () => resolve()));
    const r = await admin(['device:revoke', '--sn', sn]);
    expect(r, r.err).toMatchObject({ code: 0 });
    await closed;
    dev.end(true);
    expect((await hardware(sn))?.revoked_at).not.toBeNull();
    await expect(login(sn, secret)).rejects.toThrow();
  });

  it('device:secret gives hardware registered for the embedded broker its login on the external one', async () => {
    const sn = newSn('sec');
    const old = await register(sn, null);
    await expect(login(sn, old)).rejects.toThrow();
    const r = await admin(['device:secret', '--sn', sn]);
    expect(r, r.err).toMatchObject({ code: 0 });
    const secret = /Device secret: (\S+)/.exec(r.out)?.[1] ?? '';
    expect(secret).not.toBe(old);
    const dev = await login(sn, secret);
    await dev.endAsync();
    await expect(login(sn, old)).rejects.toThrow();
    expect(await admin(['device:secret', '--sn', newSn('unknown')])).toMatchObject({ code: 1 });
  });

  it('hardwareRevoked on the bus deletes the login on the external broker', async () => {
    const sn = newSn('bus');
    const secret = await register(sn);
    const dev = await login(sn, secret);
    const closed = new Promise<void>((resolve) => dev.once('close', () => resolve()));
    h.app.connectivity.bus.emit('hardwareRevoked', { sn });
    await closed;
    dev.end(true);
    await expect(login(sn, secret)).rejects.toThrow();
  });

  it('a server starting on the external broker removes logins of revoked or unknown hardware and reports hardware without one', async () => {
    const orphan = newSn('orphan');
    const a = await mosquitto.admin();
    await a.dynsec.provisionDevice(orphan, 'orphan-secret');
    await a.close();
    // Revoked while the broker could not be told (the CLI without MQTT_URL).
    const revoked = newSn('late');
    const revokedSecret = await register(revoked);
    expect(await admin(['device:revoke', '--sn', revoked], null)).toMatchObject({ code: 0 });
    const missing = newSn('missing');
    await register(missing, null);
    const stillIn = await login(revoked, revokedSecret);
    const kicked = new Promise<void>((resolve) => stillIn.once('close', () => resolve()));

    const second = await buildApp(h.config);
    try {
      const done = (second.connectivity.broker as ExternalBroker).reconciled;
      expect(done?.removed).toEqual(expect.arrayContaining([orphan, revoked]));
      expect(done?.unprovisioned).toContain(missing);
      expect(done?.unprovisioned).not.toContain(revoked);
    } finally {
      await second.close();
    }
    await kicked;
    stillIn.end(true);
    await expect(login(orphan, 'orphan-secret')).rejects.toThrow();
    await expect(login(revoked, revokedSecret)).rejects.toThrow();
  });
});
