import { IngestRepo } from '../modules/ingest/repo';
import type { Harness } from './harness';

/** Every stored history sample of a device (filed and staged), optionally of one TAG, in time order. */
export function historyOf(h: Harness, deviceId: number, tag?: string) {
  return new IngestRepo(h.app.database.db, h.app.database.dialect).historyOf(deviceId, tag);
}

/** Writes history samples straight into chunks, as if ingested and filed long ago. */
export function importHistory(
  h: Harness,
  rows: readonly { device_id: number; tag: string; ts: number; num: number | null; value: string }[],
) {
  return new IngestRepo(h.app.database.db, h.app.database.dialect).importHistory(rows);
}
