import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { topics, VNC_OFF_ACK_ERROR, type Ack, type Command, type TagsBatch } from '@hmi/contract';
import type { MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceAgent } from '../device';
import { readGatewayConfig, startGateway } from '../gateway';
import { demoSimTags, startSimulatedHmi } from '../simulator';
import { RfbTestClient } from './rfb-test-client';
import { cloudClient, nextPayload, startBroker, startRelay } from './test-support';

const TICKET = 'k'.repeat(32);
let broker: Awaited<ReturnType<typeof startBroker>>;
let relay: Awaited<ReturnType<typeof startRelay>>;
let cloud: MqttClient;
const agents: DeviceAgent[] = [];
const dir = mkdtempSync(join(tmpdir(), 'hmi-agent-vnc-'));

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
  rmSync(dir, { recursive: true, force: true });
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

function valueIn(batch: TagsBatch, tag: string) {
  return batch.values.find((v) => v.tag === tag)?.value;
}

describe('simulated HMI screen over the tunnel', () => {
  it('a vnc command opens its screen; a click on the button changes running and publishes it', async () => {
    const sn = 'SIM-VNC-1';
    const sim = startSimulatedHmi({ url: broker.url, sn, secret: 'x', tags: demoSimTags, rateMs: 3_600_000 });
    agents.push(sim);
    await sim.ready();
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
    const sim = startSimulatedHmi({
      url: broker.url,
      sn,
      secret: 'x',
      tags: demoSimTags,
      rateMs: 3_600_000,
      vnc: false,
    });
    agents.push(sim);
    await sim.ready();
    expect(await openVnc(sn)).toMatchObject({ ok: false, error: VNC_OFF_ACK_ERROR });
  });

  it('with a VNC password, the viewer must give it', async () => {
    const sn = 'SIM-VNC-3';
    const sim = startSimulatedHmi({
      url: broker.url,
      sn,
      secret: 'x',
      tags: demoSimTags,
      rateMs: 3_600_000,
      vnc: { password: 'panel' },
    });
    agents.push(sim);
    await sim.ready();
    expect(await openVnc(sn)).toMatchObject({ ok: true });
    expect(await (await viewer()).handshake({ password: 'panel' })).toMatchObject({ types: [2], result: 0 });
  });
});

describe('gateway', () => {
  it('refuses a config whose vnc has no valid port; without vnc a command is 1024', async () => {
    const base = {
      url: broker.url,
      sn: 'GW-VNC-0',
      secret: 'x',
      sink: 'w.json',
      tags: [{ name: 'k', source: { value: 1 } }],
    };
    writeFileSync(join(dir, 'bad.json'), JSON.stringify({ ...base, vnc: { host: 'hmi', port: 0 } }));
    expect(() => readGatewayConfig(join(dir, 'bad.json'))).toThrow(/vnc/);
    const gw = startGateway({ ...base, rateMs: 3_600_000, sink: join(dir, 'w.json') });
    agents.push(gw);
    await gw.ready();
    expect(await openVnc('GW-VNC-0')).toMatchObject({ ok: false, error: VNC_OFF_ACK_ERROR });
  });
});

/** Xvnc (TigerVNC) on a free display and port, security None, 800×480; resolves once it listens. */
async function startXvnc(): Promise<{ port: number; proc: ChildProcess }> {
  // A missing Xvnc fails the run rather than shrinking it (.ci/run installs it).
  if (!existsSync('/usr/bin/Xvnc'))
    throw new Error('/usr/bin/Xvnc is missing: apt-get install tigervnc-standalone-server');
  for (let display = 40; display < 100; display += 1) {
    if (existsSync(`/tmp/.X${display}-lock`) || existsSync(`/tmp/.X11-unix/X${display}`)) continue;
    const port = await freePort();
    const proc = spawn(
      'Xvnc',
      [
        `:${display}`,
        '-rfbport',
        String(port),
        '-SecurityTypes',
        'None',
        '-geometry',
        '800x480',
        '-depth',
        '24',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    proc.stderr?.setEncoding('utf8');
    const up = await new Promise<boolean>((resolve) => {
      let log = '';
      proc.stderr?.on('data', (d: string) => {
        log += d;
        if (log.includes('Listening for VNC connections')) resolve(true);
      });
      proc.once('exit', () => resolve(false));
    });
    if (up) return { port, proc };
  }
  throw new Error('no free X display for Xvnc');
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

describe('gateway bridging a real VNC server (TigerVNC Xvnc)', () => {
  let xvnc: { port: number; proc: ChildProcess };
  beforeAll(async () => {
    xvnc = await startXvnc();
  });
  afterAll(() => {
    xvnc?.proc.kill();
  });

  it("reads Xvnc's ProtocolVersion, ServerInit and a full update through the tunnel", async () => {
    const sn = 'GW-VNC-1';
    const gw = startGateway({
      url: broker.url,
      sn,
      secret: 'x',
      rateMs: 3_600_000,
      sink: join(dir, 'writes.json'),
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
});
