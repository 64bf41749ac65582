/** Tables of the remote view module (migrations 0012, 0028); epoch seconds, sizes in bytes. */

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

/** A team's remote view settings (no row: the defaults). */
export interface TeamRemoteSettingsTable {
  team_id: number;
  /** Minutes without input before a session ends; 0: never. */
  idle_minutes: number;
  updated_at: number;
}

export interface RemoteTables {
  remote_sessions: RemoteSessionTable;
  team_remote_settings: TeamRemoteSettingsTable;
}
