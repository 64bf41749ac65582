import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { topics, VNC_OFF_ACK_ERROR, type Ack, type Command, type TagsBatch } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceAgent } from '../link/device';
import { readGatewayConfig, startGateway } from '../gateway/gateway';
import { demoSimTags, startSimulatedHmi, type SimulatedHmiOptions } from '../sim/simulator';
import { RfbTestClient } from '../test/rfb-test-client';
import { cloudClient, nextPayload, startBroker, startRelay } from '../test/vnc-support';
import { startXvnc, type Xvnc } from '../test/xvnc';
import { useTempFolder } from '../test/temp-folder';

const TICKET = 'k'.repeat(32);
let broker: Awaited<ReturnType<typeof startBroker>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
let cloud: MqttClient;
const agents: DeviceAgent[] = [];
const tmp = useTempFolder('hmi-agent-vnc-');

beforeAll(async () => {
  broker = await startBroker();
  relay = await startRelay(TICKET);
  cloud = await cloudClient(broker.url);
  await cloud.subscribeAsync(['hmi/+/tags', 'hmi/+/ack']);
});
afterAll(async () => {
  for (const a of agents) await a.stop();
  await cloud.endAsync();
  await relay.close();
  await broker.close();
});

let cmdSeq = 0;
/** Sends the device a `vnc` command as the server would; resolves with its ack. */
async function openVnc(sn: string): Promise<Ack> {
  const id = `cmd-${(cmdSeq += 1)}`;
  const cmd: Command = { v: 1, id, type: 'vnc', url: relay.url, session: 's'.repeat(16), ticket: TICKET };
  const ack = nextPayload<Ack>(cloud, topics.ack(sn), (a) => a.id === id);
  await cloud.publishAsync(topics.cmd(sn), JSON.stringify(cmd), { qos: 1 });
  return ack;
}

/** The relay's side of the next tunnel as an RFB client. */
async function viewer(): Promise<RfbTestClient> {
  const end = await relay.next();
  return new RfbTestClient((b) => end.send(b), end.input);
}

/** A simulated HMI of the demo TAGs, ready; hourly reports, so a batch carries only what changed. */
async function simulated(sn: string, vnc?: SimulatedHmiOptions['vnc']) {
  const sim = startSimulatedHmi({
    url: broker.url,
    sn,
    secret: 'x',
    tags: demoSimTags,
    rateMs: 3_600_000,
    vnc,
  });
  agents.push(sim);
  await sim.ready();
  return sim;
}

function valueIn(batch: TagsBatch, tag: string) {
  return batch.values.find((v) => v.tag === tag)?.value;
}

describe('simulated HMI screen over the tunnel', () => {
  it('a vnc command opens its screen; a click on the button changes running and publishes it', async () => {
    const sn = 'SIM-VNC-1';
    const sim = await simulated(sn);
    expect(await openVnc(sn)).toMatchObject({ ok: true });
    const client = await viewer();
    expect(await client.handshake()).toMatchObject({ server: 'RFB 003.008\n', result: 0 });
    expect([client.width, client.height, client.name]).toEqual([800, 480, `HMI ${sn}`]);
    client.setEncodings([6]);
    client.request(false);
    await client.readUpdate();

    const buttons = sim.screen.display().screen.buttonList();
    const run = buttons.find((b) => b.id === 'run');
    const up = buttons.find((b) => b.id === 'sp-up');
    if (!run || !up) throw new Error('buttons missing');
    const before = sim.value('running');
    const published = nextPayload<TagsBatch>(
      cloud,
      topics.tags(sn),
      (b) => valueIn(b, 'running') !== undefined,
    );
    client.click(run.rect.x + 20, run.rect.y + 20);
    expect(valueIn(await published, 'running')).toBe(before !== true);
    expect(sim.value('running')).toBe(before !== true);

    const sp = nextPayload<TagsBatch>(cloud, topics.tags(sn), (b) => valueIn(b, 'setpoint') !== undefined);
    client.click(up.rect.x + 20, up.rect.y + 20);
    expect(valueIn(await sp, 'setpoint')).toBe(26);
  });

  it('with its VNC off, the command is answered 1024', async () => {
    const sn = 'SIM-VNC-2';
    await simulated(sn, false);
    expect(await openVnc(sn)).toMatchObject({ ok: false, error: VNC_OFF_ACK_ERROR });
  });

  it('with a VNC password, the viewer must give it', async () => {
    const sn = 'SIM-VNC-3';
    await simulated(sn, { password: 'panel' });
    expect(await openVnc(sn)).toMatchObject({ ok: true });
    expect(await (await viewer()).handshake({ password: 'panel' })).toMatchObject({ types: [2], result: 0 });
  });
});

