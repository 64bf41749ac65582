/** Coloured tags of the alarm value tables: level, record state, message urgency. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmLevel, AlarmRecordState, AlarmUrgency } from '@hmi/contract';

const levelColours: Record<number, string> = {
  [AlarmLevel.MINOR]: 'blue',
  [AlarmLevel.MILD]: 'cyan',
  [AlarmLevel.MODERATE]: 'gold',
  [AlarmLevel.SEVERE]: 'orange',
  [AlarmLevel.CRITICAL]: 'red',
};

const stateColours: Record<number, string> = {
  [AlarmRecordState.ALARM]: 'red',
  [AlarmRecordState.RESPONSE]: 'orange',
  [AlarmRecordState.RECOVERY]: 'green',
};

const urgencyColours: Record<number, string> = {
  [AlarmUrgency.URGENT]: 'red',
  [AlarmUrgency.LOW]: 'blue',
  [AlarmUrgency.NORMAL]: 'gold',
};

export function AlarmLevelTag({ level }: { level: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={levelColours[level]} data-level={level}>
      {t(`enums.alarmLevel.${level}`)}
    </Tag>
  );
}

export function AlarmStateTag({ state, testId }: { state: number; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={stateColours[state]} data-state={state} data-testid={testId}>
      {t(`enums.alarmRecordState.${state}`)}
    </Tag>
  );
}

export function UrgencyTag({ urgency }: { urgency: number }) {
  const { t } = useTranslation();
  return (
    <Tag color={urgencyColours[urgency]} data-urgency={urgency}>
      {t(`enums.alarmUrgency.${urgency}`)}
    </Tag>
  );
}
