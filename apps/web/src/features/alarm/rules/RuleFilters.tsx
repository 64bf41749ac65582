/** The filters of a template's alarm rules: group, level, type, state and keyword. */
import { useTranslation } from 'react-i18next';
import { alarmLevels, AlarmType, type AlarmGroup, type AlarmTypeValue } from '@hmi/contract';
import type { AlarmRuleQuery } from '../../../api/alarms';
import { FilterSelect } from '../../../shared/FilterSelect';
import { KeywordSearch } from '../../../shared/KeywordSearch';

const alarmTypes: AlarmTypeValue[] = [AlarmType.LIMIT, AlarmType.DEVIATION, AlarmType.ON_OFF];

/** Items of the toolbar row it stands in (a fragment, so the row lays them out with its own). */
export function RuleFilters({
  query,
  groups,
  onFilter,
}: {
  query: AlarmRuleQuery;
  groups: readonly AlarmGroup[];
  onFilter: (patch: Partial<AlarmRuleQuery>) => void;
}) {
  const { t } = useTranslation('alarm');
  return (
    <>
      <FilterSelect<number>
        value={query.group_id as number | undefined}
        allLabel={t('rules.allGroups')}
        options={groups.map((g) => ({ value: g.id, label: g.name }))}
        onChange={(v) => onFilter({ group_id: v })}
        width={160}
        testId="alarm-rules-filter-group"
      />
      <FilterSelect<number>
        value={query.level as number | undefined}
        allLabel={t('rules.allLevels')}
        options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
        onChange={(v) => onFilter({ level: v })}
        width={130}
        testId="alarm-rules-filter-level"
      />
      <FilterSelect<AlarmTypeValue>
        value={query.type}
        allLabel={t('rules.allTypes')}
        options={alarmTypes.map((v) => ({ value: v, label: t(`enums.alarmType.${v}`) }))}
        onChange={(v) => onFilter({ type: v })}
        width={140}
        testId="alarm-rules-filter-type"
      />
      <FilterSelect<'0' | '1'>
        value={query.enabled}
        allLabel={t('rules.allStates')}
        options={[
          { value: '1', label: t('rules.enabled') },
          { value: '0', label: t('rules.disabled') },
        ]}
        onChange={(v) => onFilter({ enabled: v })}
        width={130}
        testId="alarm-rules-filter-enabled"
      />
      <KeywordSearch
        placeholder={t('rules.keywordPlaceholder')}
        width={240}
        onSearch={(keyword) => onFilter({ keyword })}
      />
    </>
  );
}
