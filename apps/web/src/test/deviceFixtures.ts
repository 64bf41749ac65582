/** Fixtures of the registry screens' tests. */

/** A device row as the server answers it. */
export function deviceRow(id: number, patch: Record<string, unknown> = {}) {
  return {
    id,
    name: `Press${id}`,
    sn: `SN-${id}`,
    model: 'HMI-7000',
    group_id: null,
    group_path: [],
    template_id: null,
    template_name: null,
    address: '',
    remark: '',
    hmi_sn: '',
    gateway_sn: '',
    customer_name: '',
    labels: [],
    online: 0,
    last_online_change: null,
    sync_status: 0,
    cloud_version: null,
    hmi_version: null,
    config_created_at: null,
    config_modified_at: null,
    traffic_switch: 0,
    oos_until: null,
    oos_reason: null,
    favourite: false,
    created_at: 1700000000,
    ...patch,
  };
}
