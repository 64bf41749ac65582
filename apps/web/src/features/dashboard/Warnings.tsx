/**
 * The dashboard's warnings (issue 26): active alarms by level and the unacknowledged ones (links into
 * the records), cards expiring within 30 days and devices low on traffic (sent with the account view).
 */
import { Link } from 'react-router';
import { Badge, Card, Empty, Flex, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { AlarmLevel, DASHBOARD_EXPIRY_DAYS, Permission, type DashboardWarnings } from '@hmi/contract';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';

const levelColour: Record<number, string> = {
  [AlarmLevel.CRITICAL]: 'red',
  [AlarmLevel.SEVERE]: 'volcano',
  [AlarmLevel.MODERATE]: 'orange',
  [AlarmLevel.MILD]: 'gold',
  [AlarmLevel.MINOR]: 'blue',
};

/**
 * Records of the unacknowledged (state 1), unshelved filter, the one the count uses; plain text
 * without the records' view.
 */
function RecordsLink({ children }: { children: React.ReactNode }) {
  const can = useCan();
  return can(Permission.DEVICE_VIEW) ? (
    <Link to="/device/alarmrecords?state=1&shelved=0" data-testid="dashboard-unacknowledged-link">
      {children}
    </Link>
  ) : (
    <>{children}</>
  );
}

export function Warnings({ warnings }: { warnings: DashboardWarnings }) {
  const { t } = useTranslation('dashboard');
  const active = warnings.active_by_level.reduce((n, l) => n + l.count, 0);
  return (
    <div className="dashboard-counters" data-testid="dashboard-warnings">
      <Card title={t('warnings.alarms')} data-testid="dashboard-alarms">
        <Flex gap={24} wrap align="end">
          <Statistic title={t('warnings.active')} value={active} data-testid="dashboard-active" />
          <RecordsLink>
            <Statistic
              title={t('warnings.unacknowledged')}
              value={warnings.unacknowledged}
              styles={{ content: { color: warnings.unacknowledged ? '#cf1322' : undefined } }}
              data-testid="dashboard-unacknowledged"
            />
          </RecordsLink>
        </Flex>
        <Flex gap={8} wrap style={{ marginTop: 12 }}>
          {[...warnings.active_by_level].reverse().map((l) => (
            <Tag
              key={l.level}
              color={l.count ? levelColour[l.level] : undefined}
              data-testid={`dashboard-level-${l.level}`}
            >
              {t(`enums.alarmLevel.${l.level}`)} {l.count}
            </Tag>
          ))}
        </Flex>
      </Card>
      {warnings.cards_expiring && (
        <Card
          title={t('warnings.cardsExpiring', { days: DASHBOARD_EXPIRY_DAYS })}
          extra={<Link to="/billing/myAccount">{t('warnings.billing')}</Link>}
          data-testid="dashboard-cards-expiring"
        >
          {warnings.cards_expiring.length ? (
            <Flex vertical gap={8}>
              {warnings.cards_expiring.map((c) => (
                <Flex key={c.id} justify="space-between" gap={8} wrap>
                  <Typography.Text>
                    {t(`enums.billingCardType.${c.type}`)} …{c.number_tail}
                    {c.device_name ? ` (${c.device_name})` : ''}
                  </Typography.Text>
                  <Badge status="warning" text={formatTime(c.expires_at).slice(0, 10)} />
                </Flex>
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warnings.none')} />
          )}
        </Card>
      )}
      {warnings.low_traffic && (
        <Card title={t('warnings.lowTraffic')} data-testid="dashboard-low-traffic">
          {warnings.low_traffic.length ? (
            <Flex vertical gap={8}>
              {warnings.low_traffic.map((d) => (
                <Flex key={d.device_id} justify="space-between" gap={8} wrap>
                  <Typography.Text>{d.device_name}</Typography.Text>
                  <Badge
                    status="error"
                    text={t('warnings.used', {
                      percent: Math.round((d.used_bytes * 100) / (d.traffic_bytes || 1)),
                    })}
                  />
                </Flex>
              ))}
            </Flex>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('warnings.none')} />
          )}
        </Card>
      )}
    </div>
  );
}
