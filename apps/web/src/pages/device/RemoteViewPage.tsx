/**
 * Route `/device/devicelist/:id/remote` (id 6 HMI): the remote view of one device, its relay socket
 * on the user's data-centre host (or this page's origin).
 */
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Grid, Result, Spin } from 'antd';
import { ArrowLeftOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import { getDevice } from '@hmi/contract';
import { useCallQuery } from '../../api/callQuery';
import { remoteSocketUrl } from '../../api/remote';
import { session } from '../../api/tokens';
import { RemoteView } from '../../features/remote/RemoteView';

export function RemoteViewPage() {
  const { t } = useTranslation('remote');
  const navigate = useNavigate();
  const screens = Grid.useBreakpoint();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  // A refused or failed load (toasted by the client) leaves no device: the page says "not found".
  const { data: device, isLoading: loading } = useCallQuery(
    getDevice,
    { params: { id } },
    { enabled: valid },
  );
  const socketUrl = useMemo(() => remoteSocketUrl(session.getHost(), window.location.origin), []);
  const toDevice = () => void navigate(`/device/devicelist/${id}`);
  const back = (
    // A phone keeps the title's room: the arrow alone.
    <Button icon={<ArrowLeftOutlined />} onClick={toDevice} aria-label={t('back')} data-testid="remote-back">
      {screens.md === false ? null : t('back')}
    </Button>
  );

  if (loading && !device) return <Spin spinning style={{ display: 'block', padding: 48 }} />;
  if (!device) return <Result status="404" title={t('device:detail.notFound')} extra={back} />;
  return (
    <Card
      title={<span data-testid="remote-title">{t('titleOf', { name: device.name })}</span>}
      extra={back}
      styles={{ body: { padding: screens.md ? 24 : 12 } }}
      data-testid="page-remote-view"
    >
      <RemoteView
        deviceId={device.id}
        socketUrl={socketUrl}
        onBack={toDevice}
        blockers={[
          ...(device.online === 0 ? (['offline'] as const) : []),
          ...(device.traffic_switch === 0 ? (['trafficOff'] as const) : []),
        ]}
      />
    </Card>
  );
}
