import type { Db } from '../../platform/db';
import { HistoryStore } from './repo/history-store';

/** Every stored history sample of a device (filed and staged), optionally of one TAG, in time order. */
export function storedHistory(database: Db, deviceId: number, tag?: string) {
  return new HistoryStore(database.db, database.dialect).historyOf(deviceId, tag);
}

/** How many history samples are stored, filed and staged, of every device. */
export function storedHistoryCount(database: Db): Promise<number> {
  return new HistoryStore(database.db, database.dialect).historyCount();
}

/** Writes history samples straight into chunks (imports; tests: as if ingested and filed long ago). */
export function importHistory(
  database: Db,
  rows: readonly { device_id: number; tag: string; ts: number; num: number | null; value: string }[],
) {
  return new HistoryStore(database.db, database.dialect).importHistory(rows);
}

export { installConnectivity } from './install';
export type { ConnectivityService } from './service';
