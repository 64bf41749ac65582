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
  /** The number of the saved document this row holds (migration 0031): each save moves it on. */
  version: Generated<number>;
  created_at: number;
  updated_at: number;
}

/** The documents a screen was saved with, by version (migration 0031). */
export interface ScreenVersionTable {
  screen_id: number;
  version: number;
  name: string;
  width: number;
  height: number;
  widget_count: number;
  document: string;
  /** The user who saved it (null: before versions were kept, or the user is gone). */
  saved_by: number | null;
  saved_at: number;
}

/** The devices a project screen binds (none for template screens). */
export interface ScreenDeviceTable {
  screen_id: number;
  device_id: number;
}

export interface ScreenTables {
  screens: ScreenTable;
  screen_devices: ScreenDeviceTable;
  screen_versions: ScreenVersionTable;
}
