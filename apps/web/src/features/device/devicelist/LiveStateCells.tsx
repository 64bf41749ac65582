/** Online and sync states of a device as the live socket reports them, with the sync action (id 4). */
import { useState } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { SyncOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { DeviceOnline, Permission, SyncStatus, type Device } from '@hmi/contract';
import { syncDevice } from '../../../api/connectivity';
import type { LiveDevice } from '../../../live/types';
import { useCommandTracker } from '../../../live/useCommandTracker';
import { useCan } from '../../../shared/access';
import { formatTime } from '../../../shared/format';
import { OnlineBadge, SyncBadge } from '../common/OnlineBadge';
import { useCommandErrorText } from '../../../live/commandErrors';

/** The state shown: the socket's when it said something, else the loaded row's. */
export function liveState(
  device: Pick<Device, 'online' | 'last_online_change' | 'sync_status'>,
  l?: LiveDevice,
) {
  return {
    online: l?.online?.online ?? device.online,
    onlineAt: l?.online?.at ?? device.last_online_change,
    sync: l?.sync?.sync_status ?? device.sync_status,
  };
}

/** Online badge; its tooltip says since when. */
export function LiveOnlineBadge({
  online,
  at,
  testId,
}: {
  online: number;
  at: number | null;
  testId?: string;
}) {
  const { t } = useTranslation('live');
  const state = online === DeviceOnline.ONLINE ? 1 : 0;
  return (
    <Tooltip title={at ? t(`onlineSince.${state}`, { time: formatTime(at) }) : t('noChange')}>
      <span data-testid={testId} data-online={state === 1}>
        <OnlineBadge online={online} />
      </span>
    </Tooltip>
  );
}

/** Sync badge and, with device edit (4), "sync now": pending until the device acknowledges. */
export function SyncCell({
  device,
  sync,
  online,
}: {
  device: Pick<Device, 'id' | 'name' | 'template_id'>;
  sync: number;
  online: number;
}) {
  const { t } = useTranslation('live');
  const can = useCan();
  const { message } = App.useApp();
  const track = useCommandTracker(can(Permission.DEVICE_EDIT) ? device.id : null);
  const reason = useCommandErrorText();
  const [busy, setBusy] = useState(false);

  const run = async () => {
    const key = `sync-${device.id}`;
    setBusy(true);
    try {
      const command = await syncDevice(device.id);
      void message.open({
        key,
        type: 'loading',
        content: t('sync.sent', { name: device.name }),
        duration: 0,
      });
      const outcome = await track(command);
      if (outcome.status === 'done')
        void message.open({ key, type: 'success', content: t('sync.done', { name: device.name }) });
      else
        void message.open({
          key,
          type: 'error',
          content: t('sync.failed', { name: device.name, reason: reason(outcome.error) }),
        });
    } catch {
      // Refused (1029 and the rest): translated toast from the client.
    } finally {
      setBusy(false);
    }
  };

  const blocked =
    device.template_id === null
      ? t('sync.noTemplate')
      : online !== DeviceOnline.ONLINE
        ? t('sync.offline')
        : null;
  return (
    <Space size={4} data-testid={`device-sync-${device.id}`} data-sync={sync}>
      <SyncBadge sync={sync} />
      {can(Permission.DEVICE_EDIT) && sync !== SyncStatus.SYNCHRONIZED && (
        <Tooltip title={blocked}>
          <Button
            type="link"
            size="small"
            icon={<SyncOutlined spin={busy} />}
            disabled={blocked !== null || busy}
            onClick={() => void run()}
            data-testid={`device-sync-now-${device.id}`}
          >
            {t('sync.now')}
          </Button>
        </Tooltip>
      )}
    </Space>
  );
}
