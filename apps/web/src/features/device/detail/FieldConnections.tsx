/**
 * The gateway's field side for a technician (GET /devices/:id/field): each PLC connection's state and
 * last problem in plain words, how often it is asked and fails, how fast it answers, and what waits
 * in the gateway's outbox. Replaces the developer's "data received by this server" counters.
 */
import { Alert, Button, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { deviceField, formatSize, type DeviceFieldStatus, type FieldConnectionReport } from '@hmi/contract';
import { useCallQuery } from '../../../api/callQuery';
import { useReasonText } from '../../../live/reasonText';
import { formatTime } from '../../../shared/format';
import { ReloadOutlined } from '../../../ui/icons';

const stateColour = { connected: 'green', connecting: 'blue', error: 'red' } as const;
const seconds = (ms: number | undefined) => (ms === undefined ? null : Math.floor(ms / 1000));

/** The gateway reports every 10 s (and soon after a connection changes): the card follows it. */
const REFRESH_MS = 10_000;

export function FieldConnections({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation('live');
  const plain = useReasonText();
  const {
    data,
    isPending: loading,
    refetch,
  } = useCallQuery(
    deviceField,
    { params: { id: deviceId } },
    { handleError: true, refetchInterval: REFRESH_MS },
  );
  const report = data?.report ?? null;

  const columns: ColumnsType<FieldConnectionReport> = [
    { title: t('field.connection'), dataIndex: 'name' },
    {
      title: t('field.state'),
      key: 'state',
      render: (_, c) => (
        <Tag color={stateColour[c.state]} data-testid={`field-state-${c.name}`}>
          {t(`field.states.${c.state}`)}
        </Tag>
      ),
    },
    {
      title: t('field.lastError'),
      key: 'error',
      render: (_, c) =>
        c.last_error ? (
          <span data-testid={`field-error-${c.name}`}>
            {plain(c.last_error)}{' '}
            <Typography.Text type="secondary">
              {t('field.errorAt', { time: formatTime(seconds(c.last_error_at)) })}
            </Typography.Text>
          </span>
        ) : (
          t('field.noError')
        ),
    },
    {
      title: t('field.traffic'),
      key: 'traffic',
      render: (_, c) => `${c.requests} / ${c.errors}`,
    },
    {
      title: t('field.responseTime'),
      key: 'time',
      render: (_, c) =>
        c.p50_ms === undefined
          ? '-'
          : t('field.responseTimeValue', {
              p50: Math.round(c.p50_ms),
              p99: Math.round(c.p99_ms ?? c.p50_ms),
            }),
    },
    { title: t('field.tags'), dataIndex: 'tags' },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary" data-testid="field-agent">
          {data?.agent_version ? t('field.agent', { version: data.agent_version }) : null}
          {data?.reported_at ? ` · ${t('field.reportedAt', { time: formatTime(data.reported_at) })}` : null}
        </Typography.Text>
        <Button size="small" icon={<ReloadOutlined />} onClick={() => void refetch()}>
          {t('field.reload')}
        </Button>
      </Flex>
      {data?.refused_protocol && (
        <Alert
          type="error"
          data-testid="field-refused"
          title={t('field.refused', {
            version: data.refused_protocol.version,
            time: formatTime(data.refused_protocol.at),
          })}
        />
      )}
      {report ? (
        <>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            loading={loading}
            columns={columns}
            dataSource={report.connections}
            scroll={{ x: 'max-content' }}
          />
          {report.unknown_connection_tags ? (
            <Alert type="warning" title={t('field.unknownTags', { count: report.unknown_connection_tags })} />
          ) : null}
          <OutboxLine outbox={report.outbox} />
        </>
      ) : (
        !loading && <Typography.Text type="secondary">{t('field.none')}</Typography.Text>
      )}
    </Flex>
  );
}

function OutboxLine({ outbox }: { outbox: NonNullable<DeviceFieldStatus['report']>['outbox'] }) {
  const { t } = useTranslation('live');
  if (!outbox) return null;
  return (
    <Flex vertical gap={4} data-testid="field-outbox">
      <Typography.Text>
        <Typography.Text strong>{t('field.outbox.title')}: </Typography.Text>
        {outbox.depth
          ? t('field.outbox.waiting', {
              count: outbox.depth,
              size: formatSize(outbox.bytes),
              time: formatTime(seconds(outbox.oldest_ts)),
            })
          : t('field.outbox.empty')}
      </Typography.Text>
      {outbox.dropped > 0 && (
        <Typography.Text type="warning">
          {t('field.outbox.dropped', { count: outbox.dropped })}
        </Typography.Text>
      )}
    </Flex>
  );
}
