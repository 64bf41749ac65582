/** Marks an alarm record late samples implied (a gateway's outbox after an outage; not notified). */
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@hmi/contract';

export function LateMark({ record }: { record: AlarmRecord }) {
  const { t } = useTranslation('alarm');
  if (!record.late) return null;
  return (
    <Tooltip title={t('records.lateHint')}>
      <Tag data-testid={`alarm-record-late-${record.id}`} style={{ marginInlineStart: 4 }}>
        {t('records.late')}
      </Tag>
    </Tooltip>
  );
}
