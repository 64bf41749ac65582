import type { Db } from '../platform/db';
import { importHistory as importInto, storedHistory } from '../modules/connectivity';
import type { Harness } from './harness';

/** Every stored history sample of a device (filed and staged), optionally of one TAG, in time order. */
export function historyOf(h: Harness | Db, deviceId: number, tag?: string) {
  return storedHistory('app' in h ? h.app.database : h, deviceId, tag);
}

/** Writes history samples straight into chunks, as if ingested and filed long ago. */
export function importHistory(
  h: Harness,
  rows: readonly { device_id: number; tag: string; ts: number; num: number | null; value: string }[],
) {
  return importInto(h.app.database, rows);
}
