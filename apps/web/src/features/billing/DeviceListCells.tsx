/**
 * The device list's billing cells: the traffic switch (a toggle with permission 21) and the TAG level,
 * shown while the deployment bills (not with BILLING=off).
 */
import { Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Permission } from '@hmi/contract';
import { useCan } from '../../shared/access';
import { billingOff } from '../../session/landing';
import { useSession } from '../../session/userStore';
import { levelText } from './text';
import { useTrafficSwitch } from './useTrafficSwitch';

interface Props {
  device: { id: number; name: string; traffic_switch: number };
  onChanged: () => unknown;
}

/** A toggle with permission 21, a read-only state without. */
export function TrafficSwitchCell({ device, onChanged }: Props) {
  const { t } = useTranslation('billing');
  const can = useCan();
  const turn = useTrafficSwitch();
  const on = device.traffic_switch === 1;
  return (
    <Switch
      size="small"
      checked={on}
      disabled={!can(Permission.ACCOUNT_CARD_ALLOCATION)}
      onChange={(next) => turn(device, next, onChanged)}
      aria-label={t('switch.label')}
      data-testid={`traffic-switch-${device.id}`}
    />
  );
}

/** The device list's TAG allocation: the level in force, or a dash (no history stored). */
export function AllocationCell({
  allocation,
}: {
  allocation?: { tag_count: number; frequency_min: number } | null;
}) {
  const { t } = useTranslation('billing');
  return allocation ? levelText(t, allocation) : '-';
}

/** False with BILLING=off: the billing columns and controls are left out. */
export function useBillingOn(): boolean {
  const { userInfo } = useSession();
  return userInfo ? !billingOff(userInfo) : true;
}
