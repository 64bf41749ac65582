import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/server-process';
import type { BusEventName, BusEvents, BusOrigin } from './bus';
import { ConfigError, loadConfig } from './config';
import { RedisBus, type BusLog } from './redis-bus';

/** A redis-server of this test's own on a free port, so the test may stop and restart it. */
async function startRedis(port: number): Promise<ChildProcess> {
  const proc = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Ready to accept connections')) resolve();
    });
    proc.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${out}`)));
  });
  return proc;
}

async function stopRedis(proc: ChildProcess): Promise<void> {
  if (proc.exitCode !== null) return;
  const gone = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  proc.kill('SIGKILL');
  await gone;
}

/** A logger that lets the test await a line. */
function recordingLog() {
  const lines: string[] = [];
  const waiters: { text: string; resolve(): void }[] = [];
  const record = (...args: unknown[]) => {
    const msg = args.find((a): a is string => typeof a === 'string') ?? '';
    lines.push(msg);
    for (const w of waiters.splice(0)) {
      if (msg.includes(w.text)) w.resolve();
      else waiters.push(w);
    }
  };
  const log: BusLog = { info: record, warn: record, error: record };
  const next = (text: string) => new Promise<void>((resolve) => waiters.push({ text, resolve }));
  return { log, lines, next };
}

/** Every event a listener of `name` received, with its origin. */
function collect<K extends BusEventName>(bus: RedisBus, name: K) {
  const got: { payload: BusEvents[K]; origin: BusOrigin }[] = [];
  bus.on(name, (payload, origin) => got.push({ payload, origin }));
  return got;
}

/** Resolves with the next `name` event on `bus` matching `pred`. */
function next<K extends BusEventName>(
  bus: RedisBus,
  name: K,
  pred: (p: BusEvents[K]) => boolean = () => true,
): Promise<BusEvents[K]> {
  return new Promise((resolve) => {
    const off = bus.on(name, (p) => {
      if (!pred(p)) return;
      off();
      resolve(p);
    });
  });
}

// One sample of every event: adding an event to BusEvents makes this fail to compile until the new
// event is shown to cross instances too.
const samples: { [K in BusEventName]: BusEvents[K] } = {
  deviceBound: { deviceId: 1, sn: 'SN1', teamId: 7 },
  deviceUnbound: { deviceId: 1, sn: 'SN1', teamId: 7 },
  deviceTemplateChanged: { deviceId: 1, sn: 'SN1', teamId: 7 },
  hardwareRevoked: { sn: 'SN1' },
  deviceOffline: { deviceId: 1, teamId: 7 },
  deviceAlarmsOutOfService: { deviceId: 1, teamId: 7, until: 1_900_000_000 },
  commandFailed: { deviceId: 1, teamId: 7, commandId: 'c-1', error: 'vnc_off' },
  live: {
    teamId: 7,
    event: { type: 'values', device_id: 1, values: [{ tag: 'temp', value: '21.5', ts: 1_700_000_000_123 }] },
  },
  messages: { teamId: 7, userId: null },
  alarmRulesChanged: { templateId: 3, teamId: 7 },
  sessionsEnded: { userId: 5 },
  accessChanged: { teamId: 7, userId: null },
  vncTakeover: { holder: 'session-a', requester: 'session-b', by: 'Ann' },
  vncControl: { requester: 'session-b', accepted: true },
  passthroughEnd: { session: 'session-c' },
  audit: {
    teamId: 7,
    userId: 5,
    action: 'tagWrite',
    target: 'HMI',
    detail: { old: '1', new: '2' },
    ip: '10.0.0.1',
  },
};
const names = Object.keys(samples) as BusEventName[];

describe('Redis bus between instances', () => {
  let port: number;
  let redis: ChildProcess;
  const open: RedisBus[] = [];
  const connect = async (prefix: string, log: BusLog = recordingLog().log) => {
    const bus = await RedisBus.connect({ url: `redis://127.0.0.1:${port}`, prefix, log });
    open.push(bus);
    return bus;
  };
  const prefix = () => `test-${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port);
  });
  afterAll(async () => {
    for (const bus of open) await bus.close();
    if (redis) await stopRedis(redis);
  });

  it('delivers every event exactly once to every instance of the deployment, and to no other', async () => {
    const deployment = prefix();
    const a = await connect(deployment);
    const b = await connect(deployment);
    const otherDeployment = prefix();
    const other = await connect(otherDeployment);
    const otherPeer = await connect(otherDeployment);
    const onA = names.map((n) => collect(a, n));
    const onB = names.map((n) => collect(b, n));
    const onOther = names.map((n) => collect(other, n));

    for (const name of names) a.emit(name, samples[name]);
    // The emitting instance has its copy at once, in-process.
    expect(onA.map((got) => got.map((g) => g.origin))).toEqual(names.map(() => [{ local: true }]));

    // Pub/sub keeps each publisher's order on every subscriber: once a marker published after the
    // events has arrived, every copy of them (a duplicate, an echo, a leak) has arrived too.
    const markerOnA = next(a, 'hardwareRevoked', (p) => p.sn === 'MARKER');
    b.emit('hardwareRevoked', { sn: 'MARKER' });
    await markerOnA;
    const markerOnOther = next(other, 'hardwareRevoked', (p) => p.sn === 'MARKER-OTHER');
    otherPeer.emit('hardwareRevoked', { sn: 'MARKER-OTHER' });
    await markerOnOther;

    const events = (got: { payload: unknown }[] | undefined) =>
      (got ?? []).filter((g) => !JSON.stringify(g.payload).includes('MARKER'));
    names.forEach((name, i) => {
      expect(events(onA[i]), name).toEqual([{ payload: samples[name], origin: { local: true } }]);
      expect(events(onB[i]), name).toEqual([{ payload: samples[name], origin: { local: false } }]);
    });
    // The other deployment saw only its own marker.
    expect(onOther.flat().map((g) => g.payload)).toEqual([{ sn: 'MARKER-OTHER' }]);
    expect(a.channel).toBe(`${deployment}:bus`);
  });

  it('keeps working alone while Redis is away and joins again when it is back', async () => {
    const deployment = prefix();
    const logA = recordingLog();
    const logB = recordingLog();
    const a = await connect(deployment, logA.log);
    const b = await connect(deployment, logB.log);
    const lostA = logA.next('link lost');
    const lostB = logB.next('link lost');
    await stopRedis(redis);
    await Promise.all([lostA, lostB]);

    const local = collect(a, 'messages');
    expect(() => a.emit('messages', { teamId: 1, userId: 2 })).not.toThrow();
    expect(local).toEqual([{ payload: { teamId: 1, userId: 2 }, origin: { local: true } }]);

    const backA = logA.next('link back');
    const backB = logB.next('link back');
    redis = await startRedis(port);
    await Promise.all([backA, backB]);
    const arrived = next(b, 'messages', (p) => p.teamId === 3);
    a.emit('messages', { teamId: 3, userId: null });
    expect(await arrived).toEqual({ teamId: 3, userId: null });
    // One line per outage, however many events were emitted during it.
    expect(logA.lines.filter((l) => l.includes('link lost'))).toHaveLength(1);
  });

  it('stops start-up with a message naming REDIS_URL when Redis does not answer', async () => {
    const nobody = await freePort();
    const failed = RedisBus.connect({
      url: `redis://127.0.0.1:${nobody}`,
      prefix: prefix(),
      log: recordingLog().log,
      connectTimeoutMs: 3000,
    });
    await expect(failed).rejects.toBeInstanceOf(ConfigError);
    await expect(failed).rejects.toThrow(/REDIS_URL.*ECONNREFUSED/);
  });
});

describe('REDIS_PREFIX', () => {
  it('defaults to the data centre, so deployments of different data centres never mix', () => {
    expect(loadConfig({}, '/repo').redisPrefix).toBe('hmi:cn');
    expect(loadConfig({ DATA_CENTER: 'eu' }, '/repo').redisPrefix).toBe('hmi:eu');
    expect(loadConfig({ REDIS_PREFIX: 'staging.eu' }, '/repo').redisPrefix).toBe('staging.eu');
  });

  it('refuses a prefix with spaces or pattern characters', () => {
    expect(() => loadConfig({ REDIS_PREFIX: 'a b*' }, '/repo')).toThrow(/REDIS_PREFIX/);
  });
});
