/** The device list's and detail's way into the remote view, for whoever holds id 6 (HMI). */
import { Button } from 'antd';
import { DesktopOutlined } from '../../ui/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Permission } from '@hmi/contract';
import { useCan } from '../../shared/access';

export interface RemoteViewButtonProps {
  deviceId: number;
  /** `link` in table rows, `default` in the detail's header. */
  type?: 'link' | 'default';
}

export function RemoteViewButton({ deviceId, type = 'link' }: RemoteViewButtonProps) {
  const { t } = useTranslation('remote');
  const can = useCan();
  const navigate = useNavigate();
  if (!can(Permission.DEVICE_HMI)) return null;
  return (
    <Button
      type={type}
      size={type === 'link' ? 'small' : undefined}
      icon={<DesktopOutlined />}
      onClick={() => void navigate(`/device/devicelist/${deviceId}/remote`)}
      data-testid={`remote-open-${deviceId}`}
    >
      {t('action')}
    </Button>
  );
}
