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
};

/** A query string that passes validation, for calls that require one. */
export const validQueries: Record<string, string> = {
  deviceHistory: '?tag=1&from=0&to=60000',
};

/** The body to send with `def` (none for GET and DELETE). */
export function bodyFor(def: CallDef): unknown {
  return def.method === 'GET' || def.method === 'DELETE' ? undefined : (validBodies[def.id] ?? {});
}

/** The URL of `def` addressing object `id`; other path parameters get placeholders. */
export function urlOf(def: CallDef, id: number | string): string {
  const path = def.path
    .replace(':id', String(id))
    .replace(':tagId', '1')
    .replace(':cmdId', '00000000-0000-4000-8000-000000000000');
  return `/v1${path}${validQueries[def.id] ?? ''}`;
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
