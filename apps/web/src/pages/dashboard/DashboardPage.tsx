/**
 * Data dashboard (id 1): device counters and a card per favourite device with its latest TAG values,
 * both kept up to date by the live socket.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link } from 'react-router';
import { Card, Descriptions, Empty, Flex, Spin, Statistic, Typography } from 'antd';
import { CheckCircleOutlined, DesktopOutlined, DisconnectOutlined, StarOutlined } from '../../ui/icons';
import { useTranslation } from 'react-i18next';
import {
  DASHBOARD_CARD_TAGS_MAX,
  GROUP_PATH_FULL_LEVELS,
  groupPathNames,
  Permission,
  type Dashboard,
} from '@hmi/contract';
import { getDashboard } from '../../api/dashboard';
import { onlineMoved } from '../../features/dashboard/onlineMoved';
import { DataGrantHint } from '../../components/DataGrantHint';
import { listDevices } from '../../api/devices';
import { coalesced } from '../../live/coalesce';
import type { LiveDevice } from '../../live/types';
import { useLiveDevices, useLiveReconnected, useLiveTags } from '../../live/hooks';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { GroupPath } from '../../features/device/common/GroupPath';
import { useGroupTree } from '../../features/device/common/options';
import { flattenGroups } from '../../shared/groups';
import { LiveOnlineBadge } from '../../features/device/devicelist/LiveStateCells';
import { useLoad } from '../../shared/useLoad';
import '../../live/liveFlash.css';
import './dashboard.css';

type Favourite = Dashboard['favourites'][number];

/** Devices watched for the counters besides the favourites (the server's page-size limit). */
const COUNTED_MAX = 200;

/** The loaded values and those the socket pushed since (newest wins), at most `DASHBOARD_CARD_TAGS_MAX` TAGs. */
function TagValues({ deviceId, loaded }: { deviceId: number; loaded: Favourite['tags'] }) {
  const { t } = useTranslation('dashboard');
  const pushed = useLiveTags(deviceId);
  const byName = new Map(loaded.map((tag) => [tag.name, tag]));
  for (const [name, p] of pushed) {
    const tag = byName.get(name);
    if (!tag || tag.time === null || p.ts >= tag.time) byName.set(name, { name, value: p.value, time: p.ts });
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
          <span
            key={tag.value}
            className="live-flash"
            title={tag.time ? formatTime(Math.floor(tag.time / 1000)) : undefined}
            data-testid={`favourite-tag-${deviceId}-${tag.name}`}
          >
            {tag.value ?? '-'}
          </span>
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

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const can = useCan();
  const fetch = useCallback(() => getDashboard(), []);
  const { data, loading, reload } = useLoad(fetch);
  const counters = data?.counters ?? { devices: 0, online: 0, offline: 0 };
  const favourites = useMemo(() => data?.favourites ?? [], [data]);
  // A path of 3 names may be a deeper one the server shortened: the group tree says which levels
  // it hides (as in the device list), so it is loaded only then.
  const maybeShortened = favourites.some((f) => f.group_path.length === GROUP_PATH_FULL_LEVELS);
  const groups = useGroupTree(maybeShortened);
  const groupRows = useMemo(() => flattenGroups(groups.data ?? []), [groups.data]);

  // Online changes of the favourites and of the first devices of the list move the counters.
  const mayList = can(Permission.DEVICE_VIEW);
  const fetchCounted = useCallback(
    () =>
      mayList
        ? listDevices({ page: 1, pageSize: COUNTED_MAX }, { handleError: true }).then((r) =>
            r.list.map((d) => d.id),
          )
        : Promise.resolve([]),
    [mayList],
  );
  const counted = useLoad(fetchCounted);
  const watched = useMemo(
    () => [...new Set([...favourites.map((f) => f.id), ...(counted.data ?? [])])].sort((a, b) => a - b),
    [favourites, counted.data],
  );
  const live = useLiveDevices(watched);
  const reloadCounters = useMemo(() => coalesced(reload), [reload]);
  const lastSeen = useRef(new Map<number, string>());
  useEffect(() => {
    if (onlineMoved(watched, live, lastSeen.current, data?.at)) reloadCounters();
  }, [live, watched, reloadCounters, data?.at]);
  useLiveReconnected(reloadCounters);

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
