import type { Generated } from 'kysely';

/** Tables of the screens module (migration 0013); epoch seconds. */

export interface ScreenTable {
  id: Generated<number>;
  team_id: number;
  /** Exactly one of template_id and project_id is set. */
  template_id: number | null;
  project_id: number | null;
  name: string;
  sort: number;
  width: number;
  height: number;
  widget_count: number;
  /** The screen document (contract `screenDocument`) as JSON. */
  document: string;
  created_at: number;
  updated_at: number;
}

/** The devices a project screen binds (none for template screens). */
export interface ScreenDeviceTable {
  screen_id: number;
  device_id: number;
}

export interface ScreenTables {
  screens: ScreenTable;
  screen_devices: ScreenDeviceTable;
}