describe('gateway', () => {
  it('refuses a config whose vnc has no valid port or requestAhead; without vnc a command is 1024', async () => {
    const base = {
      url: broker.url,
      sn: 'GW-VNC-0',
      secret: 'x',
      sink: 'w.json',
      tags: [{ name: 'k', source: { value: 1 } }],
    };
    writeFileSync(join(tmp.path, 'bad.json'), JSON.stringify({ ...base, vnc: { host: 'hmi', port: 0 } }));
    expect(() => readGatewayConfig(join(tmp.path, 'bad.json'))).toThrow(/vnc/);
    const ahead = { ...base, vnc: { host: 'hmi', port: 5900, requestAhead: 'yes' } };
    writeFileSync(join(tmp.path, 'bad-ahead.json'), JSON.stringify(ahead));
    expect(() => readGatewayConfig(join(tmp.path, 'bad-ahead.json'))).toThrow(/requestAhead/);
    const gw = startGateway({ ...base, rateMs: 3_600_000, sink: join(tmp.path, 'w.json') });
    agents.push(gw);
    await gw.ready();
    expect(await openVnc('GW-VNC-0')).toMatchObject({ ok: false, error: VNC_OFF_ACK_ERROR });
  });
});

describe('gateway bridging a real VNC server (TigerVNC Xvnc)', () => {
  let xvnc: Xvnc;
  beforeAll(async () => {
    xvnc = await startXvnc(40);
  });
  afterAll(() => {
    xvnc?.stop();
  });

  it("reads Xvnc's ProtocolVersion, ServerInit and a full update through the tunnel", async () => {
    const sn = 'GW-VNC-1';
    const gw = startGateway({
      url: broker.url,
      sn,
      secret: 'x',
      rateMs: 3_600_000,
      sink: join(tmp.path, 'writes.json'),
      tags: [{ name: 'k', source: { value: 1 } }],
      vnc: { host: '127.0.0.1', port: xvnc.port },
    });
    agents.push(gw);
    await gw.ready();
    expect(await openVnc(sn)).toMatchObject({ ok: true });
    const client = await viewer();
    const hs = await client.handshake();
    expect(hs.server).toBe('RFB 003.008\n');
    expect(hs.types).toContain(1);
    expect(hs.result).toBe(0);
    expect([client.width, client.height]).toEqual([800, 480]);
    expect(client.name.length).toBeGreaterThan(0);
    client.request(false);
    const update = await client.readUpdate();
    expect(update.rects.reduce((n, r) => n + r.w * r.h, 0)).toBeGreaterThanOrEqual(800 * 480);
  });

  it('keeps an update request outstanding: changes arrive without the viewer asking again', async () => {
    const sn = 'GW-VNC-2';
    const gw = startGateway({
      url: broker.url,
      sn,
      secret: 'x',
      rateMs: 3_600_000,
      sink: join(tmp.path, 'writes-2.json'),
      tags: [{ name: 'k', source: { value: 1 } }],
      vnc: { host: '127.0.0.1', port: xvnc.port },
    });
    agents.push(gw);
    await gw.ready();
    expect(await openVnc(sn)).toMatchObject({ ok: true });
    const client = await viewer();
    await client.handshake();
    // Raw only, no ContinuousUpdates pseudo-encoding: Xvnc answers requests, it does not stream.
    client.setEncodings([0]);
    client.request(false);
    await client.readUpdate();
    client.request(true);
    // One request from the viewer, three changes: each reaches it, as the agent asked again each time.
    for (const color of [0x203040, 0xa03010, 0x10a040]) {
      await xvnc.setRoot(`#${color.toString(16)}`);
      // Without the agent's request the first change would arrive and the next ones never would.
      while (client.pixels[800 * 240 + 400] !== color) await client.readUpdate();
    }
  });
});
