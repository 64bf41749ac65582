import type { CallDef } from '@hmi/contract';

/**
 * Inputs that pass validation for the calls of the route table taking an object id, so the tests
 * generated from the table (permission matrix, team isolation) see only permission and scoping
 * refusals. A new route whose body or query is required needs its entry here.
 */
export const validBodies: Record<string, unknown> = {
  updateGroup: { name: 'Renamed' },
  updateDevice: { remark: 'changed' },
  setFavourite: { favourite: true },
  updateLabel: { name: 'Renamed' },
  updateTemplate: { firmware: 'changed' },
  copyTemplate: {},
  putTemplateTags: { tags: [] },
  importTemplateTags: { content_base64: 'AAAA' },
  updateProject: { name: 'Renamed' },
  putDataPermissions: { group_ids: [] },
  changeMemberRole: { role_id: 1 },
  updateRole: { name: 'Renamed' },
  updateZone: { name: 'Renamed' },
  writeTag: { value: 1 },
  createAlarmGroup: { name: 'Anew' },
  updateAlarmGroup: { name: 'Renamed' },
  createAlarmRule: { name: 'Rnew', level: 1, type: 'limit', condition: 2, tag_id: 1, alarm_value: '1' },
  updateAlarmRule: { name: 'Renamed', level: 1, type: 'limit', condition: 2, tag_id: 1, alarm_value: '1' },
  setAlarmRulesEnabled: { ids: [1], enabled: false },
  importAlarmRules: { content_base64: 'AAAA' },
  allocateCard: { device_id: 1 },
  setTrafficSwitch: { on: true },
  updateWebhook: { name: 'Wnew', url: 'https://hooks.example.com/new', min_level: 1, enabled: true },
  openPassthrough: { target: 'plc1-prog' },
  createTemplateScreen: { name: 'Snew', document: { version: 1, width: 400, height: 300 } },
  createProjectScreen: { name: 'Snew', document: { version: 1, width: 400, height: 300 } },
  updateScreen: { name: 'Renamed' },
  setRuleOutOfService: { until: null },
  setDeviceOutOfService: { until: null },
  putTemplateAlarmSettings: { offline_alarm_minutes: 0, offline_alarm_level: 8 },
};

/** A query that passes validation, for calls that require one. */
export const validQueries: Record<string, Record<string, unknown>> = {
  deviceHistory: { tag: 1, from: 0, to: 60000 },
  deviceHistoryExport: { tag: 1, from: 0, to: 60000 },
  getAlarmKpi: { start: 0, end: 86_400 },
  exportAlarmKpi: { start: 0, end: 86_400 },
};

/** The body to send with `def` (none for GET and DELETE). */
export function bodyFor(def: CallDef): unknown {
  return def.method === 'GET' || def.method === 'DELETE' ? undefined : (validBodies[def.id] ?? {});
}

/** The path parameters of `def` addressing object `id`; the others get placeholders. */
export function paramsOf(def: CallDef, id: number): Record<string, string | number> {
  const params: Record<string, string | number> = {
    id,
    tagId: 1,
    cmdId: '00000000-0000-4000-8000-000000000000',
    version: 1,
    session: '00000000-0000-4000-8000-000000000000',
  };
  return Object.fromEntries(Object.entries(params).filter(([name]) => def.path.includes(`:${name}`)));
}

const notVisibleCodes: Record<string, 1029 | 1071> = {
  changeMemberRole: 1071,
  removeMember: 1071,
  listAlarmGroups: 1029,
  createAlarmGroup: 1029,
  listAlarmRules: 1029,
  createAlarmRule: 1029,
  setAlarmRulesEnabled: 1029,
  importAlarmRules: 1029,
  exportAlarmRules: 1029,
};

/**
 * The code a call answers for an object the caller may not see: member calls 1071 (account not in
 * current team), alarm-rule calls addressing a template 1029 (illegal template id), others 1003.
 */
export const notVisibleCode = (def: CallDef): 1003 | 1029 | 1071 => notVisibleCodes[def.id] ?? 1003;
