/**
 * A template's device offline alarm: its devices offline for N minutes (0: off) raise an alarm record
 * of the chosen level, notified like others, recovered when the device is back. Editable with the
 * template edit permission (id 11); read-only otherwise.
 */
import { useState } from 'react';
import { App, Button, Flex, InputNumber, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  alarmLevels,
  getTemplateAlarmSettings,
  OFFLINE_ALARM_MAX_MINUTES,
  putTemplateAlarmSettings,
  type TemplateAlarmSettings,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../../api/callQuery';
import { useBusy } from '../../../shared/useBusy';

const quiet = { handleError: true } as const;

export function OfflineAlarmSetting({ templateId, editable }: { templateId: number; editable: boolean }) {
  const { t } = useTranslation('alarm');
  const { message } = App.useApp();
  const { busy, run } = useBusy<'save'>();
  const loaded = useCallQuery(getTemplateAlarmSettings, { params: { id: templateId } }, quiet);
  const saver = useCallMutation(putTemplateAlarmSettings, {
    invalidates: [getTemplateAlarmSettings],
    ...quiet,
  });
  // Edits in progress; null: as loaded.
  const [draft, setValue] = useState<TemplateAlarmSettings | null>(null);
  const value = draft ?? loaded.data;
  if (!value) return null;

  const save = () =>
    run('save', async () => {
      await saver.mutateAsync({ params: { id: templateId }, body: value });
      setValue(null);
      void message.success(t('offlineAlarm.saved'));
    });

  return (
    <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid="offline-alarm-setting">
      <Typography.Text strong>{t('offlineAlarm.title')}</Typography.Text>
      <Typography.Text type="secondary">{t('offlineAlarm.hint')}</Typography.Text>
      <Flex gap={8} wrap align="center">
        <span>{t('offlineAlarm.minutes')}</span>
        <InputNumber<number>
          min={0}
          max={OFFLINE_ALARM_MAX_MINUTES}
          precision={0}
          disabled={!editable}
          value={value.offline_alarm_minutes}
          onChange={(v) => setValue({ ...value, offline_alarm_minutes: v ?? 0 })}
          aria-label={t('offlineAlarm.minutes')}
          data-testid="offline-alarm-minutes"
        />
        <span>{t('offlineAlarm.level')}</span>
        <Select<number>
          style={{ width: 120 }}
          disabled={!editable}
          value={value.offline_alarm_level}
          onChange={(v) => setValue({ ...value, offline_alarm_level: v })}
          options={alarmLevels.map((l) => ({ value: l, label: t(`enums.alarmLevel.${l}`) }))}
          aria-label={t('offlineAlarm.level')}
          data-testid="offline-alarm-level"
        />
        {editable && (
          <Button loading={busy === 'save'} onClick={() => void save()} data-testid="offline-alarm-save">
            {t('common.save')}
          </Button>
        )}
      </Flex>
    </Flex>
  );
}
