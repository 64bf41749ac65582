/**
 * The team's alarm webhooks (main account only: the spec has no permission id for them): each an
 * HTTPS endpoint told of raised alarms from a level, signed with a secret shown once; send a test,
 * read the delivery log, renew the secret, edit or remove.
 */
import { useState } from 'react';
import { App, Button, Card, Flex, Popconfirm, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  deleteWebhook,
  listWebhooks,
  renewWebhookSecret,
  testWebhook,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOKS_PER_TEAM_MAX,
  type Webhook,
} from '@hmi/contract';
import { useCallMutation, useCallQuery } from '../../api/callQuery';
import { useErrorToast } from '../../shared/errors';
import { DeliveriesDrawer } from './DeliveriesDrawer';
import { SecretModal } from './SecretModal';
import { statusColor } from './status';
import { WebhookFormModal } from './WebhookFormModal';

export function WebhooksCard() {
  const { t } = useTranslation('webhook');
  const { message } = App.useApp();
  const fail = useErrorToast();
  const { data } = useCallQuery(listWebhooks, {});
  // A test adds a delivery and sets the webhook's last state: the whole domain reloads.
  const tester = useCallMutation(testWebhook, {
    invalidates: [{ pathPrefix: '/webhooks' }],
    handleError: true,
  });
  const renewer = useCallMutation(renewWebhookSecret, { handleError: true });
  const remover = useCallMutation(deleteWebhook, { invalidates: [listWebhooks], handleError: true });
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  const hooks = data?.list ?? [];
  const testing = tester.isPending ? tester.variables.params.id : null;

  const test = async (hook: Webhook) => {
    try {
      const d = await tester.mutateAsync({ params: { id: hook.id }, body: {} });
      if (d.status === 'ok') void message.success(t('testOk', { status: d.http_status }));
      else void message.error(t('testFailed', { answer: d.http_status ?? d.answer }));
    } catch (error) {
      fail(error);
    }
  };
  const renew = async (hook: Webhook) => {
    try {
      setSecret((await renewer.mutateAsync({ params: { id: hook.id }, body: {} })).secret);
    } catch (error) {
      fail(error);
    }
  };
  const remove = async (hook: Webhook) => {
    try {
      await remover.mutateAsync({ params: { id: hook.id } });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Card
      title={t('title')}
      data-testid="webhooks"
      extra={
        <Button
          type="primary"
          disabled={hooks.length >= WEBHOOKS_PER_TEAM_MAX}
          onClick={() => setEditing('new')}
          data-testid="webhook-add"
        >
          {t('add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        {t('tip', { header: WEBHOOK_SIGNATURE_HEADER })}
      </Typography.Paragraph>
      <Table<Webhook>
        rowKey="id"
        size="small"
        loading={!data}
        dataSource={hooks}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { title: t('name'), dataIndex: 'name' },
          {
            title: t('url'),
            dataIndex: 'url',
            render: (url: string) => (
              <Typography.Text ellipsis style={{ maxWidth: 280 }}>
                {url}
              </Typography.Text>
            ),
          },
          {
            title: t('minLevel'),
            dataIndex: 'min_level',
            render: (l: number) => t(`enums.alarmLevel.${l}`, { ns: 'translation' }),
          },
          {
            title: t('state'),
            render: (_, h) => (
              <Flex gap={4} wrap>
                <Tag color={h.enabled ? 'green' : 'default'}>{h.enabled ? t('enabled') : t('disabled')}</Tag>
                {h.last_status && (
                  <Tag color={statusColor[h.last_status]}>{t(`status.${h.last_status}`)}</Tag>
                )}
              </Flex>
            ),
          },
          {
            title: t('actions'),
            render: (_, h) => (
              <Flex gap={4} wrap>
                <Button
                  size="small"
                  loading={testing === h.id}
                  onClick={() => void test(h)}
                  data-testid="webhook-test"
                >
                  {t('test')}
                </Button>
                <Button size="small" onClick={() => setLog(h)} data-testid="webhook-log">
                  {t('log')}
                </Button>
                <Button size="small" onClick={() => setEditing(h)}>
                  {t('edit')}
                </Button>
                <Popconfirm title={t('renewConfirm')} onConfirm={() => void renew(h)}>
                  <Button size="small">{t('renew')}</Button>
                </Popconfirm>
                <Popconfirm title={t('deleteConfirm')} onConfirm={() => void remove(h)}>
                  <Button size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <WebhookFormModal
        hook={editing}
        onClose={() => setEditing(null)}
        onSaved={(created) => {
          setEditing(null);
          if (created) setSecret(created);
        }}
      />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer hook={log} onClose={() => setLog(null)} />
    </Card>
  );
}
