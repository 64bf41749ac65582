/**
 * My account (id 17): the team's TAG pool and traffic, its cards, card activation (18 / 20), TAG
 * allocation (19), card allocation (21), billing detail per card and the usage history, and the
 * team's remote view idle timeout (set with 20). With billing off in the deployment a notice stands
 * in for the figures.
 */
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  getBillingAccount,
  listBillingCards,
  Permission,
  type BillingCard,
  type PermissionId,
} from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import { useCan } from '../../shared/access';
import { usePagedCall } from '../../shared/usePagedCall';
import { AccountSummary } from '../../features/billing/AccountSummary';
import { ActivateCardModal } from '../../features/billing/ActivateCardModal';
import { AllocationModal } from '../../features/billing/AllocationModal';
import { CardAllocateModal } from '../../features/billing/CardAllocateModal';
import { CardDetailDrawer } from '../../features/billing/CardDetailDrawer';
import { CardList } from '../../features/billing/CardList';
import { UsageChart } from '../../features/billing/UsageChart';
import { IdleSettingCard } from '../../features/remote/IdleSettingCard';

const PAGE_SIZE = 10;

export function MyAccountPage() {
  const { t } = useTranslation('billing');
  const can = useCan();
  const account = useCallQuery(getBillingAccount, {});
  const cards = usePagedCall(listBillingCards, { page: 1, pageSize: PAGE_SIZE });
  const [activating, setActivating] = useState(false);
  const [allocating, setAllocating] = useState(false);
  const [allocatingCard, setAllocatingCard] = useState<BillingCard | null>(null);
  const [detailId, setDetailId] = useState<number | null>(null);
  const data = account.data ?? null;

  if (data && !data.billing_enabled)
    return (
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Alert
          type="info"
          showIcon
          title={t('account.offTitle')}
          description={t('account.off')}
          data-testid="billing-off"
        />
        <IdleSettingCard />
      </Space>
    );

  const mayActivate = can(Permission.ACCOUNT_CLOUD_TOPUP) || can(Permission.ACCOUNT_REMOTE_TOPUP);
  const activate = (permission: PermissionId) =>
    can(permission) && (
      <Button type="primary" onClick={() => setActivating(true)} data-testid={`activate-open-${permission}`}>
        {t('account.activate')}
      </Button>
    );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }} data-testid="page-myAccount">
      {data && (
        <AccountSummary
          account={data}
          cloudActions={
            <Space wrap>
              {activate(Permission.ACCOUNT_CLOUD_TOPUP)}
              {can(Permission.ACCOUNT_TAG_ALLOCATION) && (
                <Button onClick={() => setAllocating(true)} data-testid="allocation-open">
                  {t('account.allocateTags')}
                </Button>
              )}
            </Space>
          }
          remoteActions={activate(Permission.ACCOUNT_REMOTE_TOPUP)}
        />
      )}
      <CardList cards={cards} onDetail={(c) => setDetailId(c.id)} onAllocate={(c) => setAllocatingCard(c)} />
      <UsageChart />
      <IdleSettingCard />
      {mayActivate && <ActivateCardModal open={activating} onClose={() => setActivating(false)} />}
      <AllocationModal open={allocating} account={data} onClose={() => setAllocating(false)} />
      <CardAllocateModal card={allocatingCard} onClose={() => setAllocatingCard(null)} />
      <CardDetailDrawer cardId={detailId} onClose={() => setDetailId(null)} />
    </Space>
  );
}
