import type { Generated } from 'kysely';

/**
 * Tables of the device registry: hardware, groups, devices, labels, favourites, templates,
 * projects, data permissions.
 * Timestamps are integer epoch seconds unless noted; booleans are 0/1 integers.
 */

export interface HardwareTable {
  id: Generated<number>;
  sn: string;
  /** scrypt hash of the PIN printed on the hardware. */
  pin_hash: string;
  model: string;
  /** sha256 of the device secret (the MQTT password). */
  secret_hash: string;
  created_at: number;
  /** Set by `device:revoke`: the device may no longer connect (epoch seconds). */
  revoked_at: number | null;
}

export interface DeviceGroupTable {
  id: Generated<number>;
  team_id: number;
  /** null or unknown: top level. */
  parent_id: number | null;
  name: string;
  created_at: number;
}

export interface DeviceTable {
  id: Generated<number>;
  team_id: number;
  sn: string;
  name: string;
  model: string;
  group_id: number | null;
  template_id: number | null;
  address: string;
  remark: string;
  hmi_sn: string;
  gateway_sn: string;
  customer_name: string;
  online: Generated<number>;
  last_online_change: number | null;
  hmi_version: number | null;
  config_created_at: number | null;
  config_modified_at: number | null;
  traffic_switch: Generated<number>;
  /** Alarms out of service until this time, with why (0025). */
  oos_until: number | null;
  oos_reason: string | null;
  created_at: number;
}

export interface LabelTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: number;
}

export interface DeviceLabelTable {
  device_id: number;
  label_id: number;
}

export interface FavouriteTable {
  user_id: number;
  device_id: number;
  created_at: number;
}

export interface TemplateTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  hmi_model: string;
  version: number;
  firmware: string;
  recipe: string;
  /** 0: no offline alarm; else minutes offline before one is raised, of that level (0025). */
  offline_alarm_minutes: Generated<number>;
  offline_alarm_level: Generated<number>;
  created_at: number;
  updated_at: number;
}

export interface TemplateTagTable {
  id: Generated<number>;
  template_id: number;
  name: string;
  data_type: number;
  access: number;
  address_type: string;
  address: string;
  scan_time_ms: number;
  save_history: number;
  default_value: string;
  description: string;
  sort: number;
}

export interface ProjectTable {
  id: Generated<number>;
  team_id: number;
  name: string;
  created_at: number;
  updated_at: number;
}

export interface ProjectDeviceTable {
  project_id: number;
  device_id: number;
}

export type DataPermissionKind = 'group' | 'template' | 'project';

export interface DataPermissionTable {
  user_id: number;
  kind: DataPermissionKind;
  object_id: number;
}

export interface RegistryTables {
  hardware: HardwareTable;
  device_groups: DeviceGroupTable;
  devices: DeviceTable;
  labels: LabelTable;
  device_labels: DeviceLabelTable;
  favourites: FavouriteTable;
  templates: TemplateTable;
  template_tags: TemplateTagTable;
  projects: ProjectTable;
  project_devices: ProjectDeviceTable;
  data_permissions: DataPermissionTable;
}
