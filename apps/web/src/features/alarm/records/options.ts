/** Pickers of the alarm record filters: the caller's devices and one template's rules (quietly empty on failure). */
import { useCallback } from 'react';
import { limits, type AlarmRule, type Device } from '@hmi/contract';
import { listAlarmRules } from '../../../api/alarms';
import { listDevices } from '../../../api/devices';
import { useLoad } from '../../../shared/useLoad';

const quiet = { handleError: true } as const;
const PAGE_MAX = 200;

/** Up to 200 devices, newest first. */
export function useDeviceOptions(enabled: boolean) {
  const fetch = useCallback(
    (): Promise<Device[]> =>
      enabled
        ? listDevices({ page: 1, pageSize: PAGE_MAX }, quiet).then(
            (r) => r.list,
            () => [],
          )
        : Promise.resolve([]),
    [enabled],
  );
  return useLoad(fetch);
}

/** Every rule of a template (at most 300, so two pages at most). */
export function useRuleOptions(templateId: number | null) {
  const fetch = useCallback(async (): Promise<AlarmRule[]> => {
    if (templateId === null) return [];
    const rules: AlarmRule[] = [];
    try {
      for (let page = 1; rules.length < limits.alarmRulesMax; page += 1) {
        const { list, total } = await listAlarmRules(templateId, { page, pageSize: PAGE_MAX }, quiet);
        rules.push(...list);
        if (list.length < PAGE_MAX || rules.length >= total) break;
      }
    } catch {
      // A failed page leaves the picker with what it has.
    }
    return rules;
  }, [templateId]);
  return useLoad(fetch);
}
