/** The device detail's record of remote sessions (id 2): who, mode, start, end, how it ended, bytes. */
import { Card, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { formatSize, listRemoteSessions } from '@hmi/contract';
import type { RemoteSessionRow } from '../../api/remote';
import { formatTime } from '../../shared/format';
import { usePagedCall } from '../../shared/usePagedCall';

const PAGE_SIZE = 10;

export function RemoteSessionsCard({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('remote');
  const sessions = usePagedCall(listRemoteSessions, { page: 1, pageSize: PAGE_SIZE }, { id: deviceId });
  const columns: ColumnsType<RemoteSessionRow> = [
    { title: t('sessions.user'), dataIndex: 'user_name' },
    {
      title: t('sessions.mode'),
      key: 'mode',
      render: (_, r) => (
        <Tag color={r.mode === 'view' ? 'orange' : 'blue'}>
          {r.mode === 'view' ? t('status.viewOnly') : t('status.control')}
        </Tag>
      ),
    },
    { title: t('sessions.started'), key: 'started', render: (_, r) => formatTime(r.started_at) },
    { title: t('sessions.ended'), key: 'ended', render: (_, r) => formatTime(r.ended_at) },
    {
      title: t('sessions.reason'),
      key: 'reason',
      render: (_, r) =>
        r.ended_at === null ? (
          <Tag color="processing">{t('sessions.open')}</Tag>
        ) : (
          t(`end.reason.${r.reason ?? 'unknown'}`)
        ),
    },
    { title: t('sessions.bytes'), key: 'bytes', render: (_, r) => formatSize(r.bytes) },
  ];
  return (
    <Card title={t('sessions.title')} data-testid="device-remote-sessions">
      <Table<RemoteSessionRow>
        rowKey="session"
        size="small"
        columns={columns}
        dataSource={sessions.data?.list ?? []}
        loading={sessions.loading}
        locale={{ emptyText: t('common.noData') }}
        pagination={sessions.pagination}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
