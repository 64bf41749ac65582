import { createServer, type Server } from 'node:net';
import Fastify from 'fastify';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../test/server-process';
import { loadConfig } from '../config';
import { BrokerPortError } from './broker';
import { EmbeddedBroker } from './embedded';

const SECRET = 'secret-fallback';

function broker(port: number, freePortIfTaken: boolean): EmbeddedBroker {
  return new EmbeddedBroker({
    port,
    host: '127.0.0.1',
    freePortIfTaken,
    authenticate: async (u, p) => u === 'HMIF1' && p?.toString('utf8') === SECRET,
    log: Fastify({ logger: false }).log,
  });
}

const handlers = { message: async () => {}, presence: () => {} };

/** Another broker (here a plain listener) holds the MQTT port, as a Mosquitto installed on the machine would. */
describe('embedded broker on a taken port', () => {
  let holder: Server;
  let taken = 0;
  beforeAll(async () => {
    taken = await freePort();
    holder = createServer();
    await new Promise<void>((resolve) => holder.listen(taken, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => holder.close(() => resolve()));
  });

  it('listens on a free port when MQTT_PORT was left at its default, and devices reach it there', async () => {
    const b = broker(taken, true);
    await b.start(handlers);
    try {
      expect(b.port).not.toBeNull();
      expect(b.port).not.toBe(taken);
      const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${b.port}`, {
        username: 'HMIF1',
        password: SECRET,
        clientId: 'hmi-HMIF1',
        reconnectPeriod: 0,
      });
      expect(client.connected).toBe(true);
      await client.endAsync();
    } finally {
      await b.close();
    }
  });

  it('stops with the MQTT_PORT message when the port was set explicitly', async () => {
    const b = broker(taken, false);
    const error = await b.start(handlers).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(BrokerPortError);
    expect(String(error)).toContain(`MQTT_PORT ${taken} is not available`);
    expect(String(error)).toContain('MQTT_URL');
  });

  it('falls back only when MQTT_PORT is unset', () => {
    expect(loadConfig({}, '/repo').mqttPortSet).toBe(false);
    expect(loadConfig({ MQTT_PORT: '1883' }, '/repo').mqttPortSet).toBe(true);
  });
});
