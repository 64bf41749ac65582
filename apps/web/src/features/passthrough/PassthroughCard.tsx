/**
 * Device detail's engineering pass-through (DESIGN.md): open a session to a target of the gateway's
 * own list for the engineer's client (the command line to run is shown), watch the sessions with
 * their bytes (refreshed while shown), and end an open one.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, InputNumber, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import {
  endPassthrough,
  listPassthroughSessions,
  openPassthrough,
  PASSTHROUGH_DEFAULT_MINUTES,
  PASSTHROUGH_MAX_MINUTES,
  PASSTHROUGH_TARGET_RE,
  Permission,
  formatSize,
} from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import { connectCommand, type PassthroughOpened, type PassthroughRow } from '../../api/passthrough';
import { useCan } from '../../shared/access';
import { formatTime } from '../../shared/format';
import { usePagedCall } from '../../shared/usePagedCall';

const PAGE_SIZE = 10;
/** How often the list is read again while shown (bytes of open sessions grow). */
const REFRESH_MS = 5000;

interface Values {
  target: string;
  max_minutes: number;
}

export function PassthroughCard({ deviceId, account }: { deviceId: number; account: string }) {
  const { t } = useTranslation('passthrough');
  const can = useCan();
  const mayOperate = can(Permission.DEVICE_HMI);
  const [form] = Form.useForm<Values>();
  const [opened, setOpened] = useState<PassthroughOpened | null>(null);
  const sessions = usePagedCall(listPassthroughSessions, { page: 1, pageSize: PAGE_SIZE }, { id: deviceId });
  const { refetch } = sessions;
  useEffect(() => {
    const timer = window.setInterval(() => void refetch(), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [refetch]);
  // A refusal is toasted by the client; the list shows what changed.
  const opener = useCallMutation(openPassthrough, { invalidates: [listPassthroughSessions] });
  const ender = useCallMutation(endPassthrough, { invalidates: [listPassthroughSessions] });

  const open = (v: Values) => {
    opener
      .mutateAsync({ params: { id: deviceId }, body: { target: v.target, max_minutes: v.max_minutes } })
      .then(setOpened)
      .catch(() => undefined);
  };
  const end = (session: string) => {
    ender.mutateAsync({ params: { session } }).catch(() => undefined);
  };

  const columns: ColumnsType<PassthroughRow> = [
    { title: t('sessions.user'), dataIndex: 'user_name' },
    { title: t('sessions.target'), dataIndex: 'target' },
    { title: t('sessions.started'), key: 'started', render: (_, r) => formatTime(r.started_at) },
    { title: t('sessions.ended'), key: 'ended', render: (_, r) => formatTime(r.ended_at) },
    {
      title: t('sessions.reason'),
      key: 'reason',
      render: (_, r) =>
        r.ended_at === null ? (
          <Tag color="processing">{t('sessions.open')}</Tag>
        ) : (
          t(`reason.${r.reason ?? 'unknown'}`)
        ),
    },
    {
      title: t('sessions.bytes'),
      key: 'bytes',
      render: (_, r) => (
        <span data-testid="passthrough-bytes" data-bytes={r.bytes}>
          {smallSize(r.bytes)}
        </span>
      ),
    },
    ...(mayOperate
      ? [
          {
            title: t('sessions.actions'),
            key: 'actions',
            render: (_: unknown, r: PassthroughRow) =>
              r.ended_at === null ? (
                <Button size="small" danger onClick={() => end(r.session)} data-testid="passthrough-end">
                  {t('end')}
                </Button>
              ) : null,
          },
        ]
      : []),
  ];

  return (
    <Card title={t('title')} data-testid="device-passthrough">
      <Flex vertical gap={16}>
        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
          {t('intro')}
        </Typography.Paragraph>
        {mayOperate && (
          <Form<Values>
            form={form}
            name="passthroughOpen"
            layout="inline"
            initialValues={{ max_minutes: PASSTHROUGH_DEFAULT_MINUTES }}
            onFinish={open}
          >
            <Form.Item
              name="target"
              label={t('form.target')}
              rules={[
                { required: true, message: t('validation:required') },
                { pattern: PASSTHROUGH_TARGET_RE, message: t('form.targetFormat') },
              ]}
            >
              <Input
                placeholder="plc1-prog"
                maxLength={32}
                style={{ width: 180 }}
                data-testid="passthrough-target"
              />
            </Form.Item>
            <Form.Item
              name="max_minutes"
              label={t('form.maxMinutes')}
              rules={[
                { required: true, message: t('validation:required') },
                {
                  type: 'integer',
                  min: 1,
                  max: PASSTHROUGH_MAX_MINUTES,
                  message: t('form.maxMinutesRange', { max: PASSTHROUGH_MAX_MINUTES }),
                },
              ]}
            >
              <InputNumber<number> precision={0} suffix={t('form.minutes')} style={{ width: 140 }} />
            </Form.Item>
            <Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                loading={opener.isPending}
                data-testid="passthrough-open"
              >
                {t('form.open')}
              </Button>
            </Form.Item>
          </Form>
        )}
        {opened && (
          <Alert
            type="success"
            showIcon
            data-testid="passthrough-opened"
            title={t('opened.title', { target: opened.target })}
            description={
              <Typography.Text
                code
                copyable
                style={{ wordBreak: 'break-all' }}
                data-testid="passthrough-command"
              >
                {connectCommand({ server: window.location.origin, account, session: opened.session })}
              </Typography.Text>
            }
          />
        )}
        <Table<PassthroughRow>
          rowKey="session"
          size="small"
          columns={columns}
          dataSource={sessions.data?.list ?? []}
          loading={sessions.loading && !sessions.data}
          locale={{ emptyText: t('common.noData') }}
          pagination={sessions.pagination}
          scroll={{ x: 'max-content' }}
          data-testid="passthrough-sessions"
        />
      </Flex>
    </Card>
  );
}

/** A PLC tool's traffic is often a few kilobytes: below a megabyte it is not rounded to 0MB. */
function smallSize(bytes: number): string {
  if (bytes < 1024) return `${bytes}B`;
  if (bytes < 1024 * 1024) return `${Number((bytes / 1024).toFixed(2))}KB`;
  return formatSize(bytes);
}
