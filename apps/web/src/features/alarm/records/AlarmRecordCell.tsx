/**
 * One alarm record in a single cell, for a phone: what alarmed and how badly, where, when and at which
 * value, its state (with why it ended when its rule or template changed), and who acknowledged it or the action to do so. A table of nine columns would
 * leave an operator scrolling sideways to reach the acknowledge action.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AlarmRecord } from '@hmi/contract';
import type { ColumnsType } from 'antd/es/table';
import { formatTime, orDash } from '../../../shared/format';
import { AlarmLevelTag, AlarmStateTag } from '../AlarmTags';
import { RecordMarks, useRecordTitle } from './RecordMarks';

export interface AlarmRecordCellProps {
  record: AlarmRecord;
  /** False in a device's own records. */
  showDevice: boolean;
  /** The record's actions (acknowledge, shelve, unshelve). */
  action: ReactNode;
}

export function AlarmRecordCell({ record: r, showDevice, action }: AlarmRecordCellProps) {
  const { t } = useTranslation('alarm');
  const title = useRecordTitle();
  return (
    <Flex vertical gap={4} style={{ minWidth: 0 }}>
      <Flex gap={4} wrap align="center">
        <AlarmLevelTag level={r.level} />
        <Typography.Text strong>{title(r)}</Typography.Text>
      </Flex>
      {showDevice && <Link to={`/device/devicelist/${r.device_id}`}>{r.device_name}</Link>}
      <Typography.Text type="secondary">
        {formatTime(r.alarm_at)} · {r.tag_name}{' '}
        <span data-testid={`alarm-record-value-${r.id}`}>{r.value}</span>
        <RecordMarks record={r} />
      </Typography.Text>
      {r.content && <Typography.Text type="secondary">{r.content}</Typography.Text>}
      <Flex gap={8} wrap align="center">
        <AlarmStateTag state={r.state} testId={`alarm-record-state-${r.id}`} />
        {r.recovery_reason !== null && (
          <Typography.Text type="secondary" data-testid={`alarm-record-recovery-reason-${r.id}`}>
            {t(`records.recoveryReason.${r.recovery_reason}`)}
          </Typography.Text>
        )}
        {r.response_at !== null && (
          <Typography.Text type="secondary" data-testid={`alarm-record-responder-${r.id}`}>
            {t('records.field.responder')}: {orDash(r.responder_name)} {formatTime(r.response_at)}
          </Typography.Text>
        )}
        {action}
      </Flex>
      {r.note !== null && (
        <Typography.Text type="secondary" data-testid={`alarm-record-note-${r.id}`}>
          {t('records.noteBy', { name: r.note_by ?? '', note: r.note })}
        </Typography.Text>
      )}
    </Flex>
  );
}

/** The records table's one column on a phone. */
export const phoneColumns = (
  title: string,
  showDevice: boolean,
  action: (record: AlarmRecord) => ReactNode,
): ColumnsType<AlarmRecord> => [
  {
    title,
    key: 'alarm',
    render: (_, r) => <AlarmRecordCell record={r} showDevice={showDevice} action={action(r)} />,
  },
];
