import type { Generated } from 'kysely';

/** The central account service's outbox of notices to the regions (migration 0016); epoch seconds. */
export interface RegionNoticeTable {
  id: Generated<number>;
  data_center: string;
  kind: 'removed';
  username: string;
  created_at: number;
  attempts: Generated<number>;
  /** When the next delivery is due. */
  next_at: number;
}

export interface CentralTables {
  region_notices: RegionNoticeTable;
}
