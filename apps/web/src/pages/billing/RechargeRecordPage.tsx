/** Recharge records (id 22): the team's card activations, newest first, with a type filter. */
import { Card, Flex } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { BillingCardType, listRecharges } from '@hmi/contract';
import type { Recharge } from '../../api/billing';
import { FilterSelect } from '../../shared/FilterSelect';
import { ListTable } from '../../shared/ListTable';
import { usePagedCall } from '../../shared/usePagedCall';
import { cardGives, formatDate } from '../../features/billing/text';

type Row = Recharge & { id: number };
const types = [BillingCardType.CLOUD_APPLICATION, BillingCardType.REMOTE_ACCESS] as const;

export function RechargeRecordPage() {
  const { t } = useTranslation('billing');
  const records = usePagedCall(listRecharges, { page: 1, pageSize: 20 });
  // One activation per card: the card id keys the row.
  const rows = records.data ? { list: records.data.list.map((r) => ({ ...r, id: r.card_id })) } : null;

  const columns: ColumnsType<Row> = [
    { title: t('card.number'), dataIndex: 'number' },
    { title: t('card.type'), dataIndex: 'type', render: (v: number) => t(`enums:billingCardType.${v}`) },
    { title: t('card.gives'), key: 'gives', render: (_, r) => cardGives(t, r) },
    { title: t('card.activatedAt'), dataIndex: 'activated_at', render: (v: number) => formatDate(v) },
    { title: t('card.expiresAt'), dataIndex: 'expires_at', render: (v: number) => formatDate(v) },
    { title: t('card.activatedBy'), dataIndex: 'activated_by_name', render: (v: string | null) => v ?? '-' },
  ];

  return (
    <Card title={t('recharge.title')} data-testid="page-rechargeRecord">
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <FilterSelect
          value={records.query.type as (typeof types)[number] | undefined}
          allLabel={t('card.allTypes')}
          options={types.map((v) => ({ value: v, label: t(`enums:billingCardType.${v}`) }))}
          onChange={(type) => records.filter({ type })}
          width={200}
          testId="recharge-type-filter"
        />
      </Flex>
      <ListTable<Row>
        size="middle"
        data-testid="recharge-table"
        columns={columns}
        list={{ data: rows, loading: records.loading, pagination: records.pagination }}
      />
    </Card>
  );
}
