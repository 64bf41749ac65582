/** The team's cards with state, what they give, activation date and validity; filters type and state. */
import { Button, Card, Flex, Space } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { BillingCardStatus, BillingCardType, Permission, type BillingCard } from '@hmi/contract';
import type { CardQuery } from '../../api/billing';
import { useCan } from '../../shared/access';
import { FilterSelect } from '../../shared/FilterSelect';
import { ListTable, type ListRows } from '../../shared/ListTable';
import { cardGives, formatDate, size } from './text';
import { StatusTag } from './StatusTag';

interface Props {
  /** The paged list (`usePagedCall`) of the cards. */
  cards: ListRows<BillingCard> & { query: CardQuery; filter: (patch: Partial<CardQuery>) => void };
  onDetail: (card: BillingCard) => void;
  onAllocate: (card: BillingCard) => void;
}

const types = [BillingCardType.CLOUD_APPLICATION, BillingCardType.REMOTE_ACCESS] as const;
const statuses = [BillingCardStatus.ACTIVE, BillingCardStatus.OUTDATED] as const;

export function CardList({ cards, onDetail, onAllocate }: Props) {
  const { t } = useTranslation('billing');
  const can = useCan();
  const mayAllocate = (c: BillingCard) =>
    can(Permission.ACCOUNT_CARD_ALLOCATION) &&
    c.type === BillingCardType.REMOTE_ACCESS &&
    c.status === BillingCardStatus.ACTIVE &&
    c.device_id === null;

  const columns: ColumnsType<BillingCard> = [
    { title: t('card.number'), dataIndex: 'number' },
    { title: t('card.type'), dataIndex: 'type', render: (v: number) => t(`enums:billingCardType.${v}`) },
    { title: t('card.status'), dataIndex: 'status', render: (v: number) => <StatusTag status={v} /> },
    { title: t('card.gives'), key: 'gives', render: (_, c) => cardGives(t, c) },
    {
      title: t('card.remaining'),
      key: 'remaining',
      render: (_, c) => (c.type === BillingCardType.REMOTE_ACCESS ? size(c.remaining_bytes) : '-'),
    },
    {
      title: t('card.device'),
      key: 'device',
      render: (_, c) => (c.type === BillingCardType.REMOTE_ACCESS ? (c.device_name ?? t('card.team')) : '-'),
    },
    { title: t('card.activatedAt'), dataIndex: 'activated_at', render: (v: number | null) => formatDate(v) },
    { title: t('card.expiresAt'), dataIndex: 'expires_at', render: (v: number | null) => formatDate(v) },
    {
      title: t('common:actions'),
      key: 'actions',
      render: (_, c) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onDetail(c)} data-testid={`card-detail-${c.id}`}>
            {t('detail.open')}
          </Button>
          {mayAllocate(c) && (
            <Button
              type="link"
              size="small"
              onClick={() => onAllocate(c)}
              data-testid={`card-allocate-${c.id}`}
            >
              {t('cardAllocation.action')}
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('card.title')} data-testid="billing-cards">
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <FilterSelect
          value={cards.query.type as (typeof types)[number] | undefined}
          allLabel={t('card.allTypes')}
          options={types.map((v) => ({ value: v, label: t(`enums:billingCardType.${v}`) }))}
          onChange={(type) => cards.filter({ type })}
          width={200}
          testId="card-type-filter"
        />
        <FilterSelect
          value={cards.query.status as (typeof statuses)[number] | undefined}
          allLabel={t('card.allStatuses')}
          options={statuses.map((v) => ({ value: v, label: t(`enums:billingCardStatus.${v}`) }))}
          onChange={(status) => cards.filter({ status })}
          width={160}
          testId="card-status-filter"
        />
      </Flex>
      <ListTable<BillingCard> size="middle" data-testid="card-table" columns={columns} list={cards} />
    </Card>
  );
}
