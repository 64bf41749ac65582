import { topics } from '@hmi/contract';
import mqtt from 'mqtt';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ackLatencies, floodQos0, percentile, pumpPacket, rawDevice } from '../test/flood';
import { flood, nonReadingClient, text } from '../test/raw-ws';
import { rssMb } from '../test/server-process';
import { lyingZip } from '../test/zip';
import {
  report,
  serverMetrics,
  startTarget,
  tcp,
  underAbuse,
  type AbuseFigure,
  type AbuseTarget,
} from '../test/abuse-target';

const MB = 1024 * 1024;
const RSS_LIMIT_MB = 300;
const ACK_P99_LIMIT_MS = 500;
const FLOOD_MS = 8000;

/**
 * Each abuse of issue 15 against the real server in its own process (so its RSS is its own): the
 * server must refuse or throttle it with RSS under 300 MB during and after, and keep serving a
 * well-behaved device. The figures go to e2e/artifacts/abuse.md and the test output.
 */
describe('abuse suite (server process)', () => {
  let t: AbuseTarget;
  let token = '';
  let startMb = 0;
  const figures: AbuseFigure[] = [];

  // A fresh server for each abuse, so that each one's figures are its own.
  beforeEach(async () => {
    t = await startTarget();
    token = await login(t.fleet.password);
    startMb = rssMb(t.process.pid);
  }, 60_000);
  afterEach(async () => {
    await t?.close();
  });
  afterAll(() => report(figures));

  async function login(passwd: string, attempt = false): Promise<string> {
    const r = await fetch(`${t.http}/v1/global/login?type=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user: t.fleet.username, passwd }),
    });
    const body = (await r.json()) as { code: number; data: { token?: string } | null };
    if (attempt) return String(body.code);
    if (body.code !== 0) throw new Error(`login failed: ${JSON.stringify(body)}`);
    return body.data?.token ?? '';
  }

  const device = (i: number) => {
    const d = t.fleet.devices[i];
    if (!d) throw new Error(`no device ${i}`);
    return d;
  };

  /** Runs `abuse` under RSS sampling, records its figures and checks the limit. */
  async function measured<T>(name: string, abuse: () => Promise<T>, note: (r: T) => string): Promise<T> {
    await serverMetrics(t.http);
    const m = await underAbuse(t.process.pid, abuse);
    const after = await serverMetrics(t.http);
    figures.push({
      abuse: name,
      startMb,
      peakMb: m.peakMb,
      afterMb: m.afterMb,
      seconds: m.seconds,
      heapMb: after.heap_used_mb,
      externalMb: after.external_mb,
      loopP99Ms: after.event_loop_delay_ms.p99,
      note: note(m.result),
    });
    expect(m.peakMb).toBeLessThan(RSS_LIMIT_MB);
    expect(m.afterMb).toBeLessThan(RSS_LIMIT_MB);
    return m.result;
  }

  it('4 × 100 MB CONNECT without credentials: closed at the header', async () => {
    const r = await measured(
      '4 × 100 MB CONNECT',
      async () =>
        Promise.all(Array.from({ length: 4 }, async () => pumpPacket(await tcp(t.mqttPort), 0x10, 100 * MB))),
      (all) =>
        `closed ${all.filter((x) => x.closed).length}/4, most written ${(Math.max(...all.map((x) => x.written)) / MB).toFixed(1)} MB`,
    );
    for (const x of r) expect(x.closed).toBe(true);
  });

  it("an authenticated device's 64 MB PUBLISH: closed at the header", async () => {
    const d = device(0);
    const r = await measured(
      '64 MB PUBLISH',
      async () => pumpPacket(await rawDevice(t.mqttPort, d.sn, d.secret), 0x32, 64 * MB),
      (x) => `closed ${x.closed}, written ${(x.written / MB).toFixed(1)} MB`,
    );
    expect(r.closed).toBe(true);
  });

  it("client-id takeover: another device connecting with the victim's id is refused", async () => {
    const [victim, thief] = [device(0), device(1)];
    const url = `mqtt://127.0.0.1:${t.mqttPort}`;
    const owner = await mqtt.connectAsync(url, {
      username: victim.sn,
      password: victim.secret,
      clientId: `hmi-${victim.sn}`,
      reconnectPeriod: 0,
    });
    let dropped = 0;
    owner.on('close', () => (dropped += 1));
    const refused = await measured(
      'client-id takeover × 10',
      async () => {
        let n = 0;
        for (let i = 0; i < 10; i += 1) {
          const attempt = mqtt.connectAsync(url, {
            username: thief.sn,
            password: thief.secret,
            clientId: `hmi-${victim.sn}`,
            reconnectPeriod: 0,
          });
          await attempt.then(
            (c) => c.endAsync(),
            () => (n += 1),
          );
        }
        return n;
      },
      (n) => `refused ${n}/10, victim dropped ${dropped} times`,
    );
    expect(refused).toBe(10);
    await owner.publishAsync(
      topics.tags(victim.sn),
      '{"v":1,"seq":1,"values":[{"tag":"temp","value":1,"ts":1}]}',
      {
        qos: 1,
      },
    );
    expect(dropped).toBe(0);
    await owner.endAsync();
  });

  it("QoS 0 flood of 1,000-value batches: another device's QoS 1 acknowledgement p99 stays under 500 ms", async () => {
    const [flooder, good] = [device(0), device(1)];
    const socket = await rawDevice(t.mqttPort, flooder.sn, flooder.secret);
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${t.mqttPort}`, {
      username: good.sn,
      password: good.secret,
      clientId: `hmi-${good.sn}`,
      reconnectPeriod: 0,
    });
    const started = performance.now();
    const stop = () => performance.now() - started > FLOOD_MS;
    const { sent, latencies } = await measured(
      'QoS 0 flood (1,000 values/batch)',
      async () => {
        const [sent, latencies] = await Promise.all([
          floodQos0(socket, flooder.sn, 1000, stop),
          ackLatencies(client, good.sn, 20, stop, 1000),
        ]);
        return { sent, latencies };
      },
      (r) =>
        `${Math.round(r.sent / (FLOOD_MS / 1000))} batches/s sent; other device's ack p50 ${percentile(r.latencies, 50).toFixed(0)} ms, p99 ${percentile(r.latencies, 99).toFixed(0)} ms, max ${Math.max(...r.latencies).toFixed(0)} ms (${r.latencies.length} acks)`,
    );
    socket.destroy();
    await client.endAsync();
    expect(sent).toBeGreaterThan(100);
    expect(percentile(latencies, 99)).toBeLessThan(ACK_P99_LIMIT_MS);
  }, 30_000);

  it('a logged-in websocket client sending pings and never reading is closed', async () => {
    const port = Number(new URL(t.http).port);
    const socket = await nonReadingClient(port, token);
    const pings = Buffer.concat(Array.from({ length: 4096 }, () => text({ type: 'ping' })));
    const r = await measured(
      'non-reading websocket',
      () => flood(socket, pings, 256 * MB),
      (x) => `closed ${x.closed} after ${(x.written / MB).toFixed(0)} MB of pings`,
    );
    expect(r.closed).toBe(true);
  }, 30_000);

  it('xlsx bomb: 1.5 MB declaring 1 KB, inflating to 1.5 GB, refused while inflating', async () => {
    const bomb = lyingZip(1536).toString('base64');
    const r = await measured(
      'xlsx bomb import',
      async () => {
        const res = await fetch(`${t.http}/v1/templates/${t.fleet.templateId}/alarm-rules/import`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({ filename: 'bomb.xlsx', content_base64: bomb }),
        });
        return (await res.json()) as { code: number };
      },
      (x) => `answered ${x.code}`,
    );
    expect(r.code).not.toBe(0);
  });

  it('an unauthenticated login body nested 40,000 levels: refused at once, requests beside it answered', async () => {
    const depth = 40_000;
    const deep = `{"user":${'['.repeat(depth)}${']'.repeat(depth)},"passwd":"x"}`;
    const r = await measured(
      'login body nested 40,000 levels',
      async () => {
        const refused = fetch(`${t.http}/v1/global/login?type=1`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: deep,
        }).then(async (res) => ({ status: res.status, body: (await res.json()) as unknown }));
        // Ten device lists of the logged-in user, issued beside the deep body.
        const beside = Array.from({ length: 10 }, async () => {
          const res = await fetch(`${t.http}/v1/devices?page=1&pageSize=10`, {
            headers: { authorization: token },
          });
          return ((await res.json()) as { code: number }).code;
        });
        return { refused: await refused, beside: await Promise.all(beside) };
      },
      (x) => `answered ${x.refused.status}; ${x.beside.length} device lists beside it answered`,
    );
    expect(r.refused).toEqual({
      status: 400,
      body: { code: 1006, data: { field: 'body', issue: 'tooDeep' }, msg: 'input parameter error: body' },
    });
    expect(r.beside).toEqual(Array.from({ length: 10 }, () => 0));
  });

  it('100 concurrent wrong passwords: 5 are checked, then one more per doubled delay', async () => {
    let seconds = 0;
    const codes = await measured(
      '100 concurrent wrong logins',
      async () => {
        const started = performance.now();
        const all = await Promise.all(Array.from({ length: 100 }, () => login('Wrong#2026x', true)));
        seconds = (performance.now() - started) / 1000;
        return all;
      },
      (all) =>
        `${all.filter((c) => c === '1004').length} checked (1004), ${all.filter((c) => c === '1201').length} refused (1201)`,
    );
    // The pair's policy: 5 free, then 1 s, 2 s, 4 s… after the newest attempt. On a busy machine the
    // burst outlasts the first delays, which let one attempt each through.
    const checked = codes.filter((c) => c === '1004').length;
    expect(checked).toBeGreaterThanOrEqual(5);
    expect(checked).toBeLessThanOrEqual(5 + Math.floor(Math.log2(seconds + 1)));
    expect(codes.filter((c) => c === '1201').length).toBe(100 - checked);
  });
});
