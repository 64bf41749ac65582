/** Data dashboard (id 1): device counters and a card per favourite device with its latest TAG values. */
import { useCallback } from 'react';
import { Link } from 'react-router';
import { Card, Col, Descriptions, Empty, Flex, Row, Spin, Statistic, Typography } from 'antd';
import { CheckCircleOutlined, DesktopOutlined, DisconnectOutlined, StarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Permission, type Dashboard } from '@hmi/contract';
import { getDashboard } from '../../api/dashboard';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { GroupPath } from '../device/common/GroupPath';
import { OnlineBadge } from '../device/common/OnlineBadge';
import { useLoad } from '../../shared/useLoad';

type Favourite = Dashboard['favourites'][number];

function TagValues({ tags }: { tags: Favourite['tags'] }) {
  const { t } = useTranslation('dashboard');
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
          <span title={tag.time ? formatTime(Math.floor(tag.time / 1000)) : undefined}>
            {tag.value ?? '-'}
          </span>
        ),
      }))}
    />
  );
}

function FavouriteCard({ device }: { device: Favourite }) {
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
      extra={<OnlineBadge online={device.online} />}
      data-testid={`favourite-card-${device.id}`}
    >
      <Descriptions
        size="small"
        column={1}
        items={[
          { key: 'sn', label: t('sn'), children: device.sn },
          { key: 'model', label: t('model'), children: device.model },
          { key: 'group', label: t('group'), children: <GroupPath names={device.group_path} /> },
        ]}
      />
      <Typography.Text type="secondary" style={{ display: 'block', marginTop: 12 }}>
        {t('tagValues')}
      </Typography.Text>
      <TagValues tags={device.tags} />
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const fetch = useCallback(() => getDashboard(), []);
  const { data, loading } = useLoad(fetch);
  const counters = data?.counters ?? { devices: 0, online: 0, offline: 0 };
  const favourites = data?.favourites ?? [];

  return (
    <Flex vertical gap={16} data-testid="page-dashboard">
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('devices')}
              value={counters.devices}
              prefix={<DesktopOutlined />}
              loading={loading}
              data-testid="counter-devices"
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('online')}
              value={counters.online}
              prefix={<CheckCircleOutlined />}
              styles={{ content: { color: '#52c41a' } }}
              loading={loading}
              data-testid="counter-online"
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('offline')}
              value={counters.offline}
              prefix={<DisconnectOutlined />}
              loading={loading}
              data-testid="counter-offline"
            />
          </Card>
        </Col>
      </Row>
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
          <Row gutter={[16, 16]}>
            {favourites.map((device) => (
              <Col key={device.id} xs={24} md={12} xl={8}>
                <FavouriteCard device={device} />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noFavourites')} />
        )}
      </Card>
    </Flex>
  );
}
