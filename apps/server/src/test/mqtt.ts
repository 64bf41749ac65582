import { createTemplate, putTemplateTags, bindDevice, deviceTags, type WsDeviceEvent } from '@hmi/contract';
import mqtt, { type IClientOptions, type MqttClient } from 'mqtt';
import { registerHardware } from '../modules/devices/hardware';
import type { TestAccount } from './accounts';
import type { ApiBody, Harness } from './harness';
import { ok } from './registry';

let counter = 0;

/** Registers hardware and returns its SN, PIN and device secret (the MQTT password). */
export async function newDevice(
  h: Harness,
  model = 'X10',
): Promise<{ sn: string; pin: string; secret: string }> {
  counter += 1;
  const sn = `HMI${Date.now().toString(36)}${counter}`.toUpperCase();
  const { secret } = await registerHardware(
    h.app.database.db,
    { sn, pin: '1234', model },
    Math.floor(h.clock.now() / 1000),
  );
  return { sn, pin: '1234', secret };
}

/** The embedded broker's URL. */
export function brokerUrl(h: Harness): string {
  const port = h.app.connectivity.broker.port;
  if (!port) throw new Error('no embedded broker');
  return `mqtt://127.0.0.1:${port}`;
}

/**
 * Connects (MQTT 3.1.1 unless told) and resolves once connected; rejects with the broker's refusal.
 * A device's client id defaults to its own `hmi-{SN}`, the only one the broker accepts from it.
 */
export function connect(url: string, opts: IClientOptions = {}): Promise<MqttClient> {
  return new Promise((resolve, reject) => {
    const clientId = typeof opts.username === 'string' ? { clientId: `hmi-${opts.username}` } : {};
    const c = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 5000, ...clientId, ...opts });
    c.once('connect', () => resolve(c));
    c.once('error', (err) => {
      c.end(true);
      reject(err);
    });
  });
}

/** Resolves with the next live event (values, online, sync, command) matching `pred`. */
export function nextLive<T extends WsDeviceEvent>(
  h: Harness,
  pred: (e: WsDeviceEvent) => e is T,
  timeoutMs?: number,
): Promise<T>;
export function nextLive(
  h: Harness,
  pred: (e: WsDeviceEvent) => boolean,
  timeoutMs?: number,
): Promise<WsDeviceEvent>;
export function nextLive(
  h: Harness,
  pred: (e: WsDeviceEvent) => boolean,
  timeoutMs = 8000,
): Promise<WsDeviceEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      off();
      reject(new Error('no such live event'));
    }, timeoutMs);
    const off = h.app.connectivity.bus.on('live', ({ event }) => {
      if (!pred(event)) return;
      clearTimeout(timer);
      off();
      resolve(event);
    });
  });
}

/** Resolves with the next message on `topic` the client receives. */
export function nextMessage(
  client: MqttClient,
  topic: string,
  timeoutMs = 8000,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`nothing on ${topic}`)), timeoutMs);
    const onMessage = (t: string, payload: Buffer) => {
      if (t !== topic) return;
      clearTimeout(timer);
      client.off('message', onMessage);
      resolve(JSON.parse(payload.toString('utf8')) as Record<string, unknown>);
    };
    client.on('message', onMessage);
  });
}

export const demoTags = [
  { name: 'temp', data_type: 7, access: 0, save_history: true },
  { name: 'speed', data_type: 5, access: 2, save_history: true },
  { name: 'running', data_type: 0, access: 2, save_history: false },
  { name: 'label', data_type: 9, access: 1, save_history: true },
  { name: 'count', data_type: 3, access: 0, save_history: false },
];

/**
 * A template with `tags` (`demoTags` unless given) and a device using it, bound by `account`; the
 * template's version after its TAG table was put.
 */
export async function boundDevice(
  h: Harness,
  account: TestAccount,
  tag: string,
  tags: ApiBody<typeof putTemplateTags>['tags'] = demoTags,
) {
  const template = await ok(h, account, createTemplate, { body: { name: `T${tag}`, hmi_model: 'X10' } });
  const put = await ok(h, account, putTemplateTags, { params: { id: template.id }, body: { tags } });
  const hw = await newDevice(h);
  const device = await ok(h, account, bindDevice, {
    body: { sn: hw.sn, pin: hw.pin, name: `D${tag}`, template_id: template.id },
  });
  const list = await ok(h, account, deviceTags, { params: { id: device.id } });
  const tagId = (name: string) => list.list.find((t) => t.name === name)?.id ?? 0;
  return { ...hw, deviceId: device.id, templateId: template.id, version: put.version, tagId };
}
