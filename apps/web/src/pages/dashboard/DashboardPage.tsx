/**
 * Data dashboard (id 1): device counters, warnings (active and unacknowledged alarms, cards expiring,
 * devices low on traffic) and a card per favourite device with its latest TAG values and a small
 * trend of its first TAGs, kept up to date by the live socket.
 */
import { useEffect, useMemo, useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Card, Descriptions, Empty, Flex, Spin, Statistic, Typography } from 'antd';
import { CheckCircleOutlined, DesktopOutlined, DisconnectOutlined, StarOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_CARD_TAGS_MAX,
  GROUP_PATH_FULL_LEVELS,
  groupPathNames,
  listDevices,
  Permission,
  type CallResponse,
  type Dashboard,
} from '@hmi/contract';
import { callKey, useCallQuery } from '../../api/callQuery';
import { dashboardCall, getDashboard } from '../../api/dashboard';
import { onlineMoved } from '../../features/dashboard/onlineMoved';
import { TagTrend } from '../../features/dashboard/TagTrend';
import { Warnings } from '../../features/dashboard/Warnings';
import { useAlarmLive } from '../../features/alarm/useAlarmLive';
import { DataGrantHint } from '../../components/DataGrantHint';
import { coalesced } from '../../live/coalesce';
import type { LiveDevice } from '../../live/types';
import { useLiveDevices, useLiveReconnected, useLiveTags } from '../../live/hooks';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { GroupPath } from '../../features/device/common/GroupPath';
import { useGroupTree } from '../../features/device/common/options';
import { flattenGroups } from '../../shared/groups';
import { LiveOnlineBadge } from '../../features/device/devicelist/LiveStateCells';
import '../../live/liveFlash.css';
import './dashboard.css';

type Favourite = Dashboard['favourites'][number];

/** Devices watched for the counters besides the favourites (the server's page-size limit). */
const COUNTED_MAX = 200;
/** The first TAGs of a card that show a small trend (each asks the history once). */
const TREND_TAGS = 3;

/** The loaded values and those the socket pushed since (newest wins), at most `DASHBOARD_CARD_TAGS_MAX` TAGs. */
function TagValues({ deviceId, loaded }: { deviceId: number; loaded: Favourite['tags'] }) {
  const { t } = useTranslation('dashboard');
  // The history call needs the device view (id 2).
  const trends = useCan()(Permission.DEVICE_VIEW);
  const ids = new Map(loaded.slice(0, TREND_TAGS).map((tag) => [tag.name, tag.id]));
  const pushed = useLiveTags(deviceId);
  const byName = new Map(loaded.map((tag) => [tag.name, tag]));
  for (const [name, p] of pushed) {
    const tag = byName.get(name);
    if (!tag || tag.time === null || p.ts >= tag.time)
      byName.set(name, { id: tag?.id ?? 0, name, value: p.value, time: p.ts });
  }
  const tags = [...byName.values()].slice(0, DASHBOARD_CARD_TAGS_MAX);
  if (!tags.length)
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={t('tagsPending')}
        style={{ marginBlock: 8 }}
        data-testid="favourite-tags-empty"
      />
    );
  return (
    <Descriptions
      size="small"
      column={1}
      items={tags.map((tag) => ({
        key: tag.name,
        label: tag.name,
        children: (
          <Flex justify="space-between" align="center" gap={8} style={{ width: '100%' }}>
            <span
              key={tag.value}
              className="live-flash"
              title={tag.time ? formatTime(Math.floor(tag.time / 1000)) : undefined}
              data-testid={`favourite-tag-${deviceId}-${tag.name}`}
            >
              {tag.value ?? '-'}
            </span>
            {trends && ids.get(tag.name) ? (
              <TagTrend
                deviceId={deviceId}
                tagId={ids.get(tag.name) ?? 0}
                testId={`favourite-trend-${deviceId}-${tag.name}`}
              />
            ) : null}
          </Flex>
        ),
      }))}
    />
  );
}

