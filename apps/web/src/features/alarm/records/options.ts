/** Pickers of the alarm record filters: the caller's devices and one template's rules (quietly none on failure). */
import { useQuery } from '@tanstack/react-query';
import { limits, listAlarmRules, listDevices, type AlarmRule, type CallResponse } from '@hmi/contract';
import { callName, useCallQuery } from '../../../api/callQuery';
import { listAlarmRules as listRulesPage } from '../../../api/alarms';

const quiet = { handleError: true } as const;
const PAGE_MAX = 200;

// Module-level: one function for every render, so the picked list keeps its identity between loads.
const devicesOf = (page: CallResponse<typeof listDevices>) => page.list;

/** Up to 200 devices, newest first. */
export function useDeviceOptions(enabled: boolean) {
  return useCallQuery(
    listDevices,
    { query: { page: 1, pageSize: PAGE_MAX } },
    { enabled, handleError: true, select: devicesOf },
  );
}

/** Every page of a template's rules (at most 300, so two pages at most); a failed page ends the list. */
async function allRules(templateId: number): Promise<AlarmRule[]> {
  const rules: AlarmRule[] = [];
  try {
    for (let page = 1; rules.length < limits.alarmRulesMax; page += 1) {
      const { list, total } = await listRulesPage(templateId, { page, pageSize: PAGE_MAX }, quiet);
      rules.push(...list);
      if (list.length < PAGE_MAX || rules.length >= total) break;
    }
  } catch {
    // A failed page leaves the picker with what it has.
  }
  return rules;
}

/** Every rule of a template; cached under the rule list call, so a rule change reloads it too. */
export function useRuleOptions(templateId: number | null) {
  return useQuery({
    queryKey: [callName(listAlarmRules), { params: { id: templateId }, allPages: true }],
    queryFn: () => (templateId === null ? [] : allRules(templateId)),
    enabled: templateId !== null,
  });
}
