/** Canned billing answers of the component tests (checked against the contract by the test API server). */
const GB = 1024 ** 3;
const MB = 1024 ** 2;

export const account = (patch: Record<string, unknown> = {}) => ({
  billing_enabled: true,
  tags: { pool: 500, allocated: 120, free: 380 },
  templates: { allowed: 6, used: 2 },
  projects: { allowed: 6, used: 1 },
  traffic: { total: 5 * GB, used: 1.5 * MB, remaining: 5 * GB - 1.5 * MB },
  ...patch,
});

export const card = (id: number, patch: Record<string, unknown> = {}) => ({
  id,
  number: `RA7KQ2M9XA${String(id).padStart(6, '0')}`,
  type: 2,
  status: 1,
  tag_count: 0,
  template_count: 0,
  traffic_bytes: 5 * GB,
  used_bytes: 1.5 * MB,
  remaining_bytes: 5 * GB - 1.5 * MB,
  activation_deadline: 1_900_000_000,
  activated_at: 1_750_000_000,
  expires_at: 1_781_536_000,
  activated_by_name: 'Tester',
  device_id: null,
  device_name: null,
  ...patch,
});

export const offer = (patch: Record<string, unknown> = {}) => ({
  number: 'CA7KQ2M9XAHJKL2P',
  type: 1,
  tag_count: 100,
  template_count: 5,
  traffic_bytes: 0,
  validity_days: 365,
  activation_deadline: 1_900_000_000,
  ...patch,
});

export const allocation = (deviceId: number, patch: Record<string, unknown> = {}) => ({
  id: 1,
  device_id: deviceId,
  device_name: `Press${deviceId}`,
  tag_count: 20,
  frequency_min: 5,
  starts_at: 1_750_000_000,
  ends_at: 1_781_536_000,
  current: true,
  ...patch,
});

export const deviceBilling = (deviceId: number, patch: Record<string, unknown> = {}) => ({
  device_id: deviceId,
  billing_enabled: true,
  allocation: null,
  history: { mode: 'none', tag_count: null, frequency_min: null, history_tags: 3 },
  traffic_switch: { on: false, on_month: null, off_month: null, can_turn_off_from: null, on_again_at: null },
  month: '2026-11',
  month_bytes: 0,
  remaining_bytes: 5 * GB,
  ...patch,
});

export const monthTraffic = () => ({
  months: [
    { month: '2026-10', bytes: 300 * MB },
    { month: '2026-11', bytes: 2 * GB },
  ],
  devices: [{ device_id: 7, device_name: 'Press7', bytes: 2 * GB }],
});