function FavouriteCard({
  device,
  live,
  fullPath,
}: {
  device: Favourite;
  live: LiveDevice | undefined;
  /** The whole group path, when known: the server's may be shortened without a mark. */
  fullPath: string[] | undefined;
}) {
  const { t } = useTranslation('dashboard');
  const can = useCan();
  const title = can(Permission.DEVICE_VIEW) ? (
    <Link to={`/device/devicelist/${device.id}`}>{device.name}</Link>
  ) : (
    device.name
  );
  return (
    <Card
      title={title}
      extra={
        <LiveOnlineBadge
          online={live?.online?.online ?? device.online}
          at={live?.online?.at ?? null}
          testId={`favourite-online-${device.id}`}
        />
      }
      data-testid={`favourite-card-${device.id}`}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'sn', label: t('sn'), children: device.sn },
          { key: 'model', label: t('model'), children: device.model },
          {
            key: 'group',
            label: t('group'),
            children: (
              <GroupPath names={device.group_path} full={fullPath} testId={`favourite-group-${device.id}`} />
            ),
          },
        ]}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>
        {t('tagValues')}
      </Typography.Text>
      <TagValues deviceId={device.id} loaded={device.tags} />
    </Card>
  );
}

/** The counters in their order, each with its icon (and online with its colour). */
const COUNTERS = [
  { key: 'devices', icon: <DesktopOutlined />, color: undefined },
  { key: 'online', icon: <CheckCircleOutlined />, color: '#52c41a' },
  { key: 'offline', icon: <DisconnectOutlined />, color: undefined },
] as const;

// Module-level: one function for every render, so the ids keep their identity between loads.
const deviceIds = (page: CallResponse<typeof listDevices>) => page.list.map((d) => d.id);

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const can = useCan();
  // Cached under the call's key, loaded through getDashboard: the first load takes the answer
  // requested at boot (app/firstData.ts).
  const {
    data,
    isPending: loading,
    refetch,
  } = useQuery({
    queryKey: callKey(dashboardCall, {}),
    queryFn: () => getDashboard(),
  });
  const counters = data?.counters ?? { devices: 0, online: 0, offline: 0 };
  const favourites = useMemo(() => data?.favourites ?? [], [data]);
  // A path of 3 names may be a deeper one the server shortened: the group tree says which levels
  // it hides (as in the device list), so it is loaded only then.
  const maybeShortened = favourites.some((f) => f.group_path.length === GROUP_PATH_FULL_LEVELS);
  const groups = useGroupTree(maybeShortened);
  const groupRows = useMemo(() => flattenGroups(groups.data ?? []), [groups.data]);

  // Online changes of the favourites and of the first devices of the list move the counters.
  const mayList = can(Permission.DEVICE_VIEW);
  const counted = useCallQuery(
    listDevices,
    { query: { page: 1, pageSize: COUNTED_MAX } },
    { enabled: mayList, handleError: true, select: deviceIds },
  );
  const watched = useMemo(
    () => [...new Set([...favourites.map((f) => f.id), ...(counted.data ?? [])])].sort((a, b) => a - b),
    [favourites, counted.data],
  );
  const live = useLiveDevices(watched);
  const reloadCounters = useMemo(() => coalesced(refetch), [refetch]);
  const lastSeen = useRef(new Map<number, string>());
  useEffect(() => {
    if (onlineMoved(watched, live, lastSeen.current, data?.at)) reloadCounters();
  }, [live, watched, reloadCounters, data?.at]);
  useLiveReconnected(reloadCounters);
  // Raised and recovered alarms move the warnings.
  useAlarmLive(refetch);

  return (
    <Flex vertical gap={16} data-testid="page-dashboard">
      <DataGrantHint empty={data?.counters.devices === 0} style={{ margin: 0 }} />
      <div className="dashboard-counters">
        {COUNTERS.map((c) => (
          <Card key={c.key}>
            <Statistic
              title={t(c.key)}
              value={counters[c.key]}
              prefix={c.icon}
              styles={{ content: { color: c.color } }}
              loading={loading}
              data-testid={`counter-${c.key}`}
            />
          </Card>
        ))}
      </div>
      {data && <Warnings warnings={data.warnings} />}
      <Card
        title={
          <Flex gap={8} align="center">
            <StarOutlined />
            {t('favourites')}
          </Flex>
        }
        data-testid="favourites"
      >
        {loading && !data ? (
          <Spin spinning style={{ display: 'block', padding: 32 }} />
        ) : favourites.length ? (
          <div className="dashboard-favourites">
            {favourites.map((device) => (
              <FavouriteCard
                key={device.id}
                device={device}
                live={live.get(device.id)}
                fullPath={device.group_id === null ? undefined : groupPathNames(device.group_id, groupRows)}
              />
            ))}
          </div>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFavourites')} />
        )}
      </Card>
    </Flex>
  );
}
