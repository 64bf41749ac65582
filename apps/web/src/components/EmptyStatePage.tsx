/** A page of an area filled by later work: its title and an honest empty state, never fake data. */
import { Card, Empty, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function EmptyStatePage({ titleKey, testId }: { titleKey: string; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={testId}>
      <Typography.Title level={4} style={{ marginTop: 0 }}>
        {t(titleKey)}
      </Typography.Title>
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.noData')} />
    </Card>
  );
}
