import type { Generated, Selectable } from 'kysely';

/** Tables of the billing module (migration 0011); epoch seconds, sizes in bytes. */

export interface BillingCardTable {
  id: Generated<number>;
  number: string;
  number_tail: string;
  /** 1 Cloud Application, 2 Remote Access. */
  type: number;
  password_hash: string;
  tag_count: Generated<number>;
  template_count: Generated<number>;
  traffic_bytes: Generated<number>;
  used_bytes: Generated<number>;
  batch: string;
  activation_deadline: number;
  team_id: number | null;
  activated_by: number | null;
  activated_at: number | null;
  expires_at: number | null;
  /**
   * A Remote Access card allocated to one device (then only that device consumes it); null while
   * that hardware is unbound (the card stays its: `device_sn`, migration 0020).
   */
  device_id: number | null;
  /** The hardware an allocated card belongs to. */
  device_sn: string | null;
  /** Set once when allocated: an allocated card is never the team's again. */
  allocated_at: number | null;
  created_at: number;
}

export interface BillingAllocationTable {
  id: Generated<number>;
  team_id: number;
  /** Null while the hardware is unbound: the allocation stays the team's (migration 0020). */
  device_id: number | null;
  /** The hardware the allocation belongs to; a rebind to the team takes it up again. */
  sn: string;
  tag_count: number;
  frequency_min: number;
  starts_at: number;
  /** An upgrade ends the previous allocation at the upgrade's time. */
  ends_at: number;
  created_by: number;
}

export interface BillingAccountTable {
  team_id: number;
  version: Generated<number>;
}

export interface TrafficUsageTable {
  device_id: number;
  team_id: number;
  /** UTC month, `YYYY-MM`. */
  month: string;
  bytes: number;
}

export interface BillingChargeTable {
  card_id: number;
  device_id: number;
  month: string;
  bytes: number;
}

export interface TrafficSwitchTable {
  device_id: number;
  team_id: number;
  /** Month the switch was last turned on (it cannot be turned off in that month); null: never. */
  on_month: string | null;
  /** The one month it is off for; from the next month on it is on again. */
  off_month: string | null;
  updated_at: number;
}

export interface BillingNoticeTable {
  subject: string;
  kind: number;
  threshold: number;
  team_id: number;
  sent_at: number;
}

export type LapseKind = 'template' | 'project';

export interface BillingLapseTable {
  kind: LapseKind;
  object_id: number;
  team_id: number;
  expired_at: number;
}

export interface BillingTables {
  billing_cards: BillingCardTable;
  billing_allocations: BillingAllocationTable;
  billing_accounts: BillingAccountTable;
  traffic_usage: TrafficUsageTable;
  billing_charges: BillingChargeTable;
  traffic_switches: TrafficSwitchTable;
  billing_notices: BillingNoticeTable;
  billing_lapses: BillingLapseTable;
}

export type BillingCardRow = Selectable<BillingCardTable>;
export type BillingAllocationRow = Selectable<BillingAllocationTable>;
export type TrafficSwitchRow = Selectable<TrafficSwitchTable>;
