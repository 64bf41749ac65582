/** Tables of the remote view module (migration 0012); epoch seconds, sizes in bytes. */

export interface RemoteSessionTable {
  id: string;
  team_id: number;
  device_id: number;
  user_id: number;
  /** `control` or `view`. */
  mode: string;
  max_minutes: number;
  started_at: number;
  heartbeat_at: number;
  ended_at: number | null;
  reason: string | null;
  bytes: number;
}

export interface RemoteTables {
  remote_sessions: RemoteSessionTable;
}
