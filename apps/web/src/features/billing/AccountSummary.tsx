/** The team's figures: Cloud Application TAG pool and allowances, Remote Access traffic. */
import type { ReactNode } from 'react';
import { Card, Col, Flex, Grid, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BillingAccount } from '../../api/billing';
import { size } from './text';

const stat = (testId: string, title: string, value: string | number) => (
  <Col xs={12} sm={8}>
    <Statistic title={title} value={value} data-testid={testId} />
  </Col>
);

interface Props {
  account: BillingAccount;
  /** Buttons of each area (activation, allocation), already gated by permission. */
  cloudActions: ReactNode;
  remoteActions: ReactNode;
}

export function AccountSummary({ account, cloudActions, remoteActions }: Props) {
  const { t } = useTranslation('billing');
  // On a phone the buttons leave the card header to its title and sit above the figures.
  const wide = Grid.useBreakpoint().sm ?? true;
  const header = (actions: ReactNode) => (wide ? actions : undefined);
  const body = (actions: ReactNode) =>
    !wide &&
    actions && (
      <Flex wrap gap={8} style={{ marginBottom: 16 }}>
        {actions}
      </Flex>
    );
  const { tags, templates, projects, traffic } = account;
  const allowed = (n: { allowed: number | null; used: number }) =>
    t('account.usedOfAllowed', { used: n.used, allowed: n.allowed ?? t('account.unlimited') });
  const remaining = traffic.remaining ?? 0;
  const usedPercent = traffic.total > 0 ? Math.min(100, Math.round((traffic.used / traffic.total) * 100)) : 0;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <Card
          title={t('account.cloud')}
          extra={header(cloudActions)}
          style={{ height: '100%' }}
          data-testid="billing-cloud"
        >
          {body(cloudActions)}
          <Row gutter={[16, 16]}>
            {stat('tags-pool', t('account.tagPool'), tags.pool)}
            {stat('tags-allocated', t('account.tagAllocated'), tags.allocated)}
            {stat('tags-free', t('account.tagFree'), Math.max(0, tags.free))}
            {stat('templates-allowance', t('account.templates'), allowed(templates))}
            {stat('projects-allowance', t('account.projects'), allowed(projects))}
          </Row>
          <Typography.Paragraph type="secondary" style={{ margin: '16px 0 0' }}>
            {t('account.poolHelp')}
          </Typography.Paragraph>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card
          title={t('account.remote')}
          extra={header(remoteActions)}
          style={{ height: '100%' }}
          data-testid="billing-remote"
        >
          {body(remoteActions)}
          <Row gutter={[16, 16]}>
            {stat('traffic-total', t('account.trafficTotal'), size(traffic.total))}
            {stat('traffic-used', t('account.trafficUsed'), size(traffic.used))}
            {stat('traffic-remaining', t('account.trafficRemaining'), size(remaining))}
          </Row>
          <Progress
            percent={usedPercent}
            status={traffic.total > 0 && remaining === 0 ? 'exception' : 'normal'}
            style={{ marginTop: 16 }}
          />
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
            {t('account.trafficHelp')}
          </Typography.Paragraph>
        </Card>
      </Col>
    </Row>
  );
}
