import type { Generated } from 'kysely';

/** The central account service's outbox of notices to the regions (migration 0016); epoch seconds. */
export interface RegionNoticeTable {
  id: Generated<number>;
  data_center: string;
  /** 'removed': the account was removed; 'password': its password was changed or reset. */
  kind: 'removed' | 'password';
  username: string;
  /** The centre's id of the account (migration 0018; null on notices written before it). */
  account_id: number | null;
  /** 'password': the session (refresh family) the changer keeps at the region. */
  keep_session: string | null;
  created_at: number;
  attempts: Generated<number>;
  /** When the next delivery is due. */
  next_at: number;
}

export interface CentralTables {
  region_notices: RegionNoticeTable;
}
