/**
 * Billing on the device detail: the TAG allocation level and what history it buys (and why nothing
 * is stored without one), the traffic switch with its month rule, this month's traffic and what remains.
 */
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Grid, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getBillingAccount, getDeviceBilling, Permission } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import { useCan } from '../../shared/access';
import { AllocationModal } from './AllocationModal';
import { formatDate, historyText, levelText, size, switchRuleText } from './text';
import { useTrafficSwitch } from './useTrafficSwitch';

interface Props {
  device: { id: number; name: string };
  /** The device's own fields changed (its traffic switch). */
  onChanged: () => unknown;
}

export function DeviceBillingSection({ device, onChanged }: Props) {
  const { t } = useTranslation('billing');
  const can = useCan();
  const turn = useTrafficSwitch();
  const billing = useCallQuery(getDeviceBilling, { params: { id: device.id } });
  const [allocating, setAllocating] = useState(false);
  const mayAllocate = can(Permission.ACCOUNT_TAG_ALLOCATION);
  // The pool the allocation takes from, asked for when the dialog opens.
  const account = useCallQuery(getBillingAccount, {}, { enabled: allocating });
  const b = billing.data;
  // On a phone the labels sit above their values: side by side both columns were too narrow.
  const wide = Grid.useBreakpoint().sm ?? true;
  const reload = () => Promise.all([billing.refetch(), onChanged()]);

  return (
    <Card
      title={t('device.title')}
      loading={!b}
      data-testid="device-billing"
      extra={
        b?.billing_enabled &&
        mayAllocate && (
          <Button onClick={() => setAllocating(true)} data-testid="device-allocate">
            {t('account.allocateTags')}
          </Button>
        )
      }
    >
      {b && !b.billing_enabled && (
        <Alert type="info" showIcon title={t('account.offTitle')} style={{ marginBottom: 16 }} />
      )}
      {b && (
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2 }}
          layout={wide ? 'horizontal' : 'vertical'}
          styles={{ label: { whiteSpace: 'nowrap' } }}
        >
          <Descriptions.Item label={t('device.level')}>
            {b.allocation
              ? t('allocation.currentLevel', {
                  level: levelText(t, b.allocation),
                  date: formatDate(b.allocation.ends_at),
                })
              : t('allocation.noLevel')}
          </Descriptions.Item>
          <Descriptions.Item label={t('device.history')}>
            <Typography.Text
              type={b.history.mode === 'none' ? 'warning' : undefined}
              data-testid="device-billing-history"
            >
              {historyText(t, b)}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('switch.label')}>
            <Flex gap={8} align="center" wrap>
              <Switch
                size="small"
                checked={b.traffic_switch.on}
                disabled={!b.billing_enabled || !can(Permission.ACCOUNT_CARD_ALLOCATION)}
                onChange={(on) => turn(device, on, reload)}
                aria-label={t('switch.label')}
                data-testid="device-billing-switch"
              />
              <span data-testid="device-billing-switch-rule">{switchRuleText(t, b.traffic_switch)}</span>
            </Flex>
          </Descriptions.Item>
          <Descriptions.Item label={t('device.month', { month: b.month })}>
            <span data-testid="device-billing-month">
              {t('device.monthValue', {
                used: size(b.month_bytes),
                remaining: b.remaining_bytes === null ? t('account.unlimited') : size(b.remaining_bytes),
              })}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <AllocationModal
        open={allocating}
        account={account.data ?? null}
        device={device}
        onClose={() => setAllocating(false)}
      />
    </Card>
  );
}
