import {
  BillingCardType,
  activateBillingCard,
  setTrafficSwitch,
  topics,
  vncServerMessage,
  type Command,
  type VncServerMessage,
} from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { expect } from 'vitest';
import WebSocket from 'ws';
import type { TestAccount } from './accounts';
import { cardBody, issueTestCards } from './billing';
import { api, type Harness } from './harness';

/** The origin of a listening harness app, for websocket URLs. */
export async function listenOrigin(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  const addr = h.app.server.address();
  return `ws://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
}

/** Gives the team Remote Access traffic and turns the device's traffic switch on. */
export async function withTraffic(h: Harness, account: TestAccount, deviceId: number, bytes: number) {
  const [card] = await issueTestCards(h, { type: BillingCardType.REMOTE_ACCESS, trafficBytes: bytes });
  if (!card) throw new Error('no card');
  const act = await api(h.app, activateBillingCard, {
    token: account.token,
    body: { ...cardBody(card, BillingCardType.REMOTE_ACCESS), type: BillingCardType.REMOTE_ACCESS },
  });
  if (act.body.code !== 0) throw new Error(`activation: ${JSON.stringify(act.body)}`);
  const sw = await api(h.app, setTrafficSwitch, {
    token: account.token,
    params: { id: deviceId },
    body: { on: true },
  });
  if (sw.body.code !== 0) throw new Error(`switch: ${JSON.stringify(sw.body)}`);
}

/** One end of a relay as a test sees it: JSON status frames and binary data, kept in order. */
export class VncPeer {
  readonly status: VncServerMessage[] = [];
  readonly text: unknown[] = [];
  data = Buffer.alloc(0);
  readonly closed: Promise<number>;
  private waiters: (() => void)[] = [];

  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer, isBinary) => {
      if (isBinary) this.data = Buffer.concat([this.data, data]);
      else {
        const json: unknown = JSON.parse(data.toString());
        this.text.push(json);
        const parsed = vncServerMessage.safeParse(json);
        if (parsed.success) this.status.push(parsed.data);
      }
      for (const w of this.waiters.splice(0)) w();
    });
    this.closed = new Promise((resolve) => ws.on('close', (code) => resolve(code)));
  }

  static open(url: string, first: unknown): Promise<VncPeer> {
    const ws = new WebSocket(url);
    const peer = new VncPeer(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.send(JSON.stringify(first));
        resolve(peer);
      });
      ws.once('error', reject);
    });
  }

  /** Resolves once `pred` holds of what arrived (checked on every message). */
  until(pred: (p: VncPeer) => boolean): Promise<void> {
    if (pred(this)) return Promise.resolve();
    return new Promise((resolve) => {
      const check = () => (pred(this) ? resolve() : this.waiters.push(check));
      this.waiters.push(check);
    });
  }

  next<T extends VncServerMessage['type']>(type: T): Promise<Extract<VncServerMessage, { type: T }>> {
    return this.until((p) => p.status.some((m) => m.type === type)).then(
      () => this.status.find((m) => m.type === type) as Extract<VncServerMessage, { type: T }>,
    );
  }

  send(bytes: Buffer): void {
    this.ws.send(bytes, { binary: true });
  }
}

/** Waits for the next `vnc` command the device receives on its cmd topic. */
export function nextVncCommand(device: MqttClient, sn: string): Promise<Extract<Command, { type: 'vnc' }>> {
  return new Promise((resolve) => {
    const onMessage = (topic: string, payload: Buffer) => {
      if (topic !== topics.cmd(sn)) return;
      const cmd = JSON.parse(payload.toString()) as Command;
      if (cmd.type !== 'vnc') return;
      device.off('message', onMessage);
      resolve(cmd);
    };
    device.on('message', onMessage);
  });
}

/** RFB 3.8 with security None as a VNC server speaks it, up to ServerInit (800×480, "HMI"). */
export function serverHandshake(): Buffer {
  const init = Buffer.alloc(24 + 3);
  init.writeUInt16BE(800, 0);
  init.writeUInt16BE(480, 2);
  init.writeUInt32BE(3, 20);
  init.write('HMI', 24, 'latin1');
  return Buffer.concat([Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1, 1, 0, 0, 0, 0]), init]);
}

/** The client's half: version, security None, ClientInit (not shared). */
export const clientHandshake = Buffer.concat([Buffer.from('RFB 003.008\n', 'latin1'), Buffer.from([1, 0])]);
export const pointerClick = Buffer.from([5, 1, 0, 10, 0, 20]);
export const updateRequest = Buffer.from([3, 1, 0, 0, 0, 0, 3, 32, 1, 224]);

/**
 * RFB both ways through a relayed session: the server's handshake reaches the browser as sent; the
 * browser's handshake, a click and an update request reach the device with ClientInit forced to
 * shared. Resolves with the bytes that flowed.
 */
export async function exchangeRfb(device: VncPeer, browser: VncPeer): Promise<number> {
  device.send(serverHandshake());
  await browser.until((p) => p.data.length === serverHandshake().length);
  expect(browser.data).toEqual(serverHandshake());
  browser.send(Buffer.concat([clientHandshake, pointerClick, updateRequest]));
  const expected = Buffer.concat([
    clientHandshake.subarray(0, 13),
    Buffer.from([1]),
    pointerClick,
    updateRequest,
  ]);
  await device.until((p) => p.data.length === expected.length);
  expect(device.data).toEqual(expected);
  return serverHandshake().length + expected.length;
}
