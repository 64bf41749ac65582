/** Engineering pass-through sessions (migration 0029). */
export interface PassthroughSessionTable {
  id: string;
  team_id: number;
  device_id: number;
  user_id: number;
  /** A name of the gateway's own `passthrough` list. */
  target: string;
  max_minutes: number;
  started_at: number;
  heartbeat_at: number;
  ended_at: number | null;
  reason: string | null;
  bytes: number;
}

export interface PassthroughTables {
  passthrough_sessions: PassthroughSessionTable;
}
