import { Badge } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeviceOnline } from '@hmi/contract';

/** Online state (0 offline, 1 online) as a coloured dot with its translated name. */
export function OnlineBadge({ online }: { online: number }) {
  const { t } = useTranslation();
  const on = online === DeviceOnline.ONLINE;
  return (
    <Badge
      status={on ? 'success' : 'default'}
      text={t(`enums.deviceOnline.${on ? 1 : 0}`)}
      data-online={on}
    />
  );
}

/** Sync state: the HMI runs the cloud's template version (1) or not yet (0). */
export function SyncBadge({ sync }: { sync: number }) {
  const { t } = useTranslation();
  return (
    <Badge status={sync === 1 ? 'success' : 'warning'} text={t(`enums.syncStatus.${sync === 1 ? 1 : 0}`)} />
  );
}
