/** Billing detail of one card: what it gives, its state and validity, and its usage per month and device. */
import { Descriptions, Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillingCardType, getBillingCard } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import { cardGives, formatDate, size } from './text';
import { StatusTag } from './StatusTag';

export function CardDetailDrawer({ cardId, onClose }: { cardId: number | null; onClose: () => void }) {
  const { t } = useTranslation('billing');
  const detail = useCallQuery(getBillingCard, { params: { id: cardId ?? 0 } }, { enabled: cardId !== null });
  const data = detail.data?.card.id === cardId ? detail.data : null;
  const card = data?.card;
  const remote = card?.type === BillingCardType.REMOTE_ACCESS;

  return (
    <Drawer
      open={cardId !== null}
      onClose={onClose}
      title={t('detail.title')}
      size="large"
      loading={!data}
      data-testid="card-detail"
    >
      {card && (
        <>
          <Descriptions bordered size="small" column={1} style={{ marginBottom: 24 }}>
            <Descriptions.Item label={t('card.number')}>{card.number}</Descriptions.Item>
            <Descriptions.Item label={t('card.type')}>
              {t(`enums:billingCardType.${card.type}`)}
            </Descriptions.Item>
            <Descriptions.Item label={t('card.status')}>
              <StatusTag status={card.status} />
            </Descriptions.Item>
            <Descriptions.Item label={t('card.gives')}>{cardGives(t, card)}</Descriptions.Item>
            {remote && (
              <Descriptions.Item label={t('card.usage')}>
                {t('card.usedOf', { used: size(card.used_bytes), total: size(card.traffic_bytes) })}
              </Descriptions.Item>
            )}
            {remote && (
              <Descriptions.Item label={t('card.device')}>
                {card.device_name ?? <Tag>{t('card.team')}</Tag>}
              </Descriptions.Item>
            )}
            <Descriptions.Item label={t('card.activatedAt')}>
              {formatDate(card.activated_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('card.expiresAt')}>{formatDate(card.expires_at)}</Descriptions.Item>
            <Descriptions.Item label={t('card.activatedBy')}>
              {card.activated_by_name ?? '-'}
            </Descriptions.Item>
          </Descriptions>
          {remote && (
            <Table
              size="small"
              rowKey={(r) => `${r.month}-${r.device_id}`}
              dataSource={data.usage}
              pagination={false}
              locale={{ emptyText: t('detail.noUsage') }}
              data-testid="card-usage"
              columns={[
                { title: t('detail.month'), dataIndex: 'month' },
                {
                  title: t('detail.device'),
                  key: 'device',
                  render: (_, r) => r.device_name ?? `#${r.device_id}`,
                },
                {
                  title: t('detail.bytes'),
                  dataIndex: 'bytes',
                  align: 'right',
                  render: (b: number) => size(b),
                },
              ]}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
