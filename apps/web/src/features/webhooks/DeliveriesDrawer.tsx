/** A webhook's latest deliveries with their state, attempts and the receiver's last answers. */
import { Button, Drawer, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { listWebhookDeliveries, type Webhook, type WebhookDelivery } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import { formatTime } from '../../shared/format';
import { statusColor } from './status';

export function DeliveriesDrawer({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const { t } = useTranslation('webhook');
  return (
    <Drawer
      open={hook !== null}
      onClose={onClose}
      title={t('logTitle', { name: hook?.name ?? '' })}
      size="large"
    >
      {hook && <Deliveries id={hook.id} />}
    </Drawer>
  );
}

function Deliveries({ id }: { id: number }) {
  const { t } = useTranslation('webhook');
  const { data, refetch } = useCallQuery(listWebhookDeliveries, { params: { id } });
  return (
    <>
      <Button size="small" onClick={() => void refetch()} style={{ marginBottom: 12 }}>
        {t('refresh')}
      </Button>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={!data}
        dataSource={data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="webhook-deliveries"
        columns={[
          { title: t('created'), dataIndex: 'created_at', render: (s: number) => formatTime(s) },
          {
            title: t('event'),
            dataIndex: 'event',
            render: (e: WebhookDelivery['event']) => t(`events.${e}`),
          },
          {
            title: t('state'),
            dataIndex: 'status',
            render: (s: WebhookDelivery['status']) => <Tag color={statusColor[s]}>{t(`status.${s}`)}</Tag>,
          },
          { title: t('attempts'), dataIndex: 'attempts' },
          { title: t('httpStatus'), dataIndex: 'http_status', render: (s: number | null) => s ?? '—' },
          {
            title: t('answer'),
            dataIndex: 'answer',
            render: (a: string) => (
              <Typography.Text ellipsis={{ tooltip: a }} style={{ maxWidth: 240 }}>
                {a || '—'}
              </Typography.Text>
            ),
          },
          {
            title: t('nextAt'),
            dataIndex: 'next_at',
            render: (s: number | null) => (s === null ? '—' : formatTime(s)),
          },
        ]}
      />
    </>
  );
}
