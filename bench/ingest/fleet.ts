import { startSimulatedHmi, type SimTag, type SimulatedHmi } from '@hmi/agent/simulator';
import { TagDataType } from '@hmi/contract';

export interface DeviceIdentity {
  sn: string;
  secret: string;
}

/** Devices connecting at once (keeps the broker's authentication queue short). */
const CONNECT_GROUP = 100;
/** Longest timer Node accepts: a driven simulator's own ticking never fires within a run. */
const NEVER_MS = 2 ** 31 - 1;

/** TAGs `t1`…`tN`: float sine waves with different periods (every sample a new value). */
export function benchTags(n: number): SimTag[] {
  return Array.from({ length: n }, (_, i) => ({
    name: `t${i + 1}`,
    dataType: TagDataType.FLOAT,
    gen: { kind: 'sine', min: 0, max: 100, periodMs: 10_000 + i * 1000 },
  }));
}

/**
 * Simulated HMIs (apps/agent) for `identities`, connected and ready. `rateMs`: one batch per
 * interval; `driven`: one batch on connect, then only what `drive` asks for.
 */
export async function connectFleet(
  url: string,
  identities: readonly DeviceIdentity[],
  tags: SimTag[],
  rateMs: number | 'driven',
): Promise<SimulatedHmi[]> {
  const hmis: SimulatedHmi[] = [];
  for (let i = 0; i < identities.length; i += CONNECT_GROUP) {
    const group = identities.slice(i, i + CONNECT_GROUP).map((d) =>
      startSimulatedHmi({
        url,
        sn: d.sn,
        secret: d.secret,
        tags,
        rateMs: rateMs === 'driven' ? NEVER_MS : rateMs,
        reconnectMs: 0,
      }),
    );
    hmis.push(...group);
    await Promise.all(group.map((h) => h.ready()));
  }
  return hmis;
}

export interface Drive {
  /** Stops asking for batches; resolves with how many were acknowledged. */
  stop(): Promise<number>;
}

/**
 * Closed loop: each device keeps `inFlight` batches unacknowledged (QoS 1), sending the next as soon
 * as one is acknowledged, so the rate is whatever the slowest part of the path sustains.
 */
export function drive(hmis: readonly SimulatedHmi[], inFlight: number): Drive {
  let running = true;
  let acked = 0;
  const loop = async (h: SimulatedHmi) => {
    while (running) {
      if ((await h.publishNow()) === null) throw new Error(`${h.sn} lost its connection during the run`);
      acked += 1;
    }
  };
  const loops = hmis.flatMap((h) => Array.from({ length: inFlight }, () => loop(h)));
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return acked;
    },
  };
}

/** Batches the broker acknowledged, over all devices. */
export function ackedBatches(hmis: readonly SimulatedHmi[]): number {
  return hmis.reduce((n, h) => n + h.status().batches, 0);
}

export async function stopFleet(hmis: readonly SimulatedHmi[]): Promise<void> {
  await Promise.all(hmis.map((h) => h.stop()));
}
