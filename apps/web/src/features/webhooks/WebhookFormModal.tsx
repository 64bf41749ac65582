/** Add or edit a webhook: name, HTTPS URL, lowest alarm level it is told of, on or off. */
import { Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  alarmLevels,
  createWebhook,
  listWebhooks,
  updateWebhook,
  WEBHOOK_URL_MAX,
  type Webhook,
} from '@hmi/contract';
import { useCallMutation } from '../../api/callQuery';
import type { Body } from '../../api/types';
import { useErrorToast } from '../../shared/errors';
import { requiredRule } from '../../shared/formRules';
import { modalDefaults } from '../../ui/theme';

export interface WebhookFormModalProps {
  /** 'new' to add, a webhook to edit, null when closed. */
  hook: Webhook | 'new' | null;
  onClose: () => void;
  /**
   * Called once the list shows the change; `secret`: the new webhook's secret (shown once),
   * undefined after an edit.
   */
  onSaved: (secret?: string) => void;
}

type WebhookBody = Body<typeof createWebhook>;

/** The OK button's props (a variable: an object literal may not name data attributes). */
const saveButton = { disabled: false, 'data-testid': 'webhook-save' };

export function WebhookFormModal({ hook, onClose, onSaved }: WebhookFormModalProps) {
  const { t } = useTranslation('webhook');
  const fail = useErrorToast();
  const [form] = Form.useForm<WebhookBody>();
  const creator = useCallMutation(createWebhook, { invalidates: [listWebhooks], handleError: true });
  const updater = useCallMutation(updateWebhook, { invalidates: [listWebhooks], handleError: true });

  const initial: WebhookBody =
    hook === null || hook === 'new'
      ? { name: '', url: 'https://', min_level: 8, enabled: true }
      : { name: hook.name, url: hook.url, min_level: hook.min_level, enabled: hook.enabled };

  const save = async (values: WebhookBody) => {
    try {
      if (hook === 'new') onSaved((await creator.mutateAsync({ body: values })).secret);
      else if (hook) {
        await updater.mutateAsync({ params: { id: hook.id }, body: values });
        onSaved();
      }
    } catch (error) {
      fail(error);
    }
  };

  return (
    <Modal
      {...modalDefaults}
      open={hook !== null}
      title={hook === 'new' ? t('add') : t('edit')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={creator.isPending || updater.isPending}
      okButtonProps={saveButton}
      destroyOnHidden
    >
      <Form<WebhookBody> form={form} layout="vertical" name="webhook" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label={t('name')} rules={[requiredRule(t), { max: 64 }]}>
          <Input maxLength={64} data-testid="webhook-name" />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('url')}
          extra={t('urlTip')}
          rules={[requiredRule(t), { max: WEBHOOK_URL_MAX }]}
        >
          <Input maxLength={WEBHOOK_URL_MAX} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="min_level" label={t('minLevel')}>
          <Select<number>
            options={alarmLevels.map((l) => ({
              value: l,
              label: t(`enums.alarmLevel.${l}`, { ns: 'translation' }),
            }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}
