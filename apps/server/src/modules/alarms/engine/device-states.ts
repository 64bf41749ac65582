import type { Kysely } from 'kysely';
import type { Database } from '../../../platform/db/schema';

/**
 * What the engine knows of devices besides their samples: which are reported offline and which are
 * out of service (until when). Both decide whether a device's batch is evaluated at all.
 */
export class DeviceStates {
  /**
   * Devices reported offline (the `online` live events, from every instance): values they still send
   * (an HMI that says it is offline while its gateway reports) are stale. Not read from the batch's
   * device row, whose online flag is set a moment after a device connects, racing its first batch.
   */
  private readonly offline = new Set<number>();
  /** Devices out of service: until when (epoch seconds). */
  private readonly oos = new Map<number, number>();

  /** At start: the devices out of service now. */
  async load(db: Kysely<Database>, now: number): Promise<void> {
    const rows = await db
      .selectFrom('devices')
      .select(['id', 'oos_until'])
      .where('oos_until', '>', now)
      .execute();
    for (const d of rows) this.oos.set(d.id, Number(d.oos_until));
  }

  reported(deviceId: number, online: boolean): void {
    if (online) this.offline.delete(deviceId);
    else this.offline.add(deviceId);
  }

  outOfService(deviceId: number, until: number | null): void {
    if (until === null) this.oos.delete(deviceId);
    else this.oos.set(deviceId, until);
  }

  forget(deviceId: number): void {
    this.offline.delete(deviceId);
    this.oos.delete(deviceId);
  }

  /** Stale live values (the device is reported offline) and a device out of service raise nothing. */
  evaluates(deviceId: number, now: number, late: boolean): boolean {
    if (!late && this.offline.has(deviceId)) return false;
    const until = this.oos.get(deviceId);
    return until === undefined || until <= now;
  }
}
