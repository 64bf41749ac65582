import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { BillingCardStatus } from '@hmi/contract';

const COLORS: Record<number, string> = {
  [BillingCardStatus.NOT_ACTIVATED]: 'default',
  [BillingCardStatus.ACTIVE]: 'green',
  [BillingCardStatus.OUTDATED]: 'red',
};

/** A card's state: not activated, active, outdated. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return <Tag color={COLORS[status]}>{t(`enums:billingCardStatus.${status}`)}</Tag>;
}
