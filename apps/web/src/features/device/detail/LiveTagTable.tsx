/** The device's TAGs with their latest values, updated in place as the device reports them. */
import { useState } from 'react';
import { Button, Empty, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { EditOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { Permission, TagAccess, type LiveTag } from '@hmi/contract';
import { useLiveTags } from '../../../live/hooks';
import { useReasonText } from '../../../live/reasonText';
import { useCan } from '../../../shared/access';
import { formatTime } from '../../../shared/format';
import { phoneColumns } from '../../../shared/ListTable';
import { usePhone } from '../../../ui/usePhone';
import { withLiveValue } from './tagRows';
import { WriteTagModal } from './WriteTagModal';
import '../../../live/liveFlash.css';

export function LiveTagTable({
  deviceId,
  tags,
  loading,
}: {
  deviceId: number;
  tags: LiveTag[];
  loading: boolean;
}) {
  const { t } = useTranslation('live');
  const can = useCan();
  const phone = usePhone();
  const pushed = useLiveTags(deviceId);
  const reasonText = useReasonText();
  const [writing, setWriting] = useState<LiveTag | null>(null);
  const rows = tags.map((tag) => withLiveValue(tag, pushed.get(tag.name)));

  const columns: ColumnsType<LiveTag> = [
    { title: t('tags.name'), dataIndex: 'name' },
    { title: t('tags.type'), key: 'type', render: (_, tag) => t(`enums:tagDataType.${tag.data_type}`) },
    { title: t('tags.access'), key: 'access', render: (_, tag) => t(`enums:tagAccess.${tag.access}`) },
    {
      title: t('tags.value'),
      key: 'value',
      render: (_, tag) =>
        tag.quality === 'bad' ? (
          // Greyed: the last good value (if any) is no longer what the machine has.
          <span data-testid={`tag-value-${tag.name}`} data-quality="bad">
            <Typography.Text type="secondary" className="tag-value-bad">
              {tag.value ?? t('tags.noValue')}
            </Typography.Text>{' '}
            <Typography.Text type="warning" data-testid={`tag-quality-${tag.name}`}>
              {t('quality.bad', { reason: reasonText(tag.quality_reason ?? '') })}
            </Typography.Text>
          </span>
        ) : tag.value === null ? (
          <Typography.Text type="secondary">{t('tags.noValue')}</Typography.Text>
        ) : (
          // A new value remounts the span, which replays the highlight.
          <span key={tag.value} className="live-flash" data-testid={`tag-value-${tag.name}`}>
            {tag.value}
          </span>
        ),
    },
    {
      title: t('tags.time'),
      key: 'time',
      render: (_, tag) => (tag.ts === null ? '-' : formatTime(Math.floor(tag.ts / 1000))),
    },
    { title: t('tags.description'), dataIndex: 'description', render: (text: string) => text || '-' },
  ];
  if (can(Permission.DEVICE_HMI))
    columns.push({
      title: t('common.actions'),
      key: 'actions',
      render: (_, tag) =>
        tag.access === TagAccess.READ ? null : (
          <Button
            type="link"
            size="small"
            icon={<EditOutlined />}
            onClick={() => setWriting(tag)}
            data-testid={`tag-write-${tag.name}`}
          >
            {t('tags.write')}
          </Button>
        ),
    });

  const waiting = rows.length > 0 && rows.every((tag) => tag.value === null);
  return (
    <>
      {waiting && (
        <Typography.Paragraph type="secondary" data-testid="tag-values-pending">
          {t('device:detail.tagValuesPending')}
        </Typography.Paragraph>
      )}
      <Table<LiveTag>
        rowKey="id"
        size="small"
        columns={phone ? phoneColumns(columns) : columns}
        dataSource={rows}
        loading={loading}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="tag-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('tags.empty')} /> }}
      />
      <WriteTagModal
        key={writing?.id ?? 0}
        deviceId={deviceId}
        tag={writing}
        onClose={() => setWriting(null)}
      />
    </>
  );
}
