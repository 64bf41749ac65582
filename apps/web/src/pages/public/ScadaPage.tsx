/**
 * /scada: a configuration screen live, full page without the shell. Opened from the console in a
 * new tab as `#/scada?device=<id>[&screen=<id>]` (a template's screen for that device, id 7) or
 * `#/scada?screen=<id>` (a project screen). No token travels in the URL: the tab is on the
 * console's origin and uses the stored session like any other tab (its refresh included); without
 * one it goes to the login page.
 */
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { Result, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DeviceOnline,
  ErrorCode,
  hasPermission,
  Permission,
  type Screen,
  type ScreenSummary,
} from '@hmi/contract';
import { getDevice } from '../../api/devices';
import { isApiError } from '../../api/errors';
import { getScreen, listDeviceScreens, listProjectScreens } from '../../api/screens';
import { session } from '../../api/tokens';
import { useLiveDevices, useLiveStatus } from '../../live/hooks';
import { live } from '../../live/live';
import { useSession, userStore } from '../../session/userStore';
import { ScadaDialog } from '../../features/scada/ScadaDialog';
import { ScadaView } from '../../features/scada/ScadaView';
import '../../features/scada/scada.css';

/**
 * `unaddressed`: the address names no device or screen (opened by hand or with a broken link);
 * `missing`: the device or screen does not exist or is not the caller's to see; `none`: the
 * device's template has no screen.
 */
type Loaded =
  | { state: 'loading' }
  | { state: 'unaddressed' }
  | { state: 'missing' }
  | { state: 'none' }
  | { state: 'failed' }
  | { state: 'ready'; screen: Screen; siblings: ScreenSummary[]; deviceName: string | null };

const emptyText = {
  unaddressed: 'unaddressed',
  missing: 'missing',
  none: 'empty',
  failed: 'failed',
} as const;

const idParam = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : null);

async function loadScreen(deviceId: number | null, screenId: number | null): Promise<Loaded> {
  if (deviceId === null && screenId === null) return { state: 'unaddressed' };
  if (deviceId !== null) {
    const [list, device] = await Promise.all([
      listDeviceScreens(deviceId),
      getDevice(deviceId, { handleError: true }).catch(() => null),
    ]);
    const id = screenId ?? list.list[0]?.id;
    if (id === undefined) return { state: 'none' };
    const screen = await getScreen(id, deviceId);
    return { state: 'ready', screen, siblings: list.list, deviceName: device?.name ?? null };
  }
  if (screenId === null) return { state: 'unaddressed' };
  const screen = await getScreen(screenId);
  const siblings =
    screen.project_id === null
      ? [screen]
      : await listProjectScreens(screen.project_id, { handleError: true })
          .then((r) => r.list)
          .catch(() => [screen]);
  return { state: 'ready', screen, siblings, deviceName: null };
}

/** The viewed device's offline state, in words beside the greyed widgets. */
function OfflineBadge({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('scada');
  const state = useLiveDevices([deviceId], live).get(deviceId);
  if (state?.online?.online !== DeviceOnline.OFFLINE) return null;
  return (
    <Tag color="red" data-testid="scada-offline">
      {t('offline')}
    </Tag>
  );
}

function LiveBadge() {
  const { t } = useTranslation('live');
  const status = useLiveStatus(live);
  return (
    <Tag color={status === 'live' ? 'green' : 'default'} data-testid="scada-live-status" data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}

export function ScadaPage() {
  const { t } = useTranslation('scada');
  const token = useSyncExternalStore(session.subscribe, session.getToken);
  const [params, setParams] = useSearchParams();
  const deviceId = idParam(params.get('device'));
  const screenId = idParam(params.get('screen'));
  const { userInfo } = useSession();
  // The answer for the screen in the address; another address shows loading until its answer.
  const want = `${deviceId}/${screenId}`;
  const [answer, setAnswer] = useState<{ want: string; loaded: Loaded } | null>(null);
  const loaded: Loaded = answer?.want === want ? answer.loaded : { state: 'loading' };

  useEffect(() => {
    if (!token) return;
    void userStore.ensureLoaded().catch(() => undefined);
    live.start();
    return () => live.stop();
  }, [token]);

  useEffect(() => {
    if (!token) return;
    let alive = true;
    const key = `${deviceId}/${screenId}`;
    loadScreen(deviceId, screenId).then(
      (l) => alive && setAnswer({ want: key, loaded: l }),
      (error: unknown) =>
        alive &&
        setAnswer({
          want: key,
          loaded: { state: isApiError(error) && error.code === ErrorCode.NO_DATA ? 'missing' : 'failed' },
        }),
    );
    return () => {
      alive = false;
    };
  }, [token, deviceId, screenId]);

  // A dialog view open over the screen (FUXA `ondialog`); closing it comes back to the screen.
  const [dialog, setDialog] = useState<number | null>(null);
  const goto = useCallback(
    (id: number, asDialog = false) => {
      if (asDialog) return setDialog(id);
      setDialog(null);
      setParams(
        deviceId === null ? { screen: String(id) } : { device: String(deviceId), screen: String(id) },
      );
    },
    [deviceId, setParams],
  );

  const screenName = loaded.state === 'ready' ? loaded.screen.name : null;
  useEffect(() => {
    if (screenName) document.title = `${screenName} - ${t('title')}`;
  }, [screenName, t]);

  if (!token) return <Navigate to="/login" replace />;
  const canWrite = userInfo ? hasPermission(userInfo, Permission.DEVICE_HMI) : false;

  return (
    <div className="scada-page" data-testid="page-scada">
      <div className="scada-bar">
        <span className="scada-bar-title" data-testid="scada-title">
          {loaded.state === 'ready'
            ? [loaded.deviceName, loaded.screen.name].filter(Boolean).join(' · ')
            : t('title')}
        </span>
        {loaded.state === 'ready' && loaded.siblings.length > 1 && (
          <Select
            size="small"
            style={{ minWidth: 160 }}
            data-testid="scada-screens"
            aria-label={t('screens')}
            value={loaded.screen.id}
            options={loaded.siblings.map((s) => ({ value: s.id, label: s.name }))}
            onChange={(id: number) => goto(id)}
          />
        )}
        {loaded.state === 'ready' && !canWrite && <Tag>{t('readOnly')}</Tag>}
        {deviceId !== null && <OfflineBadge deviceId={deviceId} />}
        <LiveBadge />
      </div>
      {loaded.state === 'loading' && (
        <div className="scada-fit">
          <Spin />
        </div>
      )}
      {loaded.state !== 'loading' && loaded.state !== 'ready' && (
        <div className="scada-fit">
          <Result
            status={loaded.state === 'failed' ? 'warning' : 'info'}
            title={<span style={{ color: '#f0f0f0' }}>{t(emptyText[loaded.state])}</span>}
            data-testid={`scada-${loaded.state}`}
          />
        </div>
      )}
      {loaded.state === 'ready' && (
        <ScadaView
          key={loaded.screen.id}
          screen={loaded.screen}
          deviceId={deviceId}
          live={live}
          canWrite={canWrite}
          onGoto={goto}
        />
      )}
      {loaded.state === 'ready' && dialog !== null && (
        <ScadaDialog
          screenId={dialog}
          deviceId={deviceId}
          live={live}
          canWrite={canWrite}
          onClose={() => setDialog(null)}
          onGoto={goto}
        />
      )}
    </div>
  );
}
