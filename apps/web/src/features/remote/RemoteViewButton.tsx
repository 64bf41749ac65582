/** The device list's and detail's way into the remote view, for whoever holds id 6 (HMI). */
import { Button } from 'antd';
import { DesktopOutlined } from '../../ui/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permission } from '@hmi/contract';
import { useCan } from '../../shared/access';
import { IconAction } from '../../shared/IconAction';

export interface RemoteViewButtonProps {
  deviceId: number;
  /** `icon` in table rows (named by its tooltip), `default` in the detail's header. */
  type?: 'icon' | 'default';
}

export function RemoteViewButton({ deviceId, type = 'icon' }: RemoteViewButtonProps) {
  const { t } = useTranslation('remote');
  const can = useCan();
  const navigate = useNavigate();
  if (!can(Permission.DEVICE_HMI)) return null;
  const open = () => void navigate(`/device/devicelist/${deviceId}/remote`);
  const testId = `remote-open-${deviceId}`;
  if (type === 'icon')
    return <IconAction label={t('action')} icon={<DesktopOutlined />} onClick={open} testId={testId} />;
  return (
    <Button icon={<DesktopOutlined />} onClick={open} data-testid={testId}>
      {t('action')}
    </Button>
  );
}
