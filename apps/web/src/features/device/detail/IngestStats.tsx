/** What this server instance received from the device since it started (batches, values, rejections). */
import { useCallback } from 'react';
import { Button, Col, Row, Statistic, Typography } from 'antd';
import { ReloadOutlined } from '../../../ui/icons';
import { useTranslation } from 'react-i18next';
import { getIngestStats } from '../../../api/connectivity';
import { formatTime } from '../../../shared/format';
import { useLoad } from '../../../shared/useLoad';

export function IngestStats({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('live');
  const fetch = useCallback(() => getIngestStats(deviceId, { handleError: true }), [deviceId]);
  const { data, loading, reload } = useLoad(fetch);
  const rejected = Object.values(data?.rejected ?? {}).reduce((a, b) => a + b, 0);
  const last = data?.last_rejection;
  const item = (key: string, value: number) => (
    <Col xs={12} md={6}>
      <Statistic title={t(`stats.${key}`)} value={value} loading={loading} data-testid={`ingest-${key}`} />
    </Col>
  );
  return (
    <>
      <Row gutter={[16, 16]} align="bottom">
        {item('batches', data?.batches ?? 0)}
        {item('values', data?.values ?? 0)}
        {item('duplicates', data?.duplicates ?? 0)}
        {item('rejected', rejected)}
      </Row>
      <Row justify="space-between" align="middle" style={{ marginTop: 12 }}>
        <Typography.Text type="secondary">
          {last
            ? t('stats.lastRejection', {
                reason: last.reason,
                tag: last.tag ?? '-',
                time: formatTime(Math.floor(last.at / 1000)),
              })
            : null}
        </Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void reload()}>
          {t('history.reload')}
        </Button>
      </Row>
    </>
  );
}
